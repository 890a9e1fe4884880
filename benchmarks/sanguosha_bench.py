"""In-process decisions per second: 5-player identity Sanguosha with random bots.

    .venv/bin/python benchmarks/sanguosha_bench.py --games 300 --seed 1

Reports the engine alone (replies chosen by `random_legal`, no views) and, side by side, the same
games with every seat's view folding its own events (what a bot in-process would pay).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game_agent.engine import Game, view_for
from game_agent.games.sanguosha import RULESET
from user_agent.bot import random_legal
from user_agent.views.sanguosha import make_view


def run(games: int, seed: int, players: int, views: bool) -> tuple[int, int, float]:
    decisions = events = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = Game(RULESET, {"mode": "identity", "players": players}, seed + i)
        rng = random.Random(seed + i)
        vs = [make_view(s, players) for s in range(players)] if views else []
        step = g.start()
        while True:
            if views:
                for ev in step.events:
                    for s, v in enumerate(vs):
                        d = view_for(ev, s)
                        if d is not None:
                            v.apply(ev.kind, d)
            if step.request is None:
                break
            step = g.resume(random_legal(step.request, rng))
            decisions += 1
        events += len(g.events)
    return decisions, events, time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=5)
    args = ap.parse_args()
    d, e, t = run(args.games, args.seed, args.players, False)
    print(
        f"engine only: {args.games} games, {d} decisions, {e} events in {t:.2f}s -> "
        f"{d / t:,.0f} decisions/s, {e / t:,.0f} events/s, {args.games / t:.1f} games/s"
    )
    d2, _e2, t2 = run(args.games, args.seed, args.players, True)
    print(
        f"with {args.players} seat views: {d2 / t2:,.0f} decisions/s "
        f"(ratio {(d2 / t2) / (d / t):.2f} of engine only)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
