#!/usr/bin/env node
// A bot for any game of an `sgs serve` table, written from protocol/PROTOCOL.md alone: a ZeroMQ
// DEALER, MessagePack maps, the token-proof handshake, resync, heartbeats, requests answered with
// random legal replies (decide.mjs), reconnects, epochs and the end of the game.
//
//   SGS_TOKEN=… node bot.mjs --connect tcp://127.0.0.1:PORT --seat 0 [--seed 1] [--back 0.3]
//
// Exit codes: 0 the game was played to its end, 1 the table closed before its end, 2 a usage
// error, 3 refused for good (bad token, unknown seat or table, session replaced, a server that
// cannot prove the token), 4 gave up (nothing heard from the server for --give-up seconds).

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parseArgs } from "node:util";

import { Decoder, Encoder } from "@msgpack/msgpack";
import { Dealer } from "zeromq";

import { decide, makeRng, Steps } from "./decide.mjs";

const VERSION = 5; // the protocol's version (`hello`, section 3)
const MAX_FRAME = 1 << 20; // frames from the server are at most 1 MiB (section 11)
const HEARTBEAT_MS = 1000; // send something at least this often (section 8)
const REHELLO_MS = 5000; // no answer to a hello for this long: send a new one
const MAX_MOVES = 4; // `moved` answers followed in a row without a welcome (section 4, "Moved")
const ENDPOINT = /^(tcp|ipc):\/\/[^\s]{1,248}$/; // where a `moved` may send us

// Errors after which this seat can do nothing more (sections 4 and 10).
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
// Errors that are cues, not faults: redo the handshake (a new connection, a restarted server),
// or wait for the table to start.
const CUES = new Set(["not_seated", "no_handshake", "not_started", "table_moving"]);

class UsageError extends Error {}

function options() {
  const spec = {
    connect: { type: "string" },
    seat: { type: "string" },
    table: { type: "string", default: "" },
    token: { type: "string" },
    seed: { type: "string" },
    name: { type: "string", default: "node-bot" },
    "give-up": { type: "string", default: "120" },
    back: { type: "string", default: "0" },
  };
  let values;
  try {
    ({ values } = parseArgs({ options: spec, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(err.message.split("\n")[0]);
  }
  const int = (name, value, lo, hi) => {
    if (!/^\d{1,16}$/.test(value ?? "") || +value < lo || +value > hi) {
      const got = value ?? "nothing";
      throw new UsageError(`--${name} must be an integer in ${lo}..${hi}, not ${got}`);
    }
    return +value;
  };
  const endpoint = values.connect;
  if (!endpoint) throw new UsageError("--connect ENDPOINT is required (tcp://HOST:PORT)");
  if (!/^(tcp|ipc):\/\/.{1,1000}$/.test(endpoint)) {
    throw new UsageError(`--connect: not a tcp:// or ipc:// endpoint: ${endpoint.slice(0, 100)}`);
  }
  if (!/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(values.back)) {
    throw new UsageError(`--back must be a probability from 0 to 1, not ${values.back.slice(0, 20)}`);
  }
  const token = values.token ?? process.env.SGS_TOKEN ?? "";
  if (!token) throw new UsageError("no token: set SGS_TOKEN (as `sgs serve` prints it) or --token");
  if (token.length > 1000) throw new UsageError("the token is over 1000 characters");
  if (values.table.length > 1000) throw new UsageError("--table is over 1000 characters");
  return {
    endpoint,
    seat: int("seat", values.seat, 0, 9999),
    table: values.table,
    token,
    seed:
      values.seed === undefined
        ? randomBytes(4).readUInt32LE() // printed in the summary, to play the same again
        : int("seed", values.seed, 0, 2 ** 53 - 1),
    name: values.name.slice(0, 100),
    giveUpMs: int("give-up", values["give-up"], 0, 86400) * 1000,
    back: +values.back,
  };
}

// HMAC-SHA256 keyed by the token over five lines (section 4), as 64 lowercase hex digits.
function proof(role, token, table, seat, agentNonce, serverNonce) {
  const text = [`sgs-${role}`, table, String(seat), agentNonce, serverNonce].join("\n");
  return createHmac("sha256", token).update(text, "utf8").digest("hex");
}

function sameProof(got, want) {
  const a = Buffer.from(String(got));
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b); // constant time
}

// The fields this bot reads, checked before it reads them: a message that lacks one is dropped.
const isInt = Number.isInteger;
const isStr = (v) => typeof v === "string";
const WELL_FORMED = {
  challenge: (m) => isStr(m.table) && isStr(m.nonce) && isStr(m.proof),
  welcome: (m) => isInt(m.epoch) && isInt(m.last_seq) && isStr(m.game) && isStr(m.table),
  event: (m) => isInt(m.seq) && isStr(m.kind) && m.data !== null && typeof m.data === "object",
  request: (m) => m.request !== null && typeof m.request === "object" && isInt(m.request.id),
  error: (m) => isStr(m.code) && isStr(m.message) && isInt(m.ref),
  bye: (m) => isStr(m.reason),
};

async function play(opts) {
  // ZMQ_ROUTING_ID left unset (section 1). A `moved` makes a new socket for the table's
  // endpoint; a hello that goes unanswered there starts again at --connect (the table may have
  // moved again, e.g. to a restarted worker).
  const dealer = (endpoint) => {
    const d = new Dealer({ receiveTimeout: 250, maxMessageSize: MAX_FRAME, linger: 1000 });
    d.connect(endpoint);
    return d;
  };
  let sock = dealer(opts.endpoint);
  let at = opts.endpoint;
  let moves = 0;
  const reconnect = (endpoint) => {
    sock.close();
    sock = dealer(endpoint);
    at = endpoint;
  };
  const encoder = new Encoder();
  // Every input bounded, as the server bounds ours (section 11); no bin, no extension types.
  const decoder = new Decoder({
    maxStrLength: MAX_FRAME,
    maxBinLength: 0,
    maxArrayLength: 16384,
    maxMapLength: 4096,
    maxExtLength: 0,
  });
  const rng = makeRng(opts.seed);
  const steps = new Steps();

  const s = {
    nonce: null, // our latest hello's nonce while a handshake is in flight
    older: [], // the nonces of this handshake's earlier hellos (their challenges are stale)
    seated: false,
    sessions: 0, // welcomes: 1, plus one per reconnect
    epoch: null,
    lastSeq: -1, // the last event held (section 5)
    answered: new Map(), // request id -> the choice sent, within one epoch (section 9)
    pending: null, // the latest request
    game: "?",
    table: opts.table,
    requests: 0,
    backs: 0, // nil sent to go back from a follow-up
    repeats: 0, // a question asked again after a back, answered with another option
    defaults: 0, // the request's default sent (nothing else was legal, or all were tried)
    errors: new Map(), // error code -> count, cues not counted
    outcome: null, // game_over's outcome
    heard: Date.now(),
    gaveUp: null, // the result, once nothing was heard for --give-up
    sent: 0,
  };

  const send = async (msg) => {
    await sock.send(encoder.encode(msg)); // one message = one frame (section 1)
    s.sent = Date.now();
  };

  const hello = async () => {
    if (s.nonce !== null) s.older = [...s.older, s.nonce].slice(-8);
    s.nonce = randomBytes(16).toString("hex"); // fresh for every hello
    s.seated = false;
    const { table, seat, name } = opts;
    await send({ t: "hello", version: VERSION, table, seat, nonce: s.nonce, name });
  };

  const answer = async (req) => {
    s.pending = req;
    let choice;
    if (s.answered.has(req.id)) {
      choice = s.answered.get(req.id); // asked again after a reconnect: the same answer
    } else {
      const d = decide(req, rng, steps, opts.back);
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

  const stop = (code, line) => {
    sock.close();
    return { code, line };
  };

  const inbox = []; // the rest of the last frame: a frame holds one or more messages (section 1)
  // The next message from the server (undefined: none within receiveTimeout, or a bad frame;
  // s.gaveUp is set once nothing was heard for --give-up).
  const next = async () => {
    let frames = null;
    try {
      frames = await sock.receive();
    } catch (err) {
      if (err.code !== "EAGAIN") throw err; // EAGAIN: nothing within receiveTimeout
    }
    const now = Date.now();
    if (frames === null) {
      if (opts.giveUpMs && now - s.heard > opts.giveUpMs) {
        const quiet = `nothing heard from ${opts.endpoint} for ${opts.giveUpMs / 1000} s`;
        s.gaveUp = stop(4, `gave up: ${quiet}`);
        return undefined;
      }
      // Stay alive while seated (section 8). While not, hello again now and then: the DEALER
      // reconnects by itself, and the server may have restarted in between.
      if (s.seated && now - s.sent >= HEARTBEAT_MS) {
        await send({ t: "heartbeat", time: now / 1000 });
      } else if (!s.seated && now - s.sent >= REHELLO_MS) {
        if (at !== opts.endpoint) reconnect(opts.endpoint); // retries start at home
        moves = 0;
        await hello();
      }
      return undefined;
    }
    s.heard = now;
    try {
      if (frames.length !== 1) throw new Error(`${frames.length} frames`);
      const msgs = [...decoder.decodeMulti(frames[0])];
      for (const m of msgs) {
        if (m === null || typeof m !== "object" || !isStr(m.t)) throw new Error("not a message");
        if (WELL_FORMED[m.t] && !WELL_FORMED[m.t](m)) throw new Error(`a bad ${m.t}`);
      }
      inbox.push(...msgs);
    } catch (err) {
      console.error(`node-bot: dropped a bad frame from the server (${err.message})`);
    }
    return inbox.shift();
  };

  await hello();
  for (;;) {
    let msg = inbox.shift();
    if (msg === undefined) {
      msg = await next();
      if (s.gaveUp) return s.gaveUp;
      if (msg === undefined) continue;
    }

    switch (msg.t) {
      case "challenge": {
        if (s.nonce === null) break; // no handshake of ours in flight
        const server = (nonce) =>
          proof("server", opts.token, msg.table, opts.seat, nonce, msg.nonce);
        if (!sameProof(msg.proof, server(s.nonce))) {
          if (s.older.some((n) => sameProof(msg.proof, server(n)))) break; // an earlier hello's
          // Not our table (an impostor on the endpoint) or not our token: say nothing more.
          return stop(3, "refused: the server cannot prove our token (not our table?)");
        }
        const agent = proof("agent", opts.token, msg.table, opts.seat, s.nonce, msg.nonce);
        await send({ t: "auth", proof: agent });
        break;
      }
      case "moved": // the table is served at another endpoint: say the same hello there
        if (s.nonce === null || !isStr(msg.table) || !isStr(msg.endpoint)) break;
        if (msg.table !== opts.table || moves >= MAX_MOVES || !ENDPOINT.test(msg.endpoint)) {
          return stop(3, `refused: a bad move to ${JSON.stringify(msg.endpoint).slice(0, 80)}`);
        }
        moves += 1;
        reconnect(msg.endpoint);
        inbox.length = 0; // the rest of the frame came over the connection we left
        await hello();
        break;
      case "welcome":
        moves = 0;
        if (msg.epoch !== s.epoch) {
          s.answered.clear(); // the table was restarted from its log: decide afresh
          s.epoch = msg.epoch;
        }
        if (msg.last_seq < s.lastSeq) s.lastSeq = -1; // history was rewound: replay it all
        Object.assign(s, { nonce: null, older: [], seated: true });
        Object.assign(s, { game: msg.game, table: msg.table });
        s.sessions += 1;
        await send({ t: "resync", last_seq: s.lastSeq });
        break;
      case "event":
        if (msg.seq <= s.lastSeq) break; // already held (around reconnects)
        if (msg.seq > s.lastSeq + 1) {
          await send({ t: "resync", last_seq: s.lastSeq }); // a gap: ask for it again
          break;
        }
        s.lastSeq = msg.seq;
        steps.event(); // a new position: every question is new (decide.mjs, Steps)
        if (msg.kind === "game_over") s.outcome = msg.data.outcome ?? {};
        break;
      case "request":
        await answer(msg.request);
        break;
      case "error":
        if (!CUES.has(msg.code)) s.errors.set(msg.code, (s.errors.get(msg.code) ?? 0) + 1);
        if (FATAL.has(msg.code)) return stop(3, `refused: ${msg.code}: ${msg.message}`);
        if (msg.code === "no_handshake" || (msg.code === "not_seated" && s.nonce === null)) {
          await hello(); // prove the token again
        } else if (msg.code === "illegal_reply" && s.pending?.id === msg.ref) {
          // Never meant to happen. The request stands (section 6): send its default instead.
          console.error(`node-bot: illegal reply to request ${msg.ref}: ${msg.message}`);
          s.answered.set(msg.ref, s.pending.default ?? null);
          s.defaults += 1;
          await send({ t: "reply", id: msg.ref, choice: s.pending.default ?? null });
        } else if (!CUES.has(msg.code)) {
          console.error(`node-bot: error ${msg.code} (request ${msg.ref}): ${msg.message}`);
        }
        break;
      case "bye": // the table is closing
        await send({ t: "bye", reason: "done" });
        if (s.outcome === null) return stop(1, `the table closed before the end: ${msg.reason}`);
        return stop(0, summary(opts, s));
      default:
        break; // heartbeat, or a type this bot does not know: nothing to do (section 3)
    }
  }
}

// The one line printed at the end.
function summary(opts, s) {
  const o = s.outcome;
  const winners = Array.isArray(o.winners) ? o.winners : isInt(o.winner) ? [o.winner] : [];
  const won = winners.includes(opts.seat) ? "won" : "lost";
  const errors = [...s.errors].map(([code, n]) => `${code} ${n}`).join(", ") || "none";
  const sessions = `${s.sessions} session${s.sessions === 1 ? "" : "s"}`;
  return (
    `node-bot: seat ${opts.seat} of ${s.game} table '${s.table}': game over (${o.reason ?? "?"}; ` +
    `winners: ${winners.join(" ") || "none"}; seat ${opts.seat} ${won}); ` +
    `${s.requests} requests answered (${s.backs} went back, ${s.repeats} asked again, ` +
    `${s.defaults} defaults); errors: ${errors}; ${sessions}, epoch ${s.epoch}; seed ${opts.seed}`
  );
}

async function main() {
  let opts;
  try {
    opts = options();
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
