"""In-process decisions per second: 5-player identity Sanguosha with random bots.

    .venv/bin/python benchmarks/sanguosha_bench.py --games 300 --seed 1

Side by side in one run, on the same seeds: random generals with all their skills, against the
same games' ruleset with an empty skill set (`skills = "none"`: the generals are bodies, the
equipment still works), then the skilled games with every seat's view folding its own events
(what an in-process bot would pay). The two engine runs alternate in blocks so that a noisy
machine affects both alike; decisions per second is the figure (games with skills are longer
and richer, so games per second is not comparable). `--no-conceal-responses` measures the fast
path that asks only the seats that can answer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game_agent.engine import Game, view_for
from game_agent.games.sanguosha import RULESET
from user_agent.bot import random_legal
from user_agent.games.sanguosha.view import make_view

BLOCK = 25


def run(games: range, config: dict[str, Any], views: bool) -> tuple[int, int, float]:
    decisions = events = 0
    t0 = time.perf_counter()
    for seed in games:
        g = Game(RULESET, config, seed)
        rng = random.Random(seed)
        players = g.seats
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
    ap.add_argument(
        "--conceal-responses",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the config option (default on): every seat is asked in each response window",
    )
    args = ap.parse_args()
    base = {
        "mode": "identity",
        "players": args.players,
        "generals": "random",
        "conceal_responses": args.conceal_responses,
    }
    configs = {"skills": {**base, "skills": "standard"}, "none": {**base, "skills": "none"}}
    totals = {k: [0, 0, 0.0] for k in configs}
    for start in range(args.seed, args.seed + args.games, BLOCK):
        block = range(start, min(start + BLOCK, args.seed + args.games))
        for name, config in configs.items():
            d, e, t = run(block, config, False)
            totals[name][0] += d
            totals[name][1] += e
            totals[name][2] += t
    rate = {}
    for name, (d, e, t) in totals.items():
        rate[name] = d / t
        label = "all skills" if name == "skills" else "no skills "
        print(
            f"{label}: {args.games} games, {d} decisions ({d / args.games:.1f} per game), "
            f"{e} events in {t:.2f}s -> {d / t:,.0f} decisions/s, {e / t:,.0f} events/s"
        )
    print(f"ratio all skills / no skills: {rate['skills'] / rate['none']:.2f} (goal >= 0.85)")
    d2, _e2, t2 = run(range(args.seed, args.seed + args.games), configs["skills"], True)
    print(
        f"all skills with {args.players} seat views: {d2 / t2:,.0f} decisions/s "
        f"(ratio {(d2 / t2) / rate['skills']:.2f} of engine only)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
