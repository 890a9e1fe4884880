"""Carcassonne in a real browser: a whole 2-player game played by clicking the board against a
`greedy` bot process (a green square, the tile to turn it, ✓ to place it; a ghost follower or
✗), every decision of seat 0 in the log being the option the clicks designated; the board
drawn as it grew; the replay of the game drawn at its end. The screenshots of docs/web are
saved on the way."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from web_support import SHOTS, next_request, play_by_clicking, start_web
from wire_support import Procs

from replays import read_log

SHOT_AT = 30  # the request (of seat 0) whose board is docs/web/carcassonne.png


def ghosts_drawn(pg: Page) -> None:
    """Wait until the deploy step's ghosts stand on the tile just placed (the request can come
    before the state that places the tile): one per option but `skip`."""
    pg.wait_for_function(
        "document.querySelectorAll('svg.carc .ghost').length === "
        "document.querySelectorAll('#request .option').length - 1"
    )


def place(pg: Page, n: int, picks: list[int]) -> None:
    """Click a green square (a different one each turn), turn the tile `n % 3` times by
    clicking it, then place it with ✓ — or every fifth turn with the keys r and Enter."""
    cells = pg.locator("svg.carc .cand")
    count = cells.count()
    assert count, "a placement with no green square"
    cells.nth((n * 7) % count).click()
    keys = n % 5 == 4
    for _ in range(n % 3):
        if not pg.locator("svg.carc .turn").count():
            break  # one legal rotation here
        if keys:
            pg.keyboard.press("r")
        else:
            pg.locator("svg.carc .cand.chosen .preview").click()
    option = pg.get_attribute("svg.carc .place", "data-option")
    assert option is not None
    picks.append(int(option))
    if n == SHOT_AT:
        SHOTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(SHOTS / "carcassonne.png"))
    if keys:
        pg.keyboard.press("Enter")
    else:
        pg.locator("svg.carc .place").click()


def deploy(pg: Page, n: int, k: int, picks: list[int], shot: list[bool]) -> None:
    """The `k`-th deploy step: click a ghost follower every other time there is one, else ✗
    (no follower)."""
    ghosts_drawn(pg)
    ghosts = pg.locator("svg.carc .ghost")
    if not shot[0] and ghosts.count() >= 2 and n > 8:
        shot[0] = True
        ghosts.first.hover()
        pg.screenshot(path=str(SHOTS / "carcassonne-follower.png"))
    if ghosts.count() and k % 2 == 0:
        target = ghosts.nth((k // 2) % ghosts.count())
    else:
        target = pg.locator(".carc-bar .skip")
    option = target.get_attribute("data-option")
    assert option is not None
    picks.append(int(option))
    target.click()


def test_a_whole_game_by_clicking_the_board(procs: Procs, page: Page, tmp_path: Path) -> None:
    served = procs.serve(
        "--game", "carcassonne", "--players", "2", "--bots=-,greedy", "--seed", "5",
        "--table", "t1", log_dir=tmp_path / "logs",
    )  # fmt: skip
    web = start_web(procs, served, replays=tmp_path / "logs")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(f"{web.url}#/seat/t1/0/{served.tokens[0]}")
    assert next_request(page)
    page.wait_for_selector("svg.carc .tile")
    picks: list[int] = []
    shot = [False]
    deploys: list[int] = []

    def choose(pg: Page, n: int) -> None:
        kind = pg.get_attribute("#request", "data-kind")
        if kind == "place_tile":
            place(pg, n, picks)
        else:
            assert kind == "deploy", kind
            deploy(pg, n, len(deploys), picks, shot)
            deploys.append(n)

    answered = play_by_clicking(page, choose)
    page.wait_for_selector("#log li:has-text('win')")
    served.proc.wait()
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    mine = [d for d in log.decisions if d.seat == 0]
    # every decision of seat 0 came from the page, and is the option its clicks designated
    assert answered == len(picks) == len(mine) > 30
    assert [d.choice for d in mine] == picks
    assert not any(d.timeout for d in mine)
    assert shot[0], "no deploy step with two free segments: the follower picture is missing"
    # the board grew to every tile placed, and its followers are drawn
    placed = sum(1 for e in log.events if e.kind == "tile_placed")
    assert page.locator("svg.carc .tile").count() == placed + 1  # and the start tile
    assert page.locator("svg.carc .follower").count() > 0
    # seat 0's followers went where its clicks put them
    assert any(e.kind == "follower_deployed" and e.data["seat"] == 0 for e in log.events)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "carcassonne-over.png"))
    # the stack's order (secret) never reached the page
    assert not any('"order"' in f for f in frames)
    # the replay of the game, stepped to its end, draws the same board
    page.goto(f"{web.url}#/replay/{Path(served.log_path).name}")
    page.wait_for_selector("svg.carc .tile")
    page.keyboard.press("End")
    page.wait_for_function(
        "(n) => document.querySelectorAll('svg.carc .tile').length === n", arg=placed + 1
    )
