"""Soak: random bots play full Carcassonne games and every invariant is checked.

    .venv/bin/python benchmarks/carcassonne_soak.py --games 10000 --seed 1

Games cycle over 2, 3, 4 and 5 players; every fourth game uses one of the other farm variants
(`per_city_4`, `per_farm_3_once_per_city`). For each game (`audit.problems`, `audit.recount`):

- every one of the 72 tiles is on the board, discarded as unplaceable, or the start tile, and
  tiles come out in the secret stack's order;
- no follower is lost or made up: after every event each player's supply plus followers on the
  board is 7;
- the final scores equal an independent recount (the whole-board reference analysis of the final
  board, in one pass) and the outcome's winners are the top scores;
- fold(events) == the live state, exactly one game_over, at the end;
- no seat's view of any event holds the stack order;
- the game is written to a replay log as the hosts write it, and the log passes
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

from game_agent.engine import SPECTATOR, Game, fold, view_for
from game_agent.games.carcassonne import RULESET
from game_agent.games.carcassonne.audit import problems, recount

VARIANTS = ("per_city_4", "per_farm_3_once_per_city")


def config_for(i: int) -> dict[str, Any]:
    config: dict[str, Any] = {"players": 2 + i % 4}
    if i % 4 == 3:
        config["farm_scoring"] = VARIANTS[(i // 4) % 2]
    return RULESET.configure(config)


def play_one(config: dict[str, Any], seed: int, log_path: str | None) -> Game:
    return play_random(RULESET, config, seed, log_path)


def check(g: Game) -> None:
    players = g.config["players"]
    found = problems(g.events, players, g.config["followers"])
    if found:
        raise AssertionError("; ".join(found[:5]))
    if recount(g.events) != g.state.scores:
        raise AssertionError(f"scores {g.state.scores}, recount {recount(g.events)}")
    overs = [e for e in g.events if e.kind == "game_over"]
    if len(overs) != 1 or overs[0] is not g.events[-1] or g.outcome is None:
        raise AssertionError("expected exactly one outcome, at the end")
    if fold(RULESET, g.config, g.seats, g.events) != g.state:
        raise AssertionError("fold(events) != live state")
    for ev in g.events:
        if ev.kind == "stack":
            for seat in (*range(players), SPECTATOR):
                if view_for(ev, seat) != {"count": len(ev.data["order"])}:
                    raise AssertionError(f"seat {seat} sees the stack order")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-logs", action="store_true", help="do not write and verify replay logs")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    verified = decisions = events = discarded = 0
    by_players: Counter[int] = Counter()
    variants: Counter[str] = Counter()
    points: Counter[int] = Counter()
    t0 = time.perf_counter()
    for i in range(args.games):
        config = config_for(i)
        seed = args.seed + i
        path = None if args.no_logs else os.path.join(tmp.name, "game.sgslog")
        try:
            g = play_one(config, seed, path)
            check(g)
        except AssertionError as exc:
            print(f"FAILED: seed {seed} {config}: {exc}", file=sys.stderr)
            return 1
        verified += path is not None
        decisions += len(g.decisions)
        events += len(g.events)
        discarded += sum(1 for e in g.events if e.kind == "tile_discarded")
        by_players[config["players"]] += 1
        variants[config["farm_scoring"]] += 1
        points[config["players"]] += sum(g.state.scores)
        if (i + 1) % max(1, args.games // 20) == 0:
            el = time.perf_counter() - t0
            print(f"{i + 1}/{args.games} games, {decisions} decisions, {el:.1f}s", flush=True)
    el = time.perf_counter() - t0
    tmp.cleanup()
    print(
        f"OK: {args.games} games, {decisions} decisions, {events} events in {el:.1f}s "
        f"({decisions / el:.0f} decisions/s with checks); {verified} logs verified; "
        f"{discarded} unplaceable tiles discarded"
    )
    print("games by players:", dict(sorted(by_players.items())))
    print("farm variants:", dict(sorted(variants.items())))
    mean = {n: round(points[n] / by_players[n], 1) for n in sorted(by_players)}
    print("mean total points per game, by players:", mean)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
