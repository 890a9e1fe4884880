"""In-process decisions per second for Carcassonne, measured side by side in one run.

    .venv/bin/python benchmarks/carcassonne_bench.py [--games N] [--players P] [--seed S]

Rows: the bare engine answered with the request's default (the floor of engine cost), the engine
answered by the random bot through `sgs.runner.play` (each bot folds its seat's view), the same
writing a replay log, the greedy bot in every seat, and the whole-board reference analysis
(`features.analyse`, rebuilt once per placed tile) that the engine's incremental `regions`
replaced. Ratios are against the bare engine. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable

from bench_rows import print_rows

from game_agent.engine import Game
from game_agent.games import load
from game_agent.games.carcassonne.board import Placed
from game_agent.games.carcassonne.features import analyse
from sgs.runner import play


def bare(players: int, reference: bool = False) -> Callable[[int, int], int]:
    """The engine answered with the requests' defaults; with `reference`, plus one whole-board
    `analyse` per placed tile: what each turn would cost without the incremental regions."""

    def run(games: int, seed: int) -> int:
        ruleset = load("carcassonne")
        config = ruleset.configure({"players": players})
        n = 0
        for i in range(games):
            g = Game(ruleset, config, seed + i)
            step = g.start()
            while step.request is not None:
                if reference and step.request.kind == "place_tile":
                    tiles = g.state.regions.tiles
                    analyse({p: Placed(t.letter, t.rotation) for p, t in tiles.items()})
                step = g.resume(step.request.default)
            n += len(g.decisions)
        return n

    return run


def bots(spec: list[str], players: int, logged: bool) -> Callable[[int, int], int]:
    def run(games: int, seed: int) -> int:
        config = load("carcassonne").configure({"players": players})
        n = 0
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(games):
                path = os.path.join(tmp, f"{i}.sgslog") if logged else None
                n += len(play("carcassonne", config, seed + i, spec, path).game.decisions)
        return n

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    p = args.players
    rows: list[tuple[str, Callable[[int, int], int], int]] = [
        ("engine, default replies", bare(p), args.games),
        ("engine + random bots", bots(["random"], p, False), args.games),
        ("engine + random bots + log file", bots(["random"], p, True), args.games),
        ("engine + greedy bots", bots(["greedy"], p, False), max(1, args.games // 4)),
        ("engine + whole-board analyse/turn", bare(p, reference=True), max(1, args.games // 10)),
    ]
    title = f"carcassonne {p}p, in-process"
    print_rows(title, rows, args.seed)


if __name__ == "__main__":
    main()
