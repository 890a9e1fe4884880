"""Bad frames from a real browser's socket: the test sits in the page's WebSocket (Playwright
routes it, forwarding every frame both ways) and slips in, mid-game, frames a broken or hostile
page could send: not JSON, an unknown type, a field of the wrong type, one too large, a flood,
an illegal reply, a reply to a request that is not pending, a replay step in a seat. Each gets
exactly one `error` line with its code (as the wire's errors read), the session goes on (the
page answers its pending request and plays to the end), and the game is unaffected: its log is
byte for byte the log of the same game without them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocketRoute
from web_checks import answer, pump_until
from web_support import play_by_clicking, start_web
from wire_support import Procs

from user_agent.web.frames import BURST, MAX_FRAME, RATE

TABLE = ("--game", "sanguosha", "--players", "2", "--seed", "9", "--deadline", "0")


class Tap:
    """The page's WebSocket, routed through the test: every frame the gateway sends is kept
    (`got`) and passed on; `inject` sends a frame to the gateway as if the page had."""

    def __init__(self, pg: Page) -> None:
        self.got: list[dict[str, Any]] = []
        self.server: WebSocketRoute | None = None
        pg.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()

        def down(msg: str | bytes) -> None:
            self.got.append(json.loads(msg))
            route.send(msg)

        server.on_message(down)
        route.on_message(server.send)
        self.server = server

    def inject(self, frame: str | bytes) -> None:
        assert self.server is not None
        self.server.send(frame)

    def answered(self, pg: Page, frame: str | bytes) -> list[dict[str, Any]]:
        """Send `frame`, then a `replays` frame as an end marker (the gateway handles a
        socket's frames in order): every message the gateway sent in between."""
        start = len(self.got)
        self.inject(frame)
        self.inject(json.dumps({"t": "replays"}))
        pump_until(pg, lambda: any(m["t"] == "replays" for m in self.got[start:]), "the marker")
        got = self.got[start:]
        return got[: next(i for i, m in enumerate(got) if m["t"] == "replays")]


def refill(pg: Page) -> None:
    """Let the socket's rate limit refill to a whole burst: it refills at RATE frames a second,
    so BURST / RATE seconds is a lower bound of the time it needs (a busy machine only takes
    longer to come back here), not a guess at how fast something happens."""
    pg.wait_for_timeout(1000 * BURST / RATE + 50)


def errors(msgs: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in msgs if m["t"] == "error"]


def play(procs: Procs, page: Page, tmp: Path, hostile: bool) -> bytes:
    """Seat 0 in the page against a smart bot, answered by defaults to the end; with `hostile`,
    the bad frames slipped in at the fifth request. The log's bytes."""
    served = procs.serve(*TABLE, "--bots=-,smart", "--table", "t1", log_dir=tmp)
    web = start_web(procs, served)
    tap = Tap(page)
    page.goto(f"{web.url}#/seat/t1/0/{served.tokens[0]}")
    rid = int(answer(page, 4))
    if hostile:
        refill(page)
        one = {
            "not json {": "bad_frame",
            "[1, 2]": "bad_frame",
            json.dumps({"t": "teleport"}): "unknown_type",
            json.dumps({"t": "reply", "id": "x", "choice": 0}): "bad_frame",
            json.dumps({"t": "reply", "id": rid, "choice": [1] * 300}): "bad_frame",
            json.dumps({"t": "status", "pad": "x" * (MAX_FRAME + 10)}): "too_large",
            json.dumps({"t": "reply", "id": rid, "choice": 99}): "illegal_reply",
            json.dumps({"t": "reply", "id": rid + 50, "choice": 0}): "illegal_reply",
            json.dumps({"t": "reply", "id": rid - 1, "choice": 0}): "illegal_reply",
            json.dumps({"t": "step", "to": "next", "value": 0}): "bad_step",
            json.dumps({"t": "replay", "file": "../../etc/passwd"}): "no_replays",
        }
        for frame, code in one.items():
            assert errors(tap.answered(page, frame)) == [code], frame[:80]
        # a flood: past the burst the frames are refused, one line each, and nothing else
        refill(page)
        start = len(tap.got)
        flood = int(BURST) * 3
        for _ in range(flood):
            tap.inject(json.dumps({"t": "drawn", "id": rid}))
        refill(page)
        assert errors(tap.answered(page, json.dumps({"t": "drawn", "id": rid}))) == []
        refused = [m for m in tap.got[start:] if m["t"] != "replays"]
        assert 1 <= len(refused) <= flood - BURST
        assert errors(refused) == ["rate_limited"] * len(refused)
        refill(page)  # so that the page's own reply below is not refused
        # the session went on: the request is still the page's, on its screen, answered there
        assert page.get_attribute("#request", "data-id") == str(rid)
        assert tap.answered(page, json.dumps({"t": "status"}))[0]["t"] == "tables"
    play_by_clicking(page)
    assert served.proc.wait() == 0
    return Path(served.log_path).read_bytes()


def test_bad_frames_get_one_error_each_and_change_nothing(
    procs: Procs, page: Page, tmp_path: Path
) -> None:
    hostile = play(procs, page, tmp_path / "hostile", True)
    page.goto("about:blank")
    calm = play(procs, page, tmp_path / "calm", False)
    assert hostile == calm
