"""Regenerate the console screenshots of docs/console.md (SVG, exported by Textual):

    .venv/bin/python docs/screenshots/make_screenshots.py

Fixed seeds, a fixed clock and fixed answers: the same pictures every run.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from replays import read_log
from sgs.offline import LocalSource
from sgs.runner import play
from user_agent.tui.app import ConsoleApp
from user_agent.tui.replay import ReplayApp, Timeline

HERE = Path(__file__).resolve().parent
SIZE = (150, 46)


def clock() -> float:
    return 0.0  # the countdown stays at the request's deadline


async def settle(app: ConsoleApp, pilot: object) -> None:
    for _ in range(400):
        app.poll_source()
        if app.picker is not None or app.ended is not None:
            return
        await asyncio.sleep(0)


async def sanguosha() -> None:
    source = LocalSource.new("sanguosha", {"players": 5}, 8, 0, ["random"], 30.0, clock=clock)
    app = ConsoleApp(source, clock=clock, poll=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        turns = 0
        while True:
            await settle(app, pilot)
            p = app.picker
            if p is None:
                break
            turns = sum(e.kind == "turn" for e in source.engine.events)
            if p.req.kind == "play" and turns >= 6 and len(p.req.options) > 3:
                break
            await pilot.press("1" if p.req.kind == "choose_general" else "d")
        await pilot.pause()
        app.save_screenshot("sanguosha-console.svg", str(HERE))


async def harmony() -> None:
    source = LocalSource.new("harmony", {}, 3, 0, ["random"], 30.0, clock=clock)
    app = ConsoleApp(source, clock=clock, poll=3600.0)
    async with app.run_test(size=SIZE) as pilot:
        for keys in (("1", "1", "1"), ("3", "3", "2"), ("2", "2", "3"), ("4", "4", "4")):
            await settle(app, pilot)
            await pilot.press(*keys)
        await settle(app, pilot)
        await pilot.press("4")  # the cell chosen: the piece is asked next
        await pilot.pause()
        app.save_screenshot("harmony-console.svg", str(HERE))


async def replay() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sanguosha-11.sgslog"
        play("sanguosha", {"players": 5}, 11, ["random"], path)
        timeline = Timeline(read_log(path), None)
    app = ReplayApp(timeline, title="sanguosha-11.sgslog")
    async with app.run_test(size=SIZE) as pilot:
        app.jump_decision(60)
        await pilot.pause()
        app.save_screenshot("replay-viewer.svg", str(HERE))


def main() -> None:
    asyncio.run(sanguosha())
    asyncio.run(harmony())
    asyncio.run(replay())


if __name__ == "__main__":
    main()
