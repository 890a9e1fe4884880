"""Harmony of Elements in a real browser: a whole game played by clicking cells and the palette
against a `greedy` bot process; the board the page draws is the log's (every piece at its cell,
the last round's exhausted pieces marked, each seat's damage); a screenshot mid-game and at the
end; the log replayed on the same board."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from playwright.sync_api import Page
from web_support import SHOTS, next_request, play_by_clicking, start_web
from wire_support import Procs

from protocol.choices import RequestSpec
from replays import read_log
from user_agent.games.harmony.greedy import GreedyBot
from user_agent.games.harmony.view import HarmonyView

SHOT_AT = 5  # the placement photographed at its role step (round 6: attacks have happened)
SKIP = 3  # the rules' default: no attack phase in rounds 1 to 3


def greedy_choice(pg: Page) -> tuple[str, str, str]:
    """What the `greedy` bot would place for South here, worked out from what the page shows
    (its board's pieces and its request), so that the page is played well enough for a game
    of several attack phases."""
    req = pg.evaluate("SGS.ui.request")
    fields: list[dict[str, str]] = [{}, {}]
    for c in pg.locator(".hoe-cell[data-piece]").all():
        side = int(str(c.get_attribute("data-side")))
        fields[side][str(c.get_attribute("data-cell"))] = str(c.get_attribute("data-piece"))
    text = pg.inner_text("#status")
    view = HarmonyView(0)
    view.fields = fields
    view.round = int(text.split("round ")[1].split()[0])
    view.skip_attack_rounds = SKIP
    spec = RequestSpec(
        req["id"], 0, req["kind"], req["form"], req["axes_raw"], req["default_choice"]
    )
    ci, ri, ei = cast(list[int], GreedyBot(0, 7).decide(spec, view))
    cells, roles, elements = req["axes_raw"]
    return str(cells[ci]), str(roles[ri]), str(elements[ei])


def place(pg: Page, n: int) -> None:
    """A placement by three clicks, the greedy bot's choice: its cell (green), then its role
    and its element in the palette."""
    assert pg.get_attribute("#request", "data-kind") == "place_piece"
    cell, role, element = greedy_choice(pg)
    pg.click(f".hoe-cell.open[data-side='0'][data-cell='{cell}']")
    pg.wait_for_selector(f".hoe-cell.chosen[data-cell='{cell}']")
    pg.click(f".hoe-palette button.open[data-role='{role}']")
    if n == SHOT_AT:
        SHOTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(SHOTS / "harmony.png"))
    pg.click(f".hoe-palette button.open[data-element='{element}']")


def test_a_whole_game_by_clicking(procs: Procs, page: Page, tmp_path: Path) -> None:
    served = procs.serve(
        "--game", "harmony", "--bots=-,greedy", "--seed", "5", "--table", "h1",
    )  # fmt: skip
    web = start_web(procs, served, replays=Path(served.log_path).parent)
    page.goto(f"{web.url}#/seat/h1/0/{served.tokens[0]}")
    assert next_request(page)
    page.wait_for_selector(".hoe-grid")
    answered = play_by_clicking(page, place)
    assert answered >= 1
    page.wait_for_selector("#log li:has-text('===')")
    page.screenshot(path=str(SHOTS / "harmony-over.png"))
    served.proc.wait()
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    ours = [d for d in log.decisions if d.seat == 0]
    assert len(ours) == answered  # every placement went through the page's clicks
    # the board the page shows is the log's: every piece placed at its cell, nothing else
    placed = {
        (e.data["seat"], e.data["cell"]): e.data["role"] + e.data["element"]
        for e in log.events
        if e.kind == "piece_placed"
    }
    page.wait_for_function(
        "(n) => document.querySelectorAll('.hoe-cell[data-piece]').length === n", arg=len(placed)
    )
    shown = {
        (int(str(c.get_attribute("data-side"))), str(c.get_attribute("data-cell"))): str(
            c.get_attribute("data-piece")
        )
        for c in page.locator(".hoe-cell[data-piece]").all()
    }
    assert shown == placed
    # the pieces exhausted in the last round are marked, and only those
    last = max((e.data["round"] for e in log.events if e.kind == "round_started"), default=0)
    exhausted = {
        (e.data["seat"], e.data["cell"])
        for e in log.events
        if e.kind == "piece_exhausted" and e.data["round"] == last
    }
    marked = {
        (int(str(c.get_attribute("data-side"))), str(c.get_attribute("data-cell")))
        for c in page.locator(".hoe-cell.exhausted").all()
    }
    assert marked == exhausted
    # each seat's panel tells the last attack phase's damage it took
    resolved = [e for e in log.events if e.kind == "attack_phase_resolved"]
    assert resolved, "no attack phase was resolved: the damage check would prove nothing"
    damage = resolved[-1].data["damage_to"]
    for seat in (0, 1):
        text = page.locator(f"#seats .seat[data-seat='{seat}']").inner_text()
        assert f"took {damage[seat]} damage" in text, text
    assert answered > SHOT_AT, "the game ended before its mid-game screenshot"
    # the log as a replay: the same board at its end, an empty one at its start
    page.goto(f"{web.url}#/replay/{Path(served.log_path).name}")
    page.wait_for_selector("body[data-mode='replay'] .hoe-grid")
    page.keyboard.press("End")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.hoe-cell[data-piece]').length === n", arg=len(placed)
    )
    page.keyboard.press("Home")
    page.wait_for_function("() => !document.querySelector('.hoe-cell[data-piece]')")
