"""Hostile-lobby figures (issue 20): what strangers can make a real `sgs serve --lobby` spend.

    .venv/bin/python benchmarks/hostile_lobby.py [--repo PATH] [flood slowloris spectate abandon]

Each figure starts a real server process (from `--repo`, default this checkout: point it at an
older checkout to measure before and after on the same machine) on 127.0.0.1 and reads its
cost from /proc (resident memory, open descriptors) and its log directory:

- flood: 1,000 DEALER sockets from one address each send `join sanguosha players=2`; tables,
  files, descriptors and RSS once the server has answered every join;
- slowloris: 300 raw TCP connections finish ZeroMQ's greeting, announce a frame of 69,000
  bytes (just under the frame cap) or of 1,000,000 bytes (the audit's), send all of it but its
  last byte, and stall; server RSS per connection;
- spectate: 2,000 `spectate` catch-ups of a table with public events, from 20 connections;
  frames received per request (the amplification);
- abandon: the last agent leaves a playing lobby table; seconds until the table is closed as
  abandoned (`--abandon-after 5`).

Bounded: every loop has a count and a time limit; traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import zmq

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))
from protocol import handshake  # noqa: E402  (the checkout's own, whatever --repo serves)

PROTOCOL_VERSION = 3


def messages(frame: bytes) -> list[dict[str, Any]]:
    """A frame from the server -> its messages (protocol 5: one or more maps back to back)."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(frame)
    return list(unpacker)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, repo: Path, log_dir: Path, *extra: str) -> None:
        self.port = free_port()
        self.endpoint = f"tcp://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(repo)}
        cmd = [sys.executable, "-m", "sgs.cli", "--log-level", "error", "serve", "--lobby",
               "--log-dir", str(log_dir), "--bind", self.endpoint, *extra]  # fmt: skip
        self.proc = subprocess.Popen(
            cmd, cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("lobby on "):
                break
        self.lines: list[str] = []

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def pack(o: Any) -> bytes:
    out: bytes = msgpack.packb(o, use_bin_type=True)
    return out


def dealer(
    ctx: zmq.Context[zmq.Socket[bytes]], endpoint: str, unbounded: bool = False
) -> zmq.Socket[bytes]:
    s = ctx.socket(zmq.DEALER)
    s.setsockopt(zmq.LINGER, 0)
    if unbounded:
        s.setsockopt(zmq.RCVHWM, 0)
    s.connect(endpoint)
    return s


def join_msg(game: str, players: int) -> bytes:
    return pack({"t": "join", "version": PROTOCOL_VERSION, "game": game, "mode": "",
                 "players": players, "name": "p"})  # fmt: skip


def recv_type(s: zmq.Socket[bytes], t: str) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = msgpack.unpackb(s.recv(), raw=False)
        if m["t"] == t:
            return m


def seated_agents(
    ctx: zmq.Context[zmq.Socket[bytes]], endpoint: str, game: str, players: int, n: int
) -> tuple[list[zmq.Socket[bytes]], str]:
    """`n` agents join one table and prove their seats (PROTOCOL.md section 4); -> them, the
    table's name."""
    agents = [dealer(ctx, endpoint) for _ in range(n)]
    for s in agents:
        s.send(join_msg(game, players))
    seated = [recv_type(s, "seated") for s in agents]
    for s, m in zip(agents, seated, strict=True):
        nonce = handshake.new_nonce()
        s.send(pack({"t": "hello", "version": PROTOCOL_VERSION, "table": m["table"],
                     "seat": m["seat"], "nonce": nonce, "name": "p"}))  # fmt: skip
        c = recv_type(s, "challenge")
        proof = handshake.agent_proof(m["token"], m["table"], m["seat"], nonce, c["nonce"])
        s.send(pack({"t": "auth", "proof": proof}))
        s.send(pack({"t": "resync", "last_seq": -1}))
    return agents, str(seated[0]["table"])


def recv_all(socks: list[zmq.Socket[bytes]], want: int, limit: float) -> list[dict[str, Any]]:
    """Read until `want` messages came (or `limit` seconds passed)."""
    poller = zmq.Poller()
    for s in socks:
        poller.register(s, zmq.POLLIN)
    got: list[dict[str, Any]] = []
    end = time.monotonic() + limit
    while len(got) < want and time.monotonic() < end:
        for s, _ in poller.poll(200):
            while True:
                try:
                    got.extend(messages(s.recv(zmq.NOBLOCK)))
                except zmq.Again:
                    break
    return got


def flood(repo: Path, joins: int = 1000) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        log_dir = Path(tmp) / "logs"
        srv = Server(repo, log_dir)
        ctx = zmq.Context.instance()
        base_rss, base_fds = srv.rss_kib(), srv.fds()
        socks = []
        t0 = time.monotonic()
        try:
            for _ in range(joins):
                s = dealer(ctx, srv.endpoint)
                s.send(join_msg("sanguosha", 2))
                socks.append(s)
            got = recv_all(socks, joins, 60.0)
            took = time.monotonic() - t0
            seated = sum(1 for m in got if m.get("t") == "seated")
            refused: dict[str, int] = {}
            for m in got:
                if m.get("t") == "error":
                    refused[m["code"]] = refused.get(m["code"], 0) + 1
            files = len(list(log_dir.glob("*"))) if log_dir.exists() else 0
            out = {
                "joins": joins,
                "answered": len(got),
                "seconds": round(took, 2),
                "tables_opened": seated // 2,
                "refused": refused,
                "files": files,
                "server_fds": srv.fds(),
                "server_fds_added": srv.fds() - base_fds,
                "rss_mib": round(srv.rss_kib() / 1024, 1),
                "rss_added_mib": round((srv.rss_kib() - base_rss) / 1024, 1),
            }
        finally:
            for s in socks:
                s.close(0)
            srv.stop()
    return out


def zmtp_greeting() -> bytes:
    mech = b"NULL".ljust(20, b"\0")
    return b"\xff" + b"\0" * 8 + b"\x7f" + bytes([3, 0]) + mech + b"\0" + b"\0" * 31


def zmtp_ready() -> bytes:
    name, value = b"Socket-Type", b"DEALER"
    body = bytes([5]) + b"READY" + bytes([len(name)]) + name + struct.pack(">I", len(value))
    body += value
    return bytes([0x04, len(body)]) + body


def slowloris(repo: Path, conns: int = 300) -> dict[str, Any]:
    out: dict[str, Any] = {"connections": conns}
    for announced in (69_000, 1_000_000):
        with tempfile.TemporaryDirectory() as tmp:
            srv = Server(repo, Path(tmp) / "logs")
            time.sleep(0.5)
            base = srv.rss_kib()
            socks: list[socket.socket] = []
            dropped = 0
            try:
                for _ in range(conns):
                    c = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
                    c.sendall(zmtp_greeting() + zmtp_ready())
                    socks.append(c)
                for c in socks:  # the server's greeting and READY, then a frame announced
                    with contextlib.suppress(OSError):
                        c.recv(4096)
                    # the whole frame but its last byte: the server holds it all, waiting
                    with contextlib.suppress(OSError):
                        c.sendall(b"\x02" + struct.pack(">Q", announced) + b"\x81")
                        c.sendall(b"\0" * (announced - 2))
                time.sleep(2.0)
                for c in socks:
                    c.setblocking(False)
                    try:
                        if c.recv(1) == b"":
                            dropped += 1
                    except BlockingIOError:
                        pass
                    except OSError:
                        dropped += 1
                added = srv.rss_kib() - base
                out[f"announced_{announced}"] = {
                    "rss_added_mib": round(added / 1024, 1),
                    "kib_per_connection": round(added / conns, 1),
                    "dropped_by_server": dropped,
                }
            finally:
                for c in socks:
                    c.close()
                srv.stop()
    return out


def spectate(repo: Path, requests: int = 2000, conns: int = 20) -> dict[str, Any]:
    """A lobby table with public events: two raw agents seated; one plays a few defaults."""
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(repo, Path(tmp) / "logs", "--deadline", "600")
        ctx = zmq.Context.instance()
        try:
            table, events = _a_table_with_events(ctx, srv.endpoint)
            socks = [dealer(ctx, srv.endpoint, unbounded=True) for _ in range(conns)]
            msg = pack({"t": "spectate", "version": PROTOCOL_VERSION, "table": table,
                        "last_seq": -1})  # fmt: skip
            t0 = time.monotonic()
            for i in range(requests):
                socks[i % conns].send(msg)
            frames = 0
            poller = zmq.Poller()
            for s in socks:
                poller.register(s, zmq.POLLIN)
            quiet = time.monotonic()
            while time.monotonic() - quiet < 2.0 and time.monotonic() - t0 < 120:
                for s, _ in poller.poll(200):
                    while True:
                        try:
                            s.recv(zmq.NOBLOCK)
                        except zmq.Again:
                            break
                        frames += 1
                        quiet = time.monotonic()
            for s in socks:
                s.close(0)
        finally:
            srv.stop()
    return {
        "public_events": events,
        "requests": requests,
        "frames_received": frames,
        "amplification": round(frames / requests, 2),
    }


def _a_table_with_events(ctx: zmq.Context[zmq.Socket[bytes]], endpoint: str) -> tuple[str, int]:
    """A five-seat Sanguosha table whose agents answer 150 defaults: -> its name and how many
    public events a catch-up replays."""
    agents, table = seated_agents(ctx, endpoint, "sanguosha", 5, 5)
    poller = zmq.Poller()
    for s in agents:
        poller.register(s, zmq.POLLIN)
    replies, end = 0, time.monotonic() + 30
    while replies < 150 and time.monotonic() < end:
        for s, _ in poller.poll(200):
            m = msgpack.unpackb(s.recv(), raw=False)
            if m["t"] == "request":
                req = m["request"]
                s.send(pack({"t": "reply", "id": req["id"], "choice": req["default"]}))
                replies += 1
    spy = dealer(ctx, endpoint)
    spy.send(pack({"t": "spectate", "version": PROTOCOL_VERSION, "table": table,
                   "last_seq": -1}))  # fmt: skip
    n = 0
    done = False
    while not done:
        for m in messages(spy.recv()):
            if m["t"] == "spectated":
                done = True
                break
            n += 1
    spy.close(0)
    time.sleep(1.1)  # let the spy's catch-up cost refill
    return table, n


def abandon(repo: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(repo, Path(tmp) / "logs", "--abandon-after", "5", "--deadline", "600")
        try:
            agents, table = seated_agents(zmq.Context.instance(), srv.endpoint, "harmony", 0, 2)
            time.sleep(1.0)
            for s in agents:
                s.close(0)
            left = time.monotonic()
            assert srv.proc.stdout is not None
            for line in srv.proc.stdout:
                if line.startswith(f"table {table!r} abandoned") or "finished" in line:
                    return {"abandon_after_s": 5, "last_departure_to_closed_s":
                            round(time.monotonic() - left, 2), "line": line.strip()}  # fmt: skip
                if time.monotonic() - left > 600:
                    break
            return {"abandon_after_s": 5, "last_departure_to_closed_s": None}
        finally:
            srv.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=str(HERE), help="the checkout whose server is measured")
    ap.add_argument("figures", nargs="*", default=["flood", "slowloris", "spectate", "abandon"])
    args = ap.parse_args()
    repo = Path(args.repo).resolve()
    runs = {"flood": flood, "slowloris": slowloris, "spectate": spectate, "abandon": abandon}
    for name in args.figures:
        print(f"{name}: {runs[name](repo)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
