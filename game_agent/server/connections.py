"""The server's live connections, learned from its sockets' ZeroMQ monitors.

ZeroMQ hides connections behind routing ids, which a peer may choose; a session (a seat proven
by its token) is therefore tied to the connection's file descriptor (`SRCFD` of the message
that proved it), and ends when the monitor reports that descriptor disconnected. The monitor
also enforces the connection cap: a connection accepted over the cap is shut down at once, so
a flood of idle TCP connections cannot exhaust the process's file descriptors.

libzmq reports a connection ACCEPTED before any message of it can be read, so once the
monitors are drained, a message whose descriptor is not in `open` came on a connection that
has ended (or was shut for the cap): a busy server may read an agent's `join` after the agent
gave up waiting and hung up.

A monitor is stopped on its socket before its reader closes: libzmq sends each event from the
context's I/O thread and never gives up on a send, so one event (an agent hanging up while the
server closes) for a monitor with no reader left would block that thread for good, and with it
every socket of the context.
"""

from __future__ import annotations

import contextlib
import resource
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
import zmq
from zmq.utils.monitor import parse_monitor_message

log = structlog.get_logger("sgs.server")

FD_RESERVE = 256  # descriptors kept free for logs, seats files and the sockets' own needs


def raise_fd_limit() -> int:
    """Raise the soft limit on open files to the hard limit; returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if want > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft


def connection_cap(requested: int) -> int:
    """At most `requested` connections, and never more than the descriptors allow."""
    return max(16, min(requested, raise_fd_limit() - FD_RESERVE))


@dataclass
class Connections:
    cap: int
    open: set[int] = field(default_factory=set)
    refused: int = 0  # connections shut down for being over the cap
    monitors: list[tuple[zmq.Socket[bytes], zmq.Socket[bytes]]] = field(default_factory=list)
    on_other: Callable[[Any], None] = lambda event: None

    def watch(self, sock: zmq.Socket[bytes], extra: int = 0) -> zmq.Socket[bytes]:
        """Start monitoring `sock` (before it binds); poll the returned socket. `extra` events
        (e.g. CURVE's failed handshakes) go to `on_other`."""
        mon: zmq.Socket[bytes] = sock.get_monitor_socket(
            zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED | extra
        )
        self.monitors.append((sock, mon))
        return mon

    def drain(self, mon: zmq.Socket[bytes]) -> list[int]:
        """Handle every pending monitor event; -> the descriptors that disconnected."""
        gone: list[int] = []
        while True:
            try:
                frames = mon.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return gone
            event = parse_monitor_message(frames)
            if event["event"] not in (zmq.EVENT_ACCEPTED, zmq.EVENT_DISCONNECTED):
                self.on_other(event)
                continue
            fd = int(event["value"])
            if event["event"] == zmq.EVENT_ACCEPTED:
                if len(self.open) >= self.cap:
                    self.refused += 1
                    shut(fd)
                    if self.refused & (self.refused - 1) == 0:  # 1, 2, 4, 8, ...: a bounded log
                        log.warning("connection cap reached", cap=self.cap, refused=self.refused)
                else:
                    self.open.add(fd)
            elif event["event"] == zmq.EVENT_DISCONNECTED:
                self.open.discard(fd)
                gone.append(fd)

    def close(self) -> None:
        for sock, mon in self.monitors:
            if not sock.closed:
                while mon.poll(0):  # a full pipe holds the I/O thread, and the stop with it
                    mon.recv_multipart()
                sock.disable_monitor()  # no event may follow: its reader is going
            mon.close(0)
        self.monitors.clear()


def shut(fd: int) -> None:
    """End the connection on `fd` without closing the descriptor, which ZeroMQ owns: it sees
    the end of the stream and cleans up (reporting DISCONNECTED like any other drop)."""
    with contextlib.suppress(OSError):
        s = socket.socket(fileno=socket.dup(fd))
        try:
            s.shutdown(socket.SHUT_RDWR)
        finally:
            s.close()
