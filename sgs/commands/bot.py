"""`sgs bot`: run a user_agent Bot over the wire for one seat of a table."""

from __future__ import annotations

import argparse
import os
import sys

import structlog

from protocol.choices import RequestSpec
from protocol.messages import Bye, Error, EventMsg, RequestMsg
from user_agent.bot import Bot
from user_agent.bots import resolve
from user_agent.client import TOKEN_ENV, Client, ClientError, Transcript
from user_agent.views import for_game

log = structlog.get_logger("sgs.bot")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bot", help="play one seat of a served table with a bot")
    add_connection_options(p)
    p.add_argument("--bot", default="random", help="random, greedy or package.module:Class")
    p.add_argument("--seed", type=int, default=0, help="the bot's own seed (default 0)")
    p.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="append what the seat receives to FILE (JSON lines); when FILE exists, resume "
        "from the last event it holds",
    )
    p.set_defaults(run=run)


def add_connection_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--connect", required=True, metavar="ADDR", help="the table's endpoint")
    p.add_argument("--seat", type=int, required=True)
    p.add_argument(
        "--token",
        default=os.environ.get(TOKEN_ENV),
        help=f"the seat's token (default: ${TOKEN_ENV}, which keeps it off the command line)",
    )
    p.add_argument("--table", default="", help="table name (default: whatever ADDR serves)")
    p.add_argument("--name", default=None, help="what to call this agent in the server's log")
    p.add_argument("--heartbeat", type=float, default=1.0, help="seconds between heartbeats")
    p.add_argument(
        "--liveness", type=float, default=5.0, help="reconnect after this much server silence"
    )
    p.add_argument(
        "--give-up", type=float, default=60.0, help="stop after this long without a server"
    )


def make_client(args: argparse.Namespace, name: str, last_seq: int = -1) -> Client:
    if not args.token:
        raise SystemExit(f"error: give --token or set {TOKEN_ENV}")
    return Client(
        args.connect,
        args.seat,
        args.token,
        name=args.name or name,
        table=args.table,
        heartbeat=args.heartbeat,
        liveness=args.liveness,
        give_up=args.give_up,
        last_seq=last_seq,
    )


def run(args: argparse.Namespace) -> int:
    record = Transcript(args.record) if args.record else None
    client = make_client(args, f"bot:{args.bot}", record.last_seq if record else -1)
    try:
        welcome = client.connect()
        try:
            cls = resolve(args.bot, welcome.game)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            client.bye("no such bot")
            return 2
        bot: Bot = cls(args.seat, args.seed, for_game(welcome.game, args.seat, welcome.seats))
        if record is not None:
            for item in record.events:  # what this seat held before a restart
                bot.on_event(str(item["kind"]), dict(item["data"]))  # type: ignore[call-overload]
        return play(client, bot, record)
    except ClientError as exc:
        log.error("connection failed", seat=args.seat, reason=str(exc))
        return 3
    except KeyboardInterrupt:
        client.bye("interrupted")
        return 130
    finally:
        if record is not None:
            record.close()


def play(client: Client, bot: Bot, record: Transcript | None = None) -> int:
    """Answer every request of the seat until the server says the game is over."""
    while True:
        for msg in client.poll(1.0):
            if isinstance(msg, EventMsg):
                if record is not None:
                    record.event(msg)
                bot.on_event(msg.kind, msg.data)
            elif isinstance(msg, RequestMsg):
                if record is not None:
                    record.request(msg)
                try:
                    req = RequestSpec(**msg.request)
                except TypeError as exc:
                    log.error("malformed request from the server", reason=str(exc))
                    continue
                client.reply(req.id, bot.decide(req, bot.view))
            elif isinstance(msg, Error):
                continue  # logged by the client; a refused reply leaves the request standing
            elif isinstance(msg, Bye):
                client.bye("game over")
                return 0
