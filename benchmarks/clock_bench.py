"""What timing every decision costs `sgs arena`: the same games played with and without the
bot clock (`sgs.runner.BotClock`, which gives the arena its time per decision), side by side.

    .venv/bin/python benchmarks/clock_bench.py [--games N] [--rounds R] [--bots smart,random]

5-player identity Sanguosha, seeds 1..N, in one process; each game is played both ways in
turn, R rounds, so a noisy machine affects both alike. Prints the sum over the games of each
game's best time, each way, and their ratio; the games must be the same both ways (checked).
Nothing here is asserted in the tests.
"""

from __future__ import annotations

import argparse
import os
import time

from sgs.runner import BotClock, play

CONFIG = {"players": 5}


def one(seed: int, bots: list[str], clocked: bool) -> tuple[float, int]:
    clock = BotClock(5) if clocked else None
    began = time.perf_counter()
    played = play("sanguosha", CONFIG, seed, bots, clock=clock)
    return time.perf_counter() - began, len(played.game.decisions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bots", default="smart,random")
    args = ap.parse_args()
    bots = args.bots.split(",")
    best: dict[tuple[int, bool], float] = {}
    lengths: dict[tuple[int, bool], int] = {}
    for r in range(args.rounds):
        for seed in range(1, args.games + 1):
            order = (False, True) if (seed + r) % 2 else (True, False)
            for clocked in order:  # game by game, the two ways in turn
                seconds, n = one(seed, bots, clocked)
                key = (seed, clocked)
                best[key] = min(best.get(key, float("inf")), seconds)
                assert lengths.setdefault(key, n) == n
    for seed in range(1, args.games + 1):
        assert lengths[(seed, False)] == lengths[(seed, True)], "the clock changed a game"
    plain = sum(best[(s, False)] for s in range(1, args.games + 1))
    timed = sum(best[(s, True)] for s in range(1, args.games + 1))
    print(
        f"{args.games} games x {args.rounds} rounds, bots {args.bots}, each game's best time: "
        f"without the clock {plain:.3f} s, with it {timed:.3f} s, ratio {timed / plain:.3f} "
        f"(load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
