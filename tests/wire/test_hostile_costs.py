"""What strangers can make a real `sgs serve --lobby` spend (issue 20, items 5 and 6): a
half-sent frame holds at most the frame cap of server memory, not the 1 MiB it announces, and
`spectate` catch-ups draw at most the replay budget, not one table history per request."""

from __future__ import annotations

import contextlib
import socket
import struct
import time
from pathlib import Path

import msgpack
import zmq
from conftest import Procs, RawAgent
from test_lobby import free_port, lobby
from test_lobby_limits import CEILING, join_msg
from wire_support import frame_messages

from game_agent.server.server import MAX_FRAME_BYTES, ServerOptions
from protocol.version import PROTOCOL_VERSION


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def greeting_and_ready() -> bytes:
    """ZMTP 3.0, by hand: the greeting (NULL mechanism) and a DEALER's READY command."""
    greeting = b"\xff" + b"\0" * 8 + b"\x7f" + bytes([3, 0]) + b"NULL".ljust(20, b"\0")
    greeting += b"\0" * 32
    name, value = b"Socket-Type", b"DEALER"
    body = bytes([5]) + b"READY" + bytes([len(name)]) + name + struct.pack(">I", len(value))
    return greeting + bytes([0x04, len(body) + len(value)]) + body + value


def half_sent(port: int, conns: int, announced: int) -> list[socket.socket]:
    """`conns` connections that each send all of a frame of `announced` bytes but its last."""
    out = []
    for _ in range(conns):
        c = socket.create_connection(("127.0.0.1", port), timeout=CEILING)
        c.sendall(greeting_and_ready())
        out.append(c)
    for c in out:
        with contextlib.suppress(OSError):
            c.recv(4096)  # the server's greeting and READY
            c.sendall(b"\x02" + struct.pack(">Q", announced) + b"\0" * (announced - 1))
    return out


def dropped(c: socket.socket, wait: float = CEILING) -> bool:
    """Whether the server ended the connection within `wait` seconds (0: by now). Bytes still
    arriving first (the rest of the server's greeting, split on a busy machine) are read past."""
    end = time.monotonic() + wait
    while True:
        c.settimeout(max(0.0, end - time.monotonic()))
        try:
            if c.recv(4096) == b"":
                return True
        except (BlockingIOError, TimeoutError):  # still open
            return False
        except OSError:  # reset by the server
            return True


def test_a_half_sent_frame_costs_at_most_the_frame_cap(procs: Procs, tmp_path: Path) -> None:
    port = free_port()
    server = lobby(procs, tmp_path / "logs", port)
    pid = server.popen.pid
    conns = 150
    base = rss_kib(pid)
    big = half_sent(port, conns, 1_000_000)  # the audit's: 1 MiB each was held before
    try:
        assert all(dropped(c) for c in big), "a frame over the cap must end the connection"
        grown = rss_kib(pid) - base
        assert grown / conns < 256, f"{grown / conns:.0f} KiB per dropped connection"
    finally:
        for c in big:
            c.close()
    under = half_sent(port, conns, MAX_FRAME_BYTES - 100)  # the worst a connection may hold
    try:
        grown = rss_kib(pid) - base
        # the frame cap plus ZeroMQ's own buffers (about 30 KiB a connection); before the fix
        # a frame of up to 1 MiB was accepted, so this bound held only for small frames
        assert grown / conns < MAX_FRAME_BYTES / 1024 + 96, f"{grown / conns:.0f} KiB each"
        assert not any(dropped(c, 0) for c in under)
    finally:
        for c in under:
            c.close()
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()


def test_spectate_catch_ups_are_bounded_by_the_replay_budget(procs: Procs, tmp_path: Path) -> None:
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, tmp_path / "logs", port, "--deadline", "600")
    a, b = RawAgent(endpoint), RawAgent(endpoint)
    try:
        table = _a_table_with_public_events(a, b)
        spy = RawAgent(endpoint)
        spy.send({"t": "spectate", "version": PROTOCOL_VERSION, "table": table,
                  "last_seq": -1})  # fmt: skip
        history = 0
        while (got := spy.recv_type("event", "spectated", "error", timeout=CEILING))[
            "t"
        ] == "event":
            history += 1
        assert got["t"] == "spectated", got
        spy.close()
        assert history >= 40
        ctx = zmq.Context.instance()
        socks = []
        for _ in range(20):
            s = ctx.socket(zmq.DEALER)
            s.setsockopt(zmq.LINGER, 0)
            s.setsockopt(zmq.RCVHWM, 0)
            s.connect(endpoint)
            socks.append(s)
        requests = 2000
        msg = msgpack.packb({"t": "spectate", "version": PROTOCOL_VERSION, "table": table,
                             "last_seq": -1})  # fmt: skip
        t0 = time.monotonic()
        for i in range(requests):
            socks[i % len(socks)].send(msg)
        # Drain until a status round trip on every socket shows that its requests were all
        # handled (the server answers in order on each connection).
        frames = limited = 0  # `frames` counts the messages (protocol 5: one or more a frame)
        for s in socks:
            s.send(msgpack.packb({"t": "status", "version": PROTOCOL_VERSION}))
            answered = False
            while not answered:
                assert s.poll(int(CEILING * 1000)), "the server stopped answering"
                for got in frame_messages(s.recv()):
                    if got["t"] == "tables":
                        answered = True
                        break
                    frames += 1
                    limited += got["t"] == "error" and got["code"] == "rate_limited"
        took = time.monotonic() - t0
        for s in socks:
            s.close(0)
        opts = ServerOptions()
        # The budget: a burst, then `replay_rate` events a second, plus one answer (spectated
        # or rate_limited) per request; before the fix every request drew the whole history.
        budget = opts.replay_burst + opts.replay_rate * took + 2 * requests
        assert frames <= budget, (frames, budget, history * requests)
        assert limited > 0  # the flood was told
    finally:
        a.close()
        b.close()
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()


def _a_table_with_public_events(a: RawAgent, b: RawAgent) -> str:
    # Sanguosha: defaults never end its game, so the table is still open after 40 of them
    a.send(join_msg("sanguosha", 2))
    a.recv_type("queued", timeout=CEILING)
    b.send(join_msg("sanguosha", 2))
    sa, sb = a.recv_type("seated", timeout=CEILING), b.recv_type("seated", timeout=CEILING)
    for agent, s in ((a, sa), (b, sb)):
        assert agent.hello(s["seat"], s["token"], table=s["table"])["t"] == "welcome"
        agent.send({"t": "resync", "last_seq": -1})
    replies = 0
    end = time.monotonic() + CEILING
    while replies < 40 and not (a.bye or b.bye):
        assert time.monotonic() < end, "the table did not play"
        for agent in (a, b):
            msg = agent.recv(0.05)
            if msg is not None and msg["t"] == "request":
                req = msg["request"]
                agent.send({"t": "reply", "id": req["id"], "choice": req["default"]})
                replies += 1
    return str(sa["table"])
