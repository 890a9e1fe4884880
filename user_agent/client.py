"""The connection of one user agent to a game agent (protocol 3): the lobby, the token-free seat
handshake, resync, heartbeats, reconnects, epochs and de-duplication. Bots (`sgs bot`, the fleet
in `user_agent.fleet`) and the console (`sgs play`) build on it.

Blocking use, one seat whose token you hold:

    client = Client("tcp://127.0.0.1:5555", seat=1, token="...", table="t1")
    welcome = client.connect()               # hello -> challenge -> auth -> welcome, resync
    while not client.finished:
        for msg in client.poll(1.0):         # EventMsg (in order, once each), RequestMsg,
            ...                              # Error (notices), Bye (the game is over)
        client.reply(request_id, choice)

or through the lobby, on one connection (`join` returns when the table has filled and the seat
handshake is done; `progress` sees each `Queued` and the `Seated`):

    client = Client("tcp://127.0.0.1:5555", name="me")
    welcome = client.join("harmony", mode="", players=0, progress=print)

Non-blocking use, many clients on one `zmq.Poller` (what `user_agent.fleet` does): `open()` or
`open_join(...)` start a connection; whenever `client.socket` is readable call `on_readable()`,
and call `on_timer()` every few tens of milliseconds (heartbeats, liveness, retries). Both
return the items the application must see: EventMsg, RequestMsg, Error, Bye, and also Welcome,
Queued and Seated. A fatal condition sets `client.failure` (a `ClientError`) and stops the
client; nothing raises.

The handshake never sends the token: `hello` carries a fresh nonce, the server must answer with
`challenge.proof = server_proof(token, ...)` (checked in constant time; when the proof does not
verify, the token is wrong, or rarely the server is an impostor: the client stops at once,
sending nothing more, with `ClientError(code="bad_server_proof")`), and only then does the
client send `auth.proof = agent_proof(token, ...)`. The routing id is left to ZeroMQ: a seat
belongs to the session that proved its token, and a newer session takes it over (the older one
gets `session_replaced`, which stops it for good).

Reconnects (Clone pattern): when the server has been silent for `liveness` seconds, or a new
server answers `not_seated` (it restarted from its log), the client opens a new DEALER socket,
redoes the handshake and resyncs from the last seq it holds. A request it has already answered
is answered again with the same choice, unless the table's `epoch` changed (it was restarted
from its log: cached answers are forgotten). When the server holds fewer events than the client
(`welcome.last_seq < last_seq`), the client's view holds events that no longer exist: it resyncs
from -1 and first delivers an `Error` notice with code `rewound` (`REWOUND`), on which the
application must drop everything it folded from this seat's events (the events come again from
seq 0).

After `illegal_reply` the request still stands: the client delivers the error, then the request
again (with the time left), so the application decides again.

Several homes: `endpoint` may name several endpoints separated by commas
(`"tcp://h1:5555,tcp://h2:5555"`, at most `MAX_HOMES`), e.g. the lobby servers of one cluster on
several hosts. `homes` holds them in order and `home` is the one the current try starts at: the
first try starts at the first, and every new try (a retry after a refused or unanswered
handshake or join, a reconnect after a silence or a `not_seated`) starts at the next one in
turn, going round. So a dead home costs one failed try (`liveness` seconds when it is silent),
and the next try is elsewhere. A `moved` leads away from the home for that try only. A home
that answers `unknown_table` may just not hold the table (a cluster's servers each hold their
own): the client tries the next, and stops with that code only once every home has said it
since the last welcome. With one endpoint every try starts there.

Giving up: from the moment it starts trying to reach the server (the first connection, or a
reconnect after the server fell silent for `liveness` seconds) until it is welcomed (or queued
in the lobby), the client retries with a growing pause; after `give_up` seconds of that it stops
with `ClientError(code="give_up")` (`GIVE_UP`). A successful reconnect resets the clock.
`give_up=0` retries forever.

A client given `parent_pid` (an agent started by `sgs serve --bots`, see `user_agent.parent`)
checks every `heartbeat` seconds that this process's parent is still that pid, and stops with
`ClientError(code="parent_gone")` (`PARENT_GONE`) when it is not.

One `Client` belongs to one thread. It polls with timeouts and never cancels a receive.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence

import structlog
import zmq

from protocol import handshake
from protocol.choices import Choice
from protocol.codec import decode_frame, encode
from protocol.errors import ProtocolError
from protocol.messages import (
    Auth,
    Bye,
    Challenge,
    Error,
    EventMsg,
    Heartbeat,
    Hello,
    Join,
    Message,
    Moved,
    Queued,
    Reply,
    RequestMsg,
    Resync,
    Seated,
    Status,
    Tables,
    Welcome,
)
from protocol.version import PROTOCOL_VERSION

log = structlog.get_logger("sgs.client")

# Seat handshake refusals that retrying cannot fix.
FATAL = frozenset(
    {
        "version_mismatch",
        "unknown_table",
        "unknown_seat",
        "bad_token",
        "spectator",
        "already_seated",
        "bad_nonce",
    }
)
# Lobby refusals that retrying cannot fix (`bad_config`: the message says why; `no_lobby`: the
# server hosts fixed tables only). Any other refusal of a join (lobby_full, server_busy,
# rate_limited, ...) is retried on a new connection after a pause.
LOBBY_FATAL = frozenset({"version_mismatch", "unknown_game", "bad_config", "no_lobby"})
SESSION_REPLACED = "session_replaced"  # another session proved the token and took the seat
BAD_SERVER_PROOF = "bad_server_proof"  # the server could not prove it knows the token
REWOUND = "rewound"  # the client's own notice (never sent by a server), see the module doc
GIVE_UP = "give_up"  # no server for `give_up` seconds
PARENT_GONE = "parent_gone"  # the process's parent (`parent_pid`) is gone
MOVED_BADLY = "moved_badly"  # a `moved` to another table, a bad endpoint, or in a loop
MAX_MOVES = 4  # `moved` followed in a row without a welcome
MAX_ENDPOINT = 256  # characters of a `moved` endpoint
MAX_HOMES = 16  # endpoints in a client's comma-separated `endpoint` (its homes)
GIVE_UP_DEFAULT = 120.0  # seconds; long enough to restart a crashed server with --resume

Incoming = EventMsg | RequestMsg | Error | Bye  # what `poll` returns
Item = Incoming | Welcome | Queued | Seated  # what the non-blocking steps return
SocketSetup = Callable[["zmq.Socket[bytes]"], None]  # e.g. CURVE keys, before connect

# Where `sgs bot` / `sgs play` read the seat token when --token is not given, and `sgs bot` its
# seed when --seed is not given (sgs serve passes its bot processes both this way: a command
# line is visible to every local user, and a bot seed can be inverted to the game seed).
TOKEN_ENV = "SGS_TOKEN"
SEED_ENV = "SGS_BOT_SEED"

# Client states.
CLOSED = "closed"  # no connection (not started, or closed by the application)
BACKOFF = "backoff"  # waiting to try again after a refused or unanswered handshake
JOINING = "joining"  # join sent: waiting in the lobby for `seated`
HELLO = "hello"  # hello sent: waiting for the challenge
AUTH = "auth"  # auth sent: waiting for welcome
LIVE = "live"  # welcomed and resynced: the game's traffic flows
FINISHED = "finished"  # the server said bye
FAILED = "failed"  # stopped for good: see `failure`

KEEP = 32  # answers and requests remembered per seat (only the pending one matters)


class ClientError(Exception):
    """The connection cannot go on: refused (`code` set) or the server is gone for good."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


def split_homes(endpoint: str) -> list[str]:
    """The endpoints named by `endpoint`, separated by commas (`tcp://h1:5555,tcp://h2:5555`),
    in order, each stripped of surrounding spaces. Raises ValueError when a part is empty or
    there are more than MAX_HOMES. (It does not check each endpoint's form: ZeroMQ does, at
    connect, and `sgs.options.check_endpoints` does for the command line.)"""
    homes = [part.strip() for part in endpoint.split(",")]
    if len(homes) > MAX_HOMES:
        raise ValueError(f"at most {MAX_HOMES} endpoints, separated by commas (got {len(homes)})")
    if not all(homes):
        raise ValueError(f"an empty endpoint in {endpoint!r} (endpoints are separated by commas)")
    return homes


def homes_in_words(homes: Sequence[str]) -> str:
    """Homes for a message: the one, or `any of A, B` when there are several."""
    return homes[0] if len(homes) == 1 else "any of " + ", ".join(homes)


class Client:
    def __init__(
        self,
        endpoint: str,
        seat: int = -1,
        token: str = "",
        *,
        name: str = "agent",
        table: str = "",
        heartbeat: float = 1.0,
        liveness: float = 5.0,
        give_up: float = GIVE_UP_DEFAULT,
        last_seq: int = -1,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
        socket_setup: SocketSetup | None = None,
        parent_pid: int | None = None,
    ) -> None:
        if give_up < 0:
            raise ValueError("give_up must be 0 (retry forever) or more seconds")
        self.homes = split_homes(endpoint)  # where tries start, in turn (the module doc)
        self._home_at = 0  # the index in `homes` of the current try's home
        self._unknown_at: set[int] = set()  # homes that said unknown_table since the welcome
        self.home = self.homes[0]  # where the current try starts (a `moved` leads away from it)
        self.endpoint = self.home  # where the current connection goes
        self.seat = seat
        self.token = token
        self.name = name
        self.table = table
        self.heartbeat = heartbeat
        self.liveness = liveness
        self.give_up = give_up
        self.parent_pid = parent_pid
        self.last_seq = last_seq
        self.welcome: Welcome | None = None
        self.epoch: int | None = None  # the table's epoch at the last welcome
        self.state = CLOSED
        self.failure: ClientError | None = None
        self.reconnects = 0
        self.rewinds = 0
        self.socket_setup = socket_setup
        self._ctx = context or zmq.Context.instance()
        self._sock: zmq.Socket[bytes] | None = None
        self._lobby: Join | None = None  # set by open_join: where to queue until seated
        self._nonce = ""
        self._answered: OrderedDict[int, Choice] = OrderedDict()
        self._requests: OrderedDict[int, tuple[RequestMsg, float]] = OrderedDict()
        self._resync_asked = -2  # the last_seq of the gap resync in flight (-2: none)
        self._heard = 0.0  # when the server was last heard (or the connection opened)
        self._sent = 0.0
        self._since = 0.0  # when the current state began
        self._trying_since: float | None = None  # the give-up clock, while not welcomed/queued
        self._retry_at = 0.0
        self._pause = 0.05
        self._probe: float | None = None  # when a liveness probe (status) went out, if one did
        self._parent_check = 0.0  # when to check next that the parent is alive (parent_pid)
        self._queued = False  # the server confirmed our join on this connection
        self._moves = 0  # `moved` followed since the last welcome
        self._pending: list[Item] = []  # items seen by the blocking API before it could return
        self.log = log.bind(seat=seat) if seat >= 0 else log.bind(lobby=True)

    @property
    def finished(self) -> bool:
        """The server said bye (the game is over)."""
        return self.state == FINISHED

    @property
    def socket(self) -> zmq.Socket[bytes] | None:
        """The current connection (it changes on every reconnect), or None between tries."""
        return self._sock

    # --- non-blocking steps --------------------------------------------------------------------

    def open(self) -> None:
        """Start the seat handshake on a new connection (needs `seat` and `token`)."""
        if not self.token or self.seat < 0:
            raise ValueError("a seat handshake needs a seat and its token (or use open_join)")
        self._start_trying()
        self._connect()

    def open_join(self, game: str, mode: str = "", players: int = 0) -> None:
        """Queue in the lobby for a table of `game` on a new connection; once `seated`, the seat
        handshake follows on the same connection."""
        self._lobby = Join(PROTOCOL_VERSION, game, mode, players, self.name)
        self._start_trying()
        self._connect()

    def on_readable(self) -> list[Item]:
        """Read everything waiting on the socket; return what the application must see."""
        out: list[Item] = []
        sock = self._sock
        while sock is not None and sock is self._sock and self.failure is None:
            try:
                raw = sock.recv(zmq.NOBLOCK)
            except zmq.Again:
                break
            except zmq.ZMQError as exc:  # e.g. a CURVE handshake failure surfacing on recv
                self.log.warning("receive failed", reason=str(exc))
                break
            for msg in self._decode(raw):  # protocol 5: a frame may hold several messages
                if sock is not self._sock or self.failure is not None:
                    break  # the rest came over a connection that is over
                self._handle(msg, out)
        return out

    def on_timer(self, now: float | None = None) -> list[Item]:
        """Heartbeats, liveness and retries; call at least every tenth of `heartbeat`."""
        now = time.monotonic() if now is None else now
        out: list[Item] = []
        state = self.state
        if state in (CLOSED, FINISHED, FAILED):
            return out
        if self.parent_pid is not None and now >= self._parent_check:
            self._parent_check = now + self.heartbeat
            if os.getppid() != self.parent_pid:
                self._fail(f"the parent process (pid {self.parent_pid}) is gone", PARENT_GONE)
                return out
        trying = self._trying_since
        if self.give_up > 0 and trying is not None and now - trying >= self.give_up:
            where = self.endpoint if len(self.homes) == 1 else homes_in_words(self.homes)
            self._fail(f"no answer from {where} for {self.give_up:g} s: giving up", GIVE_UP)
            return out
        if state == BACKOFF:
            if now >= self._retry_at:
                self._connect()
            return out
        # Nothing is given up on while an answer waits to be read: callers may run the timers
        # before they read (the fleet's sweep, `_step`), and a late answer is still an answer.
        if state in (HELLO, AUTH):
            if now - self._since >= self.liveness and not self._answer_waiting():
                self._retry(f"no answer to {state} for {now - self._since:.1f} s")
            return out
        if now - self._sent >= self.heartbeat:
            self._send(Heartbeat(time.time()))
        silent = now - self._heard
        unanswered = state == JOINING and not self._queued and now - self._since > self.liveness
        if not (unanswered or silent > self.liveness) or self._answer_waiting():
            return out
        if state == LIVE:
            self._reconnect(f"server silent for {silent:.1f} s")
        elif unanswered:
            self._retry(f"join unanswered for {now - self._since:.1f} s")
        elif state == JOINING:
            # Waiting in a queue may be quiet: ask for the status once (any answer proves the
            # server alive); no answer either means it is gone, and we queue again.
            if self._probe is None:
                self._probe = now
                self._send(Status(PROTOCOL_VERSION))
            elif now - self._probe > self.liveness:
                self._reconnect(f"server silent for {silent:.1f} s while queued")
        return out

    def _answer_waiting(self) -> bool:
        """Whether a message from the server has arrived and waits to be read (a join given
        up on although the server answered it would leave that agent seated elsewhere)."""
        sock = self._sock
        return sock is not None and bool(int(sock.getsockopt(zmq.EVENTS)) & zmq.POLLIN)

    def wakeup(self) -> float:
        """The monotonic time by which `on_timer` has something to do."""
        state = self.state
        if state in (CLOSED, FINISHED, FAILED):
            return float("inf")
        t = float("inf")
        if self._trying_since is not None and self.give_up > 0:
            t = self._trying_since + self.give_up
        if self.parent_pid is not None:
            t = min(t, self._parent_check)
        if state == BACKOFF:
            return min(t, self._retry_at)
        if state in (HELLO, AUTH):
            return min(t, self._since + self.liveness)
        t = min(t, self._sent + self.heartbeat)
        if state == JOINING and not self._queued:
            t = min(t, self._since + self.liveness)
        if self._probe is not None:
            return min(t, self._probe + self.liveness)
        return min(t, self._heard + self.liveness)

    # --- blocking API --------------------------------------------------------------------------

    def connect(self) -> Welcome:
        """Handshake until welcomed (or refused, or `give_up` seconds pass), then resync."""
        self.open()
        return self._wait_welcome(None)

    def join(
        self,
        game: str,
        mode: str = "",
        players: int = 0,
        progress: Callable[[Queued | Seated], None] | None = None,
    ) -> Welcome:
        """Queue in the lobby until seated, then do the seat handshake (same connection)."""
        self.open_join(game, mode, players)
        return self._wait_welcome(progress)

    def _wait_welcome(self, progress: Callable[[Queued | Seated], None] | None) -> Welcome:
        while True:
            items, _ = self._step(float("inf"))
            self._raise_failure()
            for n, item in enumerate(items):
                if isinstance(item, Queued | Seated):
                    if progress is not None:
                        progress(item)
                elif isinstance(item, Welcome):
                    self._pending.extend(items[n + 1 :])
                    return item
                else:
                    self._pending.append(item)

    def poll(self, timeout: float, fds: Sequence[int] = ()) -> list[Incoming]:
        """Wait up to `timeout` s for input; return what the agent must see (possibly nothing).

        Returns early when one of `fds` (e.g. stdin) is readable. Heartbeats are sent and
        checked here, so call it often (at least every `heartbeat` seconds). Raises
        `ClientError` when the connection cannot go on.
        """
        self._raise_failure()
        if self.state == CLOSED:
            raise ClientError("not connected")
        out: list[Incoming] = [i for i in self._pending if isinstance(i, Incoming)]
        self._pending.clear()
        end = time.monotonic() + timeout
        while True:
            items, fd_ready = self._step(max(end - time.monotonic(), 0.0), fds)
            self._raise_failure()
            out.extend(i for i in items if isinstance(i, Incoming))
            if out or fd_ready or time.monotonic() >= end:
                return out

    def _step(self, timeout: float, fds: Sequence[int] = ()) -> tuple[list[Item], bool]:
        """One wait: up to `timeout` s, less when a timer is due; (items, an fd is ready)."""
        out = self.on_timer()
        if self.failure is not None:
            return out, False
        now = time.monotonic()
        wait = max(min(timeout, self.wakeup() - now), 0.0)
        sock = self._sock
        if sock is None and not fds:
            time.sleep(min(wait, 1.0))
            return out + self.on_timer(), False
        poller = zmq.Poller()
        if sock is not None:
            poller.register(sock, zmq.POLLIN)
        for fd in fds:
            poller.register(fd, zmq.POLLIN)
        ready = dict(poller.poll(min(int(wait * 1000) + 1, 1000)))
        if sock is not None and sock in ready:
            out.extend(self.on_readable())
        out.extend(self.on_timer())
        return out, any(fd in ready for fd in fds)

    def _raise_failure(self) -> None:
        if self.failure is not None:
            raise self.failure

    # --- the application's messages ------------------------------------------------------------

    def reply(self, request_id: int, choice: Choice) -> None:
        self._answered[request_id] = choice
        while len(self._answered) > KEEP:
            self._answered.popitem(last=False)
        self._send(Reply(request_id, choice))

    def close(self, linger: int = 500) -> None:
        if self._sock is not None:
            self._sock.close(linger)
            self._sock = None
        if self.state not in (FINISHED, FAILED):
            self.state = CLOSED

    def bye(self, reason: str = "done") -> None:
        """Leave: the seat stays ours (we may come back with the token); in a queue, leave it."""
        if self._sock is not None and self.state in (JOINING, LIVE, FINISHED):
            self._send(Bye(reason))
        self.close()

    # --- connection ----------------------------------------------------------------------------

    def _start_trying(self) -> None:
        if self._trying_since is None:
            self._trying_since = time.monotonic()

    def _connect(self) -> None:
        """A new connection: hello when we hold a seat's token, join when we are to queue."""
        self._new_socket()
        if self.token:
            self._nonce = handshake.new_nonce()
            self._set_state(HELLO)
            self._send(Hello(PROTOCOL_VERSION, self.table, self.seat, self._nonce, self.name))
        elif self._lobby is not None:
            self._set_state(JOINING)
            self._send(self._lobby)
        else:  # pragma: no cover - open()/open_join() guard this
            raise ValueError("nothing to connect for")

    def _new_socket(self) -> None:
        if self._sock is not None:
            self._sock.close(0)
            self._sock = None
        sock = self._ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.RECONNECT_IVL, 100)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, 1000)
        if self.socket_setup is not None:
            self.socket_setup(sock)
        sock.connect(self.endpoint)
        self._sock = sock
        now = time.monotonic()
        self._heard = now
        self._probe = None
        self._queued = False

    def _set_state(self, state: str) -> None:
        self.state = state
        self._since = time.monotonic()

    def _reconnect(self, why: str) -> None:
        self.reconnects += 1
        state = self.state
        self._next_home()  # a table's worker may have moved: a home knows where
        self.log.warning(
            "reconnecting", why=why, last_seq=self.last_seq, state=state, endpoint=self.home
        )
        self._start_trying()
        self._connect()

    def _retry(self, why: str) -> None:
        """Close, wait a little (doubling up to 1 s), and connect again (at the next home)."""
        self._next_home()
        self.log.info("handshake retry", why=why, pause=self._pause, endpoint=self.home)
        if self._sock is not None:
            self._sock.close(0)
            self._sock = None
        self._retry_at = time.monotonic() + self._pause
        self._pause = min(self._pause * 2, 1.0)
        self._set_state(BACKOFF)

    def _next_home(self) -> None:
        """The next try starts at the next home in turn (with one home, at that one)."""
        if len(self.homes) > 1:
            self._home_at = (self._home_at + 1) % len(self.homes)
            self.home = self.homes[self._home_at]
        self.endpoint = self.home

    def _fail(self, message: str, code: str) -> None:
        """Stop for good, sending nothing more (the application reports `failure`)."""
        self.log.debug("connection stopped", code=code, reason=message)
        self.failure = ClientError(message, code)
        if self._sock is not None:
            self._sock.close(0)
            self._sock = None
        self.state = FAILED

    # --- incoming ------------------------------------------------------------------------------

    def _handle(self, msg: Message, out: list[Item]) -> None:
        self._heard = time.monotonic()
        self._probe = None
        state = self.state
        if state == LIVE:
            self._live(msg, out)
        elif state == JOINING:
            self._joining(msg, out)
        elif state == HELLO and isinstance(msg, Challenge):
            self._challenged(msg)
        elif state == HELLO and isinstance(msg, Moved):
            self._moved(msg)
        elif state == AUTH and isinstance(msg, Welcome):
            self._welcomed(msg, out)
        elif state in (HELLO, AUTH) and isinstance(msg, Error):
            if msg.code == "not_seated":
                # hello and auth never get not_seated: this answers something sent before the
                # hello (a heartbeat while queued, read by the server after it seated us)
                self.log.debug("stale not_seated ignored", state=state)
            else:
                self._refused(msg)
        elif isinstance(msg, Heartbeat | Tables) or state == FINISHED:
            pass
        else:
            self.log.warning("unexpected message from the server", type=msg.TYPE, state=state)

    def _joining(self, msg: Message, out: list[Item]) -> None:
        if isinstance(msg, Queued):
            self._trying_since = None  # the server is there; waiting for players is normal
            self._queued = True
            out.append(msg)
        elif isinstance(msg, Seated):
            self.table, self.seat, self.token = msg.table, msg.seat, msg.token
            self.log = log.bind(seat=msg.seat, table=msg.table)
            self.log.info("seated", table=msg.table)
            out.append(msg)
            self._start_trying()
            self._nonce = handshake.new_nonce()
            self._set_state(HELLO)
            self._send(Hello(PROTOCOL_VERSION, self.table, self.seat, self._nonce, self.name))
        elif isinstance(msg, Error):
            if msg.code in LOBBY_FATAL:
                self._fail(f"join refused: {msg.code}: {msg.message}", msg.code)
            elif msg.code == "not_seated":
                # our heartbeat, from a connection the server does not hold in a queue: the
                # join was lost (dropped, or the server restarted); join again
                self._retry("not in the queue (not_seated)")
            else:  # not queued (lobby_full, server_busy, our join rate-limited): again, later
                self.log.warning("join refused, trying again", code=msg.code, detail=msg.message)
                out.append(msg)
                self._retry(f"join refused: {msg.code}")
        elif isinstance(msg, Heartbeat | Tables):
            pass
        else:
            self.log.warning("unexpected message in the lobby", type=msg.TYPE)

    def _moved(self, msg: Moved) -> None:
        """The table is served elsewhere (a lobby's worker): the same hello, there."""
        if self.table and msg.table != self.table:
            self._fail(f"{self.endpoint} moved us to table {msg.table!r}, not {self.table!r}",
                       MOVED_BADLY)  # fmt: skip
            return
        if not msg.endpoint.startswith(("tcp://", "ipc://")) or len(msg.endpoint) > MAX_ENDPOINT:
            self._fail(f"{self.endpoint} moved us to an unusable endpoint", MOVED_BADLY)
            return
        self._moves += 1
        if self._moves > MAX_MOVES:
            self._fail(f"moved {MAX_MOVES} times without a welcome (last: {msg.endpoint})",
                       MOVED_BADLY)  # fmt: skip
            return
        self.log.info("table moved", table=msg.table, endpoint=msg.endpoint)
        self.table = msg.table
        self.endpoint = msg.endpoint
        self._connect()

    def _challenged(self, msg: Challenge) -> None:
        expected = handshake.server_proof(self.token, msg.table, self.seat, self._nonce, msg.nonce)
        # The resolved table must be the one asked for (any table when none was named).
        if not handshake.same(msg.proof, expected):
            # Far more often a wrong token than a fake server: said in that order.
            self._fail(
                f"the token for seat {self.seat} is not this table's (mistyped, or from another "
                f"game?); or {self.endpoint} is not the real table; nothing more was sent",
                BAD_SERVER_PROOF,
            )
            return
        if self.table and msg.table != self.table:
            self._fail(
                f"{self.endpoint} answered for table {msg.table!r}, not {self.table!r} (the "
                "table named); nothing more was sent",
                BAD_SERVER_PROOF,
            )
            return
        proof = handshake.agent_proof(self.token, msg.table, self.seat, self._nonce, msg.nonce)
        self.table = msg.table
        self._set_state(AUTH)
        self._send(Auth(proof))

    def _refused(self, msg: Error) -> None:
        self.log.warning("handshake refused", code=msg.code, detail=msg.message)
        if msg.code == "unknown_table" and len(self.homes) > 1:
            # Another home may not hold the table (a cluster's servers each hold their own):
            # that is the answer of every home but the table's, so only all of them saying it
            # since the last welcome settles it.
            self._unknown_at.add(self._home_at)
            if len(self._unknown_at) < len(self.homes):
                self._retry(f"refused: {msg.code} (trying the next home)")
                return
        if msg.code in FATAL:
            self._fail(f"refused: {msg.code}: {msg.message}", msg.code)
        else:  # e.g. not_seated (the server restarted mid-handshake), rate_limited
            self._retry(f"refused: {msg.code}")

    def _welcomed(self, msg: Welcome, out: list[Item]) -> None:
        epoch_changed = self.epoch is not None and msg.epoch != self.epoch
        rewound = msg.last_seq < self.last_seq
        if epoch_changed or rewound:
            # History may have been rewound: an answer cached for a request id may now belong
            # to another question.
            self._answered.clear()
            self._requests.clear()
        self.epoch = msg.epoch
        self.welcome = msg
        self.table = msg.table
        self._moves = 0
        self._unknown_at.clear()
        self._set_state(LIVE)
        self._trying_since = None
        self._pause = 0.05
        self._resync_asked = -2
        out.append(msg)
        if rewound:
            self.rewinds += 1
            self.log.warning(
                "the server holds fewer events than this agent: replaying from the start",
                server_last_seq=msg.last_seq,
                last_seq=self.last_seq,
                epoch=msg.epoch,
            )
            note = (
                f"the table (epoch {msg.epoch}) holds events up to seq {msg.last_seq}, this "
                f"agent held up to {self.last_seq}: drop the seat's view, events come again "
                "from seq 0"
            )
            out.append(Error(REWOUND, note, -1))
            self.last_seq = -1
        self._send(Resync(self.last_seq))
        self.log.info(
            "connected",
            endpoint=self.endpoint,
            table=msg.table,
            last_seq=self.last_seq,
            server_last_seq=msg.last_seq,
            epoch=msg.epoch,
        )

    def _live(self, msg: Message, out: list[Item]) -> None:
        if isinstance(msg, EventMsg):
            if msg.seq <= self.last_seq:
                return  # already held (a resync overlapping the live stream)
            if msg.seq != self.last_seq + 1:
                # one resync at a time: while its replay is on the way, later live events
                # arrive out of order too, and each must not ask for the whole gap again
                if self._resync_asked != self.last_seq:
                    self.log.warning("gap in events, resyncing", got=msg.seq, have=self.last_seq)
                    self._resync_asked = self.last_seq
                    self._send(Resync(self.last_seq))
                return
            self.last_seq = msg.seq
            out.append(msg)
        elif isinstance(msg, RequestMsg):
            rid = msg.request.get("id")
            if type(rid) is int:
                if rid in self._answered:
                    self.log.info("request seen again, same answer re-sent", request=rid)
                    self._send(Reply(rid, self._answered[rid]))
                    return
                self._requests[rid] = (msg, time.monotonic())
                while len(self._requests) > KEEP:
                    self._requests.popitem(last=False)
            out.append(msg)
        elif isinstance(msg, Error):
            self._live_error(msg, out)
        elif isinstance(msg, Bye):
            self.state = FINISHED
            out.append(msg)
        elif isinstance(msg, Heartbeat | Welcome | Tables):
            pass
        else:
            self.log.warning("unexpected message from the server", type=msg.TYPE)

    def _live_error(self, msg: Error, out: list[Item]) -> None:
        if msg.code == SESSION_REPLACED:
            self._fail(
                f"another session proved this seat's token and took it over: {msg.message}",
                SESSION_REPLACED,
            )
            return
        if msg.code == "not_seated":
            self._reconnect("the server does not know this connection (it restarted?)")
            return
        self.log.warning("server notice", code=msg.code, detail=msg.message, ref=msg.ref)
        out.append(msg)
        if msg.code == "illegal_reply":
            # The request still stands: ask the application again (with the time left).
            self._answered.pop(msg.ref, None)
            held = self._requests.get(msg.ref)
            if held is not None:
                out.append(_time_left(*held))
        elif msg.code in ("deadline", "stale_request"):
            self._requests.pop(msg.ref, None)

    # --- plumbing ------------------------------------------------------------------------------

    def _send(self, msg: Message) -> None:
        self._write(encode(msg))

    def _write(self, frame: bytes) -> None:
        """Send one frame (the only place bytes leave the client)."""
        if self._sock is None:
            return
        try:
            self._sock.send(frame, zmq.NOBLOCK)
        except zmq.ZMQError as exc:
            self.log.debug("send failed", reason=str(exc))
        self._sent = time.monotonic()

    def _decode(self, raw: bytes) -> list[Message]:
        try:
            return decode_frame(raw, deep=False)  # the server proved itself: trusted frames
        except ProtocolError as exc:
            self.log.warning("undecodable message from the server", reason=str(exc))
            return []


def _time_left(msg: RequestMsg, received: float) -> RequestMsg:
    if msg.deadline <= 0:
        return msg
    left = msg.deadline - (time.monotonic() - received)
    return dataclasses.replace(msg, deadline=max(left, 0.001))


class Transcript:
    """What an agent received, one JSON object per line (`--record FILE`): events with their
    seq, and requests. A restarted agent reads it back to resume from its last seq; a torn last
    line (the agent was killed mid-write) is cut. `reset` empties it (after a rewind)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.events: list[dict[str, object]] = []
        self.last_seq = -1
        good = 0
        try:
            with open(path, "rb") as f:
                blob = f.read()
        except FileNotFoundError:
            blob = b""
        for line in blob.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                break
            try:
                item = json.loads(line)
            except (ValueError, RecursionError):  # RecursionError: a line nested ~1000 deep
                break
            if not isinstance(item, dict):
                break
            if item.get("t") == "event":
                if item.get("seq") != self.last_seq + 1:
                    break
                self.last_seq = int(item["seq"])
                self.events.append(item)
            good += len(line)
        self._f = open(path, "ab")  # noqa: SIM115 - closed in close()
        self._f.truncate(good)

    def event(self, msg: EventMsg) -> None:
        self._write({"t": "event", "seq": msg.seq, "kind": msg.kind, "data": msg.data})

    def request(self, msg: RequestMsg) -> None:
        self._write({"t": "request", "request": msg.request})

    def reset(self) -> None:
        """Forget everything: the seat's history is replayed from seq 0."""
        self._f.truncate(0)
        self._f.flush()
        self.events = []
        self.last_seq = -1

    def _write(self, item: dict[str, object]) -> None:
        self._f.write(json.dumps(item, sort_keys=True).encode() + b"\n")
        self._f.flush()

    def close(self) -> None:
        self._f.close()
