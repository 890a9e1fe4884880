"""The game-agent process: one ROUTER and one XPUB for any number of tables, in one loop.

    server = Server(ServerOptions(bind=..., lobby=True, log_dir="logs"))
    server.bind()
    server.add(table)            # tables from the command line, a crash resume, or the lobby
    server.run(until=...)        # the event loop

The loop is single-threaded and owns every socket. Each turn it waits (bounded by the next
heartbeat and the nearest deadline of any table), handles a batch of messages, runs the clocks,
then flushes: every table's new log records reach the OS (or the disk, `durability="disk"`)
before any of its messages leave, so an agent never holds an event a crash could lose.

Sessions. A routing id is not an identity: a seat belongs to the *connection* (file descriptor,
from the message's SRCFD) that proved its token in the handshake (protocol.handshake), and the
session ends when the connection's monitor reports it gone. A new connection that proves the
token takes the seat over (the old one is told `session_replaced`).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import structlog
import zmq

from game_agent.engine import SPECTATOR, ConfigError
from game_agent.games import available, load
from game_agent.server.admission import Admission, Limits, source_key
from game_agent.server.connections import Connections, connection_cap
from game_agent.server.lobby import Lobby, Queue, QueueKey, Waiting
from game_agent.server.ratelimit import LogBudget, RateLimiter
from game_agent.server.seats import Seat
from game_agent.server.table import ABANDONED, CLOSED, RESYNC_EVENTS_PER_TOKEN, WAITING, Table
from protocol import handshake
from protocol.codec import MAX_AGENT_MESSAGE_BYTES, batches, decode, encode
from protocol.errors import ProtocolError
from protocol.messages import (
    Auth,
    Bye,
    Challenge,
    Error,
    Heartbeat,
    Hello,
    Join,
    Moved,
    Queued,
    Reply,
    Resync,
    Seated,
    Spectate,
    Spectated,
    Status,
    Tables,
)
from protocol.version import PROTOCOL_VERSION

log = structlog.get_logger("sgs.server")

_NOW = int(zmq.NOBLOCK)  # plain ints: flag arithmetic on pyzmq's enums costs a call per send
_MORE = int(zmq.NOBLOCK | zmq.SNDMORE)
# Larger frames make libzmq drop the connection, before it allocates their buffer: a peer that
# announces a frame and sends it slowly (slow loris) holds at most this much of our memory.
# Frames a little over the decode limit get a `too_large` error (a bot author's mistake).
MAX_FRAME_BYTES = MAX_AGENT_MESSAGE_BYTES + 4096
MAX_SUBSCRIPTION_BYTES = 256  # a spectator's subscription is a table name
MAX_BATCH = 256  # messages handled per loop turn before the clocks run again
MAX_HANDSHAKES = 4096  # handshakes in flight (the oldest is forgotten first)
HANDSHAKE_SECONDS = 10.0  # a challenge must be answered within this long
MAX_HELD = 10_000  # messages of seated agents held while the tables are paused (see `freeze`)


@dataclass
class ServerOptions:
    bind: str = "tcp://127.0.0.1:*"
    pub_bind: str | None = None  # default: next to `bind`
    heartbeat: float = 1.0
    lobby: bool = False  # accept `join` and open tables as queues fill
    rate: float = 200.0  # messages per second per connection
    burst: float = 400.0
    source_rate: float = 1000.0  # messages per second per source before a seat is proven
    source_burst: float = 4000.0
    max_connections: int = 4096
    durability: str = "os"  # "os": flush before sending; "disk": fdatasync before sending
    limits: Limits = field(default_factory=Limits)  # who may open lobby tables (admission.py)
    # Spectators' catch-up (`spectate`): events replayed per second per source, and the burst.
    replay_rate: float = 2000.0
    replay_burst: float = 10000.0


class Elsewhere(Protocol):
    """Tables this server knows of but does not hold: a lobby's worker processes
    (`game_agent.server.workers`) or the other servers of a cluster (`.cluster`). The server
    asks it where a table is and lets it answer for those tables in `status` and on the
    spectator stream."""

    def moved(self, name: str) -> Moved | None:
        """Where table `name` is served, if it is known here and ready."""

    def moving(self, name: str) -> bool:
        """Whether table `name` is known here but not ready yet (its worker restarts)."""

    def seating(self, identity: bytes) -> bool:
        """Whether this peer's queue filled and its table is being opened elsewhere."""

    def count(self) -> int:
        """Tables open (or being opened) elsewhere."""

    def statuses(self) -> list[dict[str, Any]]:
        """The `status` rows of those tables."""

    def subscribed(self, topic: bytes) -> None:
        """A spectator subscribed here to `topic` (a table's name, or b"" for every table)."""


class Placer(Protocol):
    """Who opens the tables of this server's full queues (a lobby's workers)."""

    def place(self, game: str, config: dict[str, Any], mode: str, seated: list[Waiting]) -> None:
        """Open a table for a full queue; `seated` are told `seated` once it is open."""


class Matchmaker(Protocol):
    """Queues shared with other servers (`game_agent.server.cluster`): a join here waits in
    this server's lobby as always, and the matchmaker decides where and when it is seated."""

    def refusal(self) -> tuple[str, str] | None:
        """(code, why) when joins cannot be taken now; None when they can."""

    def queued(self, key: QueueKey, needed: int, config: dict[str, Any], who: Waiting) -> None:
        """`who` joined queue `key` here (a table of `needed` seats)."""

    def left(self, who: Waiting) -> None:
        """`who` left this server's queue before it was seated."""


@dataclass
class Session:
    table: Table
    seat: Seat
    conn: int  # the connection's file descriptor


@dataclass
class Pending:
    """A handshake between `challenge` and `auth`."""

    table: Table
    seat: int
    agent_nonce: str
    server_nonce: str
    name: str
    conn: int
    at: float


def default_pub_bind(bind: str) -> str:
    if bind.startswith("ipc://"):
        return bind + ".pub"
    if bind.startswith("tcp://"):
        host = bind[len("tcp://") :].rsplit(":", 1)[0]
        return f"tcp://{host}:*"
    raise ValueError(f"give --pub-bind for the spectator stream of {bind}")


class Server:
    def __init__(
        self,
        options: ServerOptions,
        *,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
        curve: Any = None,
    ) -> None:
        self.opts = options
        self.tables: dict[str, Table] = {}
        self.sessions: dict[bytes, Session] = {}
        self.handshakes: OrderedDict[bytes, Pending] = OrderedDict()
        self.lobby = Lobby()
        # With a CURVE allow-list every peer is authenticated: no per-source caps.
        allow_list = curve is not None and not curve.allow_any
        self.admission = Admission(options.limits, per_source=not allow_list)
        self.replays = RateLimiter(options.replay_rate, options.replay_burst)
        self.ended: deque[dict[str, Any]] = deque(maxlen=64)  # abandoned tables, for status
        self.per_conn = RateLimiter(options.rate, options.burst)
        self.per_source = RateLimiter(options.source_rate, options.source_burst)
        self.refusal_log = LogBudget()
        self.conns = Connections(connection_cap(options.max_connections))
        # Per decision: its reply read -> the log flushed and what followed sent (seconds).
        self.latencies: deque[float] = deque(maxlen=100_000)
        self.endpoint = ""
        self.pub_endpoint = ""
        self.curve = curve  # a game_agent.server.curve.CurveServer, or None
        # Opens a table for a full lobby queue: (game, config, mode, n seats) -> Table.
        self.open_table: Callable[[str, dict[str, Any], str], Table] | None = None
        self.on_closed: Callable[[Table], None] = lambda table: None
        self.elsewhere: Elsewhere | None = None  # tables served by other processes
        self.placer: Placer | None = None  # opens the tables of full queues elsewhere
        self.matchmaker: Matchmaker | None = None  # queues shared with other servers
        # Decisions are accepted only before this `time.monotonic()` (a cluster's lease: see
        # `_clocks`); after it the tables are paused and seated agents' messages held.
        self.lease_until = math.inf
        self._frozen_at: float | None = None
        self._held: list[list[zmq.Frame]] = []
        self._watched: dict[zmq.Socket[bytes], Callable[[], None]] = {}
        self.on_beat: Callable[[float], None] = lambda now: None
        self._ctx = context or zmq.Context.instance()
        self._router: zmq.Socket[bytes] | None = None
        self._pub: zmq.Socket[bytes] | None = None
        self._poller = zmq.Poller()
        self._mons: list[zmq.Socket[bytes]] = []
        self._next_beat = 0.0
        self._stopping = False
        # Tables that got input since the clocks last ran (tick, flush, reschedule them), and a
        # heap of (when, n, table) for table clocks: the loop costs nothing per idle table.
        self._touched: set[Table] = set()
        self._timers: list[tuple[float, int, Table]] = []
        self._timer_seq = itertools.count()

    # --- sockets -----------------------------------------------------------------------------

    def bind(self) -> tuple[str, str]:
        hb = int(self.opts.heartbeat * 1000)
        router = self._ctx.socket(zmq.ROUTER)
        router.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME_BYTES)
        router.setsockopt(zmq.ROUTER_MANDATORY, 1)  # an unknown peer is an error, not a drop
        router.setsockopt(zmq.LINGER, 1000)
        router.setsockopt(zmq.HANDSHAKE_IVL, 5000)  # silent TCP connections are dropped
        router.setsockopt(zmq.HEARTBEAT_IVL, max(hb, 100))  # dead peers are noticed
        router.setsockopt(zmq.HEARTBEAT_TIMEOUT, max(5 * hb, 1000))
        pub = self._ctx.socket(zmq.XPUB)
        pub.setsockopt(zmq.XPUB_MANUAL, 1)  # subscriptions are ours to accept
        pub.setsockopt(zmq.MAXMSGSIZE, MAX_SUBSCRIPTION_BYTES)
        pub.setsockopt(zmq.RCVHWM, 1000)
        pub.setsockopt(zmq.LINGER, 1000)
        pub.setsockopt(zmq.HANDSHAKE_IVL, 5000)
        if self.curve is not None:
            self.curve.apply(router, monitor=False)  # the connection monitors are ours
            self.curve.apply(pub, monitor=False)
        self._router, self._pub = router, pub
        extra = 0
        if self.curve is not None:
            extra = self.curve.HANDSHAKE_EVENTS  # failed CURVE handshakes, counted and logged
            self.conns.on_other = self.curve.note_event
        self._mons = [self.conns.watch(router, extra), self.conns.watch(pub, extra)]
        router.bind(self.opts.bind)
        pub.bind(self.opts.pub_bind or default_pub_bind(self.opts.bind))
        self.endpoint = _endpoint(router)
        self.pub_endpoint = _endpoint(pub)
        for sock in (router, pub, *self._mons):
            self._poller.register(sock, zmq.POLLIN)
        log.info("listening", endpoint=self.endpoint, spectators=self.pub_endpoint)
        return self.endpoint, self.pub_endpoint

    def close(self) -> None:
        for table in list(self.tables.values()):
            table.writer_close()
        self.conns.close()
        for sock in (self._router, self._pub):
            if sock is not None:
                sock.close()
        self._router = self._pub = None
        if self.curve is not None:
            self.curve.close()

    # --- tables -------------------------------------------------------------------------------

    def add(self, table: Table) -> None:
        if table.name in self.tables:
            raise ValueError(f"a table named {table.name!r} is open already")
        table.refusal_hook = lambda seat, who, code, why: self._log_refusal(
            seat, who, code, why, table.name
        )
        self.tables[table.name] = table
        self._touched.add(table)

    def stop(self) -> None:
        self._stopping = True

    def watch(self, sock: zmq.Socket[bytes], readable: Callable[[], None]) -> None:
        """Call `readable()` in the loop whenever `sock` has input (it reads what it wants)."""
        self._watched[sock] = readable
        self._poller.register(sock, zmq.POLLIN)

    def unwatch(self, sock: zmq.Socket[bytes]) -> None:
        if self._watched.pop(sock, None) is not None:
            self._poller.unregister(sock)

    def table_count(self) -> int:
        """Open tables, here and elsewhere (the lobby's `--max-tables` counts them all)."""
        return len(self.tables) + (0 if self.elsewhere is None else self.elsewhere.count())

    def publish(self, topic: bytes, blob: bytes) -> None:
        """Send an already-encoded event on the spectator stream (a worker's, relayed)."""
        self._publish(topic, blob)

    def send(self, identity: bytes, blob: bytes) -> None:
        """Send an already-encoded message to a peer of the ROUTER."""
        self._send(identity, blob)

    # --- the loop --------------------------------------------------------------------------------

    def run(self, until: Callable[[], bool] | None = None) -> None:
        """Serve until `until()` is true (checked every turn), or `stop()`."""
        if self._router is None:
            self.bind()
        while not self._stopping and not (until is not None and until()):
            self.turn()

    def turn(self, block: bool = True) -> None:
        """One loop turn: wait for input (unless `block` is False) no longer than the next
        heartbeat or deadline, handle a batch, run the clocks, flush."""
        assert self._router is not None and self._pub is not None
        wait = self.wait_seconds() if block else 0.0
        ready = dict(self._poller.poll(int(wait * 1000) + (1 if block else 0)))
        for mon in self._mons:
            if mon in ready:
                self._drain_monitor(mon)
        if self._pub in ready:
            self._subscriptions()
        for sock, readable in list(self._watched.items()):
            if sock in ready:
                readable()
        if self._router in ready:
            for _ in range(MAX_BATCH):
                try:
                    frames = self._router.recv_multipart(zmq.NOBLOCK, copy=False)
                except zmq.Again:
                    break
                self._receive(frames)
        self._clocks()

    def wait_seconds(self) -> float:
        """How long the loop may sleep: until the next heartbeat or the nearest table clock."""
        now = time.monotonic()
        wait = self._next_beat - now
        if now > self.lease_until:
            pass  # paused: no table clock runs; the cluster's wake-up ends it
        elif self._touched:
            wait = 0.0
        elif self._timers and self._timers[0][0] - now < wait:
            wait = self._timers[0][0] - now
        return min(max(wait, 0.0), self.opts.heartbeat)

    async def run_async(self, until: Callable[[], bool] | None = None) -> None:
        """The same loop inside an asyncio event loop (beside other coroutines): the sockets'
        descriptors wake it; it never blocks the event loop and never cancels a receive."""
        if self._router is None:
            self.bind()
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        socks = [s for s in (self._router, self._pub, *self._mons) if s is not None]
        fds = [int(sock.getsockopt(zmq.FD)) for sock in socks]
        for fd in fds:
            loop.add_reader(fd, wake.set)
        try:
            while not self._stopping and not (until is not None and until()):
                self.turn(block=False)
                wake.clear()
                # ZeroMQ's descriptor is edge-triggered: look again before sleeping
                if any(int(sock.getsockopt(zmq.EVENTS)) & zmq.POLLIN for sock in socks):
                    await asyncio.sleep(0)
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), self.wait_seconds() + 0.001)
        finally:
            for fd in fds:
                loop.remove_reader(fd)

    def _drain_monitor(self, mon: zmq.Socket[bytes]) -> None:
        for fd in self.conns.drain(mon):
            self._connection_gone(fd)

    def _connection_gone(self, fd: int) -> None:
        now = time.monotonic()
        for identity, s in list(self.sessions.items()):
            if s.conn == fd:
                del self.sessions[identity]
                if s.seat.identity == identity:
                    s.table.gone(s.seat, now, "connection closed")
                    s.table.release(s.seat)
                    self._touched.add(s.table)
        for identity, p in list(self.handshakes.items()):
            if p.conn == fd:
                del self.handshakes[identity]
        for w in self.lobby.drop_connection(fd):
            self.admission.settled(w.source)
            if self.matchmaker is not None:
                self.matchmaker.left(w)
        self.per_conn.forget(fd)

    def _clocks(self) -> None:
        now = time.monotonic()
        beat = now >= self._next_beat
        if beat:
            self._next_beat = now + self.opts.heartbeat
            self.on_beat(now)
            while self.handshakes:
                oldest = next(iter(self.handshakes.values()))
                if now - oldest.at < HANDSHAKE_SECONDS:
                    break
                self.handshakes.popitem(last=False)
        touched = self._touched
        if beat:
            for table in self.tables.values():
                table.beat(now)
            touched.update(self.tables.values())
        if now > self.lease_until:
            self._freeze(now)
            return
        if self._frozen_at is not None:
            self._thaw(now)
            now = time.monotonic()
            if now > self.lease_until:  # the held messages took what was left of the lease
                self._freeze(now)
                return
        leased = self.lease_until != math.inf
        timers = self._timers
        while timers and timers[0][0] <= now:
            table = heapq.heappop(timers)[2]
            if self.tables.get(table.name) is table:
                touched.add(table)
        closed = []
        late = False
        for n, table in enumerate(touched):
            if leased and n & 63 == 63 and time.monotonic() > self.lease_until:
                late = True  # the rest wait for the lease (the thaw touches every table)
                break
            due = table.next_due()
            if table.poke or (due is not None and due <= now):
                table.tick(now)
                due = table.next_due()
            if table.unproven and table.state != WAITING:
                self._settle_unproven(table)  # it plays (or closed): its seats are its own now
            if table.state == CLOSED:
                closed.append(table)
            elif due is not None:
                heapq.heappush(timers, (due, next(self._timer_seq), table))
            if table.outbox:
                self._flush_table(table)
        touched.clear()
        for table in closed:
            self._flush_table(table)
            del self.tables[table.name]
            for identity in [i for i, s in self.sessions.items() if s.table is table]:
                del self.sessions[identity]
            self.admission.table_closed(table.sources)
            if table.writer is not None:
                table.writer.sync()  # on the disk before the seats file says "finished"
                table.writer.close()
            if table.end == ABANDONED:
                self.ended.append(table.status())
            log.info("table closed", table=table.name, end=table.end, outcome=table.game.outcome)
            self.on_closed(table)
        if late:
            self._freeze(time.monotonic())

    def _freeze(self, now: float) -> None:
        """The lease is no longer certain: no table clock runs (no default is decided), what
        seated agents send is held, and only what is already decided (heartbeats, welcomes)
        goes out. Nothing is decided, so nothing a successor resumes can contradict."""
        if self._frozen_at is None:
            self._frozen_at = now
            if self.tables:
                log.warning("tables paused: the lease is not certain", tables=len(self.tables))
        for table in self._touched:
            if table.outbox:
                self._flush_table(table)
        self._touched.clear()

    def _thaw(self, now: float) -> None:
        """The lease is certain again: the clocks go on where they stopped, and what was held
        is handled in the order it came."""
        assert self._frozen_at is not None
        stopped, self._frozen_at = now - self._frozen_at, None
        if self.tables:
            log.info("tables resumed: the lease is certain again", paused_s=round(stopped, 3))
        for table in self.tables.values():
            table.shift_clocks(stopped)
        self._touched.update(self.tables.values())
        held, self._held = self._held, []
        for frames in held:
            self._receive(frames)

    def drop(self, name: str, why: str) -> None:
        """Give table `name` up unfinished (another server holds its lease now): its agents
        are told `not_seated`, so they go back to their home server, which knows its owner."""
        table = self.tables.pop(name, None)
        if table is None:
            return
        table.state = CLOSED
        self._touched.discard(table)  # the clocks must not close it again
        for identity in [i for i, s in self.sessions.items() if s.table is table]:
            del self.sessions[identity]
            self._send(identity, encode(Error("not_seated", why, -1)))
        for identity in [i for i, p in self.handshakes.items() if p.table is table]:
            del self.handshakes[identity]
        self._settle_unproven(table)
        self.admission.table_closed(table.sources)
        table.writer_close()
        self._held = [f for f in self._held if self.sessions.get(f[0].bytes) is not None]
        log.warning("table given up", table=name, reason=why)

    def open_for(self, table: Table, seated: list[Waiting | None]) -> None:
        """Add a lobby table for a full queue and tell each of `seated` (one per seat, in seat
        order; None: an agent of another server, told by its own) its seat and token. The
        agents here must have left the lobby already."""
        table.dissolve_unproven = True
        pairs = [(seat, w) for seat, w in zip(table.seats.seats, seated, strict=True) if w]
        table.unproven = {seat.index: w.source for seat, w in pairs}
        table.sources = {w.source for _, w in pairs}
        self.admission.table_opened(table.sources)
        self.add(table)
        for seat, w in pairs:
            self._send(w.identity, encode(Seated(table.name, seat.index, seat.token)))
        log.info("table opened", table=table.name, game=table.game.ruleset.name, mode=table.mode)

    def _settle_unproven(self, table: Table) -> None:
        for source in table.unproven.values():
            self.admission.settled(source)
        table.unproven.clear()

    def _flush_table(self, table: Table) -> None:
        """The table's log first (durability), then its messages."""
        if table.dirty:
            assert table.writer is not None
            if self.opts.durability == "disk":
                table.writer.sync()
            else:
                table.writer.flush()
            table.dirty = False
        out, table.outbox = table.outbox, []
        if len(out) == 1:
            identity, blob = out[0]
            if identity is None:
                self._publish(table.topic, blob)
            else:
                self._send(identity, blob)
        elif out:
            # Protocol 5: what this flush sends one peer (or the stream) goes in as few frames
            # as the batch size allows, in its order: one wake-up per seat per step.
            by_peer: dict[bytes | None, list[bytes]] = {}
            for identity, blob in out:
                got = by_peer.get(identity)
                if got is None:
                    by_peer[identity] = [blob]
                else:
                    got.append(blob)
            # In seat order, then the stream: when a seat's frame leaves must not depend on
            # what the step told the others (who got the first message, a private one).
            order: list[bytes | None] = [
                s.identity for s in table.seats.seats if s.identity is not None
            ]
            order = [i for i in order if i in by_peer]
            order += [i for i in by_peer if i not in order]
            for identity in order:
                for frame in batches(by_peer[identity]):
                    if identity is None:
                        self._publish(table.topic, frame)
                    else:
                        self._send(identity, frame)
        if table.asking:
            sent = time.perf_counter()
            for seat in table.asking:
                table.asked_at[seat] = sent
            table.asking.clear()
        if table.answered_at:
            sent = time.perf_counter()
            self.latencies.extend(sent - t for t in table.answered_at)
            table.answered_at.clear()

    # --- input -------------------------------------------------------------------------------

    def _receive(self, frames: list[zmq.Frame]) -> None:
        received = time.perf_counter()
        identity = frames[0].bytes
        payload = frames[-1]
        conn = int(payload.get(zmq.SRCFD))
        now = time.monotonic()
        session = self.sessions.get(identity)
        if session is not None and session.conn != conn:
            # the id now rides on another connection: that connection proved nothing
            self._drain_monitor(self._mons[0])
            session = self.sessions.get(identity)
        if not self.per_conn.allow(conn, now):
            if self.per_conn.should_warn(conn, now):
                self._refuse(identity, -1, "rate_limited", "too many messages; slow down")
            return
        # A seated connection's messages (the hot path) never need their source.
        source = "" if session is not None else source_key(_source(payload))
        if session is None and not self.per_source.allow(source, now):
            if self.per_source.should_warn(source, now):
                self._refuse(identity, -1, "rate_limited", "too many messages from your host")
            return
        if len(frames) != 2:
            self._refuse(identity, -1, "bad_frames", "send exactly one frame per message")
            return
        try:
            msg = decode(payload.bytes, max_bytes=MAX_AGENT_MESSAGE_BYTES)
        except ProtocolError as exc:
            self._refuse(identity, -1, exc.code, exc.message)
            return
        if isinstance(msg, Hello | Auth | Join):
            # State is about to be bound to this connection's descriptor: first hear of every
            # connection that ended, or the end of an older connection whose descriptor the OS
            # gave to this one would be taken for this one's (its event precedes the reuse).
            for mon in self._mons:
                self._drain_monitor(mon)
            if conn not in self.conns.open:
                # The agent hung up before this was read (it gave up on a busy server and is
                # asking again elsewhere): queueing or seating it would hold a seat for nobody.
                log.info("message of a closed connection dropped", type=msg.TYPE)
                return
        if isinstance(msg, Hello):
            self._hello(identity, conn, msg, now)
        elif isinstance(msg, Auth):
            self._auth(identity, conn, msg, now)
        elif isinstance(msg, Join):
            self._join(identity, conn, msg, source)  # a seated one is refused before it counts
        elif isinstance(msg, Status):
            self._send(identity, encode(self.status()))
        elif isinstance(msg, Spectate):
            self._spectate(identity, conn, msg, source or source_key(_source(payload)), now)
        elif isinstance(msg, Bye) and session is None:
            self.handshakes.pop(identity, None)
            self._left_queue(identity)
        elif msg.TYPE not in ("reply", "resync", "heartbeat", "bye"):
            self._refuse(identity, -1, "unexpected_type", f"{msg.TYPE} is sent by the server")
        elif session is None or session.conn != conn:
            if isinstance(msg, Heartbeat) and (
                identity in self.lobby.where
                or (self.elsewhere is not None and self.elsewhere.seating(identity))
            ):
                return
            self._refuse(identity, -1, "not_seated", f"send hello before {msg.TYPE}")
        else:
            table, seat = session.table, session.seat
            if now > self.lease_until and not isinstance(msg, Heartbeat):
                if len(self._held) < MAX_HELD:
                    self._held.append(frames)  # handled when the lease is certain again
                else:
                    self._refuse(identity, seat.index, "server_busy", "paused; try again later")
                return
            table.heard(seat, now)
            if isinstance(msg, Reply):
                table.received_at = received
                table.reply(seat, msg)
            elif isinstance(msg, Resync):
                self.per_conn.charge(conn, table.resync(seat, msg))
            elif isinstance(msg, Bye):
                table.bye(seat, msg.reason, now)
                del self.sessions[identity]
            self._touched.add(table)
            if table.outbox and self.opts.durability == "os":
                # a write to the OS per decision is cheap: send at once rather than at the end
                # of the batch (with "disk", the fdatasync is shared by the whole batch)
                self._flush_table(table)

    def _spectate(self, identity: bytes, conn: int, msg: Spectate, source: str, now: float) -> None:
        """A spectator's catch-up: the table's public events after `last_seq`, then
        `spectated`. Each event replayed costs the source a token of its replay budget (and the
        connection its rate, like a resync), so catch-ups cannot amplify a flood."""
        if not self._speaks(identity, -1, msg.version):
            return
        table = self._table_named(msg.table)
        if table is None:
            if not self._redirect(identity, msg.table):
                self._refuse(identity, -1, "unknown_table", f"no table {msg.table!r} here")
            return
        last = table.fanout.last_seq(SPECTATOR)
        if not -1 <= msg.last_seq <= last:
            self._refuse(identity, -1, "bad_seq", f"last_seq must be in -1..{last}")
            return
        missed = table.fanout.since(SPECTATOR, msg.last_seq)
        if not self.replays.allow(source, now, len(missed) + 1.0):
            if self.replays.should_warn(source, now):
                why = (
                    f"catch-ups from your address are over their budget "
                    f"({self.opts.replay_rate:g} events a second); try again later"
                )
                self._refuse(identity, -1, "rate_limited", why)
            return
        for frame in batches([*missed, encode(Spectated(table.name, last))]):
            self._send(identity, frame)  # protocol 5: as few frames as the batch size allows
        self.per_conn.charge(conn, len(missed) / RESYNC_EVENTS_PER_TOKEN)

    def _redirect(self, identity: bytes, name: str) -> bool:
        """Tell the peer where table `name` is served, if another process serves it."""
        if self.elsewhere is None:
            return False
        moved = self.elsewhere.moved(name)
        if moved is not None:
            self._send(identity, encode(moved))
            return True
        if self.elsewhere.moving(name):
            why = f"table {name!r} is coming back (its server changes): try again shortly"
            self._refuse(identity, -1, "table_moving", why)
            return True
        return False

    def _speaks(self, identity: bytes, seat: int, version: int) -> bool:
        """Whether the peer speaks this server's protocol (it is told when not)."""
        if version == PROTOCOL_VERSION:
            return True
        why = f"this server speaks protocol {PROTOCOL_VERSION}, not {version}"
        self._refuse(identity, seat, "version_mismatch", why)
        return False

    def _hello(self, identity: bytes, conn: int, msg: Hello, now: float) -> None:
        def no(code: str, why: str) -> None:
            self._refuse(identity, msg.seat, code, why)

        if not self._speaks(identity, msg.seat, msg.version):
            return None
        table = self._table_named(msg.table)
        if table is None:
            if self._redirect(identity, msg.table):
                return None
            names = "" if len(self.tables) > 5 else f" (open: {sorted(self.tables)})"
            return no("unknown_table", f"no table {msg.table!r} here{names}")
        if msg.seat == -1:
            return no("spectator", f"spectators subscribe to {self.pub_endpoint}")
        if not 0 <= msg.seat < len(table.seats):
            return no("unknown_seat", f"seats are 0..{len(table.seats) - 1}")
        if not handshake.is_nonce(msg.nonce):
            return no("bad_nonce", f"nonce must be {handshake.NONCE_HEX} lowercase hex digits")
        held = self.sessions.get(identity)
        if held is not None and (held.table is not table or held.seat.index != msg.seat):
            return no("already_seated", f"this connection holds seat {held.seat.index}")
        server_nonce = handshake.new_nonce()
        token = table.seats[msg.seat].token
        proof = handshake.server_proof(token, table.name, msg.seat, msg.nonce, server_nonce)
        self.handshakes[identity] = Pending(
            table, msg.seat, msg.nonce, server_nonce, msg.name[:100], conn, now
        )
        self.handshakes.move_to_end(identity)
        while len(self.handshakes) > MAX_HANDSHAKES:
            self.handshakes.popitem(last=False)
        self._send(identity, encode(Challenge(table.name, server_nonce, proof)))
        return None

    def _auth(self, identity: bytes, conn: int, msg: Auth, now: float) -> None:
        p = self.handshakes.pop(identity, None)
        if p is None or p.conn != conn or p.table.state == CLOSED:
            self._refuse(identity, -1, "no_handshake", "send hello, then auth with its challenge")
            return
        table, seat = p.table, p.table.seats[p.seat]
        want = handshake.agent_proof(seat.token, table.name, p.seat, p.agent_nonce, p.server_nonce)
        if not handshake.same(msg.proof, want):
            self._refuse(identity, p.seat, "bad_token", f"wrong token for seat {p.seat}")
            return
        old = seat.identity
        if old is not None and old != identity:
            # A new connection proved the token: the seat moves to it.
            self.sessions.pop(old, None)
            why = f"seat {p.seat} was taken over by a new connection that proved its token"
            table.outbox.append((old, encode(Error("session_replaced", why, -1))))
            log.info("session replaced", table=table.name, seat=p.seat)
        self.sessions[identity] = Session(table, seat, conn)
        source = table.unproven.pop(p.seat, None)
        if source is not None:
            self.admission.settled(source)
        table.claim(seat, identity, p.name, now)
        self._touched.add(table)

    def _join(self, identity: bytes, conn: int, msg: Join, source: str) -> None:
        def no(code: str, why: str) -> None:
            self._refuse(identity, -1, code, why)

        takes = (self.open_table, self.placer, self.matchmaker)
        if not self.opts.lobby or all(x is None for x in takes):
            return no("no_lobby", "this server hosts fixed tables; say hello to a seat")
        if not self._speaks(identity, -1, msg.version):
            return None
        if identity in self.sessions:
            return no("already_seated", "this connection holds a seat")
        busy = None if self.matchmaker is None else self.matchmaker.refusal()
        if busy is not None:
            return no(*busy)
        if msg.game not in available():
            return no("unknown_game", f"no game {msg.game!r}; games: {', '.join(available())}")
        config: dict[str, Any] = {}
        if msg.mode:
            config["mode"] = msg.mode
        if msg.players:
            config["players"] = msg.players
        try:
            ruleset = load(msg.game)
            needed = ruleset.seat_count(ruleset.configure(config))
        except ConfigError as exc:
            return no("bad_config", str(exc))
        self._left_queue(identity)  # a second join moves the agent to the new queue
        refusal = self.admission.refuse(source, len(self.lobby), self.table_count())
        if refusal is not None:
            return no(*refusal)
        key: QueueKey = (msg.game, msg.mode, msg.players)
        q = self.lobby.join(key, needed, Waiting(identity, conn, msg.name[:100], source))
        self.admission.queued(source)
        if self.matchmaker is not None:
            self._tell_queued(q)
            self.matchmaker.queued(key, needed, config, q.waiting[-1])
            return None
        seated = self.lobby.full(q)
        if seated is None:
            self._tell_queued(q)
            return None
        if self.placer is not None:
            self.placer.place(msg.game, config, msg.mode, seated)
            return None
        assert self.open_table is not None
        try:
            table = self.open_table(msg.game, config, msg.mode)
        except (ConfigError, OSError, ValueError) as exc:
            # e.g. out of file descriptors or disk: nobody is seated, the queue is given back
            log.error("cannot open a table", game=msg.game, reason=str(exc))
            for w in seated:
                self.admission.settled(w.source)
                self._refuse(w.identity, -1, "server_busy", f"cannot open a table: {exc}")
            return None
        self.open_for(table, list(seated))
        return None

    def _left_queue(self, identity: bytes) -> None:
        left = self.lobby.leave(identity)
        if left is not None:
            q, gone = left
            self.admission.settled(gone.source)
            if self.matchmaker is not None:
                self.matchmaker.left(gone)
            self._tell_queued(q)

    def _tell_queued(self, q: Queue) -> None:
        """Everyone in `q` hears how many wait in it now."""
        game, mode, players = q.key
        tell = encode(Queued(game, mode, players, len(q.waiting), q.needed))
        for w in q.waiting:
            self._send(w.identity, tell)

    def _table_named(self, name: str) -> Table | None:
        table = self.tables.get(name)
        if table is None and name == "" and len(self.tables) == 1:
            table = next(iter(self.tables.values()))
        if table is None or table.state == CLOSED:
            return None
        return table

    def status(self) -> Tables:
        tables = [t.status() for t in self.tables.values()]
        if self.elsewhere is not None:
            tables.extend(self.elsewhere.statuses())
        return Tables([*tables, *self.ended], self.lobby.status())

    # --- spectators ----------------------------------------------------------------------------

    def _subscriptions(self) -> None:
        """Accept a subscription only to a table's name (or "" for every table), so a peer
        cannot grow the subscription trie: at most one entry per table per connection."""
        assert self._pub is not None
        for _ in range(MAX_BATCH):
            try:
                raw = self._pub.recv(zmq.NOBLOCK)
            except zmq.Again:
                return
            if not raw or raw[0] not in (0, 1):
                continue
            topic = raw[1:]
            try:
                name = topic.decode()
            except UnicodeDecodeError:
                continue
            here = name in self.tables
            if topic and not here and (self.elsewhere is None or not self.elsewhere.moved(name)):
                continue
            with contextlib.suppress(zmq.ZMQError):
                self._pub.setsockopt(zmq.SUBSCRIBE if raw[0] == 1 else zmq.UNSUBSCRIBE, topic)
            if raw[0] == 1 and not here and self.elsewhere is not None:
                self.elsewhere.subscribed(topic)

    # --- output ------------------------------------------------------------------------------

    def _send(self, identity: bytes, blob: bytes) -> None:
        assert self._router is not None
        # the peer may be gone, or its queue full: it resyncs when it comes back
        try:
            self._router.send(identity, _MORE)
            self._router.send(blob, _NOW)
        except zmq.ZMQError:
            pass

    def _publish(self, topic: bytes, blob: bytes) -> None:
        assert self._pub is not None
        with contextlib.suppress(zmq.ZMQError):
            self._pub.send(topic, _MORE)
            self._pub.send(blob, _NOW)

    def _refuse(self, identity: bytes, seat: int, code: str, why: str, ref: int = -1) -> None:
        self._send(identity, encode(Error(code, why, ref)))
        self._log_refusal(seat, identity, code, why, "")

    def _log_refusal(self, seat: int, identity: bytes, code: str, why: str, table: str) -> None:
        ok, suppressed = self.refusal_log.allow(code, time.monotonic())
        if suppressed:
            log.warning("refusals not logged", reason=code, count=suppressed)
        if ok:
            log.warning(
                "refused",
                table=table,
                seat=seat,
                peer=identity.hex()[:32],
                reason=code,
                detail=why[:300],
            )


def _source(frame: zmq.Frame) -> str:
    """The peer's address ("" for ipc, which has none)."""
    try:
        return str(frame.get("Peer-Address"))
    except zmq.ZMQError:
        return ""


def _endpoint(sock: zmq.Socket[bytes]) -> str:
    raw = sock.getsockopt(zmq.LAST_ENDPOINT)
    return raw.decode() if isinstance(raw, bytes) else str(raw)
