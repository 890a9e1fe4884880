"""muhq's game in a real browser: a duel played through the page against a `greedy` bot process,
clicking the map wherever an option designates a tile (a hand card first when it can go to
several tiles; a tile's menu when several options share it) and the default otherwise, to the
game's end, which `max_rounds` bounds (MAX_ROUNDS rounds, then a duel is drawn); the page
never names a card of the bot's hand or of either deck; a screenshot mid-game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page
from web_support import SHOTS, next_request, play_by_clicking, start_web
from wire_support import Procs

from protocol.records import Event, view_for
from replays import read_log
from user_agent.games.muhq.board import MuhqTable, tile_name

MAX_ROUNDS = 4  # the documented bound of the test's game (`--option max_rounds=4`)
SHOT_ROUND = 2  # the screenshot: the first request of seat 0 in this round with a tile to click


class Played:
    def __init__(self) -> None:
        self.tiles = 0  # requests answered by a click on the map
        self.menus = 0  # of which through a tile's menu
        self.hand_first = 0  # of which after a click on a hand card
        self.bought = 0  # requests answered by a click on the store
        self.plays = 0  # action requests with a hand card to play
        self.shot = False


def choose(played: Played) -> Callable[[Page, int], None]:
    """Click the map where the request designates tiles: every other request with a card to
    play starts from the hand, the others pick a tile shared by several options (its menu)
    when there is one, else the n-th green tile; buy from the store; the default otherwise."""

    def answer(pg: Page, n: int) -> None:
        kind = pg.get_attribute("#request", "data-kind")
        store = pg.locator("#board .mq-store button.open")
        if kind == "buy" and store.count():
            store.first.click()
            played.bought += 1
            return
        open_tiles = pg.locator("#board .mq-tile.open")
        if not open_tiles.count():
            pg.click("#request .default")
            return
        if not played.shot and f"round {SHOT_ROUND}" in pg.inner_text("#status"):
            SHOTS.mkdir(parents=True, exist_ok=True)
            pg.screenshot(path=str(SHOTS / "muhq.png"), full_page=True)
            played.shot = True
        playable = pg.locator("#hand .card.playable")
        hand = kind == "action" and playable.count() > 0
        if hand:
            played.plays += 1
        if hand and played.plays % 2 == 0:
            before = open_tiles.count()
            playable.first.click()
            if not pg.locator("#board .mq-playing").count():  # one place only: it is picked
                played.tiles += 1
                return
            played.hand_first += 1  # it goes to several tiles: only those stay green
            assert 1 < open_tiles.count() <= before
        shared = pg.locator("#board .mq-tile.open:not([data-options='1'])")
        tile = shared.first if shared.count() else open_tiles.nth(n % open_tiles.count())
        several = tile.get_attribute("data-options") not in (None, "1")
        tile.click()
        if several:
            if not played.menus:
                pg.wait_for_selector("#board .mq-menu")
                pg.screenshot(path=str(SHOTS / "muhq-menu.png"), full_page=True)
            pg.locator("#board .mq-menu button[data-option]").first.click()
            played.menus += 1
        played.tiles += 1

    return answer


def folded(log_path: Path, seat: int | None) -> MuhqTable:
    """The table folded from the log, as `seat` sees it (None: everything)."""
    table = MuhqTable(seat)
    for rec in read_log(log_path).records:
        if isinstance(rec, Event):
            data = rec.data if seat is None else view_for(rec, seat)
            if data is not None:
                table.apply(rec.kind, data)
    assert table.state is not None and table.error is None, table.error
    return table


def test_a_duel_played_on_the_map(procs: Procs, page: Page) -> None:
    served = procs.serve(
        "--game", "muhq", "--bots=-,greedy", "--seed", "3", "--table", "m1",
        "--option", f"max_rounds={MAX_ROUNDS}",
    )  # fmt: skip
    web = start_web(procs, served)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(f"{web.url}#/seat/m1/0/{served.tokens[0]}")
    assert next_request(page)
    page.wait_for_selector("#board .mq-grid")
    played = Played()
    answered = play_by_clicking(page, choose(played))
    page.wait_for_selector("#log li:has-text('===')")
    served.proc.wait()
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    assert len([d for d in log.decisions if d.seat == 0]) == answered
    page.screenshot(path=str(SHOTS / "muhq-over.png"))
    assert played.shot, "no request with a tile to click in the screenshot's round"
    assert played.tiles >= 5, f"the map was clicked for {played.tiles} of {answered} requests"
    assert played.menus and played.hand_first and played.bought, vars(played)
    # the map the page shows at the end is the log's: every permanent at its tile
    st = folded(served.log_path, None).state
    assert st is not None
    on_map = {
        tile_name(x, y): sorted([pid, *st.perms[pid].stack]) for (x, y), pid in st.board.items()
    }
    shown: dict[str, list[int]] = {}
    for t in page.locator("#board .mq-tile").all():
        perms = [int(str(p.get_attribute("data-perm"))) for p in t.locator(".mq-perm").all()]
        if perms:
            shown[str(t.get_attribute("data-tile"))] = sorted(perms)
    assert shown == on_map
    # seat 0's hand on the page is its hand in the log; the bot's hand was never named
    mine = folded(served.log_path, 0)
    hand = [str(c.get_attribute("data-card")) for c in page.locator("#hand .card").all()]
    assert st.cards[0].hand == mine.state.cards[0].hand == hand  # type: ignore[union-attr]
    states = [json.loads(f) for f in frames if f.startswith('{"t": "state"')]
    assert states, "no state frame was seen"
    for msg in states:
        for seat in msg["page"].get("seats", []):
            assert not any(line.startswith("hand:") for line in seat["lines"]), seat
        assert all(c["id"] != "?" for c in msg["page"].get("hand", []))
