"""A whole Carcassonne game (3 players: seat 0 through the pilot, 2 bots) in the full-screen
console: the board panel draws what seat 0 may know (folded independently from the engine),
the seat panels show scores and followers, the request panel numbers the placements and the
follower options, and the log tells the game in sentences."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tui_support import SIZE, shown, wait_until

from game_agent.engine import view_for
from protocol.games.carcassonne.tiles import stack_letters
from sgs.offline import LocalSource
from user_agent.games.carcassonne.board import board_lines, scores_line
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.games.carcassonne.widgets import CarcassonneBoard, CarcassonneSeat
from user_agent.tui.app import ConsoleApp
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import RequestPanel, StatusLine

SEATS = 3


def reference(source: LocalSource) -> CarcassonneView:
    view = CarcassonneView(0, SEATS)
    for ev in source.engine.events:
        data = view_for(ev, 0)
        if data is not None:
            view.apply(ev.kind, data)
    return view


def visible(source: LocalSource) -> int:
    return sum(view_for(ev, 0) is not None for ev in source.engine.events)


def check_table(app: ConsoleApp, view: CarcassonneView) -> None:
    board = shown(app.query_one("#board", CarcassonneBoard))
    assert "\n".join(board_lines(view)) in board
    assert scores_line(view) in board
    for seat in range(SEATS):
        panel = shown(app.query_one(f"#seat-{seat}", CarcassonneSeat))
        assert f"{view.scores[seat]} points" in panel, panel
        assert f"followers: {view.supply[seat]} in supply" in panel, panel
        assert ("(you)" in panel) == (seat == 0)
    status = shown(app.query_one("#status", StatusLine))
    assert "Carcassonne" in status and f"{view.left} tiles left" in status
    if view.current is not None:
        assert f"playing: seat {view.current}" in status


async def test_a_whole_carcassonne_game_through_the_console() -> None:
    stack = stack_letters()
    random.Random(5).shuffle(stack)  # half the tiles: 12 turns each, enough for every check
    config = {"players": SEATS, "scenario": {"stack": stack[:36], "scores": [0] * SEATS}}
    source = LocalSource.new("carcassonne", config, 5, 0, ["random"])
    app = ConsoleApp(source, poll=0.01)
    asked: dict[str, int] = {}
    clicked = deployed = 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await wait_until(pilot, lambda: app.picker is not None or app.ended is not None)
            await wait_until(pilot, lambda: app.table.events == visible(source))
            if app.ended is not None:
                break
            p = app.picker
            assert p is not None
            view = reference(source)
            check_table(app, view)
            req = p.req
            panel = shown(app.query_one("#request", RequestPanel))
            assert f"your decision #{req.id}" in panel and "(default)" in panel
            assert str(req.info["tile"]) in p.words.title
            before = len(source.engine.decisions)
            expected: Any
            if req.kind == "place_tile":
                x, y, r = req.options[0]
                assert f" 1) ({x},{y}) turned {90 * r}°" in panel
                if asked.get("place_tile", 0) % 4 == 1:
                    await click_option(pilot, app, 0)
                    clicked += 1
                    expected = 0
                else:
                    n = min(len(req.options), 3)
                    await pilot.press(str(n))
                    expected = n - 1
            else:
                assert req.kind == "deploy"
                assert p.words.options[-1] == "no follower (skip)"
                if len(req.options) > 1 and deployed < 3:
                    await pilot.press("1")
                    expected = 0
                    deployed += 1
                else:
                    await pilot.press("d")
                    expected = req.default
            asked[req.kind] = asked.get(req.kind, 0) + 1
            await wait_until(pilot, decided(source, before))
            mine = [d for d in source.engine.decisions if d.seat == 0]
            assert mine[-1].id == req.id and mine[-1].choice == expected
        await pilot.press("shift+down", "shift+right")  # the board scrolls, nothing breaks
        await pilot.pause()
        view = reference(source)
        check_table(app, view)
        screen = screen_text(app)
        assert "GAME OVER" in screen and "the board" in screen
        assert "the game is over" in shown(app.query_one("#request", RequestPanel))
    assert asked["place_tile"] >= 10 and asked["deploy"] >= 10 and clicked and deployed
    log = app.log_lines
    assert any(line.startswith("you answer: (") and "turned" in line for line in log)
    assert any(line.startswith("Seat 0 puts a ") for line in log)
    assert any(line.startswith("Seat 1 draws tile ") for line in log)
    assert any(" is complete (" in line for line in log)
    assert any(("wins" in line or "share the win" in line) for line in log[-3:])
    for line in log:
        assert "_" not in line and "None" not in line and "{" not in line, line


def decided(source: LocalSource, before: int) -> Callable[[], bool]:
    return lambda: len(source.engine.decisions) > before


async def click_option(pilot: Any, app: ConsoleApp, index: int) -> None:
    panel = app.query_one("#request", RequestPanel)
    line = panel.option_row(index)
    assert line is not None
    region = panel.content_region
    await pilot.click(offset=(region.x + 6, region.y + line))


async def test_a_spectator_and_a_fresh_table_show_the_start_tile() -> None:
    source = LocalSource.new("carcassonne", {"players": 2}, 9, -1, ["random", "random"])
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.table.events > 3, what="the first events")
        board = shown(app.query_one("#board", CarcassonneBoard))
        assert "(no tiles on the board)" not in board and "#" in board
        assert "(you)" not in shown(app.query_one("#seat-0", CarcassonneSeat))
        assert "watching (spectator)" in shown(app.query_one("#request", RequestPanel))
        await pilot.press("g")
        assert "seat 0: " in screen_text(app) and "followers in supply" in screen_text(app)
