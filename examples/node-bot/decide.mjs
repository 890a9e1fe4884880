// Choosing a reply: a random legal one for each of the four forms of PROTOCOL.md section 6, from
// a seeded generator, with no knowledge of any game. Nothing here touches the network.

// A small seeded generator (SplitMix32 to spread the seed, then Mulberry32): the same seed
// gives the same stream of numbers on every machine.
export function makeRng(seed) {
  let s = Number(BigInt.asUintN(32, BigInt(seed) ^ (BigInt(seed) >> 32n)));
  s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
  s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
  s = (s ^ (s >>> 16)) >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n); // 0 <= int(n) < n
  const shuffle = (items) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  return { int, shuffle, float: next };
}

const SEPARATOR = -1; // between two piles of an `arrange` reply

const range = (n) => Array.from({ length: n }, (_, i) => i);

// A random legal reply to `req`, or `undefined` when the form offers none (then the caller
// sends nil if `req.cancel`, else the request's default). `avoid`: option indices of a `choice`
// not to pick again (the ones that led to a follow-up we had to back out of).
export function randomReply(req, rng, avoid = new Set()) {
  const options = req.options;
  switch (req.form) {
    case "choice": {
      const open = range(options.length).filter((i) => !avoid.has(i));
      return open.length ? open[rng.int(open.length)] : undefined;
    }
    case "subset": {
      const hi = Math.min(req.max, options.length);
      if (req.min > hi) return undefined;
      const k = req.min + rng.int(hi - req.min + 1);
      return rng
        .shuffle(range(options.length))
        .slice(0, k)
        .sort((a, b) => a - b);
    }
    case "product":
      if (options.some((axis) => !Array.isArray(axis) || axis.length === 0)) return undefined;
      return options.map((axis) => rng.int(axis.length));
    case "arrange":
      return randomArrangement(options.length, req.piles, rng);
    default:
      return undefined; // a form this bot does not know
  }
}

// Every item exactly once, shuffled, cut into the piles at random sizes within their bounds.
function randomArrangement(n, piles, rng) {
  if (!piles.length) return undefined;
  const sizes = piles.map((p) => p.min);
  let left = n - sizes.reduce((a, b) => a + b, 0);
  if (left < 0) return undefined;
  while (left > 0) {
    const room = range(piles.length).filter((k) => sizes[k] < piles[k].max);
    if (!room.length) return undefined;
    sizes[room[rng.int(room.length)]] += 1;
    left -= 1;
  }
  const items = rng.shuffle(range(n));
  const out = [];
  sizes.forEach((size, k) => {
    if (k) out.push(SEPARATOR);
    out.push(...items.splice(0, size));
  });
  return out;
}

// The shape of a request, checked before anything reads it: a server that breaks the protocol
// gets the default back rather than a crash. Returns an error string, or "" when well formed.
export function malformed(req) {
  const isInt = (v) => Number.isInteger(v);
  if (req === null || typeof req !== "object") return "not a map";
  if (!isInt(req.id) || req.id < 0) return "bad id";
  if (!["choice", "subset", "product", "arrange"].includes(req.form)) return `form ${req.form}`;
  if (!Array.isArray(req.options)) return "options is not a list";
  if (req.form === "subset" && !(isInt(req.min) && isInt(req.max))) return "bad min/max";
  if (req.form === "arrange") {
    if (!Array.isArray(req.piles)) return "piles is not a list";
    if (req.piles.some((p) => !p || !isInt(p.min) || !isInt(p.max))) return "bad pile";
  }
  return "";
}

// Stepping back. Sanguosha's follow-ups (`targets`, `skill_targets`, `view_as_cards`,
// `skill_cards`) may be answered nil = "back to the request that opened them", which is also
// their default. Going back re-asks the opener word for word, with no event in between; a bot
// that picked the same option again would loop until the deadline. `Steps` remembers, for each
// question asked since the last event, which options were picked, so a repeated question is
// answered with an option not tried yet, and with its default once all were.
export class Steps {
  constructor() {
    this.tried = new Map(); // question -> Set of option indices picked since the last event
  }

  event() {
    this.tried.clear(); // the game moved on: every question is new again
  }

  // The options of `req` already picked in this decision (and so to avoid), and whether the
  // question was asked before (a back).
  seen(req) {
    const key = question(req);
    const again = this.tried.has(key);
    if (!again) this.tried.set(key, new Set());
    return { avoid: this.tried.get(key), again };
  }

  picked(req, choice) {
    if (req.form === "choice" && Number.isInteger(choice)) {
      this.tried.get(question(req)).add(choice);
    }
  }
}

// Two requests ask the same question when everything but their id is the same.
function question(req) {
  const { id: _id, ...rest } = req;
  return JSON.stringify(rest);
}

// The whole decision for one request: what to send and why ("random", "nil", "default").
// `back`: the chance of answering nil to a request that allows it, the first time it is asked
// (0: never, as long as anything else is legal; `--back` of bot.mjs).
export function decide(req, rng, steps, back = 0) {
  const bad = malformed(req);
  if (bad) return { choice: req?.default ?? null, why: "default", again: false };
  const { avoid, again } = steps.seen(req);
  if (req.cancel && !again && back > 0 && rng.float() < back) {
    return { choice: null, why: "nil", again };
  }
  let choice = randomReply(req, rng, avoid);
  let why = "random";
  if (choice === undefined) {
    // nothing left to pick: go back when the request allows it, else its default
    [choice, why] = req.cancel && !again ? [null, "nil"] : [req.default, "default"];
  }
  steps.picked(req, choice);
  return { choice, why, again };
}
