"""Where a full-screen console gets its game from: a `Source` gives events and requests of one
seat (or of a spectator) and takes answers.

Three implementations:

- `LocalSource`: a `game_agent.engine.Game` in this process, bots on every other seat (like
  `sgs.runner.drive`); tests and offline play use it.
- `WireSource`: a `user_agent.client.Client` connected to a served table (`sgs play`).
- `SpectatorSource`: the public XPUB stream of `sgs serve` (`sgs watch`).

`poll()` never blocks: the app calls it from a timer on Textual's event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import structlog
import zmq

from game_agent.engine import Game, RequestSpec, view_for
from game_agent.games import load
from protocol.choices import Choice, check_choice
from protocol.codec import decode
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, RequestMsg, Welcome
from user_agent.bot import Bot
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


# --- in process -------------------------------------------------------------------------------


def open_requests(game: Game) -> list[RequestSpec]:
    """Every request open now: `Game.open` when the engine keeps several (one per seat at
    most), else the one pending."""
    many = getattr(game, "open", None)
    if isinstance(many, list):
        return [r for r in many if isinstance(r, RequestSpec)]
    return [] if game.pending is None else [game.pending]


class LocalSource:
    """A game run here: `seat` is the human's, `bots[s]` answers every other seat `s`.

    `deadline` (seconds, 0 = none) is shown as the human's countdown; when it passes, the
    request's default is applied as a timeout, as a server would."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: Sequence[Bot | None],
        deadline: float = 0.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        steps_per_poll: int = 200,
    ) -> None:
        self.engine = game
        self.game = game.ruleset.name
        self.seat = seat
        self.seats = game.seats
        self.bots = bots
        self.deadline = deadline
        self.clock = clock
        self.steps_per_poll = steps_per_poll
        self._sent = 0  # events of `engine.events` already delivered (or skipped)
        self._asked: RequestSpec | None = None  # the human's open request, once delivered
        self._asked_at = 0.0
        self._ended = False
        self._started = False

    @classmethod
    def new(
        cls,
        game_name: str,
        config: Mapping[str, Any],
        seed: int,
        seat: int,
        bot_specs: Sequence[str] = ("random",),
        deadline: float = 0.0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> LocalSource:
        from sgs.runner import make_bots

        game = Game(load(game_name), config, seed)
        bots: list[Bot | None] = list(make_bots(game_name, bot_specs, game.seats, seed))
        if 0 <= seat < game.seats:
            bots[seat] = None
        return cls(game, seat, bots, deadline, clock=clock)

    def _events(self) -> list[Item]:
        out: list[Item] = []
        events = self.engine.events
        while self._sent < len(events):
            ev = events[self._sent]
            self._sent += 1
            for bot in self.bots:
                if bot is not None:
                    data = view_for(ev, bot.seat)
                    if data is not None:
                        bot.on_event(ev.kind, data)
            data = view_for(ev, self.seat)
            if data is not None:
                out.append(EventItem(self._sent - 1, ev.kind, data))
        return out

    def poll(self) -> list[Item]:
        out: list[Item] = []
        try:
            self._advance(out)
        except Exception as exc:  # a bot or the engine failed: show it, keep what happened
            log.exception("the game stopped")
            out.extend(self._events())
            self._ended = True
            out.append(EndItem(f"the game stopped: {exc}"))
        return out

    def _advance(self, out: list[Item]) -> None:
        if self._ended:
            return
        if not self._started:
            self._started = True
            self.engine.start()
        for _ in range(self.steps_per_poll):
            out.extend(self._events())
            if self.engine.finished:
                break
            mine = None
            moved = False
            for req in open_requests(self.engine):
                if req.seat == self.seat:
                    mine = req
                    continue
                bot = self.bots[req.seat]
                if bot is None:
                    continue
                self._resume(req, bot.decide(req, bot.view))
                moved = True
                break
            if moved:
                continue
            if mine is not None and mine is not self._asked:
                self._asked = mine
                self._asked_at = self.clock()
                out.append(RequestItem(mine, self.deadline))
            elif (
                mine is not None
                and self.deadline > 0
                and self.clock() - self._asked_at >= self.deadline
            ):
                out.append(NoticeItem("the deadline passed", "deadline", mine.id))
                self._resume(mine, mine.default, timeout=True)
                continue
            break
        out.extend(self._events())
        if self.engine.finished and not self._ended:
            self._ended = True
            out.append(EndItem("game over"))

    def _resume(self, req: RequestSpec, choice: Choice, timeout: bool = False) -> None:
        if req is self.engine.pending:
            self.engine.resume(choice, timeout=timeout)
        else:  # one of several open requests: the engine answers it by its seat
            self.engine.resume(choice, seat=req.seat, timeout=timeout)

    def answer(self, request_id: int, choice: Choice) -> None:
        req = self._asked
        if req is None or req.id != request_id:
            return
        reason = check_choice(req, choice)
        if reason is not None:
            raise ValueError(reason)
        self._asked = None
        self._resume(req, choice)

    def close(self) -> None:
        return None


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
                msg = decode(frames[1])
            except ProtocolError as exc:
                out.append(NoticeItem(f"undecodable message: {exc}"))
                continue
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
                break
        return out

    def answer(self, request_id: int, choice: Choice) -> None:
        return None

    def close(self) -> None:
        self.sub.close(0)
