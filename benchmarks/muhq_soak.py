"""Soak: random bots play full muhq games (duels and Kraken games) and every invariant is checked.

    .venv/bin/python benchmarks/muhq_soak.py --games 10000 --seed 1

Games alternate between the duel on `PROV-MAP-1` and the Kraken mode on `PROV-MAP-1-KRAKEN`;
every fifth game drafts its stores (rules 4) and every seventh uses the other rule options
(`defeat_threshold = "le0"`, `reshuffle_mid_draw`, `hand_rule = "discard_and_draw"`,
`diagonal_rule = "alternating"`); with `--content PATH`, every third game adds those content
files (their sets' cards join the stores). For each game (`game_agent.games.muhq.audit`):

- every card is in exactly one zone: each side's multiset of cards (deck, hand, discard pile,
  store, its permanents, the action stack) is the same after every event of the game;
- at every decision (but while a stack is being dropped): resources and counters
  non-negative, the board and the stacks agree, no defeated permanent left on the map,
  equipment durability at least 1, permanents only on tiles they may stand on;
- exactly one outcome, at the end; fold(events) == the live state;
- no seat's or spectator's view of a deck, a draw or a draft pick names a card of another side;
- the game is written to a replay log as the hosts write it and the log passes
  `replays.reexecution` (re-execution from seed + decisions, byte for byte); `--no-logs` skips that.

Exit status 1 and the seed on the first failure.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from soaking import play_random

from game_agent.engine import Game, RequestSpec, fold
from game_agent.games.muhq import RULESET
from game_agent.games.muhq.audit import at_rest, problems

OPTIONS = (
    {"defeat_threshold": "le0"},
    {"reshuffle_mid_draw": True},
    {"hand_rule": "discard_and_draw"},
    {"diagonal_rule": "alternating"},
)


def config_for(i: int, content: str | None = None) -> dict[str, Any]:
    config: dict[str, Any] = {"mode": "kraken" if i % 2 else "duel"}
    if content is not None and i % 3 == 2:
        config["content"] = content
    if i % 5 == 4:
        config["draft"] = True
    if i % 7 == 6:
        config.update(OPTIONS[(i // 7) % len(OPTIONS)])
    return RULESET.configure(config)


def play_one(config: dict[str, Any], seed: int, log_path: str | None) -> tuple[Game, list[str]]:
    found: list[str] = []

    def at_each(g: Game, request: RequestSpec) -> None:
        if not found and request.kind != "drop":  # a stack being dropped is in the air
            found.extend(at_rest(g.state, config["defeat_threshold"]))

    return play_random(RULESET, config, seed, log_path, at_each), found


def check(g: Game, found: list[str]) -> None:
    bad = problems(g, found)
    if bad:
        raise AssertionError("; ".join(bad[:5]))
    if fold(RULESET, g.config, g.seats, g.events) != g.state:
        raise AssertionError("fold(events) != live state")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--first", type=int, default=0, help="the index of the first game (to split a soak)"
    )
    ap.add_argument(
        "--content",
        default=None,
        metavar="PATH",
        help="content files added to every third game (their sets join the stores)",
    )
    ap.add_argument("--no-logs", action="store_true", help="do not write and verify replay logs")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    verified = decisions = events = 0
    outcomes: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    modes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()  # actions declared, by kind
    t0 = time.perf_counter()
    for n in range(args.games):
        i = args.first + n
        config = config_for(i, args.content)
        seed = args.seed + i
        path = None if args.no_logs else os.path.join(tmp.name, "game.sgslog")
        try:
            g, found = play_one(config, seed, path)
            check(g, found)
        except AssertionError as exc:
            print(f"FAILED: seed {seed} game {i}: {exc}", file=sys.stderr)
            return 1
        verified += path is not None
        decisions += len(g.decisions)
        events += len(g.events)
        kinds.update(e.data["kind"] for e in g.events if e.kind == "action_declared")
        mode = config["mode"]
        modes[mode] += 1
        assert g.outcome is not None
        outcomes[f"{mode}: {g.outcome['reason']}"] += 1
        rounds[mode] += g.outcome["round"]
        if (n + 1) % max(1, args.games // 20) == 0:
            el = time.perf_counter() - t0
            print(f"{n + 1}/{args.games} games, {decisions} decisions, {el:.1f}s", flush=True)
    el = time.perf_counter() - t0
    tmp.cleanup()
    print(
        f"OK: {args.games} games, {decisions} decisions, {events} events in {el:.1f}s "
        f"({decisions / el:.0f} decisions/s with checks); {verified} logs verified"
    )
    print("outcomes:", dict(sorted(outcomes.items())))
    print("actions declared:", dict(kinds.most_common()))
    print("mean rounds:", {m: round(rounds[m] / modes[m], 1) for m in sorted(modes)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
