"""A spectator's view of one table in order, from the start, even when it joins mid-game.

The spectator stream (XPUB) only carries what is published after the subscription. Every
event on it has a seq (the table's spectator events are numbered from 0 without gaps), so a
spectator that hears seq 40 first asks the server (its ROUTER endpoint) for the events up to 39
with `spectate{table, last_seq}` and merges both sources by seq (`InOrder`): the public table
(names, generals, HP, equipment) is there at once, not a stream that starts with unnamed
seats. The catch-up is public information only; no seat or token is involved.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import zmq

from protocol.codec import decode_frame, encode
from protocol.errors import ProtocolError
from protocol.messages import Error, EventMsg, Message, Moved, Spectate, Spectated
from protocol.version import PROTOCOL_VERSION
from user_agent.client import MAX_MOVES

Setup = Callable[[zmq.Socket[bytes]], None]


class CatchUpError(Exception):
    """The server refused or did not answer a catch-up."""


class InOrder:
    """Events from the stream and from a catch-up, handed on in seq order exactly once."""

    def __init__(self) -> None:
        self.next = 0  # the seq of the next event to hand on
        self.ahead: dict[int, EventMsg] = {}  # heard, waiting for earlier ones

    def add(self, msg: EventMsg) -> list[EventMsg]:
        """-> the events that are now in order (none while a gap is open)."""
        if msg.seq < self.next:
            return []  # already handed on (heard from both sources)
        self.ahead[msg.seq] = msg
        out: list[EventMsg] = []
        while self.next in self.ahead:
            out.append(self.ahead.pop(self.next))
            self.next += 1
        return out

    @property
    def missing(self) -> int:
        """The last seq that must be caught up (-1: nothing is missing)."""
        return min(self.ahead) - 1 if self.ahead else -1


def catch_up(
    server: str,
    table: str,
    last_seq: int = -1,
    *,
    after: int = -1,
    timeout: float = 5.0,
    setup: Setup | None = None,
) -> list[EventMsg]:
    """The table's public events with seq in `after+1 .. last_seq` (at least), asked of the
    server's ROUTER endpoint. Raises CatchUpError when the server refuses or is silent."""
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
    if setup is not None:
        setup(sock)
    try:
        sock.connect(server)
        sock.send(encode(Spectate(PROTOCOL_VERSION, table, after)))
        events: list[EventMsg] = []
        end = time.monotonic() + timeout
        moves = 0
        pending: list[Message] = []  # the rest of the last frame (protocol 5: several)
        while True:
            if not pending:
                left = end - time.monotonic()
                if left <= 0 or not sock.poll(int(left * 1000), zmq.POLLIN):
                    raise CatchUpError(f"{server} did not answer the catch-up within {timeout:g} s")
                try:
                    pending = decode_frame(sock.recv())
                except ProtocolError as exc:
                    raise CatchUpError(f"the catch-up sent an undecodable message: {exc}") from None
                pending.reverse()
            msg = pending.pop()
            if isinstance(msg, EventMsg):
                events.append(msg)
            elif isinstance(msg, Spectated):
                if msg.last_seq < last_seq:
                    raise CatchUpError(f"the server holds events up to {msg.last_seq} only")
                return events
            elif isinstance(msg, Moved) and moves < MAX_MOVES and not events:
                # the table is served by a lobby's worker: ask there
                moves += 1
                pending.clear()
                sock.close(0)
                sock = ctx.socket(zmq.DEALER)
                sock.setsockopt(zmq.LINGER, 0)
                sock.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
                if setup is not None:
                    setup(sock)
                sock.connect(msg.endpoint)
                sock.send(encode(Spectate(PROTOCOL_VERSION, table, after)))
            elif isinstance(msg, Error):
                raise CatchUpError(f"{msg.code}: {msg.message}")
    except zmq.ZMQError as exc:
        raise CatchUpError(f"cannot reach {server}: {exc}") from None
    finally:
        sock.close(0)
