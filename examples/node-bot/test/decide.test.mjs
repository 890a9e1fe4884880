// Unit tests of decide.mjs (node's own test runner: `npm test`, or `node --test test/`).
import assert from "node:assert/strict";
import { test } from "node:test";

import { decide, makeRng, malformed, randomReply, Steps } from "../decide.mjs";

const request = (fields) => ({
  id: 0,
  seat: 0,
  kind: "k",
  min: 1,
  max: 1,
  cancel: false,
  default: 0,
  info: {},
  piles: [],
  ...fields,
});

// A follow-up with nothing to pick: the bot can only go back (nil).
const deadEnd = { form: "subset", options: [], min: 1, max: 1, cancel: true, default: null };

// The legality rules of PROTOCOL.md section 6, written out again independently.
function legal(req, choice) {
  if (choice === null) return req.cancel;
  const n = req.options.length;
  const isIndex = (i, len) => Number.isInteger(i) && i >= 0 && i < len;
  switch (req.form) {
    case "choice":
      return isIndex(choice, n);
    case "subset":
      return (
        Array.isArray(choice) &&
        choice.length >= req.min &&
        choice.length <= req.max &&
        choice.every((i, k) => isIndex(i, n) && (k === 0 || choice[k - 1] < i))
      );
    case "product":
      return (
        Array.isArray(choice) &&
        choice.length === n &&
        choice.every((i, k) => isIndex(i, req.options[k].length))
      );
    case "arrange": {
      const piles = [[]];
      for (const i of choice) {
        if (i === -1) piles.push([]);
        else piles[piles.length - 1].push(i);
      }
      const flat = piles.flat().sort((a, b) => a - b);
      return (
        piles.length === req.piles.length &&
        flat.length === n &&
        flat.every((i, k) => i === k) &&
        piles.every((p, k) => p.length >= req.piles[k].min && p.length <= req.piles[k].max)
      );
    }
    default:
      return false;
  }
}

test("the same seed gives the same numbers, another seed others", () => {
  const draw = (seed) => Array.from({ length: 8 }, () => makeRng(seed).int(1000));
  const stream = (seed) => {
    const rng = makeRng(seed);
    return Array.from({ length: 8 }, () => rng.int(1000));
  };
  assert.deepEqual(stream(7), stream(7));
  assert.notDeepEqual(stream(7), stream(8));
  assert.equal(new Set(draw(7)).size, 1);
  assert.ok(stream(2 ** 53 - 1).every((x) => x >= 0 && x < 1000));
});

test("every form gets a legal reply", () => {
  const rng = makeRng(1);
  const cases = [
    request({ form: "choice", options: ["a", "b", "c"] }),
    request({ form: "subset", options: [1, 2, 3, 4, 5], min: 0, max: 3, cancel: true }),
    request({ form: "subset", options: [1, 2, 3], min: 2, max: 2, default: [0, 1] }),
    request({ form: "subset", options: [1, 2], min: 0, max: 9, default: [] }),
    request({ form: "product", options: [["x", "y"], [1], [1, 2, 3]], default: [0, 0, 0] }),
    request({
      form: "arrange",
      options: ["c1", "c2", "c3", "c4"],
      piles: [
        { name: "top", min: 0, max: 4 },
        { name: "bottom", min: 1, max: 2 },
      ],
      default: [0, 1, 2, -1, 3],
    }),
    request({
      form: "arrange",
      options: ["c1", "c2"],
      piles: [
        { name: "a", min: 1, max: 1 },
        { name: "b", min: 0, max: 0 },
        { name: "c", min: 1, max: 1 },
      ],
      default: [0, -1, -1, 1],
    }),
  ];
  for (const req of cases) {
    for (let k = 0; k < 200; k++) {
      const choice = randomReply(req, rng);
      assert.ok(legal(req, choice), `${req.form}: ${JSON.stringify(choice)}`);
    }
  }
});

test("a choice never picks an index it is told to avoid", () => {
  const rng = makeRng(3);
  const req = request({ form: "choice", options: ["a", "b", "c"] });
  for (let k = 0; k < 100; k++) assert.equal(randomReply(req, rng, new Set([0, 2])), 1);
  assert.equal(randomReply(req, rng, new Set([0, 1, 2])), undefined);
});

test("nothing legal to pick: nil when cancel allows it, else the default", () => {
  const rng = makeRng(1);
  const empty = request(deadEnd);
  assert.deepEqual(decide(empty, rng, new Steps()), { choice: null, why: "nil", again: false });
  const forced = request({ form: "choice", options: [], default: 0 });
  assert.equal(decide(forced, rng, new Steps()).why, "default");
  const bad = { id: 1, form: "spiral", options: [], default: 5 };
  assert.ok(malformed(bad));
  assert.deepEqual(decide(bad, rng, new Steps()).choice, 5);
});

test("going back never loops: a question asked again gets an untried option, then its default", () => {
  // Sanguosha's play menu: five cards and `end` (its default); each card opens a `targets`
  // follow-up with no legal target, so the bot must go back (nil) each time.
  const options = ["c0", "c1", "c2", "c3", "c4", "end"];
  const play = request({ kind: "play", form: "choice", options, default: 5 });
  const follow = request({ kind: "targets", ...deadEnd });
  for (let seed = 1; seed <= 50; seed++) {
    const rng = makeRng(seed);
    const steps = new Steps();
    const picked = [];
    let id = 0;
    for (let round = 0; round < 50 && picked.at(-1) !== 5; round++) {
      const d = decide({ ...play, id: id++ }, rng, steps);
      picked.push(d.choice);
      if (d.choice !== 5) {
        const back = decide({ ...follow, id: id++, info: { card: d.choice } }, rng, steps);
        assert.equal(back.choice, null);
      }
    }
    assert.equal(new Set(picked).size, picked.length, `seed ${seed}: picked twice: ${picked}`);
    assert.equal(picked.at(-1), 5, `seed ${seed}: never ended: ${picked}`);
    // After an event the same menu is a new question: everything may be picked again.
    steps.event();
    assert.equal(decide({ ...play, id: id++ }, rng, steps).again, false);
  }
});

test("a follow-up asked again after a back is not backed out of twice", () => {
  const follow = request(deadEnd);
  const steps = new Steps();
  const rng = makeRng(1);
  assert.equal(decide({ ...follow, id: 0 }, rng, steps).why, "nil");
  assert.equal(decide({ ...follow, id: 1 }, rng, steps).why, "default");
});

test("--back: nil the first time a request allows it, never when the question comes again", () => {
  const targets = request({ form: "subset", options: [1, 2], min: 1, max: 1, cancel: true });
  const steps = new Steps();
  const rng = makeRng(1);
  assert.deepEqual(decide({ ...targets, id: 0 }, rng, steps, 1), { choice: null, why: "nil", again: false });
  const again = decide({ ...targets, id: 1 }, rng, steps, 1);
  assert.equal(again.again, true);
  assert.ok(legal(targets, again.choice) && again.choice !== null);
  // Without --back the bot never sends nil while something else is legal.
  for (let id = 0; id < 50; id++) assert.notEqual(decide({ ...targets, id }, rng, new Steps()).choice, null);
});
