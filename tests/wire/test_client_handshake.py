"""The protocol 3 client (`user_agent.client`) against a small fake game agent: a real ROUTER
on a free 127.0.0.1 port, in a thread, that implements the seat handshake with
`protocol.handshake`, the lobby (join/queued/seated), status, resync, requests and replies.

`FakeServer` is also used by tests/wire/test_fleet.py. Every wait is for a condition, bounded by
`WAIT` (conftest.py: sized for a busy machine); nothing asserts on how long anything took.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import zmq
from conftest import WAIT

from protocol import handshake
from protocol.codec import decode, encode
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
from user_agent.client import (
    BAD_SERVER_PROOF,
    FAILED,
    LIVE,
    REWOUND,
    SESSION_REPLACED,
    Client,
    ClientError,
    Item,
)

REPO = Path(__file__).resolve().parents[2]
GAME = "harmony"
OPTIONS = ["a", "b", "c"]


# --- the fake game agent ---------------------------------------------------------------------


@dataclass
class FakeTable:
    name: str
    seats: int
    tokens: list[str]
    requests: int  # requests per seat in a game
    history: list[list[tuple[str, dict[str, Any]]]]  # per seat: (kind, data)
    epoch: int = 0
    holder: dict[int, bytes] = field(default_factory=dict)  # seat -> routing id
    answered: dict[int, list[Any]] = field(default_factory=dict)  # seat -> accepted choices
    replies: dict[int, list[tuple[int, Any]]] = field(default_factory=dict)  # every reply
    refused: set[tuple[int, int]] = field(default_factory=set)  # (seat, id) refused once
    over: bool = False

    def pending(self, seat: int) -> int | None:
        k = len(self.answered[seat])
        return None if self.over or k >= self.requests else k

    def request(self, seat: int, rid: int) -> RequestMsg:
        req = {
            "id": rid,
            "seat": seat,
            "kind": "pick",
            "form": "choice",
            "options": OPTIONS,
            "min": 1,
            "max": 1,
            "cancel": False,
            "default": 0,
            "info": {},
            "piles": [],
        }
        return RequestMsg(req, 30.0)


@dataclass
class Conn:
    stage: str  # queued, seated (waits for hello), auth, live
    table: str = ""
    seat: int = -1
    agent_nonce: str = ""
    server_nonce: str = ""
    queue_key: tuple[str, str, int] | None = None


class FakeServer:
    """A protocol-3 game agent reduced to what the client needs, run in its own thread.

    Each table's game: every seat sees `game_started` (+ `intro` filler events), then gets
    `requests` choice requests in turn (3 options, default 0); each accepted reply adds an
    `answered` event to that seat's stream; when every seat has answered everything, every seat
    gets `game_over` and `bye`. A reply that is not an index 0..2 is refused (`illegal_reply`),
    and with `illegal_first` so is every first reply to a request.
    """

    def __init__(
        self,
        *,
        players: int = 2,
        requests: int = 1,
        intro: int = 0,
        wrong_proof: bool = False,
        illegal_first: bool = False,
        drop_replies: int = 0,
        refuse_joins: int = 0,
        ignore_joins: int = 0,
        stale_not_seated: bool = False,
        heartbeat: float = 0.2,
    ) -> None:
        self.ignore_joins = ignore_joins  # joins dropped without an answer (rate-limited, lost)
        # before each challenge, a not_seated (as for a heartbeat read after the seat was given)
        self.stale_not_seated = stale_not_seated
        self.players = players
        self.refuse_joins = refuse_joins  # joins refused with lobby_full before one is taken
        self.drop_replies = drop_replies  # replies to swallow unanswered (as if lost)
        self.requests = requests
        self.intro = intro
        self.wrong_proof = wrong_proof
        self.illegal_first = illegal_first
        self.heartbeat = heartbeat
        self.tables: dict[str, FakeTable] = {}
        self.conns: dict[bytes, Conn] = {}
        self.queues: dict[tuple[str, str, int], list[bytes]] = {}
        self.received: list[tuple[bytes, bytes]] = []  # (routing id, frame), everything
        self.lock = threading.Lock()
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self.sock = self.ctx.socket(zmq.ROUTER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.bind("tcp://127.0.0.1:*")
        self.endpoint = self.sock.getsockopt_string(zmq.LAST_ENDPOINT)
        self._commands: queue.Queue[Callable[[], None]] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._last_beat = 0.0
        self.errors: list[str] = []

    # --- test-side API ---

    def start(self) -> FakeServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._thread.join(WAIT)
        self.sock.close(0)

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run `fn` in the server thread (between two messages) and return its result."""
        box: queue.Queue[Any] = queue.Queue()
        self._commands.put(lambda: box.put(fn()))
        return box.get(timeout=WAIT)

    def add_table(self, name: str, seats: int | None = None) -> FakeTable:
        n = seats or self.players
        start = [("game_started", {"seats": n})] + [("filler", {"n": i}) for i in range(self.intro)]
        t = FakeTable(
            name,
            n,
            [secrets.token_hex(16) for _ in range(n)],
            self.requests,
            [list(start) for _ in range(n)],
            answered={s: [] for s in range(n)},
            replies={s: [] for s in range(n)},
        )
        self.tables[name] = t
        return t

    def forget_queued(self) -> None:
        """Drop every queued agent without telling it (as a server that lost track of it)."""

        def go() -> None:
            for key in self.queues:
                for rid in self.queues[key]:
                    self.conns.pop(rid, None)
                self.queues[key] = []

        self.call(go)

    def restart(self, name: str, keep: int) -> None:
        """As if the game agent restarted from a log holding `keep` events per seat and no
        decision: a new epoch, every connection forgotten."""

        def go() -> None:
            t = self.tables[name]
            t.epoch += 1
            t.history = [h[:keep] for h in t.history]
            t.answered = {s: [] for s in range(t.seats)}
            t.holder.clear()
            t.over = False
            self.conns.clear()

        self.call(go)

    def frames_from(self, rid: bytes | None = None) -> list[bytes]:
        with self.lock:
            return [f for r, f in self.received if rid is None or r == rid]

    def messages_from(self, rid: bytes | None = None) -> list[Message]:
        return [decode(f) for f in self.frames_from(rid)]

    def routing_ids(self) -> list[bytes]:
        with self.lock:
            return list(dict.fromkeys(r for r, _ in self.received))

    # --- the server thread ---

    def _run(self) -> None:
        while not self._stop.is_set():
            while True:
                try:
                    self._commands.get_nowait()()
                except queue.Empty:
                    break
            if self.sock.poll(20, zmq.POLLIN):
                while True:
                    try:
                        frames = self.sock.recv_multipart(zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    try:
                        self._on(frames[0], frames[1])
                    except Exception as exc:  # surface in the test, never kill the thread
                        self.errors.append(repr(exc))
            now = time.monotonic()
            if self.heartbeat and now - self._last_beat >= self.heartbeat:
                self._last_beat = now
                for rid, conn in list(self.conns.items()):
                    if conn.stage in ("live", "queued"):
                        self._send(rid, Heartbeat(time.time()))

    def _send(self, rid: bytes, msg: Message) -> None:
        self.sock.send_multipart([rid, encode(msg)])

    def _error(self, rid: bytes, code: str, message: str = "", ref: int = -1) -> None:
        self._send(rid, Error(code, message or code, ref))

    def _on(self, rid: bytes, frame: bytes) -> None:
        with self.lock:
            self.received.append((rid, frame))
        try:
            msg = decode(frame)
        except ProtocolError as exc:
            self._error(rid, exc.code, str(exc))
            return
        conn = self.conns.get(rid)
        if isinstance(msg, Hello):
            self._hello(rid, msg)
        elif isinstance(msg, Join):
            self._join(rid, msg)
        elif isinstance(msg, Status):
            tables = [
                {
                    "name": t.name,
                    "game": GAME,
                    "mode": "",
                    "seats": t.seats,
                    "seated": len(t.holder),
                    "state": "over" if t.over else "playing",
                    "decisions": sum(len(a) for a in t.answered.values()),
                }
                for t in self.tables.values()
            ]
            queues = [
                {"game": g, "mode": m, "players": p, "waiting": len(w), "needed": p}
                for (g, m, p), w in self.queues.items()
            ]
            self._send(rid, Tables(tables, queues))
        elif isinstance(msg, Bye):
            if conn is not None and conn.queue_key is not None:
                self.queues[conn.queue_key].remove(rid)
            self.conns.pop(rid, None)
        elif conn is None:
            self._error(rid, "not_seated")
        elif isinstance(msg, Auth):
            self._auth(rid, conn, msg)
        elif isinstance(msg, Heartbeat):
            pass
        elif conn.stage != "live":
            self._error(rid, "not_seated")
        elif isinstance(msg, Resync):
            self._resync(rid, conn, msg.last_seq)
        elif isinstance(msg, Reply):
            self._reply(rid, conn, msg)

    def _hello(self, rid: bytes, msg: Hello) -> None:
        if msg.version != PROTOCOL_VERSION:
            self._error(rid, "version_mismatch")
            return
        name = msg.table or (next(iter(self.tables)) if len(self.tables) == 1 else "")
        t = self.tables.get(name)
        if t is None:
            self._error(rid, "unknown_table")
            return
        if not 0 <= msg.seat < t.seats:
            self._error(rid, "unknown_seat")
            return
        snonce = handshake.new_nonce()
        self.conns[rid] = Conn("auth", t.name, msg.seat, msg.nonce, snonce)
        if self.stale_not_seated:
            self._error(rid, "not_seated", "send hello before heartbeat")
        token = "not-the-token" if self.wrong_proof else t.tokens[msg.seat]
        proof = handshake.server_proof(token, t.name, msg.seat, msg.nonce, snonce)
        self._send(rid, Challenge(t.name, snonce, proof))

    def _auth(self, rid: bytes, conn: Conn, msg: Auth) -> None:
        if conn.stage != "auth":
            self._error(rid, "not_seated")
            return
        t = self.tables[conn.table]
        token = t.tokens[conn.seat]
        want = handshake.agent_proof(token, t.name, conn.seat, conn.agent_nonce, conn.server_nonce)
        if not handshake.same(msg.proof, want):
            self._error(rid, "bad_token")
            del self.conns[rid]
            return
        old = t.holder.get(conn.seat)
        if old is not None and old != rid:
            self._error(old, SESSION_REPLACED, "a newer session proved the token")
            self.conns.pop(old, None)
        t.holder[conn.seat] = rid
        conn.stage = "live"
        last = len(t.history[conn.seat]) - 1
        self._send(
            rid, Welcome(PROTOCOL_VERSION, t.name, conn.seat, GAME, "1", t.seats, last, t.epoch)
        )

    def _resync(self, rid: bytes, conn: Conn, last_seq: int) -> None:
        t = self.tables[conn.table]
        hist = t.history[conn.seat]
        if not -1 <= last_seq < len(hist):
            self._error(rid, "bad_seq")
            return
        for seq in range(last_seq + 1, len(hist)):
            kind, data = hist[seq]
            self._send(rid, EventMsg(seq, kind, data))
        rid_pending = t.pending(conn.seat)
        if rid_pending is not None:
            self._send(rid, t.request(conn.seat, rid_pending))
        elif t.over:
            self._send(rid, Bye("game_over"))

    def _push(self, t: FakeTable, seat: int, kind: str, data: dict[str, Any]) -> None:
        t.history[seat].append((kind, data))
        holder = t.holder.get(seat)
        if holder is not None and holder in self.conns:
            self._send(holder, EventMsg(len(t.history[seat]) - 1, kind, data))

    def _reply(self, rid: bytes, conn: Conn, msg: Reply) -> None:
        t = self.tables[conn.table]
        seat = conn.seat
        t.replies[seat].append((msg.id, msg.choice))
        if self.drop_replies > 0:
            self.drop_replies -= 1
            return
        pending = t.pending(seat)
        if pending is None or msg.id < pending:
            self._error(rid, "stale_request", ref=msg.id)
            return
        if msg.id > pending:
            self._error(rid, "unknown_request", ref=msg.id)
            return
        legal = type(msg.choice) is int and 0 <= msg.choice < len(OPTIONS)
        if not legal or (self.illegal_first and (seat, msg.id) not in t.refused):
            t.refused.add((seat, msg.id))
            self._error(rid, "illegal_reply", f"not a legal choice: {msg.choice!r}", msg.id)
            return
        t.answered[seat].append(msg.choice)
        self._push(t, seat, "answered", {"seat": seat, "id": msg.id, "choice": msg.choice})
        nxt = t.pending(seat)
        if nxt is not None:
            self._send(rid, t.request(seat, nxt))
        if all(len(a) >= t.requests for a in t.answered.values()):
            t.over = True
            for s in range(t.seats):
                self._push(t, s, "game_over", {"outcome": {"winner": 0, "reason": "test"}})
                holder = t.holder.get(s)
                if holder is not None and holder in self.conns:
                    self._send(holder, Bye("game_over"))

    def _join(self, rid: bytes, msg: Join) -> None:
        if msg.version != PROTOCOL_VERSION:
            self._error(rid, "version_mismatch")
            return
        if msg.game != GAME:
            self._error(rid, "unknown_game", f"no game {msg.game!r}")
            return
        if self.ignore_joins > 0:
            self.ignore_joins -= 1
            self.conns[rid] = Conn("limbo")  # known (its heartbeats pass), never queued
            return
        if self.refuse_joins > 0:
            self.refuse_joins -= 1
            self._error(rid, "lobby_full", "too many agents are waiting; try again later")
            return
        players = msg.players or self.players
        key = (msg.game, msg.mode, players)
        waiting = self.queues.setdefault(key, [])
        waiting.append(rid)
        self.conns[rid] = Conn("queued", queue_key=key)
        for w in waiting:
            self._send(w, Queued(msg.game, msg.mode, players, len(waiting), players))
        if len(waiting) >= players:
            seated, self.queues[key] = waiting[:players], waiting[players:]
            t = self.add_table(f"t{len(self.tables) + 1}", players)
            for seat, w in enumerate(seated):
                self.conns[w] = Conn("seated", t.name, seat)
                self._send(w, Seated(t.name, seat, t.tokens[seat]))


@pytest.fixture
def fake() -> Iterator[Callable[..., FakeServer]]:
    made: list[FakeServer] = []

    def make(**kw: Any) -> FakeServer:
        server = FakeServer(**kw).start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.close()
        assert not server.errors, server.errors


# --- helpers ---------------------------------------------------------------------------------


class RecordingClient(Client):
    """A client that keeps every frame it sends (the bytes, before ZeroMQ sees them)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.sent: list[bytes] = []

    def _write(self, frame: bytes) -> None:
        self.sent.append(frame)
        super()._write(frame)

    def sent_types(self) -> list[str]:
        return [decode(f).TYPE for f in self.sent]


def client_for(server: FakeServer, table: FakeTable, seat: int, **kw: Any) -> RecordingClient:
    kw.setdefault("heartbeat", 0.1)
    kw.setdefault("give_up", WAIT)
    return RecordingClient(server.endpoint, seat, table.tokens[seat], table=table.name, **kw)


def collect(client: Client, until: Callable[[list[Any]], bool], what: str = "items") -> list[Any]:
    """Poll until `until(items so far)`; bounded by WAIT."""
    items: list[Any] = []
    end = time.monotonic() + WAIT
    while not until(items):
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}; got {items}")
        items.extend(client.poll(0.05))
    return items


def requests_in(items: list[Any]) -> list[RequestMsg]:
    return [i for i in items if isinstance(i, RequestMsg)]


def pump(clients: list[Client], until: Callable[[], bool], what: str) -> dict[int, list[Item]]:
    """Drive non-blocking clients on one poller until `until()`; items seen per client."""
    seen: dict[int, list[Item]] = {id(c): [] for c in clients}
    end = time.monotonic() + WAIT
    while not until():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}: {seen}")
        poller = zmq.Poller()
        for c in clients:
            if c.socket is not None:
                poller.register(c.socket, zmq.POLLIN)
        ready = dict(poller.poll(20))
        for c in clients:
            if c.socket is not None and c.socket in ready:
                seen[id(c)].extend(c.on_readable())
            seen[id(c)].extend(c.on_timer())
    return seen


# --- the seat handshake ----------------------------------------------------------------------


def test_handshake_success_and_the_token_never_travels(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=2)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    welcome = client.connect()
    assert (welcome.table, welcome.seat, welcome.game, welcome.epoch) == ("t1", 0, GAME, 0)
    items = collect(client, lambda xs: any(isinstance(x, RequestMsg) for x in xs), "a request")
    client.reply(requests_in(items)[0].request["id"], 1)
    items = collect(client, lambda xs: any(isinstance(x, RequestMsg) for x in xs), "request 1")
    client.reply(1, 2)
    collect(client, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    client.bye()
    assert server.call(lambda: dict(table.answered)) == {0: [1, 2]}
    # The handshake, in order, on the wire: hello, auth (after the challenge), resync.
    types = [m.TYPE for m in server.messages_from() if m.TYPE != "heartbeat"]
    assert types[:3] == ["hello", "auth", "resync"], types
    hello = next(m for m in server.messages_from() if isinstance(m, Hello))
    assert handshake.is_nonce(hello.nonce)
    # The token is in no frame the client sent: what the server received, and what it wrote.
    frames = server.frames_from()
    assert frames and client.sent
    token = table.tokens[0].encode()
    assert all(token not in f for f in frames + client.sent)
    # ... and there was something to find had it been sent (the proofs are derived from it).
    assert any(b"proof" in f for f in frames)


def test_no_routing_id_is_set(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    client.connect()
    assert client.socket is not None
    assert client.socket.getsockopt(zmq.ROUTING_ID) == b""
    # ZeroMQ's own ids start with a zero byte: nobody can claim them.
    collect(client, lambda xs: bool(requests_in(xs)), "a request")
    assert all(rid[:1] == b"\x00" for rid in server.routing_ids())
    client.close()


def test_impostor_server_gets_no_auth(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, wrong_proof=True)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    with pytest.raises(ClientError) as err:
        client.connect()
    assert err.value.code == BAD_SERVER_PROOF
    assert client.state == FAILED and client.socket is None
    # Exactly one frame left the client, the hello; no auth, no heartbeat, no second try.
    assert client.sent_types() == ["hello"]
    assert [m.TYPE for m in server.messages_from()] == ["hello"]
    with pytest.raises(ClientError):
        client.poll(0.1)


def test_challenge_for_another_table_is_refused(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    server.add_table("t1", 1)
    other = server.add_table("t2", 1)
    other.tokens[0] = server.tables["t1"].tokens[0]
    # The server resolves "t1" (we asked for it) but let us ask with t2's name and seat, while
    # a hostile server answers for t1: the proof is valid for t1, not for the table we named.
    client = RecordingClient(
        server.endpoint, 0, other.tokens[0], table="t2", heartbeat=0.1, give_up=WAIT
    )
    real = FakeServer._hello

    def wrong_table(self: FakeServer, rid: bytes, msg: Hello) -> None:
        real(self, rid, Hello(msg.version, "t1", msg.seat, msg.nonce, msg.name))

    server.call(lambda: setattr(server, "_hello", wrong_table.__get__(server)))
    with pytest.raises(ClientError) as err:
        client.connect()
    assert err.value.code == BAD_SERVER_PROOF
    assert client.sent_types() == ["hello"]


def test_a_wrong_token_stops_at_the_servers_proof(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    table = server.add_table("t1", 1)
    client = RecordingClient(server.endpoint, 0, "0" * 32, table="t1", give_up=WAIT)
    # The server's proof is made with the real token: this client cannot verify it, and
    # stops before proving anything with its own (wrong) token.
    with pytest.raises(ClientError) as err:
        client.connect()
    assert err.value.code == BAD_SERVER_PROOF
    assert table.tokens[0].encode() not in b"".join(client.sent)


def test_session_replaced_stops_the_old_client(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    table = server.add_table("t1", 1)
    old = client_for(server, table, 0)
    old.connect()
    collect(old, lambda xs: bool(requests_in(xs)), "a request")
    new = client_for(server, table, 0)
    new.connect()
    with pytest.raises(ClientError) as err:
        collect(old, lambda xs: False, "the replacement")
    assert err.value.code == SESSION_REPLACED
    assert old.state == FAILED
    # The old client stopped: one hello, never a reconnect loop.
    assert old.sent_types().count("hello") == 1
    items = collect(new, lambda xs: bool(requests_in(xs)), "the request, for the new session")
    new.reply(requests_in(items)[0].request["id"], 0)
    collect(new, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    new.bye()


# --- epochs ------------------------------------------------------------------------------------


def answer_first_request(client: Client, choice: int = 2) -> list[Any]:
    """Answer request 0, and wait for request 1 (so the answer's event has arrived too)."""
    items = collect(client, lambda xs: bool(requests_in(xs)), "request 0")
    client.reply(requests_in(items)[0].request["id"], choice)
    return items + collect(client, lambda xs: bool(requests_in(xs)), "request 1")


def test_same_epoch_reconnect_resends_the_cached_answer(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=1, drop_replies=1)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    client.connect()
    items = collect(client, lambda xs: bool(requests_in(xs)), "request 0")
    client.reply(0, 2)
    # The reply is lost, and the server forgets the connection (a network drop, same epoch):
    # the client's next heartbeat gets not_seated, it reconnects, and the request comes again.
    end = time.monotonic() + WAIT
    while not server.call(lambda: table.replies[0]):
        assert time.monotonic() < end
        time.sleep(0.02)
    server.call(server.conns.clear)
    items += collect(client, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    # The client answered again by itself, with the same choice, without asking the app.
    assert len(requests_in(items)) == 1
    assert server.call(lambda: list(table.replies[0])) == [(0, 2), (0, 2)]
    assert client.rewinds == 0 and client.reconnects == 1 and client.epoch == 0
    client.bye()


def test_epoch_change_clears_the_answer_cache(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=2, intro=4)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    client.connect()
    answer_first_request(client)
    assert client.last_seq == 5  # game_started, 4 fillers, answered
    # A restart that kept every event the client holds but lost the decision: nothing to
    # rewind, but request 0 is asked again, and the app (not the cache) must answer it.
    server.restart("t1", keep=6)
    items = collect(client, lambda xs: bool(requests_in(xs)), "request 0 again")
    assert requests_in(items)[0].request["id"] == 0
    assert not any(isinstance(x, Error) and x.code == REWOUND for x in items)
    assert not any(isinstance(x, EventMsg) for x in items)  # nothing new, nothing again
    assert client.epoch == 1 and client.rewinds == 0
    assert server.call(lambda: len(table.replies[0])) == 1  # no automatic answer
    client.close()


def test_rewound_history_is_reported_and_replayed(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=2, intro=4)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    client.connect()
    first = answer_first_request(client)
    assert [e.seq for e in first if isinstance(e, EventMsg)] == [0, 1, 2, 3, 4, 5]
    server.restart("t1", keep=3)  # the log lost events 3..5 and the decision
    items = collect(client, lambda xs: bool(requests_in(xs)), "the replay")
    notice = [i for i, x in enumerate(items) if isinstance(x, Error) and x.code == REWOUND]
    events = [(i, x.seq) for i, x in enumerate(items) if isinstance(x, EventMsg)]
    # The notice comes first, then the true history from seq 0, then the request.
    assert len(notice) == 1
    assert [seq for _, seq in events] == [0, 1, 2]
    assert notice[0] < events[0][0]
    assert requests_in(items)[0].request["id"] == 0
    assert client.rewinds == 1 and client.epoch == 1
    assert server.call(lambda: len(table.replies[0])) == 1  # the app decides again
    client.reply(0, 1)
    items = collect(client, lambda xs: bool(requests_in(xs)), "request 1")
    client.reply(1, 0)
    collect(client, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    assert server.call(lambda: list(table.answered[0])) == [1, 0]
    client.bye()


# --- illegal replies ------------------------------------------------------------------------


def test_illegal_reply_redelivers_the_request(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=1)
    table = server.add_table("t1", 1)
    client = client_for(server, table, 0)
    client.connect()
    items = collect(client, lambda xs: bool(requests_in(xs)), "a request")
    first = requests_in(items)[0]
    client.reply(0, 7)  # out of range
    items = collect(client, lambda xs: bool(requests_in(xs)), "the request again")
    errors = [x for x in items if isinstance(x, Error)]
    assert [(e.code, e.ref) for e in errors] == [("illegal_reply", 0)]
    again = requests_in(items)
    assert len(again) == 1 and again[0].request == first.request
    assert 0 < again[0].deadline <= first.deadline
    assert items.index(errors[0]) < items.index(again[0])
    client.reply(0, 1)
    collect(client, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    assert server.call(lambda: table.replies[0]) == [(0, 7), (0, 1)]
    client.bye()


# --- the lobby --------------------------------------------------------------------------------


def test_join_queued_seated_hello_on_one_connection(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2)
    a = RecordingClient(server.endpoint, name="a", heartbeat=0.1, give_up=WAIT)
    b = RecordingClient(server.endpoint, name="b", heartbeat=0.1, give_up=WAIT)
    a.open_join(GAME)
    alone = pump([a], lambda: bool(server.call(lambda: server.queues)), "a queued")
    b.open_join(GAME)
    seen = pump([a, b], lambda: a.state == LIVE and b.state == LIVE, "both seated")
    seen[id(a)][:0] = alone[id(a)]
    kinds = [type(x).__name__ for x in seen[id(a)]]
    # a waited alone, then with b; then seated, then welcomed.
    assert kinds[:4] == ["Queued", "Queued", "Seated", "Welcome"], kinds
    queued = [x for x in seen[id(a)] if isinstance(x, Queued)]
    assert [(q.waiting, q.needed) for q in queued] == [(1, 2), (2, 2)]
    seated = next(x for x in seen[id(a)] if isinstance(x, Seated))
    assert (a.table, a.seat) == (seated.table, seated.seat)
    # Everything a client sent went over one connection: join, hello, auth, resync.
    for c in (a, b):
        assert c.sent_types()[:1] == ["join"]
        assert [t for t in c.sent_types() if t != "heartbeat"][1:4] == ["hello", "auth", "resync"]
    end = time.monotonic() + WAIT  # the resyncs are sent; wait until the server has them
    while sum(isinstance(m, Resync) for m in server.messages_from()) < 2:
        assert time.monotonic() < end, "the server never got both resyncs"
        time.sleep(0.02)
    assert len(server.routing_ids()) == 2
    for rid in server.routing_ids():
        types = [m.TYPE for m in server.messages_from(rid) if m.TYPE != "heartbeat"]
        assert types[:4] == ["join", "hello", "auth", "resync"], types
    # The token was given to us; we never send it back.
    tokens = [t.encode() for t in server.tables[seated.table].tokens]
    assert all(tok not in f for tok in tokens for f in server.frames_from())
    for c in (a, b):
        c.bye()


def test_blocking_join_reports_progress(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=1)
    client = RecordingClient(server.endpoint, name="solo", heartbeat=0.1, give_up=WAIT)
    progress: list[Queued | Seated] = []
    welcome = client.join(GAME, progress=progress.append)
    assert [type(p).__name__ for p in progress] == ["Queued", "Seated"]
    assert welcome.table == "t1" and welcome.seat == 0
    items = collect(client, lambda xs: bool(requests_in(xs)), "a request")
    client.reply(requests_in(items)[0].request["id"], 0)
    collect(client, lambda xs: any(isinstance(x, Bye) for x in xs), "bye")
    client.bye()


def test_unknown_game_is_fatal(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1)
    client = RecordingClient(server.endpoint, heartbeat=WAIT, give_up=WAIT)
    with pytest.raises(ClientError) as err:
        client.join("no-such-game")
    assert err.value.code == "unknown_game"
    assert client.sent_types() == ["join"]


def test_a_full_lobby_is_tried_again_on_a_new_connection(
    fake: Callable[..., FakeServer],
) -> None:
    server = fake(players=1, requests=1, refuse_joins=2)
    client = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    welcome = client.join(GAME)
    assert welcome.table == "t1"
    assert client.sent_types().count("join") == 3
    joins = [rid for rid in server.routing_ids() if isinstance(server.messages_from(rid)[0], Join)]
    assert len(joins) == 3  # each try on a fresh connection
    client.bye()


def test_an_unanswered_join_is_sent_again(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=1, ignore_joins=1)
    client = RecordingClient(server.endpoint, heartbeat=0.1, liveness=0.5, give_up=WAIT)
    welcome = client.join(GAME)
    # The first join was never answered, so it was sent again (more than once if a busy machine
    # kept the answer to the second past the liveness; a join is always on a new connection).
    assert welcome.seat == 0 and client.sent_types().count("join") >= 2
    assert server.call(lambda: server.ignore_joins) == 0
    client.bye()


def test_a_lost_queue_place_is_noticed_and_taken_again(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2, requests=1)
    a = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    a.open_join(GAME)
    pump([a], lambda: bool(server.call(lambda: server.queues.get((GAME, "", 2)))), "a queued")
    server.forget_queued()  # a's heartbeats now get not_seated: a must queue again
    pump([a], lambda: a.sent_types().count("join") == 2, "a's second join")
    b = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    b.open_join(GAME)
    pump([a, b], lambda: a.state == LIVE and b.state == LIVE, "both seated")
    for c in (a, b):
        c.bye()


def test_a_stale_not_seated_does_not_break_the_handshake(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=1, stale_not_seated=True)
    client = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    client.join(GAME)
    types = [t for t in client.sent_types() if t != "heartbeat"]
    assert types[:4] == ["join", "hello", "auth", "resync"], types
    assert client.reconnects == 0
    client.bye()


def test_bye_while_queued_leaves_the_queue(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=3)
    a = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    a.open_join(GAME)
    pump([a], lambda: server.call(lambda: sum(map(len, server.queues.values()))) == 1, "queued")
    a.bye()
    end = time.monotonic() + WAIT
    while server.call(lambda: sum(map(len, server.queues.values()))) != 0:
        assert time.monotonic() < end, "the queue still holds the agent"
        time.sleep(0.02)
    assert a.sent_types()[-1] == "bye"


# --- sgs status and sgs watch ----------------------------------------------------------------


def sgs(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PYTHONPATH": str(REPO), "SGS_LOG": "json", **env}
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args],
        cwd=REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=WAIT * 2,
    )


def test_status_prints_tables_and_queues(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2)
    server.add_table("alpha", 2)
    waiting = RecordingClient(server.endpoint, heartbeat=0.1, give_up=WAIT)
    waiting.open_join(GAME)
    pump([waiting], lambda: bool(server.call(lambda: server.queues.get((GAME, "", 2)))), "queued")
    out = sgs("status", "--connect", server.endpoint, "--timeout", str(WAIT))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "tables: 1"
    assert lines[1].split() == ["name", "game", "mode", "seats", "seated", "state", "decisions"]
    assert lines[2].split() == ["alpha", GAME, "-", "2", "0", "playing", "0"]
    assert lines[3] == "queues: 1"
    assert lines[4].split() == ["game", "mode", "players", "waiting", "needed"]
    assert lines[5].split() == [GAME, "-", "2", "1", "2"]
    as_json = sgs("status", "--connect", server.endpoint, "--json", "--timeout", str(WAIT))
    data = json.loads(as_json.stdout)
    assert data["tables"][0]["name"] == "alpha"
    assert data["queues"] == [{"game": GAME, "mode": "", "players": 2, "waiting": 1, "needed": 2}]
    waiting.bye()


def test_status_without_a_server_times_out() -> None:
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    silent = ctx.socket(zmq.ROUTER)
    silent.bind("tcp://127.0.0.1:*")
    try:
        endpoint = silent.getsockopt_string(zmq.LAST_ENDPOINT)
        out = sgs("status", "--connect", endpoint, "--timeout", "0.3")
        assert out.returncode == 1
        assert "no answer" in out.stderr
    finally:
        silent.close(0)


class Publisher:
    """An XPUB like the server's spectator endpoint: two frames per message."""

    def __init__(self, manual: bool = False) -> None:
        ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self.sock = ctx.socket(zmq.XPUB)
        self.sock.setsockopt(zmq.LINGER, 0)
        if manual:  # like the server: subscriptions take effect only when accepted
            self.sock.setsockopt(zmq.XPUB_MANUAL, 1)
        self.sock.bind("tcp://127.0.0.1:*")
        self.endpoint = self.sock.getsockopt_string(zmq.LAST_ENDPOINT)
        self.subscriptions: list[bytes] = []

    def wait_subscription(self, want: bytes) -> None:
        end = time.monotonic() + WAIT
        while want not in self.subscriptions:
            assert time.monotonic() < end, f"no subscription {want!r}: {self.subscriptions}"
            if self.sock.poll(50, zmq.POLLIN):
                self.subscriptions.append(self.sock.recv())

    def publish(self, table: str, msg: Message) -> None:
        self.sock.send_multipart([table.encode(), encode(msg)])

    def table_stream(self, table: str, marker: str) -> None:
        self.publish(table, Welcome(PROTOCOL_VERSION, table, -1, GAME, "1", 2, 0, 0))
        self.publish(table, EventMsg(0, "note", {"marker": marker}))


def run_watch(
    args: list[str], publish: Callable[[Publisher], None], manual: bool = False
) -> tuple[str, Publisher]:
    from sgs.commands import watch

    pub = Publisher(manual)
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    watch.add_parser(sub)
    ns = parser.parse_args(["watch", "--connect", pub.endpoint, "--idle", str(WAIT), *args])
    lines: list[str] = []
    thread = threading.Thread(target=publish, args=(pub,), daemon=True)
    original = watch.say
    watch.say = lines.append  # type: ignore[assignment]
    try:
        thread.start()
        code = watch.run(ns)
    finally:
        watch.say = original
        thread.join(WAIT)
        pub.sock.close(0)
    assert code == 0, lines
    return "\n".join(lines), pub


def test_watch_table_ignores_other_topics() -> None:
    def publish(pub: Publisher) -> None:
        pub.wait_subscription(b"\x01t1")
        pub.table_stream("t10", "from-t10")  # a prefix match: must be dropped by the watcher
        pub.table_stream("t1", "from-t1")
        pub.publish("t10", Bye("game_over"))  # not ours: must not end the watch
        pub.publish("t1", EventMsg(1, "note", {"marker": "t1-again"}))
        pub.publish("t1", Bye("game_over"))

    out, pub = run_watch(["--table", "t1"], publish)
    assert pub.subscriptions == [b"\x01t1"]
    assert "from-t1" in out and "t1-again" in out
    assert "from-t10" not in out
    assert out.count("the table closed") == 1
    assert "watching harmony (2 seats), table 't1'" in out


def test_watch_without_table_follows_the_first_one() -> None:
    def publish(pub: Publisher) -> None:
        pub.wait_subscription(b"\x01")
        pub.table_stream("t2", "from-t2")
        pub.wait_subscription(b"\x01t2")  # narrowed to the chosen table
        pub.wait_subscription(b"\x00")  # ... and dropped "everything"
        pub.table_stream("t1", "from-t1")
        pub.publish("t2", EventMsg(1, "note", {"marker": "t2-again"}))
        pub.publish("t2", Bye("game_over"))

    out, _ = run_watch([], publish)
    assert "following table 't2'" in out
    assert "from-t2" in out and "t2-again" in out
    assert "from-t1" not in out


def test_watch_subscribes_again_until_the_table_exists() -> None:
    def publish(pub: Publisher) -> None:
        # Like the server: a subscription to a table that does not exist yet is dropped.
        pub.wait_subscription(b"\x01late")
        pub.subscriptions.clear()
        pub.wait_subscription(b"\x01late")  # sent again by the watcher: the table exists now
        pub.sock.setsockopt(zmq.SUBSCRIBE, b"late")
        pub.table_stream("late", "from-late")
        pub.publish("late", Bye("game_over"))

    out, _ = run_watch(["--table", "late"], publish, manual=True)
    assert "from-late" in out


# --- the seed of a classic `sgs bot` ------------------------------------------------------------


def test_sgs_bot_seat_reads_token_and_seed_from_the_environment(
    fake: Callable[..., FakeServer],
) -> None:
    from user_agent.bots.random_bot import RandomBot

    server = fake(players=1, requests=4)
    table = server.add_table("t1", 1)
    out = sgs(
        "bot",
        "--connect",
        server.endpoint,
        "--seat",
        "0",
        "--table",
        "t1",
        "--heartbeat",
        "0.2",
        SGS_TOKEN=table.tokens[0],
        SGS_BOT_SEED="4242",
    )
    assert out.returncode == 0, out.stderr
    bot = RandomBot(0, 4242)
    expected = [bot.rng.randrange(len(OPTIONS)) for _ in range(4)]
    assert server.call(lambda: list(table.answered[0])) == expected
    assert all(table.tokens[0].encode() not in f for f in server.frames_from())
    # The seed made a difference (seed 0, the default without the variable, plays otherwise).
    assert expected != [random.Random(0).randrange(len(OPTIONS)) for _ in range(4)]
