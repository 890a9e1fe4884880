"""In-process decisions per second for muhq's game, measured side by side in one run.

    .venv/bin/python benchmarks/muhq_bench.py [--games N] [--seed S]

Rows: the bare engine answered with a uniformly random legal reply drawn inline (no bot, no
view: the floor of engine cost; the requests' defaults would end every action phase at once, so
they are no measure), in a duel and in the Kraken mode; the random bot through `sgs.runner.play`
(each bot folds its seat's view); the same writing a replay log; the greedy bot in both seats.
Ratios are against the first row. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

from bench_rows import print_rows

from game_agent.engine import Game
from game_agent.games import load
from sgs.runner import play
from user_agent.bot import random_legal


def bare(config: dict[str, Any]) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        ruleset = load("muhq")
        cfg = ruleset.configure(config)
        n = 0
        for i in range(games):
            g = Game(ruleset, cfg, seed + i)
            rng = random.Random(seed + i)
            step = g.start()
            while step.request is not None:
                step = g.resume(random_legal(step.request, rng))
            n += len(g.decisions)
        return n

    return run


def bots(spec: list[str], config: dict[str, Any], logged: bool) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        cfg = load("muhq").configure(config)
        n = 0
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(games):
                path = os.path.join(tmp, f"{i}.sgslog") if logged else None
                n += len(play("muhq", cfg, seed + i, spec, path).game.decisions)
        return n

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    duel: dict[str, Any] = {}
    kraken: dict[str, Any] = {"mode": "kraken"}
    rows: list[tuple[str, Callable[[int, int], int], int]] = [
        ("engine, random replies, duel", bare(duel), args.games),
        ("engine, random replies, kraken", bare(kraken), args.games),
        ("engine + random bots, duel", bots(["random"], duel, False), args.games),
        ("engine + random bots + log, duel", bots(["random"], duel, True), args.games),
        ("engine + greedy bots, duel", bots(["greedy"], duel, False), max(1, args.games // 4)),
    ]
    title = "muhq 2p, in-process"
    print_rows(title, rows, args.seed)


if __name__ == "__main__":
    main()
