"""In-process decisions per second for Harmony of Elements, measured side by side in one run.

    .venv/bin/python benchmarks/harmony_bench.py [--games N] [--seed S]

Rows: the bare engine answered with the request's default (the floor of engine cost), the engine
answered by the random bot through `sgs.runner.play`, the same writing a replay log, and the
greedy bot. Ratios are against the bare engine. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable

from bench_rows import print_rows

from game_agent.engine import Game
from game_agent.games import load
from sgs.runner import play


def bare(games: int, seed: int) -> int:
    ruleset = load("harmony")
    n = 0
    for i in range(games):
        g = Game(ruleset, {}, seed + i)
        step = g.start()
        while step.request is not None:
            step = g.resume(step.request.default)
        n += len(g.decisions)
    return n


def bots(spec: list[str], logged: bool) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        n = 0
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(games):
                path = os.path.join(tmp, f"{i}.sgslog") if logged else None
                n += len(play("harmony", {}, seed + i, spec, path).game.decisions)
        return n

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows: list[tuple[str, Callable[[int, int], int], int]] = [
        ("engine, default replies", bare, args.games),
        ("engine + random bots", bots(["random"], False), args.games),
        ("engine + random bots + log file", bots(["random"], True), args.games),
        ("engine + greedy bots", bots(["greedy"], False), max(1, args.games // 20)),
    ]
    print_rows("harmony, in-process", rows, args.seed, 34)


if __name__ == "__main__":
    main()
