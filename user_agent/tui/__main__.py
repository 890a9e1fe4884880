"""Offline play, no server: `python -m user_agent.tui --game harmony` (bots on the other seats).

python -m user_agent.tui --game sanguosha --players 5 --seat 0 --bots random --seed 7
python -m user_agent.tui --game carcassonne --players 3 --bots random
python -m user_agent.tui --game muhq --bots random
"""

from __future__ import annotations

import argparse
import random
import sys

from game_agent.engine import ConfigError
from user_agent.bots import BotSpecError
from user_agent.tui.app import ConsoleApp
from user_agent.tui.source import LocalSource


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m user_agent.tui", description=__doc__)
    p.add_argument("--game", default="harmony", help="harmony, sanguosha, carcassonne or muhq")
    p.add_argument(
        "--players",
        type=int,
        default=0,
        help="Sanguosha: 2-10 players; Carcassonne: 2-5; muhq: the map's (2)",
    )
    p.add_argument("--seat", type=int, default=0, help="your seat")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    p.add_argument("--bots", default="random", help="bot specs for the other seats, a,b,...")
    p.add_argument("--deadline", type=float, default=0.0, help="seconds per decision (0: none)")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    args = p.parse_args(argv)
    config = {"players": args.players} if args.players else {}
    seed = args.seed if args.seed is not None else random.randrange(1 << 63)
    try:
        source = LocalSource.new(
            args.game, config, seed, args.seat, args.bots.split(","), args.deadline
        )
    except (ConfigError, BotSpecError, KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.seat < source.seats:
        print(f"error: the game has seats 0..{source.seats - 1}", file=sys.stderr)
        return 2
    return ConsoleApp(source, args.lang).run() or 0


if __name__ == "__main__":
    sys.exit(main())
