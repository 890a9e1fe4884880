"""A `user_agent.client.Client` driven on the asyncio loop without blocking it.

The client is used in its non-blocking form: the loop watches its socket's file descriptor
(ZeroMQ's `FD` is edge-triggered, so after every wake-up the socket is drained and `EVENTS` is
checked again before sleeping), and calls `on_timer` whenever the client's `wakeup` is due, at
least every `TICK` seconds. Reconnects change the socket; the watch follows. Every item the
client returns (events, requests, errors, bye, welcome, queued, seated) goes to `deliver`, which
is also called (with no items) when the client's state changes by itself (a silent agent).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import structlog
import zmq

from protocol.choices import Choice
from user_agent.client import FAILED, FINISHED, Client, Item

log = structlog.get_logger("sgs.web")
TICK = 0.1  # seconds: the longest sleep between two `on_timer` calls


class Link:
    def __init__(self, client: Client, deliver: Callable[[list[Item]], None]) -> None:
        self.client = client
        self.deliver = deliver
        self._wake = asyncio.Event()
        self._stopped = False
        self._fd: int | None = None
        self._watched: zmq.Socket[bytes] | None = None

    def reply(self, request_id: int, choice: Choice) -> None:
        self.client.reply(request_id, choice)
        self._wake.set()  # a send may have consumed the descriptor's edge: look again

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()

    @property
    def done(self) -> bool:
        return self._stopped or self.client.state in (FINISHED, FAILED)

    def _watch(self, loop: asyncio.AbstractEventLoop) -> zmq.Socket[bytes] | None:
        sock = self.client.socket
        if sock is not self._watched:
            if self._fd is not None:
                loop.remove_reader(self._fd)
                self._fd = None
            if sock is not None:
                self._fd = int(sock.getsockopt(zmq.FD))
                loop.add_reader(self._fd, self._wake.set)
            self._watched = sock
        return sock

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        state = self.client.state
        try:
            while not self.done:
                self._watch(loop)
                items = self.client.on_readable()
                items += self.client.on_timer()
                # a change of state alone (the agent fell silent: reconnecting) is news too
                if items or self.client.state != state:
                    state = self.client.state
                    try:
                        self.deliver(items)
                    except Exception:  # a presentation bug must not stop the seat's connection
                        log.exception("delivering to the page failed")
                if self.done:
                    break
                sock = self._watch(loop)
                if sock is not None and int(sock.getsockopt(zmq.EVENTS)) & zmq.POLLIN:
                    continue
                wait = min(max(self.client.wakeup() - time.monotonic(), 0.0), TICK)
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
        finally:
            if self._fd is not None:
                loop.remove_reader(self._fd)
                self._fd = None
            self._watched = None
