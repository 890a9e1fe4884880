"""`sgs play`: a human plays one seat of a served table from a line-based console."""

from __future__ import annotations

import argparse
import sys

import structlog

from sgs.commands.bot import add_connection_options, make_client
from user_agent.client import ClientError
from user_agent.console import Console

log = structlog.get_logger("sgs.play")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play one seat of a served table yourself (text console)")
    add_connection_options(p)
    p.set_defaults(run=run)


def say(line: str) -> None:
    print(line, flush=True)


def run(args: argparse.Namespace) -> int:
    client = make_client(args, "console")
    try:
        welcome = client.connect()
        console = Console(client, sys.stdin, say)
        console.start(welcome)
        return console.run()
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        client.bye("interrupted")
        return 130
