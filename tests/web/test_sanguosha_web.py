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


class Chooser:
    """Play a card of the hand when one is playable, its first target, else the default; the
    first target step is saved as `shot` (the card being played outlined, the targets marked)."""

    def __init__(self, shot: Path | None = None) -> None:
        self.shot = shot
        self.targets_seen = 0

    def __call__(self, pg: Page, n: int) -> None:
        kind = pg.get_attribute("#request", "data-kind")
        if kind == "targets":
            self.targets_seen += 1
            if self.shot is not None and self.targets_seen == 1:
                pg.wait_for_selector("#hand .card.playing")
                SHOTS.mkdir(parents=True, exist_ok=True)
                pg.screenshot(path=str(self.shot))
        choose(pg, kind)


def choose(pg: Page, kind: str | None) -> None:
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
    page.keyboard.press("?")  # the help: the keys, and the game's own words
    assert "Enter" in page.inner_text("#help") and "Click a card" in page.inner_text("#help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="hidden")
    chooser = Chooser(SHOTS / "sanguosha.png")
    answered = play_by_clicking(page, chooser)
    assert chooser.targets_seen, "no card with targets was played by a click"
    assert answered > 5
    page.wait_for_selector("#log li:has-text('win')")
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


def test_five_seats_in_chinese(procs: Procs, page: Page) -> None:
    """A 5-player identity game against four smart bots, the page in Chinese (`--lang zh`)."""
    served = procs.serve(
        "--game", "sanguosha", "--players", "5", "--bots=-,smart,smart,smart,smart", "--seed", "3",
        "--table", "t5",
    )  # fmt: skip
    web = start_web(procs, served, "--lang", "zh")
    page.goto(f"{web.url}#/seat/t5/0/{served.tokens[0]}")
    assert next_request(page)
    page.wait_for_selector("#seats .seat >> nth=4")
    assert page.locator("#seats .seat").count() == 5
    panels = page.inner_text("#seats")
    assert "体力" in panels  # the seat panels speak Chinese
    assert "攻击范围" in page.inner_text("#seats .seat.me")  # your attack range
    assert "距离" in page.inner_text("#seats .seat >> nth=1")  # and the distance to the others
    play_by_clicking(page, Chooser(SHOTS / "sanguosha-zh.png"))
    served.proc.wait()
    assert read_log(served.log_path).events[-1].kind == "game_over"
