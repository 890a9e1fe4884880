#!/usr/bin/env node
// A bot for any game of an `sgs serve` table, written from protocol/PROTOCOL.md alone: a ZeroMQ
// DEALER, MessagePack maps, the token-proof handshake, resync, heartbeats, requests answered with
// random legal replies (decide.mjs), reconnects, epochs and the end of the game.
//
//   SGS_TOKEN=… node bot.mjs --connect tcp://127.0.0.1:PORT --seat 0 [--seed 1]
//
// Exit codes: 0 the game was played to its end, 2 a usage error, 3 the connection was refused
// for good (bad token, unknown seat or table, session replaced, a server that cannot prove the
// token), 4 gave up (nothing heard from the server for --give-up seconds).

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parseArgs } from "node:util";

import { Decoder, Encoder } from "@msgpack/msgpack";
import { Dealer } from "zeromq";

import { decide, makeRng, Steps } from "./decide.mjs";

const VERSION = 3; // the protocol's version (PROTOCOL.md, `hello`)
const MAX_FRAME = 1 << 20; // frames from the server are at most 1 MiB (section 11)
const HEARTBEAT_MS = 1000; // send something at least this often (section 8)
const FATAL = new Set([
  "version_mismatch",
  "unknown_table",
  "spectator",
  "unknown_seat",
  "bad_nonce",
  "already_seated",
  "bad_token",
  "session_replaced",
]);

// Errors that are cues of a reconnect, not faults: redo the handshake, or wait for the start.
const CUES = new Set(["not_seated", "no_handshake", "not_started"]);

class UsageError extends Error {}

function usage() {
  const help = {
    connect: { type: "string" },
    seat: { type: "string" },
    table: { type: "string", default: "" },
    token: { type: "string" },
    seed: { type: "string" },
    name: { type: "string", default: "node-bot" },
    "give-up": { type: "string", default: "120" },
  };
  let values;
  try {
    ({ values } = parseArgs({ options: help, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(err.message.split("\n")[0]);
  }
  const int = (name, value, lo, hi) => {
    if (!/^-?\d{1,16}$/.test(value ?? "") || +value < lo || +value > hi)
      throw new UsageError(`--${name} must be an integer in ${lo}..${hi}, not ${value ?? "nothing"}`);
    return +value;
  };
  if (!values.connect) throw new UsageError("--connect ENDPOINT is required (tcp://HOST:PORT)");
  if (!/^(tcp|ipc):\/\/.{1,1000}$/.test(values.connect))
    throw new UsageError(`--connect: not a tcp:// or ipc:// endpoint: ${values.connect.slice(0, 100)}`);
  const token = values.token ?? process.env.SGS_TOKEN ?? "";
  if (!token) throw new UsageError("no token: set SGS_TOKEN (as `sgs serve` prints it) or --token");
  if (token.length > 1000) throw new UsageError("the token is over 1000 characters");
  if (values.table.length > 1000) throw new UsageError("--table is over 1000 characters");
  return {
    endpoint: values.connect,
    seat: int("seat", values.seat, 0, 9999),
    table: values.table,
    token,
    seed: values.seed === undefined ? randomBytes(4).readUInt32LE() : int("seed", values.seed, 0, 2 ** 53 - 1),
    name: values.name.slice(0, 100),
    giveUpMs: int("give-up", values["give-up"], 0, 86400) * 1000,
  };
}

// HMAC-SHA256 keyed by the token over five lines (section 4), as 64 lowercase hex digits.
function proof(role, token, table, seat, ours, theirs) {
  const text = [`sgs-${role}`, table, String(seat), ours, theirs].join("\n");
  return createHmac("sha256", token).update(text, "utf8").digest("hex");
}

function sameProof(a, b) {
  const x = Buffer.from(String(a));
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function play(opts) {
  const sock = new Dealer({ receiveTimeout: 250, maxMessageSize: MAX_FRAME, linger: 1000 });
  sock.connect(opts.endpoint);
  const encoder = new Encoder({ ignoreUndefined: true });
  // Every input bounded: strings, arrays and maps no longer than the protocol allows.
  const decoder = new Decoder({
    maxStrLength: 1 << 20,
    maxBinLength: 0,
    maxArrayLength: 16384,
    maxMapLength: 4096,
    maxExtLength: 0,
  });
  const rng = makeRng(opts.seed);
  const steps = new Steps();

  let lastSent = 0;
  const send = async (msg) => {
    await sock.send(encoder.encode(msg));
    lastSent = Date.now();
  };

  const s = {
    nonce: null, // our latest hello's nonce while a handshake is in flight
    older: [], // the nonces of the earlier hellos of this handshake (their challenges are stale)
    sessions: 0, // welcomes: 1, plus one per reconnect
    seated: false,
    lastSeq: -1,
    epoch: null,
    answered: new Map(), // request id -> the choice sent, within one epoch (section 9)
    pending: null, // the latest request, until the next one
    game: "?",
    table: opts.table,
    requests: 0,
    backs: 0, // nil sent to go back from a follow-up
    repeats: 0, // a question asked again after a back, answered with another option
    defaults: 0, // the request's default sent (nothing else was legal, or all tried)
    errors: new Map(), // error code -> count
    outcome: null,
    heard: Date.now(),
  };

  const hello = async () => {
    if (s.nonce !== null) s.older = [...s.older, s.nonce].slice(-8);
    s.nonce = randomBytes(16).toString("hex");
    s.seated = false;
    await send({ t: "hello", version: VERSION, table: opts.table, seat: opts.seat, nonce: s.nonce, name: opts.name });
  };

  const answer = async (req) => {
    s.pending = req;
    let choice;
    if (s.answered.has(req.id)) {
      choice = s.answered.get(req.id); // asked again after a reconnect: the same answer
    } else {
      const d = decide(req, rng, steps);
      choice = d.choice;
      s.requests += 1;
      if (d.why === "nil") s.backs += 1;
      if (d.why === "default") s.defaults += 1;
      if (d.again) s.repeats += 1;
      s.answered.set(req.id, choice);
      s.answered.delete(req.id - 64); // only a recent request is ever asked again
    }
    await send({ t: "reply", id: req.id, choice });
  };

  await hello();
  for (;;) {
    let frames;
    try {
      frames = await sock.receive();
    } catch (err) {
      if (err.code !== "EAGAIN") throw err;
      frames = null;
    }
    const now = Date.now();
    if (frames === null) {
      if (opts.giveUpMs && now - s.heard > opts.giveUpMs) {
        sock.close();
        return { code: 4, line: `gave up: nothing heard from ${opts.endpoint} for ${opts.giveUpMs / 1000} s` };
      }
      // Keep the session alive; before the handshake is done, hello again now and then (the
      // DEALER reconnects by itself and the server may have restarted meanwhile).
      if (s.seated && now - lastSent >= HEARTBEAT_MS) await send({ t: "heartbeat", time: now / 1000 });
      else if (!s.seated && now - lastSent >= 5 * HEARTBEAT_MS) await hello();
      continue;
    }
    s.heard = now;
    let msg;
    try {
      if (frames.length !== 1) throw new Error(`${frames.length} frames`);
      msg = decoder.decode(frames[0]);
      if (msg === null || typeof msg !== "object" || typeof msg.t !== "string") throw new Error("not a message");
    } catch (err) {
      console.error(`node-bot: dropped a bad message from the server (${err.message})`);
      continue;
    }

    switch (msg.t) {
      case "challenge": {
        if (s.nonce === null) break; // no handshake of ours in flight
        const want = proof("server", opts.token, msg.table, opts.seat, s.nonce, msg.nonce);
        const proves = (n) => sameProof(msg.proof, proof("server", opts.token, msg.table, opts.seat, n, msg.nonce));
        if (!sameProof(msg.proof, want) && s.older.some(proves)) break; // answers an earlier hello
        if (!sameProof(msg.proof, want)) {
          sock.close(); // not our table (or not our token): say nothing more, stop
          return { code: 3, line: "refused: the server cannot prove our token (not our table?)" };
        }
        await send({ t: "auth", proof: proof("agent", opts.token, msg.table, opts.seat, s.nonce, msg.nonce) });
        break;
      }
      case "welcome":
        if (msg.epoch !== s.epoch) {
          s.answered.clear(); // the table was restarted from its log: decide afresh
          s.epoch = msg.epoch;
        }
        if (msg.last_seq < s.lastSeq) s.lastSeq = -1; // history rewound: replay it all
        s.nonce = null;
        s.older = [];
        s.seated = true;
        s.sessions += 1;
        s.game = msg.game;
        s.table = msg.table;
        await send({ t: "resync", last_seq: s.lastSeq });
        break;
      case "event":
        if (msg.seq <= s.lastSeq) break; // already held (around reconnects)
        if (msg.seq > s.lastSeq + 1) {
          await send({ t: "resync", last_seq: s.lastSeq }); // a gap: ask again
          break;
        }
        s.lastSeq = msg.seq;
        steps.event();
        if (msg.kind === "game_over") s.outcome = msg.data?.outcome ?? {};
        break;
      case "request":
        await answer(msg.request);
        break;
      case "heartbeat":
        break;
      case "error":
        if (!CUES.has(msg.code)) s.errors.set(msg.code, (s.errors.get(msg.code) ?? 0) + 1);
        if (FATAL.has(msg.code)) {
          sock.close();
          return { code: 3, line: `refused: ${msg.code}: ${msg.message}` };
        }
        if (msg.code === "no_handshake" || (msg.code === "not_seated" && s.nonce === null)) {
          await hello(); // a new connection or a restarted server: prove the token again
        } else if (msg.code === "illegal_reply") {
          // Cannot happen with a correct bot; the request stands: send its default instead.
          console.error(`node-bot: illegal reply to request ${msg.ref}: ${msg.message}`);
          if (s.pending?.id === msg.ref) {
            s.answered.set(msg.ref, s.pending.default);
            s.defaults += 1;
            await send({ t: "reply", id: msg.ref, choice: s.pending.default ?? null });
          }
        } else if (!CUES.has(msg.code)) {
          console.error(`node-bot: error ${msg.code}: ${msg.message}`);
        }
        break;
      case "bye":
        if (msg.reason === "game_over" || s.outcome !== null) {
          await send({ t: "bye", reason: "done" });
          sock.close();
          return { code: 0, line: summary(opts, s) };
        }
        break;
      default:
        break; // a message type we do not know: ignore it (section 3)
    }
  }
}

function summary(opts, s) {
  const o = s.outcome ?? {};
  const winners = o.winners ?? (o.winner === undefined || o.winner === null ? [] : [o.winner]);
  const errors = [...s.errors].map(([code, n]) => `${code} ${n}`).join(", ") || "none";
  return (
    `node-bot: seat ${opts.seat} of ${s.game} table '${s.table}': game over (${o.reason ?? "?"}; ` +
    `winners: ${winners.join(" ") || "none"}; seat ${opts.seat} ${winners.includes(opts.seat) ? "won" : "lost"}); ` +
    `${s.requests} requests answered (${s.backs} went back, ${s.repeats} asked again, ${s.defaults} defaults); ` +
    `errors: ${errors}; ${s.sessions} session${s.sessions === 1 ? "" : "s"}, epoch ${s.epoch}; seed ${opts.seed}`
  );
}

async function main() {
  let opts;
  try {
    opts = usage();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`error: ${err.message}`);
    process.exit(2);
  }
  const { code, line } = await play(opts);
  (code === 0 ? console.log : console.error)(line);
  process.exit(code);
}

main();
