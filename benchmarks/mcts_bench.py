"""What an `mcts` decision costs, and how a game against a heuristic bot goes, in-process on one
core (issue 24 goal 3; nothing here is asserted anywhere).

    .venv/bin/python benchmarks/mcts_bench.py --game carcassonne --bot mcts:iterations=500 \
        --against greedy --games 4
    .venv/bin/python benchmarks/mcts_bench.py --game sanguosha --players 5 --bot mcts \
        --against smart --games 2

Games with seeds S, S+1, ...; the search bot and `--against` alternate over the seats (game i:
the search bot on the seats of parity i % 2, the other bot on the rest). Per game: the winner
(the search bot's seats won?), the whole game's process CPU time and wall time, the search bot's
decisions. Over all games: the time of each searched decision (median, p95, max; the bot's own
`decide`, search included; wall and process CPU time), the share of the bot's decisions that
were searched (the others are answered by its base bot or have one reply), iterations per
second, and the 1-minute load average (the machine is shared: the CPU time is the steadier
figure).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from sgs.runner import play
from sgs.search.bot import MctsBot


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="carcassonne")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bot", default="mcts")
    p.add_argument("--against", default="greedy")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    config: dict[str, Any] = {"players": args.players}
    seconds: list[float] = []
    cpu_seconds: list[float] = []
    wins = searched = decisions = iterations = 0
    cpu_games: list[float] = []
    for i in range(args.games):
        seed = args.seed + i
        specs = [args.bot, args.against] if i % 2 == 0 else [args.against, args.bot]
        cpu, wall = time.process_time(), time.perf_counter()
        played = play(args.game, config, seed, specs)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        cpu_games.append(cpu)
        mine = [b for b in played.bots if isinstance(b, MctsBot)]
        won = any(b.seat in played.winners for b in mine)
        wins += won
        for b in mine:
            seconds += b.seconds
            cpu_seconds += b.cpu_seconds
            searched += b.searched
            iterations += b.iterations
        decisions += sum(1 for d in played.game.decisions if d.seat in {b.seat for b in mine})
        print(
            f"seed {seed}: search bot on seats {[b.seat for b in mine]} "
            f"{'won' if won else 'lost'}; outcome {played.game.outcome}; "
            f"game {cpu:.1f} s CPU, {wall:.1f} s wall; load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    total = sum(seconds)
    print(
        f"{args.games} games, {args.bot} vs {args.against}: the search bot won {wins}; "
        f"{searched} of its {decisions} decisions searched; per searched decision median "
        f"{statistics.median(seconds) if seconds else float('nan'):.3f} s, p95 "
        f"{percentile(seconds, 0.95):.3f} s, max {max(seconds, default=float('nan')):.3f} s "
        f"(CPU: median {statistics.median(cpu_seconds) if cpu_seconds else float('nan'):.3f} s, "
        f"p95 {percentile(cpu_seconds, 0.95):.3f} s); "
        f"{iterations / total if total else 0:.0f} iterations/s; game CPU median "
        f"{statistics.median(cpu_games):.1f} s; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
