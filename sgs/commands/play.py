"""`sgs play`: a human plays one seat: a seat whose token you hold (`--seat N`), or the next
table of a game through the server's lobby (`--lobby --game G`).

On a terminal (stdin and stdout both TTYs) the console is full-screen (`user_agent.tui`, see
docs/console.md); `--plain`, or any input or output that is not a terminal, keeps the
line-based console (`user_agent.console.Console`)."""

from __future__ import annotations

import argparse
import sys

import structlog
import zmq

from protocol.messages import Queued, Seated, Welcome
from sgs.commands.bot import EXIT_FAILED, EXIT_GAVE_UP, add_connection_options, make_client
from sgs.options import check_endpoints
from user_agent.client import GIVE_UP, Client, ClientError
from user_agent.console import Console

log = structlog.get_logger("sgs.play")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play a seat of a served table yourself (console), or join the lobby",
        epilog="Exit codes: 0 played, 2 usage error, 3 the connection failed for good "
        f"(refused), {EXIT_GAVE_UP} gave up (--give-up), 130 Ctrl-C.",
    )
    add_connection_options(p)
    add_screen_options(p)
    p.add_argument(
        "--auto-pass",
        action="store_true",
        help="turn the game's pass switch on from the start (Sanguosha: pass on every "
        "Nullification window, even with one in hand); 'pass' / the p key toggles it",
    )
    p.set_defaults(run=run)


def add_screen_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--plain",
        action="store_true",
        help="the line console even on a terminal (always used when not on a terminal)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "zh"),
        default="en",
        help="the language of the console, full-screen or plain: its help, prompts and errors "
        "(every game), and the game's sentences and names (Sanguosha; docs/console.md)",
    )


def full_screen(args: argparse.Namespace) -> bool:
    """Whether to open the full-screen console: on a terminal, unless --plain."""
    return not args.plain and sys.stdin.isatty() and sys.stdout.isatty()


def say(line: str) -> None:
    print(line, flush=True)


def progress(item: Queued | Seated) -> None:
    if isinstance(item, Queued):
        mode = f" ({item.mode})" if item.mode else ""
        say(f"queued for {item.game}{mode}: {item.waiting} of {item.needed} players waiting")
    else:
        say(f"seated at table {item.table!r}, seat {item.seat}")


def run(args: argparse.Namespace) -> int:
    check_endpoints(args.connect)
    client = make_client(args, "console")
    try:
        if args.lobby:
            welcome = client.join(args.game, args.mode, args.players, progress)
        else:
            welcome = client.connect()
        if full_screen(args):
            return run_screen(client, welcome, args.lang, args.auto_pass)
        console = Console(client, sys.stdin, say, args.lang, pass_switch=args.auto_pass)
        console.start(welcome)
        return console.run()
    except ClientError as exc:
        return failed(exc, args.give_up)
    except zmq.ZMQError as exc:
        print(f"error: cannot connect to {args.connect}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        client.bye("interrupted")
        return 130


def run_screen(client: Client, welcome: Welcome, lang: str, auto_pass: bool = False) -> int:
    from user_agent.tui.app import ConsoleApp
    from user_agent.tui.source import WireSource

    source = WireSource(client, welcome)
    app = ConsoleApp(source, lang, pass_switch=auto_pass)
    try:
        code = app.run()
    finally:
        source.close()
    if source.failure is not None:
        return failed(client.failure or ClientError(source.failure), client.give_up)
    return code or 0


def failed(exc: ClientError, give_up: float) -> int:
    """One `error:` line for a connection that cannot go on; 4 when it gave up, else 3."""
    if exc.code == GIVE_UP:
        print(f"error: {exc} (--give-up {give_up:g}; 0: retry forever)", file=sys.stderr)
        return EXIT_GAVE_UP
    print(f"error: {exc}", file=sys.stderr)
    return EXIT_FAILED
