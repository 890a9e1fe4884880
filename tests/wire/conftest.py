"""Helpers for the wire tests: real `sgs serve` / `sgs bot` / `sgs watch` / `sgs play` processes
(`sys.executable -m sgs.cli`), a raw DEALER agent written from PROTOCOL.md alone, and the
expected per-seat views rebuilt from a log with `view_for`.

Every wait is bounded; every process a test starts is killed (by its pid) when the test ends.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import queue
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq

from game_agent.engine import view_for
from protocol.version import PROTOCOL_VERSION
from replays import read_log

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

WAIT = 40.0  # the longest any single wait may take


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(HERE)])
    env["SGS_LOG"] = "json"
    env.setdefault("SGS_TEST_BOT_DELAY", "0")
    env.update(extra)
    return env


class Proc:
    """A child process whose stdout lines are collected by a thread (so reads can time out)."""

    def __init__(self, args: list[str], stderr: Path, stdin: Any = None, **env: str) -> None:
        self.args = args
        self.stderr_path = stderr
        self._err = open(stderr, "wb")  # noqa: SIM115 - closed in kill()
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "sgs.cli", *args],
            stdout=subprocess.PIPE,
            stderr=self._err,
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            cwd=REPO,
            env=child_env(**env),
            text=True,
        )
        self.lines: list[str] = []
        self._q: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self._q.put(line.rstrip("\n"))
        self._q.put(None)

    def expect(self, prefix: str, timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line {prefix!r} from {self.args[:1]}: {self.output()}")
            try:
                line = self._q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"{self.args[:1]} ended before {prefix!r}: {self.output()}")
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
        while True:
            try:
                line = self._q.get(timeout=2.0 if self.popen.poll() is not None else 0.0)
            except queue.Empty:
                return self.lines
            if line is None:
                return self.lines
            self.lines.append(line)

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
            self.popen.wait(10)
        self._err.close()


@dataclass
class Served:
    proc: Proc
    endpoint: str
    pub: str
    tokens: dict[int, str]
    log_path: str


@dataclass
class Procs:
    tmp: Path
    started: list[Proc] = field(default_factory=list)
    n: int = 0

    def start(self, args: list[str], stdin: Any = None, **env: str) -> Proc:
        self.n += 1
        p = Proc(args, self.tmp / f"{self.n:02d}-{args[0]}.stderr", stdin, **env)
        self.started.append(p)
        return p

    def serve(self, *args: str, log_dir: Path | None = None, **env: str) -> Served:
        log_dir = log_dir or self.tmp / "logs"
        p = self.start(["serve", "--log-dir", str(log_dir), *args], **env)
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
    while True:
        line = p.expect("")
        if line.startswith("log: "):
            log_path = line[len("log: ") :]
            break
        if line.startswith("seat ") and "SGS_TOKEN=" in line:
            seat = int(line.split()[1].rstrip(":"))
            tokens[seat] = line.split("SGS_TOKEN=")[1].split()[0]
    p.expect("seats file: ")
    return Served(p, endpoint, pub, tokens, log_path)


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
    out = []
    for ev in read_log(log_path).events:
        data = view_for(ev, seat)
        if data is not None:
            out.append({"t": "event", "seq": len(out), "kind": ev.kind, "data": plain(data)})
    return out


def transcript(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def transcript_events(path: Path) -> list[dict[str, Any]]:
    return [item for item in transcript(path) if item["t"] == "event"]


def wait_for(pred: Any, timeout: float = WAIT, what: str = "condition") -> None:
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
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


class RawAgent:
    """A DEALER speaking the wire by hand (what a bot author in another language would write)."""

    def __init__(self, endpoint: str, identity: bytes | None = None) -> None:
        self.ctx = zmq.Context.instance()
        self.sock = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        if identity is not None:
            self.sock.setsockopt(zmq.IDENTITY, identity)
        self.sock.connect(endpoint)
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.bye = False

    def send(self, msg: dict[str, Any] | bytes) -> None:
        self.sock.send(msg if isinstance(msg, bytes) else pack(msg))

    def hello(
        self, seat: int, token: str, version: int = PROTOCOL_VERSION, table: str = ""
    ) -> dict[str, Any]:
        """The seat handshake of PROTOCOL.md section 4: hello, check the challenge, auth."""
        nonce = secrets.token_hex(16)
        self.send({"t": "hello", "version": version, "table": table, "seat": seat,
                   "nonce": nonce, "name": "raw"})  # fmt: skip
        got = self.recv_type("challenge", "error")
        if got["t"] == "error":
            return got
        key = token.encode()
        mine = f"sgs-server\n{got['table']}\n{seat}\n{nonce}\n{got['nonce']}".encode()
        assert hmac.compare_digest(got["proof"], hmac.new(key, mine, "sha256").hexdigest())
        theirs = f"sgs-agent\n{got['table']}\n{seat}\n{nonce}\n{got['nonce']}".encode()
        self.send({"t": "auth", "proof": hmac.new(key, theirs, "sha256").hexdigest()})
        return self.recv_type("welcome", "error")

    def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        if not self.sock.poll(int(timeout * 1000), zmq.POLLIN):
            return None
        msg: dict[str, Any] = msgpack.unpackb(self.sock.recv(), raw=False)
        t = msg.get("t")
        if t == "event":
            self.events.append(msg)
        elif t == "error":
            self.errors.append(msg)
        elif t == "request":
            self.requests.append(msg)
        elif t == "bye" and not self.bye:
            self.bye = True
            self.send({"t": "bye", "reason": "done"})  # lets the server close without lingering
        return msg

    def recv_type(self, *types: str, timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.recv(max(end - time.monotonic(), 0.01))
            if msg is not None and msg["t"] in types:
                return msg
        raise AssertionError(f"no {types} within {timeout} s")

    def expect_error(self, code: str, timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.recv(max(end - time.monotonic(), 0.01))
            if msg is not None and msg["t"] == "error":
                assert msg["code"] == code, msg
                return msg
        raise AssertionError(f"no error {code!r} within {timeout} s")

    def error_codes_until(self, code: str, timeout: float = 10.0) -> list[str]:
        """The codes of the errors received up to (and with) the first `code` one, plus those
        that follow within a short quiet spell."""
        codes: list[str] = []
        end = time.monotonic() + timeout
        while code not in codes:
            msg = self.recv(max(end - time.monotonic(), 0.01))
            if msg is None:
                raise AssertionError(f"no error {code!r} within {timeout} s: {codes[-5:]}")
            if msg["t"] == "error":
                codes.append(msg["code"])
        while (msg := self.recv(0.3)) is not None:
            if msg["t"] == "error":
                codes.append(msg["code"])
        return codes

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
