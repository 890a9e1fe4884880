"""How fast the bundled bots decide, in-process, side by side in one run.

    .venv/bin/python benchmarks/bots_bench.py [--games N] [--seed S]

Each row plays N seeded games with every seat the same bot (`sgs.runner.drive`, views folded
as the bots need them) and times each `decide` call: the bot's own milliseconds per decision
(mean, 99th percentile, max) and the whole loop's decisions per second (engine, views and bot
together). Sanguosha: 5-player identity; Harmony: 2 seats. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game_agent.engine import Game
from game_agent.games import load
from protocol.choices import Choice, RequestSpec
from sgs.runner import drive, make_bots
from user_agent.bot import Bot, View
from user_agent.bots import BotSpecError

ROWS = [
    ("sanguosha", {"players": 5}, "random"),
    ("sanguosha", {"players": 5}, "smart"),
    ("harmony", {}, "random"),
    ("harmony", {}, "medium"),
    ("harmony", {}, "greedy"),
]


def timed(bot: Bot, spent: list[float]) -> Bot:
    """Wrap the bot's decide to record the seconds of each call."""
    inner = bot.decide

    def decide(request: RequestSpec, view: View) -> Choice:
        t = time.perf_counter()
        choice = inner(request, view)
        spent.append(time.perf_counter() - t)
        return choice

    bot.decide = decide  # type: ignore[method-assign]
    return bot


def row(game: str, config: Mapping[str, object], spec: str, games: int, seed: int) -> str:
    ruleset = load(game)
    spent: list[float] = []
    t0 = time.perf_counter()
    for i in range(games):
        g = Game(ruleset, config, seed + i)
        bots = [timed(b, spent) for b in make_bots(game, [spec], g.seats, seed + i)]
        drive(g, bots)
    took = time.perf_counter() - t0
    spent.sort()
    n = len(spent)
    mean = 1000 * sum(spent) / n
    p99 = 1000 * spent[min(n - 1, int(n * 0.99))]
    return (
        f"{game:10} {spec:7} {games:5} games {n:8} decisions  {n / took:9.0f} decisions/s  "
        f"bot ms/decision mean {mean:.4f} p99 {p99:.4f} max {1000 * spent[-1]:.3f}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game, config, spec in ROWS:
        try:
            print(row(game, config, spec, args.games, args.seed), flush=True)
        except BotSpecError as exc:
            print(f"{game:10} {spec:7} skipped: {exc}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
