"""`sgs web`: the browser client. A user agent like the consoles: it speaks the project's
protocol to a game agent over ZeroMQ and serves browsers over HTTP and WebSocket on loopback
(docs/web.md says how to put it behind TLS).

    sgs web --connect tcp://127.0.0.1:5555 [--watch tcp://127.0.0.1:5556] [--replays logs/]
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
from pathlib import Path

import structlog

from sgs.commands.bot import add_curve_options, curve_setup
from sgs.errors import UsageError
from sgs.options import check_endpoint

log = structlog.get_logger("sgs.web")
DEFAULT_BIND = "127.0.0.1:8080"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("web", help="serve the browser client of a game agent")
    p.add_argument("--connect", required=True, metavar="ADDR", help="the game agent's endpoint")
    p.add_argument(
        "--watch",
        default=None,
        metavar="ADDR",
        help="the game agent's spectator endpoint (what `sgs watch --connect` takes): lets "
        "pages watch tables",
    )
    p.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="HOST:PORT",
        help=f"where browsers connect (default {DEFAULT_BIND}; port 0: any free port)",
    )
    p.add_argument(
        "--replays", default=None, metavar="DIR", help="a directory of logs pages may replay"
    )
    p.add_argument("--lang", choices=("en", "zh"), default="en", help="the pages' language")
    p.add_argument("--max-sessions", type=int, default=64, help="pages served at once (default 64)")
    add_curve_options(p)
    p.set_defaults(run=run)


def parse_bind(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) < 65536:
        raise UsageError(f"--bind {text!r}: expected HOST:PORT, e.g. {DEFAULT_BIND}")
    host = host.strip("[]") or "127.0.0.1"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host != "localhost":
            raise UsageError(f"--bind {text!r}: the host must be an IP address") from None
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    for endpoint in (args.connect, args.watch):
        if endpoint is not None and check_endpoint(endpoint):
            return 2
    host, port = parse_bind(args.bind)
    replays = Path(args.replays) if args.replays else None
    if replays is not None and not replays.is_dir():
        raise UsageError(f"--replays {args.replays}: not a directory")
    if not 1 <= args.max_sessions <= 10_000:
        raise UsageError("--max-sessions must be 1 to 10000")
    from user_agent.web.server import Gateway

    gateway = Gateway(
        args.connect,
        pub=args.watch,
        replays=replays,
        lang=args.lang,
        setup=curve_setup(args),
        max_sessions=args.max_sessions,
    )
    try:
        asyncio.run(serve(gateway, host, port))
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return 0


async def serve(gateway: object, host: str, port: int) -> None:
    from aiohttp import web

    from user_agent.web.server import Gateway

    assert isinstance(gateway, Gateway)
    runner = web.AppRunner(gateway.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = runner.addresses[0]
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else str(bound[0])
    print(f"web: http://{shown}:{bound[1]}/ (the game agent: {gateway.endpoint})", flush=True)
    if host not in ("127.0.0.1", "::1", "localhost"):
        print("web: warning: not on loopback; put it behind TLS (docs/web.md)", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
