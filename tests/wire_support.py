"""Helpers for the tests that run the real thing over the wire (tests/wire, the conformance
suite's wire check, a game's own wire tests): real `sgs serve` / `sgs bot` / `sgs watch` /
`sgs play` processes (`sys.executable -m sgs.cli`, `Procs` and its `procs` fixture: import it
into the test module or conftest that uses it), a raw DEALER agent written from PROTOCOL.md
alone, and the expected per-seat views rebuilt from a log with `view_for`.

Every wait is for a condition (a line, a message, a process's exit, a count), bounded by a ceiling
(`WAIT`) far above what the condition needs even on a busy machine; no test measures speed, and a
"nothing more comes" is shown by an end marker (`RawAgent.until_answered`), not by a quiet spell.
Every process a test starts is killed (by its pid) when the test ends.
"""

from __future__ import annotations

import collections
import contextlib
import hmac
import json
import os
import queue
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq

from game_agent.engine import view_for
from protocol.version import PROTOCOL_VERSION
from replays import read_log

REPO = Path(__file__).resolve().parents[1]
WIRE = REPO / "tests" / "wire"  # the wire tests' rulesets and bots (`hidden_game`, `wire_bots`)
if str(WIRE) not in sys.path:
    sys.path.insert(0, str(WIRE))

# The ceiling on any one wait for something that will happen (a line, a message, an exit): it
# only bounds a failing test, so it is sized for a machine with its cores busy several times
# over, never for an idle one. Nothing is ever measured against it.
WAIT = 120.0

# For agents queueing in a lobby (`sgs bot --lobby`, `sgs play --lobby`): the client retries a
# join unanswered for its liveness (5 s by default) on a new connection, which a busy machine
# can take to answer a join (the first one loads the game). A server drops a join it reads after
# its connection closed, but one it was already handling when the agent gave up still seats
# that agent, at a table that waits for a seat nobody will take (docs/operating.md, "Joins on a
# busy server"), so the lobby tests give their agents the patience of a busy machine.
PATIENT = ("--liveness", "60")


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(WIRE), str(WIRE.parent)])  # + tests/
    env["SGS_LOG"] = "json"
    env.setdefault("SGS_TEST_BOT_DELAY", "0")
    # Bots fill the tests' open seats: no response window is held (tests/wire/test_window_min.py
    # gives its tables --window-min itself).
    env.setdefault("SGS_WINDOW_MIN", "0")
    env.update(extra)
    return env


# The `sgs` script of this interpreter's environment, as a user runs it: unlike `python -m`, it
# puts its own directory first on sys.path, not the current one.
SGS_SCRIPT = Path(sys.executable).with_name("sgs")


def split_frame(frame: bytes) -> list[bytes]:
    """A frame from the server -> the bytes of each message in it (protocol 5: one or more
    msgpack maps back to back), exactly as encoded."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(frame)
    out, start = [], 0
    for _ in unpacker:
        end = unpacker.tell()
        out.append(frame[start:end])
        start = end
    assert start == len(frame), "the frame ends inside a message"
    return out


def frame_messages(frame: bytes) -> list[dict[str, Any]]:
    """A frame from the server -> its messages, decoded (plain msgpack, no checks)."""
    return [msgpack.unpackb(m, raw=False) for m in split_frame(frame)]


class Proc:
    """A child process whose stdout lines are collected by a thread (so reads can time out).
    It runs `python -m sgs.cli` in the checkout, or with `cwd` the `sgs` script in `cwd`."""

    def __init__(
        self, args: list[str], stderr: Path, stdin: Any = None, cwd: Path | None = None, **env: str
    ) -> None:
        self.args = args
        self.stderr_path = stderr
        self._err = open(stderr, "wb")  # noqa: SIM115 - closed in kill()
        command = [sys.executable, "-m", "sgs.cli"] if cwd is None else [str(SGS_SCRIPT)]
        self.popen = subprocess.Popen(
            [*command, *args],
            stdout=subprocess.PIPE,
            stderr=self._err,
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            cwd=REPO if cwd is None else cwd,
            env=child_env(**env),
            text=True,
        )
        self.lines: list[str] = []
        self._q: queue.Queue[str | None] = queue.Queue()
        self._eof = False  # the end of stdout was read
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self._q.put(line.rstrip("\n"))
        self._q.put(None)

    def expect(self, prefix: str, timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while True:
            if self._eof:
                raise AssertionError(f"{self.args[:1]} ended before {prefix!r}: {self.output()}")
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line {prefix!r} from {self.args[:1]}: {self.output()}")
            try:
                line = self._q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self._eof = True
                continue
            self.lines.append(line)
            if line.startswith(prefix):
                return line

    def wait(self, timeout: float = WAIT) -> int:
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.args[:1]} did not finish: {self.output()}") from None
        self.drain()
        return code

    def drain(self) -> list[str]:
        """Every line read so far; once the process has exited, every line it wrote (the end
        of its output is sure to come, so it is waited for)."""
        exited = self.popen.poll() is not None
        while not self._eof:
            try:
                line = self._q.get(timeout=WAIT if exited else 0.0)
            except queue.Empty:
                break
            if line is None:
                self._eof = True
            else:
                self.lines.append(line)
        return self.lines

    def output(self) -> str:
        err = self.stderr_path.read_text(errors="replace")[-3000:]
        return "stdout:\n" + "\n".join(self.lines[-40:]) + "\nstderr:\n" + err

    def stderr_records(self) -> list[dict[str, Any]]:
        out = []
        for line in self.stderr_path.read_text(errors="replace").splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(WAIT)
        self._err.close()


@dataclass
class Served:
    proc: Proc
    endpoint: str
    pub: str
    tokens: dict[int, str]
    log_path: str
    links: dict[int, str] = field(default_factory=dict)  # with --web URL: browser join links


@dataclass
class Procs:
    tmp: Path
    started: list[Proc] = field(default_factory=list)
    n: int = 0

    def start(
        self, args: list[str], stdin: Any = None, cwd: Path | None = None, **env: str
    ) -> Proc:
        """`sgs ARGS` (with `cwd`: the `sgs` script, run in that directory)."""
        self.n += 1
        p = Proc(args, self.tmp / f"{self.n:02d}-{args[0]}.stderr", stdin, cwd, **env)
        self.started.append(p)
        return p

    def serve(
        self, *args: str, log_dir: Path | None = None, cwd: Path | None = None, **env: str
    ) -> Served:
        log_dir = log_dir or self.tmp / "logs"
        p = self.start(["serve", "--log-dir", str(log_dir), *args], cwd=cwd, **env)
        return parse_announcement(p)

    def resume(self, log_path: str, *args: str, **env: str) -> Served:
        p = self.start(["serve", "--resume", log_path, *args], **env)
        return parse_announcement(p)

    def bot(
        self,
        served: Served,
        seat: int,
        bot: str = "random",
        seed: int = 1,
        record: Path | None = None,
        *extra: str,
        **env: str,
    ) -> Proc:
        args = ["bot", "--connect", served.endpoint, "--seat", str(seat)]
        args += ["--token", served.tokens[seat], "--bot", bot, "--seed", str(seed), *extra]
        if record is not None:
            args += ["--record", str(record)]
        return self.start(args, **env)

    def watch(self, served: Served, record: Path) -> Proc:
        return self.start(["watch", "--connect", served.pub, "--record", str(record)])


def parse_announcement(p: Proc) -> Served:
    first = p.expect("table ")
    endpoint = first.rsplit(" on ", 1)[1]
    words = p.expect("spectators: ").split()
    pub = words[words.index("--connect") + 1]
    tokens: dict[int, str] = {}
    links: dict[int, str] = {}
    while True:
        line = p.expect("")
        if line.startswith("log: "):
            log_path = line[len("log: ") :]
            break
        if line.startswith("seat ") and "SGS_TOKEN=" in line:
            seat = int(line.split()[1].rstrip(":"))
            tokens[seat] = line.split("SGS_TOKEN=")[1].split()[0]
        elif line.startswith("seat ") and " browser: " in line:
            links[int(line.split()[1].rstrip(":"))] = line.split(" browser: ")[1].strip()
    p.expect("seats file: ")
    return Served(p, endpoint, pub, tokens, log_path, links)


@pytest.fixture
def procs(tmp_path: Path) -> Iterator[Procs]:
    ps = Procs(tmp_path)
    yield ps
    for p in ps.started:
        p.kill()


# --- what a seat should have received ------------------------------------------------------


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def expected_views(log_path: str, seat: int) -> list[dict[str, Any]]:
    """The seat's event stream rebuilt from the log: seq, kind, view_for(event, seat)."""
    out: list[dict[str, Any]] = []
    for ev in read_log(log_path).events:
        data = view_for(ev, seat)
        if data is not None:
            out.append({"t": "event", "seq": len(out), "kind": ev.kind, "data": plain(data)})
    return out


def transcript(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def transcript_events(path: Path) -> list[dict[str, Any]]:
    return [item for item in transcript(path) if item["t"] == "event"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(pred: Any, timeout: float = WAIT, what: str | Callable[[], str] = "condition") -> None:
    """Until `pred()` holds. Past `timeout`, an AssertionError naming `what` (a callable is
    asked then, so the message can say what the test saw at the end)."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            said = what() if callable(what) else what
            raise AssertionError(f"timed out waiting for {said}")
        time.sleep(0.02)


def count_lines(path: Path) -> int:
    try:
        return sum(1 for line in path.read_text().splitlines() if '"t": "event"' in line)
    except FileNotFoundError:
        return 0


# --- a raw agent, straight from PROTOCOL.md --------------------------------------------------


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


class BadServerProof(AssertionError):
    """The challenge's proof is not the one the seat's token makes (the wrong table or token)."""


class RawAgent:
    """A DEALER speaking the wire by hand (what a bot author in another language would write).

    Once seated it keeps the seat alive as PROTOCOL.md section 8 asks: while it waits for a
    message it sends a heartbeat whenever it has sent nothing for a second (without them, a
    seat that waits longer than the server's liveness, say for a bot process a busy machine is
    slow to start, is taken for gone, and a table waiting for its seats waits for it)."""

    def __init__(
        self, endpoint: str, identity: bytes | None = None, keepalive: bool = True
    ) -> None:
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        if identity is not None:
            self.sock.setsockopt(zmq.IDENTITY, identity)
        self.sock.connect(endpoint)
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.bye = False
        self.keepalive = keepalive
        self.seated = False  # welcomed, and neither replaced nor told it is not seated since
        self.sent_at = time.monotonic()
        self.pending: collections.deque[dict[str, Any]] = collections.deque()  # of the last frame
        self.frames: list[list[str]] = []  # the types of each frame's messages, as received

    def send(self, msg: dict[str, Any] | bytes) -> None:
        self.sock.send(msg if isinstance(msg, bytes) else pack(msg))
        self.sent_at = time.monotonic()

    def heartbeat(self) -> None:
        self.send({"t": "heartbeat", "time": time.time()})

    def hello(
        self,
        seat: int,
        token: str,
        version: int = PROTOCOL_VERSION,
        table: str = "",
        timeout: float = WAIT,
    ) -> dict[str, Any]:
        """The seat handshake of PROTOCOL.md section 4: hello, check the challenge, auth."""
        nonce = secrets.token_hex(16)
        self.send({"t": "hello", "version": version, "table": table, "seat": seat,
                   "nonce": nonce, "name": "raw"})  # fmt: skip
        got = self.recv_type("challenge", "error", timeout=timeout)
        if got["t"] == "error":
            return got
        key = token.encode()
        mine = f"sgs-server\n{got['table']}\n{seat}\n{nonce}\n{got['nonce']}".encode()
        if not hmac.compare_digest(got["proof"], hmac.new(key, mine, "sha256").hexdigest()):
            raise BadServerProof(f"the challenge for seat {seat} is not proven with its token")
        theirs = f"sgs-agent\n{got['table']}\n{seat}\n{nonce}\n{got['nonce']}".encode()
        self.send({"t": "auth", "proof": hmac.new(key, theirs, "sha256").hexdigest()})
        return self.recv_type("welcome", "error", timeout=timeout)

    def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        if not self.pending:
            end = time.monotonic() + timeout
            while True:
                if self.keepalive and self.seated and time.monotonic() - self.sent_at >= 1.0:
                    self.heartbeat()
                left = min(end - time.monotonic(), 1.0)
                if self.sock.poll(max(int(left * 1000), 0), zmq.POLLIN):
                    break
                if time.monotonic() >= end:
                    return None
            got = frame_messages(self.sock.recv())  # protocol 5: one or more messages
            self.frames.append([m.get("t") for m in got])
            self.pending.extend(got)
        msg: dict[str, Any] = self.pending.popleft()
        t = msg.get("t")
        if t == "welcome":
            self.seated = True
        elif t == "event":
            self.events.append(msg)
        elif t == "error":
            self.errors.append(msg)
            if msg.get("code") in ("not_seated", "session_replaced"):
                self.seated = False
        elif t == "request":
            self.requests.append(msg)
        elif t == "bye" and not self.bye:
            self.bye = True
            self.seated = False
            self.send({"t": "bye", "reason": "done"})  # lets the server close without lingering
        return msg

    def recv_type(self, *types: str, timeout: float = WAIT) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.recv(max(end - time.monotonic(), 0.01))
            if msg is not None and msg["t"] in types:
                return msg
        raise AssertionError(f"no {types} within {timeout} s")

    def expect_error(self, code: str, timeout: float = WAIT) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.recv(max(end - time.monotonic(), 0.01))
            if msg is not None and msg["t"] == "error":
                assert msg["code"] == code, msg
                return msg
        raise AssertionError(f"no error {code!r} within {timeout} s")

    def until_answered(self, timeout: float = WAIT) -> list[dict[str, Any]]:
        """An end marker: send `status` and return every message received before its answer
        (`tables`). The server handles a connection's messages in order, so when the answer
        comes, everything sent before the `status` has been handled, and what the server
        answered at once (refusals; with the default durability, a seat's events and requests
        too) has arrived. A rate limiter may drop the `status` itself, so it is sent again
        (ever less often) until one is answered; answers to the extra ones may still come
        later, and are `tables` messages."""
        got: list[dict[str, Any]] = []
        end = time.monotonic() + timeout
        pause = 0.5
        while True:
            self.send({"t": "status", "version": PROTOCOL_VERSION})
            again = min(time.monotonic() + pause, end)
            while (left := again - time.monotonic()) > 0:
                msg = self.recv(left)
                if msg is None:
                    continue
                if msg["t"] == "tables":
                    return got
                got.append(msg)
            if time.monotonic() >= end:
                raise AssertionError(f"no answer to status within {timeout} s: {got[-5:]}")
            pause = min(pause * 2, 8.0)

    def hold(
        self, until: Callable[[], bool], timeout: float = WAIT, what: str = "condition"
    ) -> list[dict[str, Any]]:
        """Stay seated without answering anything (a heartbeat every half second keeps the
        seat from being taken for gone) until `until()`; -> the messages received meanwhile."""
        got: list[dict[str, Any]] = []
        end = time.monotonic() + timeout
        beaten = 0.0
        while not until():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}")
            if time.monotonic() - beaten >= 0.5:
                self.heartbeat()
                beaten = time.monotonic()
            if (msg := self.recv(0.1)) is not None:
                got.append(msg)
        return got

    def close(self) -> None:
        self.sock.close(0)


# --- a TCP proxy whose connections a test can cut (a network drop) ----------------------------


class Proxy:
    """Forwards 127.0.0.1:<port> to a tcp:// endpoint; `cut(s)` drops every connection and
    refuses new ones for `s` seconds."""

    def __init__(self, upstream: str) -> None:
        import socket

        host, port = upstream[len("tcp://") :].rsplit(":", 1)
        self.upstream = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.endpoint = f"tcp://127.0.0.1:{self.listener.getsockname()[1]}"
        self.paused_until = 0.0
        self.conns: list[Any] = []
        self.lock = threading.Lock()
        self.running = True
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket

        while self.running:
            try:
                down, _ = self.listener.accept()
            except (TimeoutError, OSError):
                continue
            if time.monotonic() < self.paused_until:
                down.close()
                continue
            try:
                up = socket.create_connection(self.upstream, timeout=2)
            except OSError:
                down.close()
                continue
            with self.lock:
                self.conns += [down, up]
            threading.Thread(target=self._pump, args=(down, up), daemon=True).start()
            threading.Thread(target=self._pump, args=(up, down), daemon=True).start()

    def _pump(self, src: Any, dst: Any) -> None:
        try:
            while chunk := src.recv(65536):
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.close()

    def cut(self, seconds: float) -> None:
        import socket

        self.paused_until = time.monotonic() + seconds
        self.cuts += 1
        with self.lock:
            conns, self.conns = self.conns, []
        for s in conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.running = False
        self.cut(0)
        self.listener.close()
