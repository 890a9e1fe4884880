"""Where a full-screen console gets its game from: a `Source` gives events and requests of one
seat (or of a spectator) and takes answers.

Three implementations:

- `sgs.offline.LocalSource`: a game in this process, bots on every other seat (offline play and
  tests; it lives in `sgs/`, the one package that may run the engine and the client together).
- `WireSource`: a `user_agent.client.Client` connected to a served table (`sgs play`).
- `SpectatorSource`: the public XPUB stream of `sgs serve` (`sgs watch`).

`poll()` never blocks: the app calls it from a timer on Textual's event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import structlog
import zmq

from protocol.choices import Choice, RequestSpec
from protocol.codec import decode_frame
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, Message, RequestMsg, Welcome
from user_agent.spectator import CatchUpError, InOrder, catch_up

log = structlog.get_logger("sgs.tui")


@dataclass(frozen=True)
class EventItem:
    seq: int
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True)
class RequestItem:
    request: RequestSpec
    deadline: float  # seconds left when it arrived (0: none)


@dataclass(frozen=True)
class NoticeItem:
    text: str
    code: str = ""
    ref: int = -1


@dataclass(frozen=True)
class ResetItem:
    """Forget everything folded so far: the events come again from seq 0."""


@dataclass(frozen=True)
class EndItem:
    reason: str


Item = EventItem | RequestItem | NoticeItem | ResetItem | EndItem


class Source(Protocol):
    game: str  # the ruleset's name
    seat: int  # the seat played, -1 for a spectator
    seats: int

    def poll(self) -> list[Item]:
        """Whatever arrived since the last call (never blocks)."""
        ...

    def answer(self, request_id: int, choice: Choice) -> None:
        """Reply to this seat's request `request_id`."""
        ...

    def close(self) -> None: ...


# --- over the wire ----------------------------------------------------------------------------


class WireSource:
    """One seat of a served table through `user_agent.client.Client` (connected already)."""

    def __init__(self, client: Any, welcome: Welcome) -> None:
        self.client = client
        self.game = welcome.game
        self.seat = welcome.seat
        self.seats = welcome.seats
        self.table = welcome.table
        self.failure: str | None = None
        self._ended = False

    def poll(self) -> list[Item]:
        if self._ended:
            return []
        from user_agent.client import REWOUND, ClientError

        out: list[Item] = []
        try:
            msgs = self.client.poll(0.0)
        except ClientError as exc:
            self.failure = str(exc)
            self._ended = True
            return [EndItem(f"connection lost: {exc}")]
        for msg in msgs:
            if isinstance(msg, EventMsg):
                out.append(EventItem(msg.seq, msg.kind, msg.data))
            elif isinstance(msg, RequestMsg):
                try:
                    spec = RequestSpec(**msg.request)
                except TypeError:
                    out.append(NoticeItem("the server sent a malformed request"))
                    continue
                out.append(RequestItem(spec, msg.deadline))
            elif isinstance(msg, Error):
                if msg.code == REWOUND:
                    out.append(ResetItem())
                out.append(NoticeItem(msg.message, msg.code, msg.ref))
            elif isinstance(msg, Bye):
                self._ended = True
                out.append(EndItem(msg.reason))
        return out

    def answer(self, request_id: int, choice: Choice) -> None:
        self.client.reply(request_id, choice)

    def close(self) -> None:
        try:
            self.client.bye("console closed")
        except Exception as exc:  # closing must not fail the exit
            log.debug("bye failed", reason=str(exc))


class SpectatorSource:
    """The public stream of a served table: frames (topic, message) from an XPUB socket.

    Follows `table`, or the first table heard of when None (as `sgs watch` does)."""

    RESUBSCRIBE = 1.0

    def __init__(
        self,
        sub: zmq.Socket[bytes],
        table: str | None,
        server: str | None = None,
        setup: Callable[[zmq.Socket[bytes]], None] | None = None,
    ) -> None:
        self.sub = sub
        self.table = table
        self.server = server  # the table's agent endpoint: where to catch up missed events
        self.setup = setup
        self.game = ""
        self.seat = -1
        self.seats = 0
        self._heard = False
        self._resubscribed = time.monotonic()
        self._ended = False
        self._held: list[Item] = []
        self.order: InOrder | None = InOrder() if server else None

    def _catch_up(self, last_seq: int) -> list[Item]:
        """Ask the server for the public events up to `last_seq` not handed on yet (all it
        holds when -1); a refusal is a notice, and the stream goes on without them."""
        order = self.order
        if order is None or self.server is None or self.table is None:
            return []
        try:
            old = catch_up(
                self.server, self.table, last_seq, after=order.next - 1, setup=self.setup
            )
        except CatchUpError as exc:
            self.order = None  # no catch-up: hand on what the stream brings
            return [NoticeItem(f"no catch-up of the events before you came: {exc}")]
        out: list[Item] = []
        for msg in old:
            out.extend(EventItem(m.seq, m.kind, m.data) for m in order.add(msg))
        return out

    def wait_game(self, timeout: float) -> bool:
        """Block until the followed table's welcome says which game it is (events heard before
        are kept for the first `poll`); False when `timeout` seconds pass first."""
        end = time.monotonic() + timeout
        while not self.game and not self._ended:
            left = end - time.monotonic()
            if left <= 0:
                return False
            self.sub.poll(int(min(left, self.RESUBSCRIBE / 2) * 1000), zmq.POLLIN)
            self._held.extend(self._read())
        if self.game:
            self._held.extend(self._catch_up(-1))
        return bool(self.game)

    def poll(self) -> list[Item]:
        held, self._held = self._held, []
        return held + self._read()

    def _read(self) -> list[Item]:
        out: list[Item] = []
        if self._ended:
            return out
        now = time.monotonic()
        if not self._heard and self.table and now - self._resubscribed >= self.RESUBSCRIBE:
            topic = self.table.encode()
            self.sub.setsockopt(zmq.UNSUBSCRIBE, topic)
            self.sub.setsockopt(zmq.SUBSCRIBE, topic)
            self._resubscribed = now
        for _ in range(500):
            try:
                frames = self.sub.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                break
            if len(frames) != 2:
                continue
            topic = frames[0]
            if self.table is None:
                self.table = topic.decode(errors="replace")
                if topic:
                    self.sub.setsockopt(zmq.SUBSCRIBE, topic)
                    self.sub.setsockopt(zmq.UNSUBSCRIBE, b"")
            if topic != self.table.encode():
                continue
            self._heard = True
            try:
                msgs = decode_frame(frames[1])  # protocol 5: a frame may hold several
            except ProtocolError as exc:
                out.append(NoticeItem(f"undecodable message: {exc}"))
                continue
            if self._frame(msgs, out):
                break
        return out

    def _frame(self, msgs: list[Message], out: list[Item]) -> bool:
        """One frame's messages -> items; True once the table's stream ended (a bye)."""
        for msg in msgs:
            if isinstance(msg, Welcome):
                if not self.game:
                    self.game, self.seats = msg.game, msg.seats
            elif isinstance(msg, EventMsg):
                if self.order is None:
                    out.append(EventItem(msg.seq, msg.kind, msg.data))
                    continue
                out.extend(EventItem(m.seq, m.kind, m.data) for m in self.order.add(msg))
                if self.order.missing >= 0:  # a gap: ask for it (blocks a moment, rarely)
                    out.extend(self._catch_up(self.order.missing))
            elif isinstance(msg, Bye):
                self._ended = True
                out.append(EndItem(msg.reason))
                return True
        return False

    def answer(self, request_id: int, choice: Choice) -> None:
        return None

    def close(self) -> None:
        self.sub.close(0)
