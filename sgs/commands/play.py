"""`sgs play`: a human plays one seat from a line-based console: a seat whose token you hold
(`--seat N`), or the next table of a game through the server's lobby (`--lobby --game G`)."""

from __future__ import annotations

import argparse
import sys

import structlog
import zmq

from protocol.messages import Queued, Seated
from sgs.commands.bot import add_connection_options, make_client
from sgs.options import check_endpoint
from user_agent.client import ClientError
from user_agent.console import Console

log = structlog.get_logger("sgs.play")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play", help="play a seat of a served table yourself (text console), or join the lobby"
    )
    add_connection_options(p)
    p.set_defaults(run=run)


def say(line: str) -> None:
    print(line, flush=True)


def progress(item: Queued | Seated) -> None:
    if isinstance(item, Queued):
        mode = f" ({item.mode})" if item.mode else ""
        say(f"queued for {item.game}{mode}: {item.waiting} of {item.needed} players waiting")
    else:
        say(f"seated at table {item.table!r}, seat {item.seat}")


def run(args: argparse.Namespace) -> int:
    if check_endpoint(args.connect):
        return 2
    client = make_client(args, "console")
    try:
        if args.lobby:
            welcome = client.join(args.game, args.mode, args.players, progress)
        else:
            welcome = client.connect()
        console = Console(client, sys.stdin, say)
        console.start(welcome)
        return console.run()
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    except zmq.ZMQError as exc:
        print(f"error: cannot connect to {args.connect}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        client.bye("interrupted")
        return 130
