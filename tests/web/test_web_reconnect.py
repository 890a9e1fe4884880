"""Reconnecting in a real browser, at the same decision: the page reloaded mid-game, the
WebSocket cut by the network (a TCP proxy between the browser and the gateway drops every
connection, as a broken Wi-Fi would: the page's code is not told), and the game agent killed
with SIGKILL and started again with `sgs serve --resume` (the page shows a notice, not an error
page). Each time the request pending before is the one pending after, answered from the page,
and the game goes on to its end."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from playwright.sync_api import Page
from web_checks import Frames, answer, pump_until
from web_support import Deadline, start_web
from wire_support import Procs, Proxy, Served

from replays import read_log, verify

# seat 0 is the page's; the bot plays seat 1. No deadline: a request waits for the page, so
# that "the same request after the drop" is the page's doing, never a timeout's.
TABLE = ("--game", "sanguosha", "--players", "2", "--seed", "7", "--deadline", "0")


def seat_table(procs: Procs, *extra: str) -> Served:
    return procs.serve(*TABLE, "--bots=-,smart", "--table", "t1", *extra)


def finish(pg: Page, served: Served, rid: str) -> None:
    """Answer the request `rid` (pending again) from the page, then every request to the end;
    the log holds the page's answer to `rid` as seat 0's decision, not a timeout."""
    pg.wait_for_selector(f"#request[data-id='{rid}']:not([hidden]) .option")
    pg.click("#request .default")
    bound = Deadline("the game's end")
    while not pg.evaluate("document.body.classList.contains('ended')"):
        bound.check()
        pg.wait_for_function(
            "document.body.classList.contains('ended') || "
            "!!document.querySelector('#request:not([hidden]) .option')"
        )
        if pg.locator("#request:not([hidden]) .default").count():
            pg.click("#request .default")
    pg.wait_for_selector("#log li:has-text('win')")
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    mine = [d for d in log.decisions if d.seat == 0 and d.id == int(rid)]
    assert len(mine) == 1 and not mine[0].timeout


def test_reload_comes_back_at_the_same_request(procs: Procs, page: Page) -> None:
    served = seat_table(procs)
    web = start_web(procs, served)
    frames = Frames().watch(page)
    page.goto(f"{web.url}#/seat/t1/0/{served.tokens[0]}")
    rid = answer(page, 4)
    session = frames.received("session")[0]["id"]
    page.reload()
    # the reloaded page resumes its session (kept in the tab) and gets the same request
    page.wait_for_selector(f"#request[data-id='{rid}']:not([hidden]) .option")
    assert {"t": "resume", "session": session} in [json.loads(f) for f in frames.sent]
    assert page.locator("#hand .card").count() > 0
    assert served.tokens[0] not in page.url
    finish(page, served, rid)
    assert served.proc.wait() == 0


def test_a_dropped_socket_resumes_at_the_same_request(procs: Procs, page: Page) -> None:
    served = seat_table(procs)
    web = start_web(procs, served)
    host_port = web.url.split("//")[1].rstrip("/")
    proxy = Proxy(f"tcp://{host_port}")
    try:
        url = "http://" + proxy.endpoint[len("tcp://") :] + "/"
        frames = Frames().watch(page)
        page.goto(f"{url}#/seat/t1/0/{served.tokens[0]}")
        rid = answer(page, 4)
        session = frames.received("session")[0]["id"]
        proxy.cut(0.5)  # every connection dropped, new ones refused for half a second
        # the page sees its socket close, says so, opens another and resumes its session
        pump_until(page, lambda: len(frames.sockets) >= 2, "a second WebSocket")
        pump_until(page, lambda: len(frames.received("hello")) >= 2, "the session again")
        page.wait_for_selector(f"#request[data-id='{rid}']:not([hidden]) .option")
        assert frames.sockets[0].is_closed()
        assert page.text_content("#conn") == ""
        resumed = [f for f in frames.sent if '"resume"' in f]
        assert resumed and session in resumed[-1]
        finish(page, served, rid)
    finally:
        proxy.close()
    assert served.proc.wait() == 0


def test_the_game_agent_killed_and_resumed_is_a_pause(
    procs: Procs, page: Page, tmp_path: Path
) -> None:
    served = seat_table(procs, "--bind", f"ipc://{tmp_path}/table.sock")
    web = start_web(procs, served)
    page.goto(f"{web.url}#/seat/t1/0/{served.tokens[0]}")
    rid = answer(page, 4)
    os.kill(served.proc.popen.pid, signal.SIGKILL)
    served.proc.popen.wait()
    # the page says the agent is away; it is no error page: the table and the request stay
    page.wait_for_function("document.querySelector('#notice').textContent.includes('away')")
    assert page.locator("#game").is_visible()
    assert page.locator("#hand .card").count() > 0
    assert not page.evaluate("document.body.classList.contains('ended')")
    again = procs.resume(served.log_path)
    assert again.endpoint == served.endpoint
    page.wait_for_function("document.querySelector('#notice').textContent === ''")
    finish(page, again, rid)
    assert again.proc.wait() == 0
    assert verify(served.log_path).ok
