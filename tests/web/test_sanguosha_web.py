"""Sanguosha in a real browser: a whole 2-player game played by clicking against a `smart` bot
process; the page shows only what the seat may see; a replay stepped back and forth."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from web_support import SHOTS, next_request, play_by_clicking, start_web
from wire_support import Procs

from protocol.records import Event, view_for
from replays import read_log
from user_agent.games.sanguosha.names import card_name


def card_labels(data: object) -> set[str]:
    """The labels (`♠A Lightning`) of every card named in some event data."""
    out: set[str] = set()
    if isinstance(data, dict):
        if {"suit", "rank", "name"} <= data.keys() and data.get("suit"):
            out.add(card_name(data))
        for v in data.values():
            out |= card_labels(v)
    elif isinstance(data, list):
        for v in data:
            out |= card_labels(v)
    return out


def choose(pg: Page, n: int) -> None:
    """Play a card of the hand when one is playable, its first target, else the default."""
    kind = pg.get_attribute("#request", "data-kind")
    playable = pg.locator("#hand .card.playable")
    if kind == "play" and playable.count():
        playable.first.click()
        return
    if kind == "targets" and pg.locator("#seats .seat.target").count():
        pg.locator("#seats .seat.target").first.click()
        if pg.locator("#request .done").count():
            pg.click("#request .done")
        return
    pg.click("#request .default")


def test_a_whole_game_by_clicking(procs: Procs, page: Page, tmp_path: Path) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "2", "--bots=-,smart", "--seed", "11",
        "--table", "t1", "--web", "http://127.0.0.1:9/",
    )  # fmt: skip
    web = start_web(procs, served)
    # the join link `sgs serve --web` printed: the token in the fragment
    assert served.links[0] == f"http://127.0.0.1:9/#/seat/t1/0/{served.tokens[0]}"
    assert 1 not in served.links  # a bot's seat has no link
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(web.url + served.links[0].removeprefix("http://127.0.0.1:9/"))
    assert next_request(page)
    assert served.tokens[0] not in page.url  # the token leaves the address at once
    page.wait_for_selector("#hand .card")
    answered = play_by_clicking(page, choose)
    assert answered > 5
    page.wait_for_selector("#log li:has-text('win')")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "sanguosha-over.png"))
    served.proc.wait()
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    assert len([d for d in log.decisions if d.seat == 0]) >= answered
    # the page never received a card seat 0 did not see: every card label in its frames is
    # one of seat 0's own events (and the game's hidden cards were there to leak)
    seen: set[str] = set()
    every: set[str] = set()
    for rec in log.records:
        if isinstance(rec, Event):
            every |= card_labels(rec.data)
            seat_data = view_for(rec, 0)
            if seat_data is not None:
                seen |= card_labels(seat_data)
    hidden = every - seen
    assert hidden, "the game hid no card from seat 0: the check below would prove nothing"
    text = "\n".join(frames)
    leaked = sorted(label for label in hidden if label in text)
    assert not leaked, f"the page received cards seat 0 never saw: {leaked}"
