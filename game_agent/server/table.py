"""One table: a `Game`, its seats, its log, its deadlines and its fan-out. No sockets.

The `Server` (server.py) owns the sockets and the loop, proves who holds which seat, and hands
a table the messages of its seated sessions. A table answers by appending `(identity, bytes)`
to its `outbox` (identity None = the spectator stream); the server flushes the table's log
*before* it sends the outbox, so an agent never holds an event the log could lose when the
process dies.

Record order in the log is the in-process runner's: a step's events, then the requests it asked
(in issue order), then each decision as it arrives. Events reach agents only through `Fanout`
(per-seat `view_for`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import structlog

from game_agent.engine import Choice, Game, RequestSpec, Step
from game_agent.server.admission import UNPROVEN_SECONDS
from game_agent.server.deadlines import Deadline, deadline_for
from game_agent.server.fanout import Fanout
from game_agent.server.seats import Seat, Seats
from protocol.choices import check_choice
from protocol.codec import encode
from protocol.messages import Bye, Error, Heartbeat, Reply, RequestMsg, Resync, Welcome
from protocol.version import PROTOCOL_VERSION
from replays import LogWriter

log = structlog.get_logger("sgs.server")

RESYNC_EVENTS_PER_TOKEN = 50  # a resync costs one rate-limit token per this many events replayed


@dataclass
class TableOptions:
    deadline: float = 30.0  # seconds per decision; 0 = none
    heartbeat: float = 1.0
    liveness: float = 5.0  # silence after which an agent is marked disconnected
    linger: float = 3.0  # after the game: how long to wait for every agent's bye
    fill_timeout: float = 0.0  # give up waiting for the seats after this long; 0 = wait
    # A playing table none of whose seats is present is paused (its clocks stop: defaults at
    # once for everyone would only spin the game); after this long it is abandoned. 0 = never.
    abandon_after: float = 300.0
    # A concealed response window's request (`RequestSpec.window`) is held open at least this
    # long: a reply or default that comes sooner is applied only then, so the window's close,
    # as every other seat observes it, says nothing of who could answer (docs/wire.md,
    # "Response windows on tables with people"). 0 = no hold (bot-only tables, simulation).
    window_min: float = 0.0


# A table's life: waiting for its seats (at the start or after a resume), playing, then
# lingering for the agents' bye, then closed (the server forgets it).
WAITING, PLAYING, LINGERING, CLOSED = "waiting", "playing", "lingering", "closed"
# How a closed table ended (`Table.end`): its game finished; nobody proved a seat before it
# started (a lobby table: it leaves no files); nobody was at the table for `abandon_after`;
# its seats did not fill within `fill_timeout` (one-table `sgs serve`).
FINISHED, DISSOLVED, ABANDONED, UNFILLED = "finished", "dissolved", "abandoned", "unfilled"


@dataclass
class Parked:
    """A decision on a window's request that came before the window's minimum duration: it is
    applied at `at` (`TableOptions.window_min` after the request was asked)."""

    at: float
    req: RequestSpec
    choice: Choice
    timeout: bool
    due: float | None


@dataclass
class Held:
    """A reply to a request asked together that is not the earliest open one: it waits until
    the earlier ones are answered, so that decisions reach the game (and the log) in issue
    order whatever order they arrive in."""

    choice: Choice
    timeout: bool
    due: float | None  # the decision's deadline when it arrived


class Table:
    def __init__(
        self,
        name: str,
        game: Game,
        seats: Seats,
        writer: LogWriter | None,
        options: TableOptions,
        *,
        files: Callable[[Table], LogWriter] | None = None,
        log_path: str = "",
        mode: str = "",
        resumed: bool = False,
        epoch: int = 0,
    ) -> None:
        if len(seats) != game.seats:
            raise ValueError(f"the game has {game.seats} seats, got {len(seats)} tokens")
        self.name = name
        self.topic = name.encode()
        self.game = game
        self.seats = seats
        # The log. A lobby table gets its files only when it starts playing (`files`), so a
        # table that dissolves unplayed leaves nothing on disk.
        self.writer = writer
        self.files = files
        if writer is None and files is None:
            raise ValueError("a table needs a log writer, or a way to open its files")
        self.opts = options
        self.log_path = log_path
        self.mode = mode
        self.resumed = resumed
        self.epoch = epoch
        self.state = WAITING if not game.finished else LINGERING
        self.fanout = Fanout(game.seats)
        # One deadline per open request, by seat (a seat has at most one open request; several
        # seats are asked at once when a settlement asks them together).
        self.deadlines: dict[int, Deadline] = {}
        self.outbox: list[tuple[bytes | None, bytes]] = []
        self.poke = True  # something changed that `tick` must look at now
        self.answered_at: list[float] = []  # when each decision's reply arrived, until sent on
        self.dirty = False  # the log holds records not yet flushed to the OS
        self.log = log.bind(table=name, game=game.ruleset.name)
        # Where refusals are logged (the server sets its rate-limited log).
        self.refusal_hook: Callable[[int, bytes, str, str], None] = lambda *a: None
        # Seats whose agent process is known to be gone (bots started by `sgs serve`), asked
        # once per loop turn; those seats take their defaults at once.
        self.departed: Callable[[], Iterable[int]] = lambda: ()
        self.timeouts = 0
        self.round_trips: list[float] = []  # request sent -> legal reply in, per decision
        self.asked_at: dict[int, float] = {}  # seat -> when its open request left
        self.asking: list[int] = []  # seats whose request is in the outbox (the server stamps)
        self.received_at = 0.0  # when the message being handled was read (set by the server)
        self._decided_by = -1  # the seat of the last decision, while no event followed it
        self._decision_due: float | None = None  # that decision's deadline
        self.created = time.monotonic()
        self.started_at = 0.0
        self.finished_at = 0.0
        self.linger_until = 0.0
        self._said_bye: set[int] = set()
        self.fill_failed = ""  # set when the seats did not fill in time
        # At the fill timeout: start with the missing seats taking defaults (lobby tables,
        # which must never be lost), or close the table (`sgs serve --fill-timeout`).
        self.start_anyway = False
        # A lobby table that no agent has proved a seat of within UNPROVEN_SECONDS dissolves.
        self.dissolve_unproven = False
        self.ever_claimed = False
        self.idle = False  # past its fill timeout with nobody there: waits for input only
        # Lobby admission (admission.py): seat -> the source of its agent's join, until that
        # agent proves the seat or the table starts; and every source with a seat here.
        self.unproven: dict[int, str] = {}
        self.sources: set[str] = set()
        self.end = ""  # how the table ended, once closed (FINISHED, DISSOLVED, ...)
        self.empty_since: float | None = None  # playing with no seat present since then
        self.held: dict[int, Held] = {}  # seat -> its reply waiting for earlier requests
        # seat -> when its open window request may be decided (asked + window_min), and the
        # decisions that came sooner, in arrival order (`_arrive`)
        self.not_before: dict[int, float] = {}
        self.parked: list[Parked] = []
        if resumed:
            # Number what the log already holds, as the agents received it before the crash.
            self.fanout.add(game.events)
        if game.finished:
            self.linger_until = time.monotonic() + options.linger

    # --- sessions --------------------------------------------------------------------------------

    def welcome(self, seat: int) -> bytes:
        g = self.game
        return encode(
            Welcome(
                PROTOCOL_VERSION,
                self.name,
                seat,
                g.ruleset.name,
                g.ruleset.version,
                g.seats,
                self.fanout.last_seq(seat),
                self.epoch,
            )
        )

    def claim(self, seat: Seat, identity: bytes, name: str, now: float) -> None:
        again = seat.identity is not None
        self.ever_claimed = True
        self.seats.claim(seat, identity, name, now)
        self._said_bye.discard(seat.index)
        self.poke = True
        self.log.info("agent reconnected" if again else "agent joined", seat=seat.index, name=name)
        self.outbox.append((identity, self.welcome(seat.index)))

    def heard(self, seat: Seat, now: float) -> None:
        if not seat.connected:
            self.log.info("agent heard again", seat=seat.index)
            seat.connected = True
            seat.spent = False
        seat.last_heard = now

    def gone(self, seat: Seat, now: float, why: str) -> None:
        """The seat's agent left, fell silent or lost its connection. A vanished agent costs at
        most one deadline per absence: requests keep their deadlines (a network drop may heal
        and the agent answer) until one expires while the seat is away; from then on its
        requests take their defaults at once (`_open`) until it is heard again. Without
        deadlines, or when the agent's process is known to have exited, at once from the
        start."""
        if seat.connected and why != "bye":  # a bye is logged as "agent left"
            self.log.warning("agent gone", seat=seat.index, why=why)
        seat.connected = False
        d = self.deadlines.get(seat.index)
        if d is not None and self.state == PLAYING and (d.at is None or seat.departed):
            d.at = now
        self.poke = True

    def release(self, seat: Seat) -> None:
        """The session holding the seat ended (replaced or revoked)."""
        seat.identity = None
        seat.connected = False
        seat.synced = False

    # --- input -----------------------------------------------------------------------------------

    def resync(self, seat: Seat, msg: Resync) -> float:
        """-> the rate-limit cost of the replay (in messages)."""
        last = self.fanout.last_seq(seat.index)
        assert seat.identity is not None
        if not -1 <= msg.last_seq <= last:
            self.refuse(seat.identity, seat.index, "bad_seq", f"last_seq must be in -1..{last}")
            return 0.0
        missed = self.fanout.since(seat.index, msg.last_seq)
        self.outbox.extend((seat.identity, blob) for blob in missed)
        seat.synced = True
        self.log.info("resync", seat=seat.index, after=msg.last_seq, sent=len(missed))
        d = self.deadlines.get(seat.index)
        if d is not None:
            self._send_request(seat, self._open_request(seat.index), d)
        if self.state == LINGERING and seat.index not in self._said_bye:
            self.outbox.append((seat.identity, encode(Bye("game_over"))))
        return len(missed) / RESYNC_EVENTS_PER_TOKEN

    def reply(self, seat: Seat, msg: Reply) -> None:
        assert seat.identity is not None
        if self.state == WAITING:
            why = "the table waits for every seat; the pending request will be sent again"
            self.refuse(seat.identity, seat.index, "not_started", why, ref=msg.id)
            return
        d = self.deadlines.get(seat.index)
        req = self._open_request(seat.index) if d is not None else None
        if req is None or msg.id != req.id:
            # request ids count this seat's own requests; say nothing of other seats' turns
            nxt = self.game.asked(seat.index)
            code = "stale_request" if msg.id < nxt else "unknown_request"
            why = f"request {msg.id} is not pending" + (
                f" (request {req.id} is)" if req is not None else ""
            )
            self.refuse(seat.identity, seat.index, code, why, ref=msg.id)
            return
        answered = self.received_at or time.perf_counter()
        assert d is not None
        reason = check_choice(req, msg.choice)
        if reason is not None:
            self.refuse(seat.identity, seat.index, "illegal_reply", reason, ref=msg.id)
            return
        del self.deadlines[seat.index]
        self.round_trips.append(answered - self.asked_at.get(seat.index, answered))
        self.answered_at.append(answered)
        self._arrive(req, msg.choice, False, d.at)

    def _arrive(self, req: RequestSpec, choice: Choice, timeout: bool, due: float | None) -> None:
        """A decision on `req` (a legal reply, or a deadline's default): decided now, or, for a
        window's request younger than the window's minimum, parked until then (`tick`)."""
        at = self.not_before.pop(req.seat, None)
        if at is not None and time.monotonic() < at:
            self.parked.append(Parked(at, req, choice, timeout, due))
            return
        self._decide(req, choice, timeout, due)

    def _decide(self, req: RequestSpec, choice: Choice, timeout: bool, due: float | None) -> None:
        """Apply a decision, in issue order: a reply to a request that is not the earliest open
        one (requests asked together) is held until the earlier ones are decided, so the game
        and its log see the same order however the replies raced (the in-process runner's)."""
        game = self.game
        if game.open[0] is not req:
            self.held[req.seat] = Held(choice, timeout, due)
            return
        while True:
            step = game.resume(choice, seat=req.seat, timeout=timeout)
            w = self.writer
            assert w is not None
            w.decision(game.decisions[-1])
            self._decided_by, self._decision_due = req.seat, due
            self.advance(step)
            if not game.open or game.open[0].seat not in self.held:
                return
            req = game.open[0]
            h = self.held.pop(req.seat)
            choice, timeout, due = h.choice, h.timeout, h.due

    def bye(self, seat: Seat, reason: str, now: float) -> None:
        self.log.info("agent left", seat=seat.index, reason=reason[:200])
        self._said_bye.add(seat.index)
        seat.synced = False
        self.gone(seat, now, "bye")

    def refuse(self, identity: bytes, seat: int, code: str, why: str, ref: int = -1) -> None:
        self.outbox.append((identity, encode(Error(code, why, ref))))
        self.on_refusal(seat, identity, code, why)

    def on_refusal(self, seat: int, identity: bytes, code: str, why: str) -> None:
        self.refusal_hook(seat, identity, code, why)

    # --- the game ------------------------------------------------------------------------------

    def start(self, now: float) -> None:
        """Every seat is there (or the fill timeout passed): play, or go on after a resume.
        A seat absent at the start takes its defaults at once until its agent is heard."""
        if self.writer is None:
            assert self.files is not None
            self.writer = self.files(self)
        for seat in self.seats.seats:
            if not seat.connected:
                seat.spent = True
        self.state = PLAYING
        self.started_at = time.perf_counter()
        self.log.info("all seats taken", agents=[s.name for s in self.seats.seats])
        if not self.resumed:
            self.advance(self.game.start())
        else:
            for req in self.game.open:
                self._open(req, now)

    def advance(self, step: Step) -> None:
        w = self.writer
        assert w is not None
        w.put_step(step.events, step.asked)
        self.dirty = True
        if step.events:
            self._decided_by = -1
        out = self.outbox
        for seat_index, blob in self.fanout.add(step.events):
            if seat_index < 0:
                out.append((None, blob))
                continue
            seat = self.seats[seat_index]
            if seat.identity is not None and seat.synced:
                out.append((seat.identity, blob))
        asked = step.asked
        if asked:
            now = time.monotonic()
            for req in asked:
                self._open(req, now)
        elif self.game.finished:
            self._finish()

    def _open(self, req: RequestSpec, now: float) -> None:
        seat = self.seats[req.seat]
        d = deadline_for(req.id, req.seat, now, self.opts.deadline, seat.connected)
        if req.seat == self._decided_by and self._decision_due is not None:
            # The same seat again with no event in between (a multi-step question, or `back`):
            # one deadline covers the whole decision, so stepping back cannot stall the table.
            d.at = self._decision_due
        if seat.departed or (not seat.connected and (seat.spent or d.at is None)):
            d.at = now
        self.deadlines[req.seat] = d
        if req.window and self.opts.window_min > 0:
            self.not_before[req.seat] = now + self.opts.window_min
        if seat.identity is not None and seat.synced:
            self._send_request(seat, req, d)

    def _open_request(self, seat: int) -> RequestSpec:
        for req in self.game.open:
            if req.seat == seat:
                return req
        raise AssertionError(f"seat {seat} has a deadline but no open request")

    def _send_request(self, seat: Seat, req: RequestSpec, d: Deadline) -> None:
        assert seat.identity is not None
        msg = RequestMsg(req.to_wire(), round(d.remaining(time.monotonic()), 3))
        self.outbox.append((seat.identity, encode(msg)))
        self.asking.append(seat.index)  # the server stamps `asked_at` when it has left

    def _expire(self, d: Deadline) -> None:
        req = self._open_request(d.seat)
        assert req.id == d.request_id
        del self.deadlines[d.seat]
        self.timeouts += 1
        seat = self.seats[req.seat]
        if not seat.connected:
            seat.spent = True  # its one deadline of this absence
        self.log.info(
            "deadline passed, default applied",
            seat=req.seat,
            request=req.id,
            connected=seat.connected,
        )
        if seat.identity is not None and seat.connected:
            why = (
                f"request {req.id} ({req.kind}) passed its deadline; "
                f"its default {req.default!r} was applied"
            )
            self.outbox.append((seat.identity, encode(Error("deadline", why, req.id))))
        self._arrive(req, req.default, True, d.at)

    def _finish(self) -> None:
        self.finished_at = time.perf_counter()
        self.held.clear()  # replies to requests the end of the game unwound
        self.parked.clear()
        self.not_before.clear()
        self.end = FINISHED
        self.state = LINGERING
        self.linger_until = time.monotonic() + self.opts.linger
        bye = encode(Bye("game_over"))
        self.outbox.append((None, bye))
        for seat in self.seats.seats:
            if seat.identity is not None and seat.synced:
                self.outbox.append((seat.identity, bye))

    # --- clocks ----------------------------------------------------------------------------------

    def beat(self, now: float) -> None:
        """Heartbeat to every connected seat, the spectator stream's welcome; seats fallen
        silent, and seats whose bot process exited."""
        for index in self.departed():
            seat = self.seats[index]
            if not seat.departed:
                self.log.warning("agent process exited; its seat takes defaults", seat=index)
                seat.departed = True
                self.gone(seat, now, "process exited")
                self.poke = True
        blob = encode(Heartbeat(time.time()))
        for seat in self.seats.seats:
            if seat.identity is not None and seat.connected:
                self.outbox.append((seat.identity, blob))
        self.outbox.append((None, self.welcome(-1)))
        for seat in self.seats.seats:
            if seat.connected and now - seat.last_heard > self.opts.liveness:
                self.gone(seat, now, f"silent for {now - seat.last_heard:.1f} s")

    def tick(self, now: float) -> None:
        """Deadlines, the start, the end of the linger (the server calls it when `next_due`
        has come, or after a seat joined or left)."""
        self.poke = False
        if self.state == WAITING:
            # A seat whose agent joined and whose bot process then exited counts as present.
            if all(s.connected or s.departed for s in self.seats.seats):
                self.start(now)
                return
            age = now - self.created
            filled = self.opts.fill_timeout > 0 and age > self.opts.fill_timeout
            present = any(s.connected for s in self.seats.seats)
            if self.dissolve_unproven and (
                (not self.ever_claimed and age >= UNPROVEN_SECONDS) or (filled and not present)
            ):
                self.end = DISSOLVED  # a lobby table nobody is at: it leaves nothing behind
                self.state = CLOSED
            elif filled and self.start_anyway:
                # Start with the missing seats taking their defaults at once; with nobody at
                # all, a resumed table starts too (to be abandoned), a configured one waits on.
                if present or self.resumed:
                    self.start(now)
                else:
                    self.idle = True
            elif filled:
                missing = [s.index for s in self.seats.seats if not s.connected]
                what = "reconnect" if self.resumed else "join"
                self.fill_failed = f"seats {missing} did not {what} within the fill timeout"
                self.end = UNFILLED
                self.state = CLOSED
        elif self.state == PLAYING:
            if not any(s.connected for s in self.seats.seats):
                self._paused(now)
                return
            if self.empty_since is not None:
                # Somebody is back: the clocks go on where they stopped.
                stopped = now - self.empty_since
                self.empty_since = None
                self._shift_decisions(stopped)
                self.log.info("table resumed", paused_s=round(stopped, 3))
            self._unpark(now)
            for d in [d for d in self.deadlines.values() if d.due(now)]:
                if self.state == PLAYING and self.deadlines.get(d.seat) is d:
                    self._expire(d)
        elif self.state == LINGERING:
            waiting = {
                s.index
                for s in self.seats.seats
                if (s.identity is not None or self.resumed) and not s.departed
            } - self._said_bye
            if not waiting or now >= self.linger_until:
                self.state = CLOSED

    def _shift_decisions(self, seconds: float) -> None:
        for d in self.deadlines.values():
            if d.at is not None:
                d.at += seconds
        for p in self.parked:
            p.at += seconds

    def shift_clocks(self, seconds: float) -> None:
        """Every clock of the table stood still for `seconds` (the server paused it)."""
        self._shift_decisions(seconds)
        self.created += seconds
        self.linger_until += seconds
        if self.empty_since is not None:
            self.empty_since += seconds

    def _unpark(self, now: float) -> None:
        """Decide the parked decisions whose window has lasted its minimum, in arrival order."""
        while self.state == PLAYING and self.parked and self.parked[0].at <= now:
            p = self.parked.pop(0)
            self._decide(p.req, p.choice, p.timeout, p.due)

    def _paused(self, now: float) -> None:
        """Nobody is at the table: no deadline runs (defaults for every seat at once would only
        spin the game). After `abandon_after` seconds of this the table is abandoned: the log
        says so in its last record, and the table is never resumed."""
        if self.empty_since is None:
            self.empty_since = now
            self.log.warning("nobody at the table; paused", abandon_after=self.opts.abandon_after)
        after = self.opts.abandon_after
        if after > 0 and now - self.empty_since >= after:
            reason = f"no seat was present for {after:g} s"
            w = self.writer
            assert w is not None
            w.abandoned(reason)
            self.dirty = True
            self.held.clear()
            self.parked.clear()
            self.end = ABANDONED
            self.state = CLOSED
            self.log.warning("table abandoned", reason=reason, decisions=len(self.game.decisions))

    def next_due(self) -> float | None:
        """When `tick` has something to do next (None: only input can change anything)."""
        if self.state == PLAYING and self.empty_since is not None:
            after = self.opts.abandon_after
            return self.empty_since + after if after > 0 else None
        if self.state == PLAYING and (self.deadlines or self.parked):
            dues = [d.at for d in self.deadlines.values() if d.at is not None]
            if self.parked:  # decided in arrival order: the first one is the next
                dues.append(self.parked[0].at)
            return min(dues) if dues else None
        if self.state == LINGERING:
            return self.linger_until
        if self.state == WAITING:
            dues = []
            if self.dissolve_unproven and not self.ever_claimed:
                dues.append(self.created + UNPROVEN_SECONDS)
            if self.opts.fill_timeout > 0 and not self.idle:
                dues.append(self.created + self.opts.fill_timeout)
            return min(dues) if dues else None
        return None

    def writer_close(self) -> None:
        """Close the log, if the table has one yet."""
        if self.writer is not None:
            self.writer.close()

    # --- facts -------------------------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        took = max(self.finished_at - self.started_at, 0.0)
        n = len(self.game.decisions)
        return {
            "decisions": n,
            "events": len(self.game.events),
            "timeouts": self.timeouts,
            "seconds": round(took, 6),
            "ms_per_decision": round(1000 * took / n, 4) if n else None,
            "median_round_trip_ms": (
                round(1000 * statistics.median(self.round_trips), 4) if self.round_trips else None
            ),
        }

    def status(self) -> dict[str, Any]:
        """Public facts for `status` (no tokens, no seed, nothing hidden)."""
        return {
            "name": self.name,
            "game": self.game.ruleset.name,
            "mode": self.mode,
            "seats": self.game.seats,
            "seated": sum(1 for s in self.seats.seats if s.connected),
            "state": self.end if self.state == CLOSED and self.end else self.state,
            "decisions": len(self.game.decisions),
            "epoch": self.epoch,
        }
