"""A click on the page answers the request it was aimed at, whatever arrives meanwhile.

The cause of a lost click under load (`test_muhq_web`'s duel: a request that waited for its
deadline): the gateway sent a request before the state of the events that led to it, so the
page drew the request on the old table and redrew the map a moment later; when that redraw
fell between a click's press and its release, the click went to the map's container instead
of the tile, and nothing answered. Now the gateway sends the state first, and the page does
not change under a pressed pointer (frames wait for the release)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocketRoute
from web_support import Deadline, next_request, start_web
from wire_support import Procs

Frames = list[tuple[str, dict[str, Any]]]  # ("down", to the page) / ("up", from the page)


def serve_muhq(procs: Procs, page: Page) -> tuple[Frames, list[WebSocketRoute]]:
    """A muhq duel against `greedy`, seat 0's page behind a WebSocket route that passes every
    frame on and records both directions (the route can also send the page frames)."""
    served = procs.serve(
        "--game", "muhq", "--bots=-,greedy", "--seed", "3", "--table", "m1",
        "--option", "max_rounds=2",
    )  # fmt: skip
    web = start_web(procs, served)
    frames: Frames = []
    routes: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def down(msg: str | bytes) -> None:
            frames.append(("down", json.loads(msg)))
            ws.send(msg)

        def up(msg: str | bytes) -> None:
            frames.append(("up", json.loads(msg)))
            server.send(msg)

        server.on_message(down)
        ws.on_message(up)
        routes.append(ws)

    page.route_web_socket("**/ws", route)
    page.goto(f"{web.url}#/seat/m1/0/{served.tokens[0]}")
    return frames, routes


def answer_default(page: Page) -> None:
    rid = page.get_attribute("#request", "data-id")
    page.click("#request .default")
    page.wait_for_function(
        "(rid) => document.body.classList.contains('ended') || "
        "document.querySelector('#request').dataset.id !== rid",
        arg=rid,
    )


def test_a_click_pressed_while_a_frame_arrives_still_answers(procs: Procs, page: Page) -> None:
    frames, routes = serve_muhq(procs, page)
    tile = page.locator("#board .mq-tile.open[data-options='1']")
    bound = Deadline("a request with a tile that one click answers")
    while True:  # the first request with a tile that one click answers
        bound.check()
        assert next_request(page), "the game ended before a tile could be clicked"
        if tile.count():
            break
        answer_default(page)
    rid = page.get_attribute("#request", "data-id")
    box = tile.first.bounding_box()
    assert box is not None
    page.evaluate("document.querySelector(\"#board .mq-tile.open[data-options='1']\").id = 'probe'")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # the table's state arrives while the button is down (here: the last one, once more)
    state = next(m for way, m in reversed(frames) if way == "down" and m["t"] == "state")
    routes[-1].send(json.dumps(state))
    # it has reached the page: held (the tile pressed is still there), or drawn (it is not)
    page.wait_for_function("() => document.body.dataset.held || !document.getElementById('probe')")
    page.mouse.up()
    page.wait_for_function(
        "(rid) => document.querySelector('#request').dataset.id !== rid", arg=rid, timeout=10_000
    )
    replies = [m for way, m in frames if way == "up" and m["t"] == "reply"]
    assert replies[-1]["id"] == int(str(rid)), replies[-1]
    # the held frames are let go in the task after the release (the click's): wait for it
    page.wait_for_function("() => !document.body.dataset.held", timeout=10_000)


def test_a_request_comes_after_the_state_it_was_asked_on(procs: Procs, page: Page) -> None:
    """No state frame reaches the page between a request and the page's reply to it (in a
    duel the bot acts only while seat 0 has no request): the request is drawn on its table."""
    frames, _ = serve_muhq(procs, page)
    answered = 0
    while next_request(page) and answered < 30:
        answer_default(page)
        answered += 1
    assert answered >= 10
    shown = None  # the request on the page that the page has not replied to
    for way, m in frames:
        if way == "down" and m["t"] == "request":
            shown = m["id"]
        elif way == "up" and m["t"] == "reply":
            shown = None
        elif way == "down" and m["t"] == "state":
            assert shown is None, f"a state frame after request {shown} (drawn on the old table)"
