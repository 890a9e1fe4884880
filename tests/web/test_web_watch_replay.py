"""Watching and replaying in a real browser: a table of four smart bots watched from the
middle of its game (the page catches up from the game's first event, shows no hand, and ends
with the game), and its log replayed, omniscient and as seat 1, stepped by the buttons and the
keys, by step, decision and turn (seat 0's hidden cards never reach seat 1's page)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import Page
from web_checks import Frames, leaked, page_lines, slow_bots, spectator_leaks, spectator_lines
from web_support import SHOTS, Deadline, start_web, wait_until
from wire_support import Procs, Served

from replays import read_log
from user_agent.tui.replay import Timeline
from user_agent.web.frames import RATE


def watched_table(procs: Procs, seed: str = "5") -> Served:
    # the bots take a little time a decision so that the page comes in mid-game
    return procs.serve(
        "--game", "sanguosha", "--players", "4", "--bots=web_bots:SlowSmart", "--seed", seed,
        "--table", "t1", **slow_bots(0.02),
    )  # fmt: skip


def test_watch_a_table_from_the_middle_of_its_game(procs: Procs, page: Page) -> None:
    served = watched_table(procs)
    web = start_web(procs, served)
    # mid-game: some decisions are in the log before the page opens
    wait_until(lambda: len(read_log(served.log_path).decisions) >= 3, "3 decisions")
    frames = Frames().watch(page)
    page.goto(f"{web.url}#/watch/t1")
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    assert page.get_attribute("body", "data-mode") == "watch"
    assert "watch t1" in page.title()
    expected_first = None
    # the page ends with the game; until then it never shows a hand
    bound = Deadline("the watched game's end")
    while not page.evaluate("document.body.classList.contains('ended')"):
        bound.check()
        assert page.locator("#hand .card").count() == 0
        assert page.locator("#request:not([hidden])").count() == 0
        if expected_first is None:
            expected_first = True
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "watch.png"))
        page.wait_for_timeout(100)
    served.proc.wait()
    lines = spectator_lines(served.log_path)
    shown = page_lines(page)
    # caught up: the page's first sentence is the game's first, and its last the game's end
    first_state = next(s for s in frames.received("state") if s["lines"])
    assert first_state["lines"][0] == lines[0]
    assert first_state["told"] > 1  # the events before the page came, at once
    assert shown[-1] == lines[-1] and shown[-1].startswith("=== ")
    # the page shows the last sentences of the public stream (at most the 400 it keeps)
    assert shown == lines[-len(shown) :]
    assert page.locator("#notice").text_content() == "The game is over"
    # a spectator never receives a hand: no state has one, no request ever came
    assert all(not s["page"].get("hand") for s in frames.received("state"))
    assert not frames.received("request")
    # and never a card before it was public (a card in a hand is public only once played)
    assert not spectator_leaks(frames.received("state"), served.log_path)


def position(pg: Page) -> dict[str, int]:
    text = pg.text_content("#where") or ""
    m = re.fullmatch(r"step (\d+) of (\d+) · turn (\d+)/(\d+) · decision (\d+)/(\d+)", text)
    assert m, text
    keys = ("pos", "steps", "turn", "turns", "decision", "decisions")
    return dict(zip(keys, map(int, m.groups()), strict=True))


def at(pg: Page, pos: int) -> dict[str, int]:
    """Wait for the position line to show step `pos`; the position."""
    pg.wait_for_function(
        "(pos) => (document.querySelector('#where').textContent || '').startsWith(`step ${pos} `)",
        arg=pos,
    )
    return position(pg)


def told(timeline: Timeline, pos: int) -> list[str]:
    """The sentences of the first `pos` steps (the last 400: what the page keeps)."""
    return [s.line for s in timeline.steps[:pos] if s.line][-400:]


def finished_log(procs: Procs, tmp_path: Path) -> Path:
    """A whole 2-player Sanguosha game of two smart bots, copied into a replay directory."""
    served = procs.serve(
        "--game", "sanguosha", "--players", "2", "--bots=smart", "--seed", "11", "--table", "r1",
    )  # fmt: skip
    assert served.proc.wait() == 0
    replays = tmp_path / "replays"
    replays.mkdir()
    shutil.copy(served.log_path, replays / "game.sgslog")
    return replays


def test_replay_a_log_by_buttons_and_keys(procs: Procs, page: Page, tmp_path: Path) -> None:
    replays = finished_log(procs, tmp_path)
    path = str(replays / "game.sgslog")
    served = procs.serve("--game", "sanguosha", "--players", "2", "--bots=-,-", "--table", "x")
    web = start_web(procs, served, replays=replays)
    timeline = Timeline(read_log(path), None)

    # the lobby lists the replay; the link opens it omniscient
    page.goto(f"{web.url}#/")
    page.click("#replays a.replay:has-text('game.sgslog')")
    page.wait_for_selector("#replay:not([hidden])")
    start = at(page, 0)
    assert start["steps"] == len(timeline)
    assert start["decisions"] == len(timeline.decision_at)
    assert start["turns"] == timeline.turns()
    assert "omniscient" in page.title()
    assert page.locator("#log li").count() == 0

    # one step: the first sentence, by the button and by the key
    page.click("#replay [data-step=next]")
    at(page, 1)
    assert page_lines(page) == told(timeline, 1)
    page.keyboard.press("ArrowRight")
    at(page, 2)
    assert page_lines(page) == told(timeline, 2)
    page.keyboard.press("ArrowLeft")
    at(page, 1)
    assert page_lines(page) == told(timeline, 1)
    # by decision
    page.click("#replay [data-step=next_decision]")
    first = at(page, timeline.decision_at[0])
    assert first["decision"] == 1
    page.keyboard.press("]")
    assert at(page, timeline.decision_at[1])["decision"] == 2
    page.keyboard.press("[")
    assert at(page, timeline.decision_at[0])["decision"] == 1
    # by turn: the table shows whose turn it is
    page.click("#replay [data-step=next_turn]")
    turn = next(a for a in timeline.turn_at if a > timeline.decision_at[0])
    got = at(page, turn)
    page.keyboard.press("}")
    later = next(a for a in timeline.turn_at if a > turn)
    assert at(page, later)["turn"] == got["turn"] + 1
    status_then = page.get_attribute("#status", "data-page")
    page.keyboard.press("{")
    assert at(page, turn)["turn"] == got["turn"]
    page.click("#replay [data-step=prev_turn]")
    earlier = [a for a in timeline.turn_at if a < turn]
    at(page, earlier[-1] if earlier else 0)
    # End: the whole game, its last sentence the end; Home: the start, an empty log
    page.keyboard.press("End")
    end = at(page, len(timeline))
    assert end["decision"] == end["decisions"]
    assert page_lines(page) == told(timeline, len(timeline))
    assert status_then != page.get_attribute("#status", "data-page")
    seats_at_end = page.text_content("#seats")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay.png"))
    page.click("#replay [data-step=prev]")
    at(page, len(timeline) - 1)
    page.keyboard.press("Home")
    at(page, 0)
    assert page.locator("#log li").count() == 0
    assert page.text_content("#seats") != seats_at_end  # the table folded again from the start
    # omniscient: both hands are on the seats' counts; no hand of "mine" (there is no me)
    assert page.locator("#hand .card").count() == 0


def test_replay_as_seat_one_never_shows_seat_zeros_cards(
    procs: Procs, page: Page, tmp_path: Path
) -> None:
    replays = finished_log(procs, tmp_path)
    path = str(replays / "game.sgslog")
    served = procs.serve("--game", "sanguosha", "--players", "2", "--bots=-,-", "--table", "x")
    web = start_web(procs, served, replays=replays)
    timeline = Timeline(read_log(path), 1)
    frames = Frames().watch(page)
    page.goto(f"{web.url}#/replay/game.sgslog?seat=1")
    assert at(page, 0)["steps"] == len(timeline)
    assert "as seat 1" in page.title()
    # walk the whole log forward by decisions and turns, then back, then to the end
    bound = Deadline("the replay's last step")
    while position(page)["pos"] < len(timeline):
        bound.check()
        before = position(page)["pos"]
        # no faster than the gateway's rate limit lets a page send (a lower bound of time)
        page.wait_for_timeout(1000 / RATE)
        page.keyboard.press("]")
        page.wait_for_function(
            "(pos) => !(document.querySelector('#where').textContent || '')"
            ".startsWith(`step ${pos} `)",
            arg=before,
        )
        if page.locator("#hand .card").count():
            assert page.locator("#seats .seat.me").get_attribute("data-seat") == "1"
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("End")
    at(page, len(timeline))
    assert page_lines(page) == told(timeline, len(timeline))
    # the page holds seat 1's hand only, and no card seat 1 never saw was ever sent
    assert not leaked(frames.text(), path, 1)
    # and seat 1's replay is not the omniscient one: a decision of seat 0 is not a step
    assert len(timeline) < len(Timeline(read_log(path), None))
