"""A game without screen hooks on the full-screen table: a whole Goofspiel game (the fifth
game declares no `ClientGame.screen`) played offline, seat 0 by key presses and clicks, seat 1
the greedy bot. The generic table must be usable: a panel per seat, the event log in the
game's words, the request panel, the status line, and the seat's view folded for the words."""

from __future__ import annotations

from pathlib import Path

from tui_support import SIZE, shown, wait_until

from game_agent.engine import view_for
from replays import read_log
from sgs.offline import LocalSource
from sgs.runner import play
from user_agent.games import client
from user_agent.games.goofspiel.view import GoofspielView
from user_agent.tui.app import ConsoleApp
from user_agent.tui.replay import ReplayApp, Timeline
from user_agent.tui.screen import GENERIC, screen_hooks
from user_agent.tui.snapshot import screen_text
from user_agent.tui.table import GenericTable
from user_agent.tui.widgets import GenericSeat, InfoPanel, RequestPanel, StatusLine

CONFIG = {"cards": 5}


def reference(source: LocalSource, seat: int) -> GoofspielView:
    view = GoofspielView(seat, 2)
    for ev in source.engine.events:
        data = view_for(ev, seat)
        if data is not None:
            view.apply(ev.kind, data)
    return view


def test_goofspiel_has_no_screen_hooks_and_gets_the_generic_ones() -> None:
    c = client("goofspiel")
    assert c is not None and c.screen is None
    assert screen_hooks("goofspiel") is GENERIC
    assert screen_hooks("no-such-game") is GENERIC  # a third-party ruleset


async def test_a_whole_goofspiel_game_on_the_generic_table() -> None:
    source = LocalSource.new("goofspiel", CONFIG, 5, 0, ["greedy"])
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.table, GenericTable)
        answered = 0
        while True:
            await wait_until(pilot, lambda: app.picker is not None or app.ended is not None)
            if app.ended is not None:
                break
            p = app.picker
            assert p is not None
            # the request panel in the game's words, the option numbers to press
            text = shown(app.query_one("#request", RequestPanel))
            assert f"your decision #{p.req.id}" in text
            assert "bid a card for the prize" in text
            assert "1)" in text
            # the view the words read is the seat's own, folded from its events
            view = app.table.view
            assert isinstance(view, GoofspielView)
            ref = reference(source, 0)
            assert (view.hands, view.scores, view.prize) == (ref.hands, ref.scores, ref.prize)
            # a panel per seat, the viewer's marked
            assert "seat 0 (you)" in shown(app.query_one("#seat-0", GenericSeat))
            assert "(you)" not in shown(app.query_one("#seat-1", GenericSeat))
            assert "goofspiel" in shown(app.query_one("#status", StatusLine))
            assert "you are seat 0" in shown(app.query_one("#status", StatusLine))
            if answered == 0:
                # i reads the highlighted option; a click on a seat reads the seat
                await pilot.press("i")
                assert str(p.req.options[p.cursor]) in shown(app.query_one("#info", InfoPanel))
                await pilot.click("#seat-1")
                await wait_until(pilot, lambda: "seat 1" in shown(app.query_one("#info")))
            if answered % 2 == 0:
                await pilot.press("1")  # the lowest card of the hand
            else:
                await pilot.press("d")
            answered += 1
            await wait_until(
                pilot, lambda asked=p.req.id: app.picker is None or app.picker.req.id != asked
            )
        assert answered == CONFIG["cards"]
        assert app.table.over is not None and app.table.over == source.engine.outcome
        assert "GAME OVER" in shown(app.query_one("#status", StatusLine))
        # the event log: the game's own sentences, start to end
        assert app.log_lines[0].startswith("Goofspiel starts: 5 cards each")
        assert any(line.startswith("Game over:") for line in app.log_lines)
        assert any(line.startswith("you answer: ") for line in app.log_lines)
        screen = screen_text(app)
        assert "the game is over" in screen and "Game over:" in screen
        await pilot.press("q")


async def test_a_goofspiel_replay_on_the_generic_table(tmp_path: Path) -> None:
    path = tmp_path / "goofspiel.sgslog"
    play("goofspiel", CONFIG, 8, ["greedy", "random"], path)
    tl = Timeline(read_log(path), None)
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.table, GenericTable)
        await pilot.press("right")
        assert "Goofspiel starts" in screen_text(app)
        await pilot.press("end")
        assert app.pos == len(tl)
        assert app.table.snapshot() == tl.table_at(len(tl)).snapshot()
        assert app.table.over is not None
        assert "GAME OVER" in shown(app.query_one("#status", StatusLine))
        await pilot.press("home")
        assert app.table.snapshot() == tl.new_table().snapshot() != tl.table_at(1).snapshot()
