"""`sgs watch`: follow a table's public spectator stream (the XPUB endpoint `sgs serve` prints).

On a terminal (stdin and stdout both TTYs) the stream is shown full-screen: the table's seat
panels and the event log (`user_agent.tui`, docs/console.md); `--plain`, or output that is not
a terminal, prints one line per event.

Every published message is two frames: the table's name (UTF-8), then one msgpack message. The
server accepts only subscriptions to an existing table's name, or "" for every table. With
`--table NAME` we subscribe to NAME; without it, to "" and we follow the first table we hear of.
ZeroMQ matches topics by prefix (a subscription to "t1" also gets "t10"), so frames whose topic
is not exactly the followed table's are dropped here. A subscription to a table that does not
exist yet (a lobby table not opened yet) is dropped by the server, so while the table is silent
the subscription is sent again every `RESUBSCRIBE` seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import zmq

from protocol.codec import decode_frame
from protocol.errors import ProtocolError
from protocol.messages import Bye, EventMsg, Welcome
from sgs.commands.bot import add_curve_options, curve_setup
from sgs.commands.play import add_screen_options, full_screen
from sgs.options import check_endpoint
from user_agent.spectator import CatchUpError, InOrder, catch_up
from user_agent.words.narrate import Narrator
from user_agent.words.text import event_line

RESUBSCRIBE = 1.0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("watch", help="watch a table's public event stream")
    p.add_argument("--connect", required=True, metavar="ADDR", help="the spectator endpoint")
    p.add_argument(
        "--table",
        default=None,
        metavar="NAME",
        help="the table to watch (default: the first table heard of)",
    )
    p.add_argument(
        "--server",
        default=None,
        metavar="ADDR",
        help="the table's agent endpoint (what sgs play --connect takes), asked for the "
        "events before you came (as `sgs serve` prints it)",
    )
    p.add_argument("--record", default=None, metavar="FILE", help="also write events here")
    p.add_argument(
        "--idle", type=float, default=30.0, help="stop after this long without a message"
    )
    add_curve_options(p)
    add_screen_options(p)
    p.set_defaults(run=run)


def say(line: str) -> None:
    print(line, flush=True)


class Follow:
    """Which table's frames to show: `name` (None until the first frame, without --table)."""

    def __init__(self, sub: zmq.Socket[bytes], name: str | None) -> None:
        self.sub = sub
        self.name = name

    def resubscribe(self) -> None:
        """Send the subscription again (the server dropped it if the table did not exist)."""
        if self.name:
            topic = self.name.encode()
            self.sub.setsockopt(zmq.UNSUBSCRIBE, topic)
            self.sub.setsockopt(zmq.SUBSCRIBE, topic)

    def accept(self, topic: bytes) -> bool:
        if self.name is None:
            self.name = topic.decode(errors="replace")
            say(f"following table {self.name!r} (the first one heard of; --table NAME chooses)")
            if topic:  # from now on, only this table's frames (prefix matches are still cut)
                self.sub.setsockopt(zmq.SUBSCRIBE, topic)
                self.sub.setsockopt(zmq.UNSUBSCRIBE, b"")
        return topic == self.name.encode()


def run(args: argparse.Namespace) -> int:
    if check_endpoint(args.connect):
        return 2
    setup = curve_setup(args)
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, (args.table or "").encode())
    sub.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
    if setup is not None:
        setup(sub)
    try:
        sub.connect(args.connect)
    except zmq.ZMQError as exc:
        sub.close(0)
        print(f"error: cannot connect to {args.connect}: {exc}", file=sys.stderr)
        return 2
    if full_screen(args) and args.record is None:
        return run_screen(sub, args, setup)
    follow = Follow(sub, args.table)
    record = open(args.record, "a", encoding="utf-8") if args.record else None  # noqa: SIM115
    narrator: Narrator | None = None
    order = InOrder() if args.server else None  # with --server: catch up on what came before
    welcomed = False
    backlog: list[EventMsg] = []

    def show(events: list[EventMsg]) -> None:
        for ev in events:
            say(f"[{ev.seq}] {tell(narrator, ev.kind, ev.data)}")
            if record is not None:
                item = {"t": "event", "seq": ev.seq, "kind": ev.kind, "data": ev.data}
                record.write(json.dumps(item, sort_keys=True) + "\n")
                record.flush()

    last = resubscribed = time.monotonic()
    heard = False  # anything from the followed table yet
    try:
        while True:
            now = time.monotonic()
            if not heard and now - max(last, resubscribed) >= RESUBSCRIBE:
                follow.resubscribe()
                resubscribed = now
            if not sub.poll(int(RESUBSCRIBE * 500), zmq.POLLIN):
                if time.monotonic() - last > args.idle:
                    print(f"error: nothing heard for {args.idle:g} s", file=sys.stderr)
                    return 1
                continue
            frames = sub.recv_multipart()
            if len(frames) != 2:
                say(f"! a message of {len(frames)} frames (expected topic + message): skipped")
                continue
            if not follow.accept(frames[0]):
                continue  # another table (a prefix match, or frames before our choice)
            last = time.monotonic()
            heard = True
            try:
                msgs = decode_frame(frames[1])  # protocol 5: one or more
            except ProtocolError as exc:
                say(f"! undecodable message: {exc}")
                continue
            for msg in msgs:
                if isinstance(msg, Welcome) and not welcomed:
                    welcomed = True
                    narrator = Narrator(msg.game, msg.seats, args.lang)
                    say(f"watching {msg.game} ({msg.seats} seats), table {msg.table!r}")
                    show(backlog)
                    backlog = []
                elif isinstance(msg, EventMsg):
                    events = [msg]
                    if order is not None:
                        events = order.add(msg)
                        if order.missing >= 0:
                            events += caught_up(order, args.server, follow.name or "", setup)
                            if order.missing >= 0:  # the catch-up failed: go on from here
                                events += [order.ahead.pop(k) for k in sorted(order.ahead)]
                                order = None
                    if welcomed:
                        show(events)
                    else:  # the game's name comes with the stream's welcome (every heartbeat)
                        backlog += events
                elif isinstance(msg, Bye):
                    show(backlog)
                    say(f"the table closed ({msg.reason})")
                    return 0
    except KeyboardInterrupt:
        return 130
    finally:
        sub.close()
        if record is not None:
            record.close()


def run_screen(
    sub: zmq.Socket[bytes],
    args: argparse.Namespace,
    setup: Callable[[zmq.Socket[bytes]], None] | None,
) -> int:
    """The full-screen spectator view (the socket is connected and subscribed)."""
    from user_agent.tui.app import ConsoleApp
    from user_agent.tui.source import SpectatorSource

    if args.server and check_endpoint(args.server):
        return 2
    source = SpectatorSource(sub, args.table, args.server, setup)
    try:
        if not source.wait_game(args.idle):
            print(f"error: nothing heard for {args.idle:g} s", file=sys.stderr)
            return 1
        code = ConsoleApp(source, args.lang).run()
    except KeyboardInterrupt:
        return 130
    finally:
        source.close()
    return code or 0


def caught_up(
    order: InOrder, server: str, table: str, setup: Callable[[zmq.Socket[bytes]], None] | None
) -> list[EventMsg]:
    """The events before the first one heard, asked of the server, now in order."""
    try:
        old = catch_up(server, table, order.missing, after=order.next - 1, setup=setup)
    except CatchUpError as exc:
        say(f"! could not catch up on the events before seq {order.missing + 1}: {exc}")
        return []
    out: list[EventMsg] = []
    for ev in old:
        out += order.add(ev)
    return out


def tell(narrator: Narrator | None, kind: str, data: dict[str, Any]) -> str:
    """An event in a sentence (the narrator), else plainly (`kind key=value`)."""
    if narrator is not None and narrator.knows(kind):
        try:
            text = narrator.event(kind, data)
        except Exception:  # presentation only: never stop watching over a narration bug
            text = None
        if text is not None:
            return text
    return event_line(kind, data)
