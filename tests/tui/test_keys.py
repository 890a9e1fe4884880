"""The keys a person presses, whatever widget holds the focus: ↑/↓ move the request's
highlight (never the event log, which keeps following new events), and Home/End take the
replay to its start and end.

In a real terminal Textual focuses the first focusable widget as the screen is shown, before
the app's `on_mount`: the event log took the arrows, Home and End that way (issue 22). The
pilot does not reproduce that moment, so these tests put the focus on the log themselves
(made focusable for the purpose) and check that the keys are still the request's."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import SIZE, shown, wait_until

from replays import read_log
from sgs.offline import LocalSource
from sgs.runner import play
from user_agent.tui.app import ConsoleApp
from user_agent.tui.replay import ReplayApp, Timeline
from user_agent.tui.widgets import RequestPanel


async def focus_the_log(pilot: Pilot[Any], app: ConsoleApp | ReplayApp) -> RichLog:
    log = app.query_one("#log", RichLog)
    assert not log.focusable and app.focused is None  # nothing takes the keys by itself
    log.can_focus = True  # as a real terminal's first focus found it before the fix
    log.focus()
    await wait_until(pilot, lambda: app.focused is log, what="the log focused")
    return log


def at_end(log: RichLog) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def test_arrows_move_the_highlight_and_the_log_keeps_following() -> None:
    source = LocalSource.new("sanguosha", {"players": 5}, 3, 0, ["random"])
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="a request")
        p = app.picker
        assert p is not None and p.form == "choice" and len(p.labels()) >= 3
        for n in range(80):  # enough lines that the log scrolls
            app.write_log(f"filler line {n}")
        log = await focus_the_log(pilot, app)
        await wait_until(pilot, lambda: at_end(log), what="the log at its end")
        start = p.cursor
        for key, delta in (("down", 1), ("up", 0), ("down", 1), ("down", 2)):
            await pilot.press(key)
            assert p.cursor == (start + delta) % len(p.labels()), key
            assert at_end(log), f"{key} scrolled the log"
        panel = shown(app.query_one("#request", RequestPanel))
        assert f"▶{(start + 2) % len(p.labels()) + 1:>2})" in panel
        said = p.words.options[(start + 2) % len(p.labels())]
        before = len(app.log_lines)
        await pilot.press("enter")
        assert app.log_lines[before] == f"you answer: {said}"
        await wait_until(pilot, lambda: len(app.log_lines) > before + 3, what="new events")
        await wait_until(pilot, lambda: at_end(log), what="the log following new events")


async def test_home_and_end_in_the_replay_whatever_has_the_focus(tmp_path: Any) -> None:
    path = tmp_path / "sanguosha.sgslog"
    play("sanguosha", {"players": 5}, 11, ["random"], path)
    tl = Timeline(read_log(str(path)), None)
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        app.goto(40)
        await focus_the_log(pilot, app)
        await pilot.press("end")
        assert app.pos == len(tl)
        await pilot.press("home")
        assert app.pos == 0
        await pilot.press("end", "left")
        assert app.pos == len(tl) - 1
