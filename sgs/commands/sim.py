"""`sgs sim`: play many games in-process with bots and summarise them."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from typing import Any

import structlog

from game_agent.engine import ConfigError
from sgs.options import add_game_options, game_config
from sgs.runner import play
from user_agent.bots import BotSpecError

log = structlog.get_logger("sgs.sim")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sim", help="simulate games in-process with bots")
    add_game_options(p)
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses S+i")
    p.add_argument("--bots", default="random", help="bots per seat, cycled: e.g. random,greedy")
    p.add_argument(
        "--log-dir",
        default=None,
        help="write one replay log per game here, GAME-SEED.sgslog; refuses (exit 2) if one exists",
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(run=run)


def simulate(
    game: str,
    config: dict[str, Any],
    games: int,
    seed: int,
    bots: list[str],
    log_dir: str | None = None,
) -> dict[str, Any]:
    if games < 1:
        raise ConfigError("--games must be at least 1")
    if log_dir is not None:
        os.makedirs(log_dir, exist_ok=True)
        for s in range(seed, seed + games):
            existing = os.path.join(log_dir, f"{game}-{s}.sgslog")
            if os.path.exists(existing):
                raise ConfigError(f"{existing} exists; sim never overwrites a log")
    seat_wins: Counter[int] = Counter()
    bot_wins: Counter[str] = Counter()
    bot_seats: Counter[str] = Counter()
    draws = 0
    decisions = 0
    seats = 0
    started = last_report = time.perf_counter()
    for i in range(games):
        s = seed + i
        path = None if log_dir is None else os.path.join(log_dir, f"{game}-{s}.sgslog")
        played = play(game, config, s, bots, path)
        seats = played.game.seats
        decisions += len(played.game.decisions)
        winners = played.winners
        if not winners:
            draws += 1
        for w in winners:
            seat_wins[w] += 1
        for b in played.bots:
            bot_seats[b.name] += 1
        for name in {played.bots[w].name for w in winners}:
            bot_wins[name] += 1
        now = time.perf_counter()
        if now - last_report >= 2.0:
            last_report = now
            log.info("progress", games=i + 1, of=games, decisions=decisions)
    elapsed = time.perf_counter() - started
    return {
        "game": game,
        "games": games,
        "seed": seed,
        "bots": bots,
        "seat_wins": {str(k): seat_wins[k] for k in range(seats)},
        "bot_wins": dict(sorted(bot_wins.items())),
        "draws": draws,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_second": round(decisions / elapsed, 1) if elapsed > 0 else None,
        "log_dir": log_dir,
    }


def run(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    # As the README says, a bot spec like mypkg.mybot:MyBot names a module in the current directory.
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        summary = simulate(args.game, game_config(args), args.games, args.seed, bots, args.log_dir)
    except (ConfigError, BotSpecError) as exc:
        log.error("sim refused", reason=str(exc))
        return 2
    except OSError as exc:
        log.error("sim failed", reason=f"{exc.filename}: {exc.strerror}")
        return 2
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(
        f"{summary['games']} {summary['game']} games, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, bots {','.join(bots)}"
    )
    for seat, wins in summary["seat_wins"].items():
        print(f"  seat {seat}: {wins} wins")
    for name, wins in summary["bot_wins"].items():
        print(f"  {name}: {wins} games won")
    print(f"  draws: {summary['draws']}")
    print(
        f"  decisions: {summary['decisions']} in {summary['seconds']} s "
        f"({summary['decisions_per_second']} decisions/s)"
    )
    if args.log_dir:
        print(f"  logs: {args.log_dir}")
    return 0
