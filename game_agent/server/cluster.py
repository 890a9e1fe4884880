"""Lobby servers on many hosts sharing one Redis (`sgs serve --lobby --redis URL`): the loop's side.

Each server holds its own tables, as a one-process lobby does; Redis holds the queues, the
table directory and the leases (`game_agent.server.redis_link`, the one thread that talks to
it). This object is the server's `elsewhere` (tables other servers hold) and its `matchmaker`
(queues shared by every server):

- **Join anywhere.** An agent's `join` waits in this server's lobby and is pushed to the shared
  queue. The server whose push fills the queue opens the table, takes its lease and writes its
  row, tells its own agents `seated`, and puts a notice for each other agent in its server's
  inbox; that server tells its agent `seated` and moves its `hello` to the owner.
- **Hello and status anywhere.** A `hello` or `spectate` for another server's table is
  answered `moved` from the local copy of the directory (renewed every beat, never a Redis
  round trip on the agent's path); `status` lists every table.
- **Leases.** The owner renews its leases every beat. When one lapses (its server died), another
  server claims the table and resumes it from the shared log directory (epoch + 1); agents
  find it through their home server.
- **Redis away.** Decisions are accepted only while the leases are certainly valid: past that,
  the server pauses its tables (`Server.freeze`), refuses joins, and goes on when Redis is back.

Spectators subscribed at one server see that server's tables only (a `spectate` catch-up for
another server's table is moved there).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
import zmq

from game_agent.engine import ConfigError
from game_agent.server.lobby import QueueKey, Waiting
from game_agent.server.redis_link import Held, RedisLink, Row, Timing
from game_agent.server.resume import ResumeError
from game_agent.server.seats import read_sidecar
from game_agent.server.server import Server
from game_agent.server.table import Table
from protocol.codec import encode
from protocol.messages import Error, Moved, Seated

log = structlog.get_logger("sgs.cluster")

MAX_WAITING = 100_000  # agents waiting at this server (the lobby's own caps are far lower)
MAX_TEXT = 256  # characters of a name, token or endpoint in an inbox notice
MAX_SEATS = 64  # a seat number in an inbox notice is below this


def new_server_id() -> str:
    """Unique among servers: host, process, and random bits (no ':' or '|': they separate)."""
    host = socket.gethostname().replace(":", "-").replace("|", "-")[:64]
    return f"{host}-{os.getpid()}-{secrets.token_hex(4)}"


@dataclass
class Entry:
    """An agent of this server in a shared queue."""

    wid: str
    key: str  # the queue's key in Redis
    needed: int
    who: Waiting


class Cluster:
    """The server's view of the other servers; `server.elsewhere` and `server.matchmaker`."""

    def __init__(
        self,
        server: Server,
        url: str,
        *,
        log_dir: str,
        timing: Timing,
        open_table: Callable[[str, dict[str, Any], str, str], Table],
        resume: Callable[[str], tuple[Table, str]],
        say: Callable[[str], None] = lambda line: None,
        server_id: str = "",
        prefix: str = "sgs:",
    ) -> None:
        self.server = server
        self.id = server_id or new_server_id()
        self.log_dir = log_dir
        self.say = say
        self.open_table = open_table
        self.resume_table = resume
        self.directory: dict[str, Row] = {}  # other servers' tables
        self.waiting: dict[str, Entry] = {}  # wid -> entry
        self.by_identity: dict[bytes, str] = {}  # identity -> wid
        self.up = False
        self._was_up = False
        self._wids = 0
        ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self._wake_at = f"inproc://sgs-cluster-{self.id}"
        self._pull = ctx.socket(zmq.PULL)
        self._pull.setsockopt(zmq.LINGER, 0)
        self._pull.bind(self._wake_at)
        self._push: zmq.Socket[bytes] | None = None  # the link thread's end, made there
        endpoints = (server.endpoint, server.pub_endpoint)
        self.link = RedisLink(url, self.id, endpoints, timing, self._wake, prefix=prefix)
        server.lease_until = 0.0  # nothing is decided before the first renewal
        server.elsewhere = self
        server.matchmaker = self
        server.watch(self._pull, self._drain)
        closed = server.on_closed
        server.on_closed = lambda table: self._closed(table, closed)
        server.on_beat = self._beat

    def start(self) -> None:
        self.link.check()  # redis.RedisError when unreachable (the caller says so)
        self.link.start()

    def close(self) -> None:
        self.link.close()
        if self._push is not None and not self.link.alive():
            self._push.close(0)  # the thread's socket: only once the thread has ended
        self._pull.close(0)

    def _wake(self) -> None:
        """Called in the link thread only (a socket belongs to one thread)."""
        if self._push is None:
            self._push = zmq.Context.instance().socket(zmq.PUSH)
            self._push.setsockopt(zmq.LINGER, 0)
            self._push.connect(self._wake_at)
        with contextlib.suppress(zmq.Again):  # the loop has wake-ups queued already
            self._push.send(b"", zmq.NOBLOCK)

    # --- the server's questions ----------------------------------------------------------------

    def moved(self, name: str) -> Moved | None:
        row = self.directory.get(name)
        if row is None or not (row.leased and row.owner_alive and row.endpoint):
            return None
        return Moved(name, row.endpoint, row.spectators)

    def moving(self, name: str) -> bool:
        return name in self.directory  # known, but its owner is changing

    def seating(self, identity: bytes) -> bool:
        return False  # an agent stays in this server's lobby until it is told its seat

    def count(self) -> int:
        return len(self.directory)

    def statuses(self) -> list[dict[str, Any]]:
        return [row.status for row in self.directory.values()]

    def subscribed(self, topic: bytes) -> None:
        pass  # the stream carries this server's tables; docs/operating.md says so

    def refusal(self) -> tuple[str, str] | None:
        if not self.up:
            return ("server_busy", "the lobby's shared directory (Redis) is unreachable; "
                    "try again shortly")  # fmt: skip
        if len(self.waiting) >= MAX_WAITING:
            return ("lobby_full", f"{MAX_WAITING} agents wait here already")
        return None

    def queued(self, key: QueueKey, needed: int, config: dict[str, Any], who: Waiting) -> None:
        self._wids += 1
        wid = str(self._wids)
        qkey = json.dumps(list(key))
        entry = Entry(wid, qkey, needed, who)
        self.waiting[wid] = entry
        self.by_identity[who.identity] = wid
        self.link.ops.put(("push", qkey, f"{self.id}|{wid}", needed))

    def left(self, who: Waiting) -> None:
        wid = self.by_identity.pop(who.identity, None)
        entry = self.waiting.pop(wid, None) if wid else None
        if entry is not None:
            self.link.ops.put(("leave", entry.key, f"{self.id}|{wid}"))

    # --- what the link says --------------------------------------------------------------------

    def _drain(self) -> None:
        while True:
            try:
                self._pull.recv(zmq.NOBLOCK)
            except zmq.Again:
                break
        while True:
            try:
                event = self.link.events.get_nowait()
            except queue.Empty:
                return
            self._event(*event)

    def _event(self, name: str, *args: Any) -> None:
        if name == "valid":
            self.server.lease_until = float(args[0])
        elif name == "directory":
            self.directory = {n: r for n, r in args[0].items() if r.owner != self.id}
        elif name == "form":
            self._form(str(args[0]), [str(e) for e in args[1]])
        elif name == "notices":
            for notice in args[0]:
                self._notice(notice)
        elif name == "claimed":
            self._claimed(str(args[0]), str(args[1]), str(args[2]))
        elif name == "lost":
            why = "this table's lease passed to another server: ask your home server again"
            self.server.drop(str(args[0]), why)
            self.say(f"table {args[0]!r} given up: another server holds its lease")
        elif name == "up":
            self.up = True
            if self._was_up:
                self.say(f"redis: reachable again; {len(self.waiting)} waiting agents queued again")
            self._was_up = True
            for wid, e in self.waiting.items():  # Redis may have come back empty
                self.link.ops.put(("push", e.key, f"{self.id}|{wid}", e.needed))
        elif name == "down":
            self.up = False
            self.say(f"redis: unreachable ({args[0]}); tables pause when their leases lapse, "
                     "joins are refused")  # fmt: skip

    def _beat(self, now: float) -> None:
        rows = {t.name: (t.status(), os.path.basename(t.log_path))
                for t in self.server.tables.values()}  # fmt: skip
        self.link.ops.put(("status", rows))

    def _closed(self, table: Table, then: Callable[[Table], None]) -> None:
        then(table)
        self.link.ops.put(("finished", table.name))

    # --- tables --------------------------------------------------------------------------------

    def _form(self, qkey: str, entries: list[str]) -> None:
        """A shared queue filled with our push: open its table here."""
        game, mode, players = json.loads(qkey)
        config: dict[str, Any] = {}
        if mode:
            config["mode"] = mode
        if players:
            config["players"] = players
        seats: list[tuple[str, str, Waiting | None]] = []
        for item in entries:
            server, _, wid = item.rpartition("|")
            if server == self.id:
                entry = self.waiting.pop(wid, None)
                who = entry.who if entry is not None else None
                if who is not None:
                    self.by_identity.pop(who.identity, None)
                    self.server.lobby.leave(who.identity)
                seats.append((server, wid, who))
            else:
                seats.append((server, wid, None))
        self._open(str(game), config, str(mode), seats)

    def _open(
        self,
        game: str,
        config: dict[str, Any],
        mode: str,
        seats: list[tuple[str, str, Waiting | None]],
    ) -> None:
        # 64 random bits (a one-process lobby's names have 32): names are unique over every
        # server and every table ever played, and a taken one is refused (redis_link.OWN)
        name = f"{game}-{secrets.token_hex(8)}"
        try:
            table = self.open_table(game, config, mode, name)
        except (ConfigError, OSError, ValueError) as exc:
            log.error("cannot open a table", game=game, reason=str(exc))
            for server, wid, who in seats:
                why = f"cannot open a table: {exc}"
                if server != self.id:
                    self.link.ops.put(("tell", server, {"wid": wid, "error": why}))
                elif who is not None:
                    self.server.admission.settled(who.source)
                    self.server.send(who.identity, encode(Error("server_busy", why, -1)))
            return
        held = Held(0, self.server.endpoint, self.server.pub_endpoint,
                    os.path.basename(table.log_path), table.status())  # fmt: skip
        self.link.ops.put(("own", table.name, held))  # the lease and row before any notice
        for seat, (server, wid, _) in zip(table.seats.seats, seats, strict=True):
            if server != self.id:
                notice = {"wid": wid, "table": table.name, "seat": seat.index,
                          "token": seat.token, "owner": self.id,
                          "endpoint": self.server.endpoint,
                          "spectators": self.server.pub_endpoint}  # fmt: skip
                self.link.ops.put(("tell", server, notice))
        self.server.open_for(table, [who for _, _, who in seats])

    def _notice(self, notice: dict[str, Any]) -> None:
        """Another server opened a table with a seat for an agent waiting here."""
        entry = self.waiting.pop(str(notice.get("wid")), None)
        if entry is None:
            return  # it left meanwhile: its seat stays empty (the table's fill timeout)
        who = entry.who
        self.by_identity.pop(who.identity, None)
        self.server.lobby.leave(who.identity)
        self.server.admission.settled(who.source)
        if "error" in notice:
            why = str(notice["error"])[:500]
            self.server.send(who.identity, encode(Error("server_busy", why, -1)))
            return
        name, seat, token = notice.get("table"), notice.get("seat"), notice.get("token")
        endpoint, spectators = notice.get("endpoint"), notice.get("spectators")
        texts = (name, token, endpoint, spectators, notice.get("owner"))
        if not (all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts)
                and isinstance(seat, int) and 0 <= seat < MAX_SEATS):  # fmt: skip
            log.error("a notice that is not a server's was in our inbox", wid=entry.wid)
            self.server.send(who.identity, encode(Error("server_busy", "join again", -1)))
            return
        assert isinstance(name, str) and isinstance(token, str)
        self.directory[name] = Row(name, str(notice["owner"]), str(endpoint), str(spectators),
                                   "", {"name": name})  # fmt: skip
        self.server.send(who.identity, encode(Seated(name, seat, token)))

    def _claimed(self, name: str, log_name: str, owner_was: str) -> None:
        """Our link took the lapsed lease of table `name`: resume it from the shared logs."""
        # a lobby table's files are written when it starts playing, under its name
        path = os.path.join(self.log_dir, os.path.basename(log_name or f"{name}.sgslog"))
        if not os.path.exists(path):
            self.say(f"claim: table {name!r} had no log (it never started playing): dropped")
            self.link.ops.put(("finished", name))
            return
        try:
            if read_sidecar(path).get("finished"):  # its owner died before Redis heard
                self.say(f"claim: table {name!r} had finished ({path}): its row is removed")
                self.link.ops.put(("finished", name))
                return
            table, report = self.resume_table(path)
            self.server.add(table)
        except (ResumeError, ValueError, OSError) as exc:
            self.say(f"claim: table {name!r} ({path}): refused: {exc}")
            self.link.ops.put(("finished", name))
            return
        self.directory.pop(name, None)
        self.say(f"resume: table {name!r} (claimed from {owner_was}; {path}): {report}")
