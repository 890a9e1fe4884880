"""`sgs status`: ask a game agent for its tables and lobby queues, and print them."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

import zmq

from protocol.codec import decode_frame, encode
from protocol.errors import ProtocolError
from protocol.messages import Error, Status, Tables
from protocol.version import PROTOCOL_VERSION
from sgs.commands.bot import add_curve_options, curve_setup
from sgs.errors import UsageError
from sgs.options import check_endpoint
from user_agent.client import SocketSetup

TABLE_COLUMNS = ("name", "game", "mode", "seats", "seated", "state", "decisions")
QUEUE_COLUMNS = ("game", "mode", "players", "waiting", "needed")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("status", help="show a server's tables and lobby queues")
    p.add_argument("--connect", required=True, metavar="ADDR", help="the server's endpoint")
    p.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    p.add_argument(
        "--timeout", type=float, default=5.0, help="seconds to wait for the answer (default 5)"
    )
    add_curve_options(p)
    p.set_defaults(run=run)


def ask(
    endpoint: str,
    timeout: float = 5.0,
    setup: SocketSetup | None = None,
    context: zmq.Context[zmq.Socket[bytes]] | None = None,
) -> Tables:
    """Send `status` and return the server's `tables` answer; raises `ProtocolError` with the
    server's error code if it refuses, TimeoutError if it does not answer in time."""
    ctx = context or zmq.Context.instance()
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    try:
        if setup is not None:
            setup(sock)
        sock.connect(endpoint)
        sock.send(encode(Status(PROTOCOL_VERSION)))
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            if not sock.poll(int(left * 1000) + 1, zmq.POLLIN):
                break
            for msg in decode_frame(sock.recv()):
                if isinstance(msg, Tables):
                    return msg
                if isinstance(msg, Error):
                    raise ProtocolError(msg.code, msg.message)
        raise TimeoutError(f"no answer from {endpoint} in {timeout:g} s")
    finally:
        sock.close(0)


def run(args: argparse.Namespace) -> int:
    check_endpoint(args.connect)
    try:
        answer = ask(args.connect, args.timeout, curve_setup(args))
    except zmq.ZMQError as exc:
        raise UsageError(f"cannot connect to {args.connect}: {exc}") from None
    except TimeoutError as exc:  # the server is down or slow: not a usage error, exit 1
        raise UsageError(str(exc), exit_code=1) from None
    except ProtocolError as exc:
        raise UsageError(f"the server refused: {exc}", exit_code=1) from None
    if args.json:
        print(json.dumps({"tables": answer.tables, "queues": answer.queues}, sort_keys=True))
        return 0
    for line in render(answer):
        print(line)
    return 0


def render(answer: Tables) -> list[str]:
    """The answer as two aligned text tables."""
    lines = [f"tables: {len(answer.tables)}"]
    if answer.tables:
        lines += grid(answer.tables, TABLE_COLUMNS)
    lines.append(f"queues: {len(answer.queues)}")
    if answer.queues:
        lines += grid(answer.queues, QUEUE_COLUMNS)
    return lines


def grid(rows: Sequence[dict[str, Any]], known: Sequence[str]) -> list[str]:
    """Rows as aligned columns: the known ones first, then any others the server sent."""
    columns = [c for c in known if any(c in r for r in rows)]
    for row in rows:
        columns += [k for k in row if k not in columns]
    cells = [[cell(row.get(c)) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    out = ["  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    for r in cells:
        out.append("  " + "  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip())
    return out


def cell(value: Any) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, list | dict):
        return json.dumps(value, sort_keys=True)
    return str(value)
