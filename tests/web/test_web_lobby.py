"""The lobby in a real browser: a `sgs serve --lobby` with bots (`sgs bot --lobby`) playing and
waiting; the page lists the tables and the queues, watches a table, joins a queue from the
form, is seated and plays to the end; a seat taken by its token, entered in the form or from a
join link (which leaves the address at once). No token ever reaches a page (every frame it
receives is captured), and the gateway refuses a WebSocket from another site's page."""

from __future__ import annotations

import asyncio
import json
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
from playwright.sync_api import Browser, Page
from web_checks import Frames, pump_until, slow_bots
from web_support import Deadline, Web, start_web
from wire_support import PATIENT, Proc, Procs, Served

from game_agent.server.seats import read_sidecar


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def lobby(procs: Procs, tmp: Path, *extra: str, **env: str) -> Served:
    port = free_port()
    p = procs.start(
        ["serve", "--lobby", "--log-dir", str(tmp / "logs"), "--bind", f"tcp://127.0.0.1:{port}",
         "--pub-bind", f"tcp://127.0.0.1:{free_port()}", *extra],
        **env,
    )  # fmt: skip
    words = p.expect("lobby on ").replace(";", "").split()
    tokens: dict[int, str] = {}
    return Served(p, words[2], words[5], tokens, "")


def fixed_tokens(p: Proc, n: int) -> dict[int, str]:
    """The tokens the server printed for the seats of its configured table."""
    out = {}
    for _ in range(n):
        line = p.expect("  seat ")
        out[int(line.split()[1].rstrip(":"))] = line.split("SGS_TOKEN=")[1].split()[0]
    return out


def join_bots(procs: Procs, served: Served, seats: int, bot: str, **env: str) -> Proc:
    args = ["bot", "--connect", served.endpoint, "--lobby", "--game", "sanguosha"]
    args += ["--players", "2", "--seats", str(seats), "--bot", bot, "-q", *PATIENT]
    return procs.start(args, **env)


def refresh_until(pg: Page, selector: str) -> None:
    """Refresh the lobby until `selector` shows (the bots join at their own pace)."""

    def found() -> bool:
        if pg.locator(selector).count():
            return True
        pg.click("#refresh")
        pg.wait_for_timeout(200)
        return False

    pump_until(pg, found, selector)


def play_to_the_end(*pages: Page, limit: int = 0) -> int:
    """Answer every request of every page by its default until each page's game is over (or
    `limit` requests are answered, when it is not 0); the number answered."""
    n = 0
    bound = Deadline("every page's game to end")
    while not limit or n < limit:
        bound.check()
        live = [p for p in pages if not p.evaluate("document.body.classList.contains('ended')")]
        if not live:
            return n
        for pg in live:
            if pg.locator("#request:not([hidden]) .default").count():
                rid = pg.get_attribute("#request", "data-id")
                pg.click("#request .default")
                n += 1
                pg.wait_for_function(
                    "(rid) => document.body.classList.contains('ended') || "
                    "document.querySelector('#request').dataset.id !== rid",
                    arg=rid,
                )
        if len(live) == 1:
            live[0].wait_for_function(
                "document.body.classList.contains('ended') || "
                "!!document.querySelector('#request:not([hidden]) .default')"
            )
    return n


def tokens_of(log_dir: Path) -> list[str]:
    out = []
    for side in log_dir.glob("*.seats.json"):
        out += [str(t) for t in read_sidecar(str(side).removesuffix(".seats.json"))["tokens"]]
    return out


def test_lobby_lists_watches_joins_and_plays(procs: Procs, page: Page, tmp_path: Path) -> None:
    served = lobby(procs, tmp_path)
    web = start_web(procs, served)
    frames = Frames().watch(page)
    # two slow bots fill a table and play; then one bot waits in a queue
    join_bots(procs, served, 2, "web_bots:SlowSmart", **slow_bots(0.2))
    page.goto(f"{web.url}#/")
    refresh_until(page, "#tables tbody tr:has-text('playing')")
    join_bots(procs, served, 1, "smart")
    refresh_until(page, "#queues tbody tr:has-text('1/2')")
    assert "sanguosha" in page.text_content("#queues tbody tr") or ""
    # watching the bots' table from the list
    page.click("#tables tbody tr:has-text('playing') a.watch")
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    assert page.get_attribute("body", "data-mode") == "watch"
    assert page.locator("#hand .card").count() == 0
    # back to the lobby, and into the queue from the form: seated with the waiting bot
    page.click("#home")
    page.wait_for_selector("#lobby:not([hidden])")
    page.select_option("#join select", "sanguosha")
    page.fill("#join input[name=players]", "2")
    page.click("#join button")
    page.wait_for_selector("#request:not([hidden]) .option")
    assert page.get_attribute("body", "data-mode") == "play"
    assert frames.received("seated")
    play_to_the_end(page)
    page.wait_for_selector("#log li:has-text('win')")
    # every table's tokens: none in any frame the page received (its own seat's neither)
    tokens = tokens_of(tmp_path / "logs")
    assert len(tokens) >= 4
    text = frames.text()
    assert not [t for t in tokens if t in text]
    assert not [t for t in tokens if t in page.url]


def test_a_seat_by_its_token_entered_or_from_a_join_link(
    procs: Procs, browser: Browser, tmp_path: Path
) -> None:
    (tmp_path / "tables.toml").write_text(
        '[[table]]\ngame = "sanguosha"\nname = "fixed"\nplayers = 2\n'
    )
    served = lobby(procs, tmp_path, "--tables", str(tmp_path / "tables.toml"))
    tokens = fixed_tokens(served.proc, 2)
    web = start_web(procs, served)
    pages, frames = [], []
    for _ in range(2):
        ctx = browser.new_context(viewport={"width": 1280, "height": 860})
        pg = ctx.new_page()
        pg.set_default_timeout(120_000)
        frames.append(Frames().watch(pg))
        pages.append(pg)
    entered, linked = pages
    try:
        # seat 0: the token typed into the form (a password field, emptied once sent)
        entered.goto(f"{web.url}#/")
        entered.fill("#seat input[name=table]", "fixed")
        entered.fill("#seat input[name=seat]", "0")
        entered.fill("#seat input[name=token]", tokens[0])
        entered.click("#seat button")
        assert entered.input_value("#seat input[name=token]") == ""
        # seat 1: a join link; the token leaves the address at once
        linked.goto(f"{web.url}#/seat/fixed/1/{tokens[1]}")
        pump_until(linked, lambda: tokens[1] not in linked.url, "the token out of the address")
        assert linked.url.endswith("#/seat/fixed/1")
        for pg in pages:  # seated: the table shows (the lord is asked for a general first)
            pg.wait_for_selector("#game:not([hidden]) #seats .seat.me")
        # both seats play (a whole game of two default players is long: some turns will do)
        assert play_to_the_end(*pages, limit=12) >= 12
        for pg in pages:
            pg.wait_for_selector("#hand .card")
        for seat, (pg, f) in enumerate(zip(pages, frames, strict=True)):
            assert not [t for t in tokens.values() if t in f.text()]
            assert not [t for t in tokens.values() if t in pg.url]
            # a page sends its own seat's token (to the gateway, for the handshake) only
            assert [t for t in tokens.values() if t in "\n".join(f.sent)] == [tokens[seat]]
    finally:
        for pg in pages:
            pg.context.close()


def ws_status(web: Web, origin: str | None) -> int | dict[str, object]:
    """`ws_status_async` on a thread of its own (Playwright's sync API may hold this thread's
    event loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, ws_status_async(web, origin)).result()


async def ws_status_async(web: Web, origin: str | None) -> int | dict[str, object]:
    """Open /ws with `origin` (None: no Origin header, as a non-browser client): the HTTP status
    of a refusal, or the answer to a `status` frame."""
    headers = {"Origin": origin} if origin is not None else {}
    async with aiohttp.ClientSession() as http:
        try:
            async with http.ws_connect(web.url + "ws", headers=headers) as ws:
                await ws.send_str(json.dumps({"t": "status"}))
                got: dict[str, object] = json.loads(await ws.receive_str(timeout=120))
                return got
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status


def test_a_websocket_from_another_origin_is_refused(procs: Procs, tmp_path: Path) -> None:
    served = lobby(procs, tmp_path)
    web = start_web(procs, served)
    assert ws_status(web, "http://evil.example") == 403
    host = web.url.split("//")[1].rstrip("/")
    assert ws_status(web, f"http://localhost.evil.example:{host.split(':')[1]}") == 403
    same = ws_status(web, f"http://{host}")
    assert isinstance(same, dict) and same["t"] == "tables", same
    bare = ws_status(web, None)
    assert isinstance(bare, dict) and bare["t"] == "tables", bare
