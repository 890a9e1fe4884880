"""The gateway's HTTP and WebSocket server (aiohttp): the static page, each game's script, and
`/ws`, where a page opens or resumes its session and sends its frames (`frames`).

Every page talks over one WebSocket. The gateway refuses a WebSocket whose `Origin` is not its
own host (another site's page in the same browser must not drive a seat), holds at most
`max_sessions` sessions, forgets a session whose page has been gone for `keep` seconds (the
seat stays the player's: the server takes the defaults until someone comes back with its
token), and never blocks the event loop on a socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import structlog
from aiohttp import WSMsgType, web

from protocol.errors import ProtocolError
from replays import LogError
from user_agent.client import SocketSetup
from user_agent.games import GAMES
from user_agent.web.frames import MAX_FRAME, Bucket, FrameError, parse
from user_agent.web.hooks import web_hooks
from user_agent.web.sessions import (
    ReplaySession,
    SeatSession,
    Session,
    WatchSession,
    lobby_status,
    replay_files,
)

log = structlog.get_logger("sgs.web")
STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 4 * MAX_FRAME


@dataclass
class Gateway:
    endpoint: str  # the game agent's ROUTER endpoint
    pub: str | None = None  # its spectator (XPUB) endpoint, for watching
    replays: Path | None = None  # the directory of logs a page may replay
    lang: str = "en"
    setup: SocketSetup | None = None  # CURVE keys of the game agent, when it uses them
    max_sessions: int = 64
    keep: float = 600.0  # seconds a session waits for its page to come back
    give_up: float = 120.0  # seconds a seat's client tries to reach a silent agent
    sessions: dict[str, Session] = field(default_factory=dict)

    # --- sessions -------------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Forget the sessions whose page has been gone for `keep` seconds."""
        now = time.monotonic()
        for sid, s in list(self.sessions.items()):
            if s.send is None and s.detached_at is not None and now - s.detached_at > self.keep:
                self.sessions.pop(sid, None)
                await s.close()

    async def open(self, msg: dict[str, Any]) -> Session:
        """A new session for the page's request; raises FrameError with the reason it cannot."""
        await self.sweep()
        if len(self.sessions) >= self.max_sessions:
            raise FrameError("server_busy", f"the gateway holds {self.max_sessions} sessions")
        kind = msg["t"]
        s: Session
        if kind == "seat":
            if not msg["token"] or msg["seat"] < 0:
                raise FrameError("bad_frame", "a seat needs its number and its token")
            s = SeatSession(
                self.endpoint,
                self.lang,
                seat=msg["seat"],
                token=msg["token"],
                table=msg["table"],
                setup=self.setup,
                give_up=self.give_up,
            )
        elif kind == "join":
            if msg["game"] not in GAMES:
                raise FrameError("unknown_game", f"unknown game {msg['game']!r}")
            join = (msg["game"], msg.get("mode", ""), msg.get("players", 0))
            s = SeatSession(
                self.endpoint,
                self.lang,
                join=join,
                name=msg.get("name", "") or "browser",
                setup=self.setup,
                give_up=self.give_up,
            )
        elif kind == "watch":
            if self.pub is None:
                raise FrameError("no_watch", "this gateway was started without --watch")
            s = WatchSession(self.pub, self.endpoint, msg["table"], self.lang, self.setup)
        else:  # replay
            s = ReplaySession(*self._replay_path(msg["file"]), msg.get("seat"), self.lang)
        self.sessions[s.id] = s
        return s

    def _replay_path(self, name: str) -> tuple[Path, str]:
        root = self.replays
        if root is None:
            raise FrameError("no_replays", "this gateway was started without --replays DIR")
        path = (root / name).resolve()
        if not path.is_relative_to(root.resolve()) or not path.is_file():
            raise FrameError("unknown_file", f"no log {name!r} in the replay directory")
        return path, name

    # --- the WebSocket ----------------------------------------------------------------------------

    async def ws(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request):
            return web.Response(status=403, text="cross-origin WebSocket refused\n")
        # a frame a little too large gets its `too_large` line (from `parse`); past
        # `MAX_MESSAGE` aiohttp closes the socket (1009) before holding it all in memory
        sock = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20.0)
        await sock.prepare(request)
        out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=10_000)

        def send(msg: dict[str, Any]) -> None:
            try:
                out.put_nowait(msg)
            except asyncio.QueueFull:  # a page that does not read: drop it, it resumes later
                with contextlib.suppress(asyncio.QueueFull):
                    out.put_nowait(None)

        async def writer() -> None:
            while (msg := await out.get()) is not None:
                await sock.send_str(json.dumps(msg, ensure_ascii=False, default=str))
            await sock.close()

        task = asyncio.get_running_loop().create_task(writer())
        session: Session | None = None
        bucket = Bucket()
        try:
            async for frame in sock:
                if frame.type == WSMsgType.ERROR:
                    break
                if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                if not bucket.take():
                    send(error("rate_limited", "too many frames: slow down"))
                    continue
                try:
                    session = await self.frame(parse(frame.data), session, send)
                except FrameError as exc:
                    send(error(exc.code, str(exc)))
        finally:
            if session is not None:
                session.detach(send)
            with contextlib.suppress(asyncio.QueueFull):
                out.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 2.0)
        return sock

    async def frame(
        self, msg: dict[str, Any], session: Session | None, send: Any
    ) -> Session | None:
        """Act on one checked frame; the page's session after it."""
        kind = msg["t"]
        if kind == "status":
            send(await self._status())
            return session
        if kind == "replays":
            send({"t": "replays", "files": replay_files(self.replays)})
            return session
        if kind == "resume":
            found = self.sessions.get(msg["session"])
            if found is None:
                send({"t": "expired"})
                return session
            found.attach(send)
            return found
        if kind in ("seat", "join", "watch", "replay"):
            try:
                new = await self.open(msg)
            except (LogError, ValueError, OSError) as exc:
                raise FrameError("bad_replay", str(exc)) from None
            # only once the new one is open: a page whose request fails keeps its session
            if session is not None:
                session.detach(send)
            new.attach(send)
            return new
        if kind == "detach":  # the page went back to the lobby: the session waits for it
            if session is not None:
                session.detach(send)
            return None
        if session is None:
            raise FrameError("no_session", f"{kind}: open a seat, a table or a replay first")
        if kind == "leave":
            self.sessions.pop(session.id, None)
            session.detach(send)
            await session.close()
            send({"t": "left"})
            return None
        if kind == "reply":
            reason = session.reply(msg["id"], msg["choice"])
            if reason is not None:
                send(error("illegal_reply", reason))
        elif kind == "drawn":
            session.drawn(msg["id"])
        elif kind == "step":
            reason = session.step(msg["to"], msg.get("value", 0))
            if reason is not None:
                send(error("bad_step", reason))
        return session

    async def _status(self) -> dict[str, Any]:
        try:
            tables = await lobby_status(self.endpoint, self.setup)
        except (TimeoutError, ProtocolError) as exc:
            return error("no_server", f"the game agent did not answer: {exc}")
        return {
            "t": "tables",
            "tables": tables.tables,
            "queues": tables.queues,
            "games": sorted(GAMES),
            "watch": self.pub is not None,
            "replays": self.replays is not None,
        }

    # --- the app ----------------------------------------------------------------------------------

    async def script(self, request: web.Request) -> web.StreamResponse:
        game = request.match_info["game"]
        path = web_hooks(game).script if game in GAMES else None
        if path is None:
            return web.Response(status=404, text=f"no script for {game!r}\n")
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_FRAME)
        app.router.add_get("/ws", self.ws)
        app.router.add_get("/games/{game}.js", self.script)
        app.router.add_get("/", index)
        app.router.add_get("/favicon.ico", no_icon)
        app.router.add_static("/static/", STATIC, show_index=False)

        async def sweeper(app: web.Application) -> Any:
            async def loop() -> None:
                while True:
                    await asyncio.sleep(min(30.0, max(self.keep / 4, 0.05)))
                    await self.sweep()

            task = asyncio.get_running_loop().create_task(loop())
            yield
            task.cancel()
            for s in list(self.sessions.values()):
                await s.close()
            self.sessions.clear()

        app.cleanup_ctx.append(sweeper)
        return app


async def index(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


def error(code: str, message: str) -> dict[str, Any]:
    return {"t": "error", "code": code, "message": message}


def same_origin(request: web.Request) -> bool:
    """Whether a WebSocket comes from this gateway's own page (no Origin: not a browser)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.host
