"""A whole Harmony game played through the full-screen console: seat 0 answered by key
presses and clicks through the pilot, seat 1 a bot, in process."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui_support import SIZE, shown, wait_until

from game_agent.engine import view_for
from sgs.offline import LocalSource
from user_agent.games.harmony.view import HarmonyView
from user_agent.games.harmony.widgets import HarmonyField, HarmonySeat
from user_agent.tui.app import ConsoleApp
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import RequestPanel


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_whole_harmony_game_through_keys_and_clicks() -> None:
    clock = Clock()
    source = LocalSource.new("harmony", {}, 21, 0, ["greedy"], deadline=30.0)
    source.clock = clock
    app = ConsoleApp(source, clock=clock, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        answered = 0
        while True:
            await wait_until(pilot, lambda: app.picker is not None or app.ended is not None)
            if app.ended is not None:
                break
            p = app.picker
            assert p is not None
            panel = app.query_one("#request", RequestPanel)
            text = shown(panel)
            assert f"your decision #{p.req.id}" in text
            assert "time left: 30 s" in text  # the deadline the request came with
            assert "choose the cell" in text and "(default)" in text
            # the field shows what the engine placed, as seat 0 saw it
            reference = HarmonyView(0, 2)
            for ev in source.engine.events:
                data = view_for(ev, 0)
                if data is not None:
                    reference.apply(ev.kind, data)
            field = shown(app.query_one("#field", HarmonyField))
            for seat in (0, 1):
                for code in reference.fields[seat].values():
                    assert code in field
            assert "Titan" in field and "Lightning" in field  # the legend
            assert "South (you)" in shown(app.query_one("#seat-0", HarmonySeat))
            assert "North" in shown(app.query_one("#seat-1", HarmonySeat))
            empty = reference.empty_cells(0)
            assert sorted(empty) == sorted(p.req.options[0])
            pieces_before = len(reference.fields[0])
            if answered % 3 == 0:
                # the mouse: click the first empty cell of South's field, then options 2 and 3
                cell = empty[0]
                await click_cell(pilot, app, cell)
                await click_option(pilot, app, 1)  # Warrior
                await click_option(pilot, app, 2)  # Earth
                expected = f"W{'e'}"
            elif answered % 3 == 1:
                # the keyboard: arrows then Enter for the cell, digits for piece and element
                await pilot.press("down", "enter")
                cells = p.req.options[0]
                cell = cells[1 % len(cells)]
                await pilot.press("3", "2")  # Archer, Fire
                expected = "Af"
            else:
                # backspace undoes a step; then the default
                await pilot.press("2", "backspace")
                assert "choose the cell" in shown(app.query_one("#request", RequestPanel))
                await pilot.press("d")
                default = p.req.default
                assert isinstance(default, list)
                cell = p.req.options[0][default[0]]
                expected = p.req.options[1][default[1]] + p.req.options[2][default[2]]
            await wait_until(pilot, more_pieces(source, pieces_before))
            assert placed(source, 0)[cell] == expected
            answered += 1
        await pilot.pause()
        outcome = source.engine.outcome
        assert outcome is not None
        assert answered == len(placed(source, 0)) >= 4
        assert any("North" in line and "wins" in line for line in app.log_lines[-5:])
        screen = screen_text(app)
        assert "GAME OVER" in screen
        assert "the game is over" in shown(app.query_one("#request", RequestPanel))
        assert any(line.startswith("you answer:") for line in app.log_lines)


def more_pieces(source: LocalSource, before: int) -> Callable[[], bool]:
    return lambda: len(placed(source, 0)) > before


def placed(source: LocalSource, seat: int) -> dict[str, str]:
    out: dict[str, str] = {}
    for ev in source.engine.events:
        if ev.kind == "piece_placed" and ev.data["seat"] == seat:
            out[ev.data["cell"]] = ev.data["role"] + ev.data["element"]
    return out


async def click_cell(pilot: Any, app: ConsoleApp, cell: str) -> None:
    field = app.query_one("#field", HarmonyField)
    line = next(n for n, (seat, row) in field.rows.items() if seat == 0 and row == cell[2])
    lane = "abcde".index(cell[0])
    x = field.LABEL_W + lane * 6 + 3
    region = field.content_region
    await pilot.click(offset=(region.x + x, region.y + line))


async def click_option(pilot: Any, app: ConsoleApp, index: int) -> None:
    panel = app.query_one("#request", RequestPanel)
    line = panel.option_row(index)
    assert line is not None
    region = panel.content_region
    await pilot.click(offset=(region.x + 6, region.y + line))


async def test_the_countdown_runs_and_the_default_is_taken_at_the_deadline() -> None:
    clock = Clock()
    source = LocalSource.new("harmony", {}, 4, 0, ["random"], deadline=20.0)
    source.clock = clock
    app = ConsoleApp(source, clock=clock, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None)
        p = app.picker
        assert p is not None
        clock.now += 12.2
        await pilot.pause(0.3)  # a countdown tick
        assert "time left: 8 s" in shown(app.query_one("#request", RequestPanel))
        clock.now += 9
        await wait_until(pilot, lambda: app.picker is None or app.picker.req.id != p.req.id)
        assert "time ran out: the default was taken for you" in app.log_lines
        mine = [d for d in source.engine.decisions if d.seat == 0]
        assert mine[0].timeout and mine[0].choice == p.req.default
