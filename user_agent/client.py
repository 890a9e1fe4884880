"""The connection of one seated user agent to a game agent: handshake, resync, heartbeats,
reconnect, and de-duplication. Bots (`sgs bot`) and the console (`sgs play`) build on it.

    client = Client("tcp://127.0.0.1:5555", seat=1, token="...")
    welcome = client.connect()               # hello -> welcome, then resync(last seq held)
    while not client.finished:
        for msg in client.poll(1.0):         # EventMsg (in order, once each), RequestMsg,
            ...                              # Error (notices), Bye (the game is over)
        client.reply(request_id, choice)

The client reconnects by itself (Clone pattern): when the server has been silent for `liveness`
seconds, or a new server answers `not_seated` (it restarted from its log), it opens a new DEALER
socket with the same identity, says hello again and resyncs from the last seq it holds. The
server then re-sends exactly the missed events and the pending request. A request it has already
answered is answered again with the same choice (never re-decided), so a bot stays deterministic
across drops and server restarts.

One `Client` belongs to one thread. It polls with timeouts and never cancels a receive.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Sequence

import structlog
import zmq

from protocol.choices import Choice
from protocol.codec import decode, encode
from protocol.errors import ProtocolError
from protocol.messages import (
    Bye,
    Error,
    EventMsg,
    Heartbeat,
    Hello,
    Message,
    Reply,
    RequestMsg,
    Resync,
    Welcome,
)
from protocol.version import PROTOCOL_VERSION

log = structlog.get_logger("sgs.client")

# Refusals that retrying cannot fix.
FATAL = frozenset(
    {
        "version_mismatch",
        "unknown_table",
        "unknown_seat",
        "bad_token",
        "spectator",
        "already_seated",
        "seat_taken",
    }
)
Incoming = EventMsg | RequestMsg | Error | Bye


# Where `sgs bot` / `sgs play` read the seat token when --token is not given (sgs serve passes
# its bot processes their tokens this way: a command line is visible to every local user).
TOKEN_ENV = "SGS_TOKEN"


class ClientError(Exception):
    """The connection cannot go on: refused (`code` set) or the server is gone for good."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


def identity_for(seat: int, token: str) -> bytes:
    """A stable routing identity for a seat's agent: a restarted agent with the same token takes
    over its old connection at once (ROUTER_HANDOVER) instead of waiting for it to time out."""
    digest = hashlib.sha256(f"sgs-seat:{seat}:{token}".encode()).hexdigest()[:24]
    return f"sgs-{digest}".encode()


class Client:
    def __init__(
        self,
        endpoint: str,
        seat: int,
        token: str,
        *,
        name: str = "agent",
        table: str = "",
        heartbeat: float = 1.0,
        liveness: float = 5.0,
        give_up: float = 60.0,
        last_seq: int = -1,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
    ) -> None:
        self.endpoint = endpoint
        self.seat = seat
        self.token = token
        self.name = name
        self.table = table
        self.heartbeat = heartbeat
        self.liveness = liveness
        self.give_up = give_up
        self.last_seq = last_seq
        self.welcome: Welcome | None = None
        self.finished = False  # the server said bye (game over)
        self.reconnects = 0
        self._ctx = context or zmq.Context.instance()
        self._sock: zmq.Socket[bytes] | None = None
        self._identity = identity_for(seat, token)
        self._answered: OrderedDict[int, Choice] = OrderedDict()
        self._resync_asked = -2  # the last_seq of the gap resync in flight (-2: none)
        self._heard = 0.0
        self._sent = 0.0
        self.log = log.bind(seat=seat)

    # --- connection ----------------------------------------------------------------------------

    def connect(self) -> Welcome:
        """Hello until welcomed (or refused, or `give_up` seconds pass), then resync."""
        give_up_at = time.monotonic() + self.give_up
        pause = 0.05
        while True:
            self._new_socket()
            self._send(Hello(PROTOCOL_VERSION, self.table, self.seat, self.token, self.name))
            answer = self._await_welcome(min(self.liveness, self.give_up))
            if isinstance(answer, Welcome):
                self.welcome = answer
                start = self.last_seq
                if answer.last_seq < start:
                    # The server restarted from a log that lost its last records (a torn disk
                    # write): it will produce those events again; the ones held are skipped.
                    self.log.warning(
                        "the server holds fewer events than this agent",
                        server_last_seq=answer.last_seq,
                        last_seq=start,
                    )
                    start = answer.last_seq
                self._send(Resync(start))
                now = time.monotonic()
                self._heard = now
                self.log.info(
                    "connected",
                    endpoint=self.endpoint,
                    last_seq=self.last_seq,
                    server_last_seq=answer.last_seq,
                )
                return answer
            if isinstance(answer, Error) and answer.code in FATAL:
                self.close(linger=0)
                raise ClientError(f"refused: {answer.code}: {answer.message}", answer.code)
            if time.monotonic() >= give_up_at:
                self.close(linger=0)
                raise ClientError(f"no answer from {self.endpoint} for {self.give_up:g} s")
            time.sleep(pause)
            pause = min(pause * 2, 1.0)

    def _await_welcome(self, timeout: float) -> Welcome | Error | None:
        assert self._sock is not None
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            if not self._sock.poll(int(left * 1000) + 1, zmq.POLLIN):
                return None
            msg = self._recv()
            if isinstance(msg, Welcome):
                return msg
            if isinstance(msg, Error):
                self.log.warning("hello refused", code=msg.code, detail=msg.message)
                return msg
        return None

    def _new_socket(self) -> None:
        self.close(linger=0)
        sock = self._ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.IDENTITY, self._identity)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.RECONNECT_IVL, 100)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, 1000)
        sock.connect(self.endpoint)
        self._sock = sock

    def reconnect(self, why: str) -> None:
        self.reconnects += 1
        self.log.warning("reconnecting", why=why, last_seq=self.last_seq)
        self.connect()

    def close(self, linger: int = 500) -> None:
        if self._sock is not None:
            self._sock.close(linger)
            self._sock = None

    def bye(self, reason: str = "done") -> None:
        if self._sock is not None:
            self._send(Bye(reason))
        self.close()

    # --- traffic -------------------------------------------------------------------------------

    def poll(self, timeout: float, fds: Sequence[int] = ()) -> list[Incoming]:
        """Wait up to `timeout` s for input; return what the agent must see (possibly nothing).

        Returns early when one of `fds` (e.g. stdin) is readable. Heartbeats are sent and
        checked here, so call it often (at least every `heartbeat` seconds).
        """
        if self._sock is None:
            raise ClientError("not connected")
        out: list[Incoming] = []
        end = time.monotonic() + timeout
        poller = zmq.Poller()
        poller.register(self._sock, zmq.POLLIN)
        for fd in fds:
            poller.register(fd, zmq.POLLIN)
        while True:
            now = time.monotonic()
            if now - self._sent >= self.heartbeat:
                self._send(Heartbeat(time.time()))
            if now - self._heard > self.liveness and not self.finished:
                self.reconnect(f"server silent for {now - self._heard:.1f} s")
                return out
            wait = min(end - now, self.heartbeat)
            ready = dict(poller.poll(max(int(wait * 1000), 0) + 1))
            if self._sock in ready:
                while True:
                    try:
                        raw = self._sock.recv(zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    msg = self._decode(raw)
                    if msg is not None and self._handle(msg, out):
                        return out  # reconnected: the caller sees the resync's stream next
            if out or any(fd in ready for fd in fds) or time.monotonic() >= end:
                return out

    def _handle(self, msg: Message, out: list[Incoming]) -> bool:
        """Route one message; True when the connection was re-established."""
        self._heard = time.monotonic()
        if isinstance(msg, EventMsg):
            if msg.seq <= self.last_seq:
                return False  # already held (a resync overlapping the live stream)
            if msg.seq != self.last_seq + 1:
                # one resync at a time: while its replay is on the way, later live events
                # arrive out of order too, and each must not ask for the whole gap again
                if self._resync_asked != self.last_seq:
                    self.log.warning("gap in events, resyncing", got=msg.seq, have=self.last_seq)
                    self._resync_asked = self.last_seq
                    self._send(Resync(self.last_seq))
                return False
            self.last_seq = msg.seq
            out.append(msg)
        elif isinstance(msg, RequestMsg):
            rid = msg.request.get("id")
            if type(rid) is int and rid in self._answered:
                self.log.info("request seen again, same answer re-sent", request=rid)
                self._send(Reply(rid, self._answered[rid]))
                return False
            out.append(msg)
        elif isinstance(msg, Error):
            if msg.code == "not_seated":
                self.reconnect("the server does not know this connection (it restarted?)")
                return True
            if msg.code == "illegal_reply":
                self._answered.pop(msg.ref, None)
            self.log.warning("server notice", code=msg.code, detail=msg.message, ref=msg.ref)
            out.append(msg)
        elif isinstance(msg, Bye):
            self.finished = True
            out.append(msg)
        elif isinstance(msg, Heartbeat | Welcome):
            pass
        else:
            self.log.warning("unexpected message from the server", type=msg.TYPE)
        return False

    def reply(self, request_id: int, choice: Choice) -> None:
        self._answered[request_id] = choice
        while len(self._answered) > 32:
            self._answered.popitem(last=False)
        self._send(Reply(request_id, choice))

    # --- plumbing ------------------------------------------------------------------------------

    def _send(self, msg: Message) -> None:
        if self._sock is None:
            return
        try:
            self._sock.send(encode(msg), zmq.NOBLOCK)
        except zmq.ZMQError as exc:
            self.log.debug("send failed", reason=str(exc))
        self._sent = time.monotonic()

    def _recv(self) -> Message | None:
        assert self._sock is not None
        try:
            raw = self._sock.recv(zmq.NOBLOCK)
        except zmq.Again:
            return None
        return self._decode(raw)

    def _decode(self, raw: bytes) -> Message | None:
        try:
            return decode(raw)
        except ProtocolError as exc:
            self.log.warning("undecodable message from the server", reason=str(exc))
            return None


class Transcript:
    """What an agent received, one JSON object per line (`--record FILE`): events with their
    seq, and requests. A restarted agent reads it back to resume from its last seq; a torn last
    line (the agent was killed mid-write) is cut."""

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
            except ValueError:
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

    def _write(self, item: dict[str, object]) -> None:
        self._f.write(json.dumps(item, sort_keys=True).encode() + b"\n")
        self._f.flush()

    def close(self) -> None:
        self._f.close()
