"""`sgs watch`: follow a table's public spectator stream (the PUB endpoint `sgs serve` prints)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import zmq

from protocol.codec import decode
from protocol.errors import ProtocolError
from protocol.messages import Bye, EventMsg, Welcome
from protocol.registry import Renderer, get_schema


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("watch", help="watch a table's public event stream")
    p.add_argument("--connect", required=True, metavar="ADDR", help="the spectator endpoint")
    p.add_argument("--record", default=None, metavar="FILE", help="also write events here")
    p.add_argument(
        "--idle", type=float, default=30.0, help="stop after this long without a message"
    )
    p.set_defaults(run=run)


def say(line: str) -> None:
    print(line, flush=True)


def run(args: argparse.Namespace) -> int:
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
    sub.connect(args.connect)
    record = open(args.record, "a", encoding="utf-8") if args.record else None  # noqa: SIM115
    line: Renderer | None = None
    last = time.monotonic()
    try:
        while True:
            if not sub.poll(500, zmq.POLLIN):
                if time.monotonic() - last > args.idle:
                    print(f"error: nothing heard for {args.idle:g} s", file=sys.stderr)
                    return 1
                continue
            last = time.monotonic()
            try:
                msg = decode(sub.recv())
            except ProtocolError as exc:
                say(f"! undecodable message: {exc}")
                continue
            if isinstance(msg, Welcome) and line is None:
                try:
                    line = get_schema(msg.game).renderer()
                except ProtocolError:
                    line = None
                say(f"watching {msg.game} ({msg.seats} seats), table {msg.table!r}")
            elif isinstance(msg, EventMsg):
                say(f"[{msg.seq}] {render(line, msg.kind, msg.data)}")
                if record is not None:
                    item = {"t": "event", "seq": msg.seq, "kind": msg.kind, "data": msg.data}
                    record.write(json.dumps(item, sort_keys=True) + "\n")
                    record.flush()
            elif isinstance(msg, Bye):
                say(f"the table closed ({msg.reason})")
                return 0
    except KeyboardInterrupt:
        return 130
    finally:
        sub.close()
        if record is not None:
            record.close()


def render(line: Renderer | None, kind: str, data: dict[str, Any]) -> str:
    if line is not None:
        try:
            return line(kind, data)
        except Exception:  # presentation only: never stop watching over a renderer bug
            pass
    return f"{kind} " + " ".join(f"{k}={v}" for k, v in data.items())
