"""One table on the wire: a ROUTER for the seated agents, a PUB for spectators, one `Game`.

The loop is single-threaded and owns both sockets: it polls the ROUTER with a timeout bounded by
the next heartbeat and the pending request's deadline, so no receive is ever cancelled.

Record order in the log is the in-process runner's: a step's events, then its request, then the
decision that answers it. Events reach agents only through `Fanout` (per-seat `view_for`).
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import structlog
import zmq

from game_agent.engine import Game, IllegalReply, RequestSpec, Step
from game_agent.server.deadlines import Deadline, Heartbeats, deadline_for
from game_agent.server.fanout import Fanout
from game_agent.server.ratelimit import RateLimiter
from game_agent.server.seats import Seat, Seats
from protocol.codec import MAX_AGENT_MESSAGE_BYTES, MAX_MESSAGE_BYTES, decode, encode
from protocol.errors import ProtocolError
from protocol.messages import (
    Bye,
    Error,
    Heartbeat,
    Hello,
    Reply,
    RequestMsg,
    Resync,
    Welcome,
)
from protocol.version import PROTOCOL_VERSION
from replays import LogWriter

log = structlog.get_logger("sgs.server")

# Frames up to this size reach the codec, which refuses anything over MAX_AGENT_MESSAGE_BYTES
# (64 KiB; an agent's messages are tiny) with a `too_large` error; libzmq drops the connection of
# a peer that sends a larger frame, before it costs any memory.
MAX_FRAME_BYTES = MAX_MESSAGE_BYTES
MAX_BATCH = 256  # messages handled per loop turn before housekeeping runs again
MIN_IDENTITY_BYTES = 16  # a routing id a peer sets itself must be at least this long
RESYNC_EVENTS_PER_TOKEN = 50  # a resync costs one rate-limit token per this many events replayed


@dataclass
class TableOptions:
    bind: str = "tcp://127.0.0.1:*"
    pub_bind: str | None = None  # default: next to `bind`
    table: str = ""
    deadline: float = 30.0  # seconds per request; 0 = none
    heartbeat: float = 1.0
    liveness: float = 5.0  # silence after which an agent is marked disconnected
    linger: float = 3.0  # after the game: how long to wait for every agent's bye
    fill_timeout: float = 0.0  # give up waiting for the seats after this long; 0 = wait
    rate: float = 200.0  # messages per second per peer
    burst: float = 400.0


class FillTimeout(Exception):
    """The seats did not fill (or come back) within --fill-timeout."""


def default_pub_bind(bind: str) -> str:
    if bind.startswith("ipc://"):
        return bind + ".pub"
    if bind.startswith("tcp://"):
        host = bind[len("tcp://") :].rsplit(":", 1)[0]
        return f"tcp://{host}:*"
    raise ValueError(f"give --pub-bind for the spectator stream of {bind}")


class Table:
    def __init__(
        self,
        game: Game,
        seats: Seats,
        writer: LogWriter,
        options: TableOptions,
        *,
        resumed: bool = False,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
    ) -> None:
        if len(seats) != game.seats:
            raise ValueError(f"the game has {game.seats} seats, got {len(seats)} tokens")
        self.game = game
        self.seats = seats
        self.writer = writer
        self.opts = options
        self.resumed = resumed
        self.fanout = Fanout(game.seats)
        self.limiter = RateLimiter(options.rate, options.burst)
        self.beats = Heartbeats(options.heartbeat, options.liveness)
        self.deadline: Deadline | None = None
        self.endpoint = ""
        self.pub_endpoint = ""
        self.log = log.bind(table=options.table, game=game.ruleset.name)
        self._ctx = context or zmq.Context.instance()
        self._router: zmq.Socket[bytes] | None = None
        self._pub: zmq.Socket[bytes] | None = None
        self._said_bye: set[int] = set()
        self._waiting = False  # True while the seats fill (or come back after a resume)
        # Called once per loop turn; returns seats whose agent process is known to be gone
        # (bots started by `sgs serve`), which then take their defaults at once.
        self.departed: Callable[[], Iterable[int]] = lambda: ()
        self.timeouts = 0
        self.round_trips: list[float] = []  # request sent -> legal reply in, per decision
        self._asked_at = 0.0
        self.started_at = 0.0
        self.finished_at = 0.0
        if resumed:
            # Number what the log already holds, as the agents received it before the crash.
            self.fanout.add(game.events)

    # --- sockets -------------------------------------------------------------------------------

    def bind(self) -> tuple[str, str]:
        router = self._ctx.socket(zmq.ROUTER)
        router.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME_BYTES)
        router.setsockopt(zmq.ROUTER_HANDOVER, 1)
        router.setsockopt(zmq.ROUTER_MANDATORY, 1)
        router.setsockopt(zmq.LINGER, 1000)
        self._router = router
        router.bind(self.opts.bind)
        pub = self._ctx.socket(zmq.PUB)
        pub.setsockopt(zmq.LINGER, 1000)
        self._pub = pub
        pub.bind(self.opts.pub_bind or default_pub_bind(self.opts.bind))
        self.endpoint = _endpoint(router)
        self.pub_endpoint = _endpoint(pub)
        self.log.info("listening", endpoint=self.endpoint, spectators=self.pub_endpoint)
        return self.endpoint, self.pub_endpoint

    def close(self) -> None:
        for sock in (self._router, self._pub):
            if sock is not None:
                sock.close()
        self._router = self._pub = None

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        """Wait for every seat, play the game to its end, say goodbye. Returns the outcome."""
        if self._router is None:
            self.bind()
        try:
            if not self.game.finished:
                self._wait_for_seats()
                self.started_at = time.perf_counter()
                if not self.resumed:
                    self._advance(self.game.start())
                elif self.game.pending is not None:
                    self._open(self.game.pending)
                while not self.game.finished:
                    self._turn()
                self.finished_at = time.perf_counter()
            self.writer.close()
            self._goodbye()
        finally:
            self.writer.close()
            self.close()
        return dict(self.game.outcome or {})

    def _wait_for_seats(self) -> None:
        start = time.monotonic()
        what = "reconnect" if self.resumed else "join"
        self.log.info("waiting for agents", seats=len(self.seats), to=what)
        self._waiting = True
        died_at: dict[int, float] = {}
        # A seat whose agent joined and whose bot process then exited counts as present: the
        # game starts and that seat takes its defaults.
        while not all(seat.connected or seat.departed for seat in self.seats.seats):
            if self.opts.fill_timeout > 0 and time.monotonic() - start > self.opts.fill_timeout:
                missing = [s.index for s in self.seats.seats if not s.connected]
                raise FillTimeout(f"seats {missing} did not {what} within the fill timeout")
            now = time.monotonic()
            for i in self.departed():
                if self.seats[i].identity is None:
                    died_at.setdefault(i, now)
            # A hello sent just before the process exited may still be on its way: give it a
            # moment before calling the seat lost.
            dead = [i for i, t in died_at.items() if self.seats[i].identity is None and now - t > 2]
            if dead:
                raise FillTimeout(f"the bot processes of seats {dead} exited before joining")
            self._turn()
        self._waiting = False
        self.log.info("all seats taken", agents=[s.name for s in self.seats.seats])

    def _turn(self) -> None:
        """One loop turn: wait for input (bounded), handle it, then the clocks."""
        assert self._router is not None
        now = time.monotonic()
        wait = self.opts.heartbeat
        if self.deadline is not None and self.deadline.at is not None:
            wait = min(wait, self.deadline.at - now)
        wait = min(max(wait, 0.0), max(self.beats.next_beat - now, 0.0) + 0.001)
        if self._router.poll(int(wait * 1000) + 1, zmq.POLLIN):
            for _ in range(MAX_BATCH):
                try:
                    frames = self._router.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
                self._receive(frames)
                if self.game.finished:
                    return
        self._clocks()

    def _clocks(self) -> None:
        now = time.monotonic()
        if self.beats.beat_due(now):
            beat = encode(Heartbeat(time.time()))
            for seat in self.seats.seats:
                if seat.identity is not None and seat.connected:
                    self._send(seat.identity, beat)
            self._publish(self._spectator_welcome())
        for seat in self.seats.seats:
            if seat.connected and self.beats.silent(seat.last_heard, now):
                self.log.warning("agent silent, marked disconnected", seat=seat.index)
                self._gone(seat, now)
        for index in self.departed():
            seat = self.seats[index]
            if not seat.departed:
                self.log.warning("agent process exited; its seat takes defaults", seat=index)
                seat.departed = True
                self._gone(seat, now)
        d = self.deadline
        if d is not None and d.due(now) and not self.game.finished:
            self._expire(d)

    # --- input ---------------------------------------------------------------------------------

    def _receive(self, frames: list[bytes]) -> None:
        identity = frames[0]
        now = time.monotonic()
        seat = self.seats.by_identity(identity)
        where = -1 if seat is None else seat.index
        if not self.limiter.allow(identity, now):
            if self.limiter.should_warn(identity, now):
                self._refuse(identity, where, "rate_limited", "too many messages; slow down")
            return
        if len(frames) != 2:
            self._refuse(identity, where, "bad_frames", "send exactly one frame per message")
            return
        try:
            msg = decode(frames[1], max_bytes=MAX_AGENT_MESSAGE_BYTES)
        except ProtocolError as exc:
            self._refuse(identity, where, exc.code, exc.message)
            return
        if isinstance(msg, Hello):
            self._hello(identity, msg, now)
            return
        if seat is None:
            self._refuse(identity, where, "not_seated", f"send hello before {msg.TYPE}")
            return
        if not seat.connected:
            self.log.info("agent heard again", seat=seat.index)
            seat.connected = True
        seat.last_heard = now
        if isinstance(msg, Reply):
            self._reply(seat, msg)
        elif isinstance(msg, Resync):
            self._resync(seat, msg)
        elif isinstance(msg, Heartbeat):
            pass
        elif isinstance(msg, Bye):
            self.log.info("agent left", seat=seat.index, reason=msg.reason[:200])
            seat.synced = False
            self._said_bye.add(seat.index)
            self._gone(seat, now)
        else:
            self._refuse(identity, where, "unexpected_type", f"{msg.TYPE} is sent by the server")

    def _gone(self, seat: Seat, now: float) -> None:
        """The seat's agent left or fell silent. Without deadlines (--deadline 0) its pending
        request takes the default now; with one, at the deadline as usual."""
        seat.connected = False
        d = self.deadline
        if d is not None and d.seat == seat.index and (d.at is None or seat.departed):
            d.at = now

    def _hello(self, identity: bytes, msg: Hello, now: float) -> None:
        def no(code: str, why: str) -> None:
            self._refuse(identity, msg.seat, code, why)

        if msg.version != PROTOCOL_VERSION:
            return no(
                "version_mismatch",
                f"this server speaks protocol {PROTOCOL_VERSION}, not {msg.version}",
            )
        if msg.table not in ("", self.opts.table):
            return no("unknown_table", f"this endpoint serves table {self.opts.table!r}")
        if msg.seat == -1:
            return no("spectator", f"spectators subscribe to {self.pub_endpoint}")
        if not 0 <= msg.seat < len(self.seats):
            return no("unknown_seat", f"seats are 0..{len(self.seats) - 1}")
        if not identity.startswith(b"\x00") and len(identity) < MIN_IDENTITY_BYTES:
            # After hello the seat belongs to the routing id: one a peer chose must be as hard
            # to guess as a token (ZeroMQ's own ids start with a zero byte no peer may set).
            return no(
                "weak_identity",
                f"a routing id you set must be at least {MIN_IDENTITY_BYTES} bytes and secret "
                "(random, or derived from your token), or leave it unset",
            )
        seat = self.seats[msg.seat]
        if not self.seats.check_token(msg.seat, msg.token):
            return no("bad_token", f"wrong token for seat {msg.seat}")
        other = self.seats.by_identity(identity)
        if other is not None and other is not seat:
            return no("already_seated", f"this connection holds seat {other.index}")
        if seat.identity not in (None, identity) and seat.connected:
            return no("seat_taken", f"seat {msg.seat} is held by a live connection")
        again = seat.identity is not None
        self.seats.claim(seat, identity, msg.name[:100], now)
        self._said_bye.discard(seat.index)
        self.log.info(
            "agent joined" if not again else "agent reconnected", seat=seat.index, name=seat.name
        )
        self._send(identity, encode(self._welcome(seat.index)))
        return None

    def _welcome(self, seat: int) -> Welcome:
        g = self.game
        return Welcome(
            PROTOCOL_VERSION,
            self.opts.table,
            seat,
            g.ruleset.name,
            g.ruleset.version,
            g.seats,
            self.fanout.last_seq(seat),
        )

    def _spectator_welcome(self) -> bytes:
        return encode(self._welcome(-1))

    def _resync(self, seat: Seat, msg: Resync) -> None:
        last = self.fanout.last_seq(seat.index)
        if not -1 <= msg.last_seq <= last:
            self._refuse(seat.identity, seat.index, "bad_seq", f"last_seq must be in -1..{last}")
            return
        assert seat.identity is not None
        missed = self.fanout.since(seat.index, msg.last_seq)
        self.limiter.charge(seat.identity, len(missed) / RESYNC_EVENTS_PER_TOKEN)
        for blob in missed:
            self._send(seat.identity, blob)
        seat.synced = True
        self.log.info("resync", seat=seat.index, after=msg.last_seq, sent=len(missed))
        req = self.game.pending
        if req is not None and req.seat == seat.index and self.deadline is not None:
            self._send_request(seat, req, self.deadline)

    def _reply(self, seat: Seat, msg: Reply) -> None:
        if self._waiting:
            why = "the table waits for every seat; the pending request will be sent again"
            self._refuse(seat.identity, seat.index, "not_started", why, ref=msg.id)
            return
        req = self.game.pending
        mine = req is not None and req.seat == seat.index
        if req is None or not mine or msg.id != req.id:
            # request ids count this seat's own requests; say nothing of other seats' turns
            nxt = self.game.asked(seat.index)
            code = "stale_request" if msg.id < nxt else "unknown_request"
            why = f"request {msg.id} is not pending" + (
                f" (request {req.id} is)" if req is not None and mine else ""
            )
            self._refuse(seat.identity, seat.index, code, why, ref=msg.id)
            return
        answered = time.perf_counter()
        try:
            step = self.game.resume(msg.choice)
        except IllegalReply as exc:
            self._refuse(seat.identity, seat.index, "illegal_reply", exc.reason, ref=msg.id)
            return
        self.round_trips.append(answered - self._asked_at)
        self.writer.decision(self.game.decisions[-1])
        self._advance(step)

    def _refuse(
        self, identity: bytes | None, seat: int, code: str, why: str, ref: int = -1
    ) -> None:
        self.log.warning(
            "refused", seat=seat, peer=(identity or b"").hex()[:32], reason=code, detail=why[:300]
        )
        if identity is not None:
            self._send(identity, encode(Error(code, why, ref)))

    # --- the game --------------------------------------------------------------------------------

    def _advance(self, step: Step) -> None:
        self.writer.events(step.events)
        for seat_index, blob in self.fanout.add(step.events):
            if seat_index < 0:
                self._publish(blob)
                continue
            seat = self.seats[seat_index]
            if seat.identity is not None and seat.synced:
                self._send(seat.identity, blob)
        req = step.request
        self.deadline = None
        if req is not None:
            self.writer.request(req)
            self._open(req)

    def _open(self, req: RequestSpec) -> None:
        seat = self.seats[req.seat]
        now = time.monotonic()
        self.deadline = deadline_for(req.id, req.seat, now, self.opts.deadline, seat.connected)
        if seat.departed:
            self.deadline.at = now
        if seat.identity is not None and seat.synced:
            self._send_request(seat, req, self.deadline)

    def _send_request(self, seat: Seat, req: RequestSpec, d: Deadline) -> None:
        assert seat.identity is not None
        msg = RequestMsg(req.to_wire(), round(d.remaining(time.monotonic()), 3))
        self._asked_at = time.perf_counter()
        self._send(seat.identity, encode(msg))

    def _expire(self, d: Deadline) -> None:
        req = self.game.pending
        assert req is not None and req.id == d.request_id
        self.timeouts += 1
        seat = self.seats[req.seat]
        self.log.warning(
            "deadline passed, default applied",
            seat=req.seat,
            request=req.id,
            default=req.default,
            connected=seat.connected,
        )
        step = self.game.resume(req.default, timeout=True)
        self.writer.decision(self.game.decisions[-1])
        if seat.identity is not None:
            why = (
                f"request {req.id} ({req.kind}) passed its deadline; "
                f"its default {req.default!r} was applied"
            )
            self._send(seat.identity, encode(Error("deadline", why, req.id)))
        self._advance(step)

    def _goodbye(self) -> None:
        bye = encode(Bye("game_over"))
        self._publish(bye)
        for seat in self.seats.seats:
            if seat.identity is not None and seat.synced:
                self._send(seat.identity, bye)
        # Keep answering (resyncs of late agents) until every agent said bye, or the linger ends:
        # also for seats that are away now (or all seats of a resumed table), which may come
        # back for their missing events and the outcome.
        end = time.monotonic() + self.opts.linger
        known = {s.index for s in self.seats.seats if s.identity is not None or self.resumed}
        waiting = known - {s.index for s in self.seats.seats if s.departed} - self._said_bye
        while waiting and time.monotonic() < end:
            assert self._router is not None
            if self._router.poll(100, zmq.POLLIN):
                try:
                    frames = self._router.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    continue
                self._receive(frames)
                late = self.seats.by_identity(frames[0])
                if late is not None and late.synced and late.index not in self._said_bye:
                    # a late resync: it has its events now; tell it the game is over
                    self._send(frames[0], bye)
            waiting -= self._said_bye

    # --- output ----------------------------------------------------------------------------------

    def _send(self, identity: bytes, blob: bytes) -> None:
        assert self._router is not None
        try:
            self._router.send_multipart([identity, blob], zmq.NOBLOCK)
        except zmq.ZMQError as exc:  # unknown peer (gone) or its queue is full
            self.log.debug("not delivered", peer=identity.hex()[:32], reason=str(exc))

    def _publish(self, blob: bytes) -> None:
        assert self._pub is not None
        with contextlib.suppress(zmq.ZMQError):
            self._pub.send(blob, zmq.NOBLOCK)

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


def _endpoint(sock: zmq.Socket[bytes]) -> str:
    raw = sock.getsockopt(zmq.LAST_ENDPOINT)
    return raw.decode() if isinstance(raw, bytes) else str(raw)
