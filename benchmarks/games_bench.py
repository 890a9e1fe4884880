"""In-process decisions per second for every registered game, measured side by side in one run.

    .venv/bin/python benchmarks/games_bench.py [--game G] [--games N] [--seed S]

One table per game (`game_agent.games.GAMES`, or the one `--game` names), from its manifest's
`rows` and `bench_rows`. For a row of random bots: the bare engine answered with a uniformly
random legal reply drawn inline (no bot, no view: the floor of engine cost), the random bot
through `sgs.runner.play` (each bot folds its seat's view), the same writing a replay log. For a
row of other bots (greedy, smart, ...): those bots, on N // 10 games. Then the game's own
`measures` (e.g. Carcassonne's whole-board reference analysis). Ratios are against the first
row of the game's table. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bench_rows import Row as Line
from bench_rows import print_rows

from game_agent.engine import Game
from game_agent.games import GAMES, manifest
from game_agent.games.manifest import resolve
from sgs.runner import play
from user_agent.bot import random_legal


def bare(game: str, config: Mapping[str, Any]) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        ruleset = manifest(game).ruleset
        cfg = ruleset.configure(dict(config))
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


def bots(
    game: str, config: Mapping[str, Any], spec: str, logged: bool
) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        cfg = manifest(game).ruleset.configure(dict(config))
        n = 0
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(games):
                path = os.path.join(tmp, f"{i}.sgslog") if logged else None
                n += len(play(game, cfg, seed + i, spec.split(","), path).game.decisions)
        return n

    return run


def lines(game: str, games: int) -> list[Line]:
    m = manifest(game)
    out: list[Line] = []
    for row in (*m.rows, *m.bench_rows):
        if row.bots == "random":
            out.append((f"{row.label}: engine, random replies", bare(game, row.config), games))
            out.append(
                (f"{row.label}: + random bots", bots(game, row.config, "random", False), games)
            )
            out.append(
                (f"{row.label}: + random bots + log", bots(game, row.config, "random", True), games)
            )
        else:
            run = bots(game, row.config, row.bots, False)
            out.append((f"{row.label}: {row.bots} bots", run, max(1, games // 10)))
    for measure in m.measures:
        out.append((measure.label, resolve(measure.run), max(1, games // measure.share)))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", choices=GAMES, default=None, help="one game (default: every game)")
    ap.add_argument("--games", type=int, default=200, help="games per row (200)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for n, game in enumerate([args.game] if args.game else GAMES):
        if n:
            print()
        print_rows(f"{game}, in-process", lines(game, args.games), args.seed, 44)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
