"""What one browser tab is doing: playing a seat (by its token, or through a lobby queue),
watching a table, or replaying a log. A session outlives the tab's WebSocket: a page that
reloads (or whose socket drops) attaches to its session again by the session's id and gets the
whole table, the sentences kept and the pending request, at the same decision.

A seat session holds one `Client`, so the gateway holds no more than that seat's stream: what it
sends a page was folded from that seat's events only. A watch session holds the public
spectator stream only. The token a page gives is used for the seat handshake's proofs and is
never sent to a page (not even back to the one that gave it).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog
import zmq
import zmq.asyncio

from protocol.choices import Choice, RequestSpec, check_choice
from protocol.codec import decode_frame, encode
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, Queued, RequestMsg, Seated, Status, Tables
from protocol.messages import Welcome as WelcomeMsg
from protocol.version import PROTOCOL_VERSION
from user_agent.client import AUTH, BACKOFF, HELLO, LIVE, REWOUND, Client, Item, SocketSetup
from user_agent.tui.source import EndItem, EventItem, NoticeItem, SpectatorSource
from user_agent.web.link import Link
from user_agent.web.presenter import Presenter

log = structlog.get_logger("sgs.web")

Send = Callable[[dict[str, Any]], None]
LATENCIES_KEPT = 1000  # request -> prompt drawn, per session (the benchmark reads them)


class Session:
    """The common part: the page it talks to, the presenter, the requests pending."""

    mode = ""

    def __init__(self, lang: str) -> None:
        self.id = secrets.token_urlsafe(18)
        self.lang = lang
        self.presenter: Presenter | None = None
        self.send: Send | None = None
        self.detached_at: float | None = time.monotonic()
        self.pending: dict[int, tuple[RequestSpec, float, float]] = {}  # id -> spec, due, got
        self.notice = ""  # the connection's state in words ("" when all is well)
        self.ended = ""  # why the session is over ("" while it goes on)
        self.latencies: list[float] = []  # seconds from a request's arrival to its prompt drawn
        self._told = 0  # the sentences the page has

    # --- the page -------------------------------------------------------------------------------

    def attach(self, send: Send) -> None:
        """A page (new, or reloaded) takes this session: give it everything it shows."""
        if self.send is not None:
            self.send({"t": "closed", "reason": "the session was opened in another tab"})
        self.send = send
        self.detached_at = None
        self.push({"t": "session", "id": self.id, "mode": self.mode})
        self._full()

    def detach(self, send: Send) -> None:
        if self.send is send:
            self.send = None
            self.detached_at = time.monotonic()

    def push(self, msg: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(msg)

    def _full(self) -> None:
        p = self.presenter
        if p is not None:
            self.push(p.hello(self.mode, self.hello_extra()))
            self._told = p.told
            self.push(p.state())
            for rid in sorted(self.pending):
                self._push_request(rid)
        if self.notice:
            self.push({"t": "notice", "text": self.notice})
        if self.ended:
            self.push({"t": "ended", "reason": self.ended})

    def hello_extra(self) -> dict[str, Any]:
        return {}

    def _push_state(self) -> None:
        p = self.presenter
        if p is not None:
            self.push(p.state(self._told))
            self._told = p.told

    def _push_request(self, rid: int) -> None:
        p = self.presenter
        if p is None or rid not in self.pending:
            return
        req, due, _ = self.pending[rid]
        left = max(0.0, due - time.monotonic()) if due else 0.0
        self.push(p.request(req, left))

    # --- what a page asks -----------------------------------------------------------------------

    def reply(self, rid: int, choice: Choice) -> str | None:
        """Answer request `rid`; the reason it cannot be, or None."""
        return "nothing to answer here"

    def drawn(self, rid: int) -> None:
        """The page has drawn request `rid`'s prompt."""
        got = self.pending.get(rid)
        if got is None:
            return
        latency = time.monotonic() - got[2]
        if len(self.latencies) < LATENCIES_KEPT:
            self.latencies.append(latency)
        # what benchmarks/web_latency.py reads (`sgs web --log-level debug --log-json`)
        log.debug("request drawn", request=rid, ms=round(latency * 1000, 3))

    def step(self, to: str, value: int) -> str | None:
        return "this is not a replay"

    async def close(self) -> None:
        """Stop for good (the gateway forgets the session)."""


class SeatSession(Session):
    """One seat of a served table, by its token or through the lobby."""

    mode = "play"

    def __init__(
        self,
        endpoint: str,
        lang: str,
        *,
        seat: int = -1,
        token: str = "",
        table: str = "",
        join: tuple[str, str, int] | None = None,
        name: str = "browser",
        setup: SocketSetup | None = None,
        give_up: float = 120.0,
    ) -> None:
        super().__init__(lang)
        self.table = table
        self.client = Client(
            endpoint,
            seat,
            token,
            name=name,
            table=table,
            socket_setup=setup,
            give_up=give_up,
        )
        self.link = Link(self.client, self._deliver)
        self._state = ""
        self.queued: dict[str, Any] | None = None
        if join is None:
            self.client.open()
        else:
            self.client.open_join(*join)
        self.task = asyncio.get_running_loop().create_task(self._run())

    def hello_extra(self) -> dict[str, Any]:
        return {"table": self.table, "seat": self.client.seat}

    async def _run(self) -> None:
        try:
            await self.link.run()
        finally:
            failure = self.client.failure
            if failure is not None and not self.ended:
                self._end(f"{failure.code or 'failed'}: {failure}")

    def _end(self, reason: str) -> None:
        self.ended = reason
        self.pending.clear()
        self.push({"t": "ended", "reason": reason})

    def _deliver(self, items: list[Item]) -> None:
        events = False
        for item in items:
            if events and isinstance(item, RequestMsg):
                self._push_state()  # a request is drawn on the table it was asked on
                events = False
            events |= self._one(item)
        if events:
            self._push_state()
        self._watch_state()

    def _watch_state(self) -> None:
        state = self.client.state
        if state == self._state:
            return
        was, self._state = self._state, state
        if state == LIVE:
            if was and self.notice:
                self.notice = ""
                self.push({"t": "notice", "text": ""})
        elif was == LIVE and state in (BACKOFF, HELLO, AUTH):
            self.notice = "the game agent is away: reconnecting (the table resumes where it was)"
            self.push({"t": "notice", "text": self.notice})

    def _one(self, item: Item) -> bool:
        """Handle one item; True when it was an event."""
        if isinstance(item, WelcomeMsg):
            self.table = item.table
            if self.presenter is None:
                self.presenter = Presenter(item.game, item.seats, item.seat, self.lang)
                self._full()
            return False
        if isinstance(item, Queued):
            self.queued = {
                "game": item.game,
                "mode": item.mode,
                "waiting": item.waiting,
                "needed": item.needed,
            }
            self.push({"t": "queued", **self.queued})
            return False
        if isinstance(item, Seated):  # the token stays here: the page learns the seat only
            self.table = item.table
            self.push({"t": "seated", "table": item.table, "seat": item.seat})
            return False
        p = self.presenter
        if isinstance(item, EventMsg):
            if p is not None:
                p.event(item.kind, item.data)
            return True
        if isinstance(item, RequestMsg):
            try:
                spec = RequestSpec(**item.request)
            except TypeError:
                self.push(
                    {
                        "t": "error",
                        "code": "bad_request",
                        "message": "the server sent a malformed request",
                    }
                )
                return False
            now = time.monotonic()
            due = now + item.deadline if item.deadline > 0 else 0.0
            self.pending[spec.id] = (spec, due, now)
            self._push_request(spec.id)
            return False
        if isinstance(item, Error):
            if item.code == REWOUND and p is not None:
                p.reset()
                self._told = 0
                self.push(p.state())
            if item.code == "deadline" and item.ref in self.pending:
                self.pending.pop(item.ref)
                self.push({"t": "answered", "id": item.ref, "by": "deadline"})
            self.push({"t": "error", "code": item.code, "message": item.message})
            return False
        if isinstance(item, Bye):
            self.pending.clear()
            self.ended = "game_over" if item.reason == "game_over" else item.reason
            self.push({"t": "ended", "reason": self.ended})
            self.client.bye("game over")
            self.link.stop()
        return False

    def reply(self, rid: int, choice: Choice) -> str | None:
        got = self.pending.get(rid)
        if got is None:
            return f"request {rid} is not pending (answered, or past its deadline)"
        reason = check_choice(got[0], choice)
        if reason is not None:
            return reason
        self.pending.pop(rid)
        self.link.reply(rid, choice)
        if self.presenter is not None:
            self.presenter.decision_line(got[0], choice, False)
            self._push_state()
        self.push({"t": "answered", "id": rid, "by": "you"})
        return None

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.bye("browser closed")
        self.link.stop()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.task, 2.0)


class WatchSession(Session):
    """A table's public stream, from its start (caught up from the table's agent)."""

    mode = "watch"

    def __init__(
        self, pub: str, server: str, table: str, lang: str, setup: SocketSetup | None = None
    ) -> None:
        super().__init__(lang)
        self.table = table
        ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
        sub = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
        sub.setsockopt(zmq.SUBSCRIBE, table.encode())
        if setup is not None:
            setup(sub)
        sub.connect(pub)
        self.source = SpectatorSource(sub, table, server, setup)
        self._stop = False
        self.task = asyncio.get_running_loop().create_task(self._run())

    def hello_extra(self) -> dict[str, Any]:
        return {"table": self.table}

    async def _run(self) -> None:
        src = self.source
        # the blocking parts (the catch-up asks the table's agent) run off the event loop
        while not self._stop and not src.game:
            if await asyncio.to_thread(src.wait_game, 0.5):
                break
        if self._stop:
            return
        self.presenter = Presenter(src.game, src.seats, -1, self.lang)
        self._full()
        while not self._stop:
            items = await asyncio.to_thread(src.poll)
            events = False
            for item in items:
                if isinstance(item, EventItem):
                    self.presenter.event(item.kind, item.data)
                    events = True
                elif isinstance(item, EndItem):
                    self.ended = item.reason
                    self._stop = True
                elif isinstance(item, NoticeItem):
                    self.push({"t": "error", "code": "notice", "message": item.text})
            if events:
                self._push_state()
            if self.ended:
                self.push({"t": "ended", "reason": self.ended})
                break
            if not items:
                await asyncio.sleep(0.05)

    async def close(self) -> None:
        self._stop = True
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.task, 2.0)
        self.source.close()


async def lobby_status(
    endpoint: str, setup: SocketSetup | None = None, timeout: float = 5.0
) -> Tables:
    """The server's tables and queues (`status`), asked on an asyncio socket."""
    ctx = zmq.asyncio.Context.instance()
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.MAXMSGSIZE, 2 << 20)
    try:
        if setup is not None:
            setup(sock)  # type: ignore[arg-type]
        sock.connect(endpoint)
        await sock.send(encode(Status(PROTOCOL_VERSION)))
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            if not await sock.poll(int(left * 1000) + 1):
                break
            for msg in decode_frame(await sock.recv()):
                if isinstance(msg, Tables):
                    return msg
                if isinstance(msg, Error):
                    raise ProtocolError(msg.code, msg.message)
        raise TimeoutError(f"no answer from {endpoint} in {timeout:g} s")
    finally:
        sock.close(0)


def replay_files(root: Path | None, limit: int = 500) -> list[str]:
    """The logs under `root` a page may replay (relative names, newest first)."""
    if root is None or not root.is_dir():
        return []
    found = [p for p in root.rglob("*") if p.is_file() and p.suffix == ".sgslog"]
    found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [p.relative_to(root).as_posix() for p in found[:limit]]


class ReplaySession(Session):
    """A log file stepped back and forth: by step (an event or a decision), by decision and by
    turn; omniscient (`seat` None) or as one seat saw it (`view_for`)."""

    mode = "replay"

    def __init__(self, path: Path, name: str, seat: int | None, lang: str) -> None:
        super().__init__(lang)
        from replays import read_log
        from user_agent.tui.replay import Timeline

        self.name = name
        self.timeline = Timeline(read_log(path), seat, lang)
        if seat is not None and not 0 <= seat < self.timeline.seats:
            raise ValueError(
                f"seat {seat} is not a seat of this game (0-{self.timeline.seats - 1})"
            )
        self.seat = seat
        self.pos = 0
        self.presenter = Presenter(self.timeline.game, self.timeline.seats, seat, lang)

    def hello_extra(self) -> dict[str, Any]:
        t = self.timeline
        return {
            "file": self.name,
            "steps": len(t),
            "turns": t.turns(),
            "decisions": len(t.decision_at),
            "damage": t.damage,
            "warning": t.warning,
        }

    def _full(self) -> None:
        super()._full()
        self._where()

    def _where(self) -> None:
        t, pos = self.timeline, self.pos
        step = t.steps[pos - 1] if pos else None
        self.push(
            {
                "t": "position",
                "pos": pos,
                "steps": len(t),
                "turn": step.turn if step else 0,
                "decision": step.decisions if step else 0,
                "turns": t.turns(),
                "decisions": len(t.decision_at),
            }
        )

    def _seek(self, pos: int) -> None:
        t = self.timeline
        pos = max(0, min(pos, len(t)))
        p = self.presenter
        assert p is not None
        if pos < self.pos:
            p.reset()
            self.pos = 0
            self._told = 0
            start = 0
        else:
            start = self.pos
        for k in range(start, pos):
            step = t.steps[k]
            if step.data is not None:
                p.table.apply(step.kind, step.data)
            if step.line:
                p.lines.append(step.line)
                p.told += 1
        self.pos = pos
        if self._told > p.told or start == 0:
            self._told = 0
            self.push(p.state())
        else:
            self._push_state()
        self._told = p.told
        self._where()

    def step(self, to: str, value: int) -> str | None:
        t, pos = self.timeline, self.pos
        after = [a for a in t.decision_at if a > pos]
        before = [a for a in t.decision_at if a < pos]
        turns_after = [a for a in t.turn_at if a > pos]
        turns_before = [a for a in t.turn_at if a < pos]
        targets = {
            "next": pos + 1,
            "prev": pos - 1,
            "start": 0,
            "end": len(t),
            "next_decision": after[0] if after else len(t),
            "prev_decision": before[-1] if before else 0,
            "next_turn": turns_after[0] if turns_after else len(t),
            "prev_turn": turns_before[-1] if turns_before else 0,
            "decision": t.decision_at[value - 1] if 1 <= value <= len(t.decision_at) else -1,
            "turn": t.turn_at[value - 1] if 1 <= value <= len(t.turn_at) else -1,
            "pos": value,
        }
        if to not in targets:
            return f"unknown step {to!r} (one of: {', '.join(targets)})"
        target = targets[to]
        if target < 0:
            return f"there is no {to} {value} in this log"
        self._seek(target)
        return None
