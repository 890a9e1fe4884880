"""A lobby over worker processes (`sgs serve --lobby --workers N`): the front's side.

The **front** is the process agents know. Its `Server` holds the queues, the admission counts,
`status` and the spectator stream, and no table. Each **worker** process (started by the front,
`sgs.lobby_worker`) is a `Server` of its own, with its own ROUTER and XPUB on the
front's host, and holds a share of the tables: each table is owned by exactly one worker.

- **Joins.** A full queue is handed to `place`: the front names the table and asks the worker
  with the fewest tables to open it; when the worker says it is open, the front sends each
  agent `seated` (table, seat, token) as a one-process lobby does.
- **Hello and spectate at the front** for a worker's table are answered `moved` (protocol 4)
  with the worker's endpoints; the agent says the same `hello` there. Every handshake, seat
  and session rule is the worker's, unchanged. Agents start every reconnect at the front, so a
  table whose worker restarted is found again.
- **Admission.** A worker tells the front when an unproven place settles (a seat proved, a
  table started or dissolved) and when a table closes, so the caps count every worker.
- **Status.** Each worker sends its tables' status rows every heartbeat; `status` at the front
  answers from them (at most one heartbeat old).
- **Spectators** of the front subscribe as before: the front subscribes its relay of the
  worker's stream to the same topic and forwards what comes (the catch-up `spectate` is moved
  to the worker).
- **A worker that dies** is started again, and its unfinished tables are resumed from their
  logs by the new one (crash resume, as for a restarted lobby); until then a `hello` for them
  gets `table_moving` (retried by agents). Tables that had not started playing have no log:
  they are lost, and their agents' `hello`s get `unknown_table`.

The control channel is an ipc socket in a directory only this user can enter; each message is
one msgpack map (`op` names it, see `Worker` and `WorkerPool._control`).
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgpack
import structlog
import zmq

from game_agent.server.lobby import Waiting
from game_agent.server.server import Server
from game_agent.server.store import new_name
from protocol.codec import encode
from protocol.messages import Error, Moved, Seated

log = structlog.get_logger("sgs.workers")

MAX_CONTROL_BYTES = 64 << 20  # a status push of every table a worker holds, with latencies
WORKER_INDEX_ENV = "SGS_WORKER_INDEX"
WORKER_CONTROL_ENV = "SGS_WORKER_CONTROL"
MAX_WORKERS = 64


def pack(op: str, **fields: Any) -> bytes:
    out: bytes = msgpack.packb({"op": op, **fields}, use_bin_type=True)
    return out


def unpack(raw: bytes) -> dict[str, Any]:
    msg = msgpack.unpackb(raw, raw=False, max_bin_len=0, max_ext_len=0)
    if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
        raise ValueError("a control message is a map with an op")
    return msg


@dataclass
class Entry:
    """A table the front knows of: which worker holds it, and its last status row."""

    name: str
    worker: int
    status: dict[str, Any]
    log: str = ""  # its log (once written): what a restarted worker resumes
    ready: bool = False  # the worker has it open (hellos are moved to it)


@dataclass
class Placing:
    """A table being opened (or resumed) by a worker, until it says so."""

    worker: int
    name: str
    seated: list[Waiting] = field(default_factory=list)
    sources: set[str] = field(default_factory=set)
    resumed: bool = False


@dataclass
class Worker:
    index: int
    proc: subprocess.Popen[bytes]
    endpoint: str = ""
    spectators: str = ""
    ready: bool = False
    relay: zmq.Socket[bytes] | None = None  # SUB on the worker's XPUB, for the front's viewers
    restarts: int = 0


class WorkerPool:
    """The front's view of its workers; `server.elsewhere` is this."""

    def __init__(
        self,
        server: Server,
        count: int,
        command: Sequence[str],
        env: dict[str, str],
        *,
        log_dir: str = "logs",
        say: Callable[[str], None] = lambda line: None,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
    ) -> None:
        if not 1 <= count <= MAX_WORKERS:
            raise ValueError(f"--workers must be 1..{MAX_WORKERS}")
        self.server = server
        self.command = list(command)
        self.env = env
        self.say = say
        self.log_dir = log_dir
        self._ctx = context or zmq.Context.instance()
        self._dir = tempfile.mkdtemp(prefix="sgs-front-")  # mode 0700: only we can connect
        self.control_endpoint = f"ipc://{self._dir}/control"
        self._control = self._ctx.socket(zmq.ROUTER)
        self._control.setsockopt(zmq.LINGER, 0)
        self._control.setsockopt(zmq.MAXMSGSIZE, MAX_CONTROL_BYTES)
        self._control.bind(self.control_endpoint)
        self.workers: list[Worker] = []
        self.directory: dict[str, Entry] = {}
        self.placing: dict[str, Placing] = {}
        self.seating_ids: set[bytes] = set()  # agents of the tables in `placing`
        self.later: list[tuple[str, dict[str, Any]]] = []  # ops waiting for a ready worker
        self.topics: set[bytes] = set()  # what the front's spectators subscribed to
        self.stopping = False
        self._rr = itertools.count()
        server.elsewhere = self
        server.placer = self
        server.watch(self._control, self._read_control)
        server.on_beat = self._beat
        for i in range(count):
            self.workers.append(Worker(i, self._spawn(i)))

    # --- processes ---------------------------------------------------------------------------

    def _spawn(self, index: int) -> subprocess.Popen[bytes]:
        env = {
            **self.env,
            WORKER_INDEX_ENV: str(index),
            WORKER_CONTROL_ENV: self.control_endpoint,
        }
        return subprocess.Popen(self.command, env=env, stdin=subprocess.DEVNULL)

    def all_ready(self) -> bool:
        return all(w.ready for w in self.workers)

    def wait_ready(self, seconds: float) -> str:
        """Read only the control channel (agents' messages wait in their socket) until every
        worker is ready: "" then, else why not (a worker exited, or `seconds` passed)."""
        end = time.monotonic() + seconds
        while not self.all_ready():
            why = self.failed_to_start()
            if why:
                return why
            if time.monotonic() > end:
                return f"the workers were not ready within {seconds:g} s"
            if self._control.poll(100):
                self._read_control()
        return ""

    def failed_to_start(self) -> str:
        """Why a worker exited before it was ready ("" while none did)."""
        for w in self.workers:
            code = w.proc.poll()
            if code is not None and not w.ready:
                return f"worker {w.index} exited with status {code} before it was ready"
        return ""

    def _beat(self, now: float) -> None:
        if self.stopping:
            return
        for w in self.workers:
            code = w.proc.poll()
            if code is None:
                continue
            if not w.ready and w.restarts == 0 and not w.endpoint:
                continue  # failed at start: failed_to_start() reports it
            self._restart(w, code)

    def _restart(self, w: Worker, code: int) -> None:
        held = [e for e in self.directory.values() if e.worker == w.index]
        for e in held:
            # a lobby table writes its files when it starts playing, after the front heard of it
            path = os.path.join(self.log_dir, f"{e.name}.sgslog")
            if not e.log and os.path.exists(path):
                e.log = path
        resumable = [e for e in held if e.log]
        self.say(
            f"worker {w.index} exited with status {code}: starting it again; "
            f"{len(resumable)} of its {len(held)} tables resume from their logs"
        )
        log.error("worker exited", worker=w.index, status=code, tables=len(held))
        for e in held:
            if e.log:
                e.ready = False
                self.later.append(("resume", {"path": e.log, "name": e.name, "worker": w.index}))
            else:
                self._forget(e.name, [])
        for name, p in list(self.placing.items()):
            if p.worker == w.index:
                self._place_failed(name, "its worker exited")
        if w.relay is not None:
            self.server.unwatch(w.relay)
            w.relay.close(0)
        w.proc = self._spawn(w.index)
        w.ready, w.relay, w.endpoint, w.spectators = False, None, "", ""
        w.restarts += 1

    def close(self, grace: float = 10.0) -> None:
        """Stop every worker (their tables stay resumable) and wait for them."""
        self.stopping = True
        for w in self.workers:
            if w.proc.poll() is None:
                self._tell(w.index, "stop")
        end = time.monotonic() + grace
        for w in self.workers:
            try:
                w.proc.wait(max(end - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                w.proc.kill()
                w.proc.wait()
            if w.relay is not None:
                w.relay.close(0)
        self._control.close(0)
        shutil.rmtree(self._dir, ignore_errors=True)

    # --- the server's questions (game_agent.server.server.Elsewhere) ---------------------------

    def moved(self, name: str) -> Moved | None:
        e = self.directory.get(name)
        if e is None or not e.ready:
            return None
        w = self.workers[e.worker]
        return Moved(name, w.endpoint, w.spectators)

    def moving(self, name: str) -> bool:
        e = self.directory.get(name)
        return e is not None and not e.ready

    def seating(self, identity: bytes) -> bool:
        return identity in self.seating_ids

    def count(self) -> int:
        return len(self.directory) + sum(1 for p in self.placing.values() if not p.resumed)

    def statuses(self) -> list[dict[str, Any]]:
        return [e.status for e in self.directory.values()]

    def subscribed(self, topic: bytes) -> None:
        if topic in self.topics:
            return
        self.topics.add(topic)
        for w in self.workers:
            if w.relay is not None and (not topic or self._holds(w, topic)):
                w.relay.setsockopt(zmq.SUBSCRIBE, topic)

    def _holds(self, w: Worker, topic: bytes) -> bool:
        e = self.directory.get(topic.decode())
        return e is not None and e.worker == w.index

    def place(self, game: str, config: dict[str, Any], mode: str, seated: list[Waiting]) -> None:
        ready = [w for w in self.workers if w.ready]
        if not ready:
            for s in seated:
                self.server.admission.settled(s.source)
                why = "no worker is ready to open a table; try again shortly"
                self.server.send(s.identity, encode(Error("server_busy", why, -1)))
            return
        load = {w.index: 0 for w in ready}
        for e in self.directory.values():
            if e.worker in load:
                load[e.worker] += 1
        for p in self.placing.values():
            if p.worker in load:
                load[p.worker] += 1
        target = min(ready, key=lambda w: (load[w.index], w.index))
        name = new_name(game)
        while name in self.directory or name in self.placing:
            name = new_name(game)
        sources = {s.source for s in seated}
        self.placing[name] = Placing(target.index, name, list(seated), sources)
        self.seating_ids.update(s.identity for s in seated)
        self.server.admission.table_opened(sources)
        self._tell(
            target.index,
            "open",
            name=name,
            game=game,
            config=config,
            mode=mode,
            sources=[s.source for s in seated],
        )

    def configure(self, name: str, game: str, config: dict[str, Any]) -> None:
        """A `--tables` table, opened by the next worker in turn once it is ready."""
        self.later.append(("configured", {"name": name, "game": game, "config": config}))

    def resume(self, path: str) -> None:
        """An unfinished lobby table found at start, resumed by the next worker in turn."""
        self.later.append(("resume", {"path": path, "name": "", "worker": -1}))

    # --- control -------------------------------------------------------------------------------

    def _tell(self, index: int, op: str, **fields: Any) -> None:
        try:
            self._control.send_multipart([f"w{index}".encode(), pack(op, **fields)], zmq.NOBLOCK)
        except zmq.ZMQError as exc:
            log.warning("cannot reach a worker", worker=index, op=op, reason=str(exc))

    def _read_control(self) -> None:
        for _ in range(256):
            try:
                ident, raw = self._control.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            except ValueError:
                continue  # not two frames: not one of ours
            try:
                index = int(ident.decode()[1:])
                msg = unpack(raw)
            except (ValueError, UnicodeDecodeError, msgpack.UnpackException):
                continue
            if 0 <= index < len(self.workers):
                self._control_message(self.workers[index], msg)

    def _control_message(self, w: Worker, msg: dict[str, Any]) -> None:
        op = msg["op"]
        if op == "ready":
            self._ready(w, str(msg["endpoint"]), str(msg["spectators"]))
        elif op == "opened":
            self._opened(w, msg)
        elif op == "failed":
            self._place_failed(str(msg["name"]), str(msg["reason"]))
        elif op == "settled":
            self.server.admission.settled(str(msg["source"]))
        elif op == "closed":
            name = str(msg["name"])
            if name in self.directory and self.directory[name].worker == w.index:
                ended = msg.get("ended")
                if isinstance(ended, dict):
                    self.server.ended.append(ended)
                self._forget(name, [str(s) for s in msg.get("sources", [])])
        elif op == "status":
            for row in msg.get("tables", []):
                e = self.directory.get(str(row.get("name")))
                if e is not None and e.worker == w.index:
                    e.status = row
            self.server.latencies.extend(float(x) for x in msg.get("latencies", []))

    def _ready(self, w: Worker, endpoint: str, spectators: str) -> None:
        w.endpoint, w.spectators, w.ready = endpoint, spectators, True
        relay = self._ctx.socket(zmq.SUB)
        relay.setsockopt(zmq.LINGER, 0)
        relay.connect(spectators)
        w.relay = relay
        self.server.watch(relay, lambda: self._relay(relay))
        for topic in self.topics:
            if not topic or self._holds(w, topic):
                relay.setsockopt(zmq.SUBSCRIBE, topic)
        log.info("worker ready", worker=w.index, endpoint=endpoint, spectators=spectators)
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand the waiting resumes and `--tables` tables to ready workers, in turn."""
        ready = [w for w in self.workers if w.ready]
        if not ready:
            return
        keep: list[tuple[str, dict[str, Any]]] = []
        for op, fields in self.later:
            want = int(fields.get("worker", -1))
            if want >= 0:
                if not self.workers[want].ready:
                    keep.append((op, fields))
                    continue
                target = self.workers[want]
            else:
                target = ready[next(self._rr) % len(ready)]
            key = str(fields.get("name") or fields.get("path"))
            self.placing[key] = Placing(target.index, key, resumed=True)
            self._tell(target.index, op, **fields)
        self.later = keep

    def _opened(self, w: Worker, msg: dict[str, Any]) -> None:
        name = str(msg["name"])
        key = str(msg.get("key") or name)
        p = self.placing.pop(key, None)
        if p is not None:
            self.seating_ids.difference_update(s.identity for s in p.seated)
        status = msg.get("status")
        entry = Entry(name, w.index, status if isinstance(status, dict) else {"name": name})
        entry.log, entry.ready = str(msg.get("log", "")), True
        self.directory[name] = entry
        if w.relay is not None and name.encode() in self.topics:
            w.relay.setsockopt(zmq.SUBSCRIBE, name.encode())
        tokens = [str(t) for t in msg.get("tokens", [])]
        if p is not None and p.seated:
            for seat, waiting in enumerate(p.seated):
                self.server.send(waiting.identity, encode(Seated(name, seat, tokens[seat])))
            log.info("table opened", table=name, worker=w.index)

    def _place_failed(self, key: str, reason: str) -> None:
        p = self.placing.pop(key, None)
        if p is None:
            return
        self.seating_ids.difference_update(s.identity for s in p.seated)
        log.error("a worker could not open a table", table=key, worker=p.worker, reason=reason)
        if p.resumed:
            self.say(f"resume: {key}: refused: {reason}")
            self.directory.pop(key, None)
            return
        self.server.admission.table_closed(p.sources)
        for s in p.seated:
            self.server.admission.settled(s.source)
            why = f"cannot open a table: {reason}"
            self.server.send(s.identity, encode(Error("server_busy", why, -1)))

    def _forget(self, name: str, sources: list[str]) -> None:
        self.directory.pop(name, None)
        if sources:
            self.server.admission.table_closed(set(sources))
        for w in self.workers:
            if w.relay is not None and name.encode() in self.topics:
                w.relay.setsockopt(zmq.UNSUBSCRIBE, name.encode())
        self.topics.discard(name.encode())

    def _relay(self, relay: zmq.Socket[bytes]) -> None:
        for _ in range(1024):
            try:
                frames = relay.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            if len(frames) == 2:
                self.server.publish(frames[0], frames[1])


def wildcard(endpoint: str) -> bool:
    """Whether a tcp:// endpoint binds every address (agents cannot be sent to it)."""
    host = endpoint.partition("://")[2].rpartition(":")[0]
    return endpoint.startswith("tcp://") and host in ("*", "0.0.0.0", "[::]", "::")


def worker_bind(bind: str, index: int) -> str:
    """A worker's ROUTER endpoint beside the front's `bind`: the same TCP host on a free port,
    or the ipc path + `.wN`. Agents connect to it, so the host must be one they can reach."""
    if bind.startswith("ipc://"):
        return f"{bind}.w{index}"
    if bind.startswith("tcp://"):
        host = bind[len("tcp://") :].rsplit(":", 1)[0]
        if wildcard(bind):
            raise ValueError(
                "--workers needs --bind on an address agents can reach (not a wildcard): "
                "agents are moved to the workers' endpoints on that host"
            )
        return f"tcp://{host}:*"
    raise ValueError(f"--workers works with tcp:// or ipc:// endpoints, not {bind}")
