"""`sgs replay FILE`: print a recorded game, or `--verify` it by re-execution."""

from __future__ import annotations

import argparse
import sys

from game_agent.engine import SPECTATOR
from protocol.errors import ProtocolError
from replays import LogError, read_log, verify
from replays.player import render


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="print or verify a recorded game")
    p.add_argument("file", help="a .sgslog file")
    p.add_argument(
        "--seat", type=int, default=None, help="show only what this seat saw (-1: a spectator)"
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="re-execute from seed + decisions; exit 1 on any divergence",
    )
    p.add_argument(
        "--ruleset",
        default=None,
        metavar="MODULE:ATTR",
        help="with --verify: the ruleset to re-execute with (imported), for a game that is "
        "neither bundled nor registered; a module named by the log itself is never imported",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.ruleset is not None and not args.verify:
            print("error: --ruleset goes with --verify", file=sys.stderr)
            return 2
        if args.verify:
            report = verify(args.file, args.ruleset)
            print(report.message, file=sys.stdout if report.ok else sys.stderr)
            return 0 if report.ok else 1
        log = read_log(args.file)
    except LogError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    seats = len(log.header.get("seats", []))
    if args.seat is not None and not SPECTATOR <= args.seat < seats:
        print(f"error: --seat must be in {SPECTATOR}..{seats - 1}", file=sys.stderr)
        return 2
    try:
        for line in render(log, args.seat):
            print(line)
    except ProtocolError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    return 1 if log.damage is not None else 0
