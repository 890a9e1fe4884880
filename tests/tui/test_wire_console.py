"""`sgs play`'s full-screen console over a real served table: `sgs serve` runs as a process
(a bot process on the other seat), the console runs in process under the pilot with the wire
Source (`user_agent.client.Client`)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tui_support import SIZE, shown, wait_until

from replays import read_log, verify
from user_agent.client import Client
from user_agent.games.harmony.widgets import HarmonySeat
from user_agent.tui.app import ConsoleApp
from user_agent.tui.source import WireSource
from user_agent.tui.widgets import RequestPanel

WIRE = Path(__file__).resolve().parents[1] / "wire"
WAIT = 120.0  # seconds: the failure bound of tests/wire (a condition not met by then is not)


def wire_helpers() -> ModuleType:
    """tests/wire/conftest.py (real processes on free ports), under a name of its own."""
    spec = importlib.util.spec_from_file_location("wire_helpers", WIRE / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wire_helpers"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def procs(tmp_path: Path) -> Iterator[Any]:
    ps = wire_helpers().Procs(tmp_path)
    yield ps
    for p in ps.started:
        p.kill()


async def test_play_a_served_harmony_table_full_screen(procs: Any) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "5")
    client = Client(served.endpoint, 1, served.tokens[1], name="console")
    welcome = client.connect()
    source = WireSource(client, welcome)
    # The console's clock stands still: the panel shows the time left the request came with,
    # however long a busy machine takes to show it (the server's clock still runs the deadline).
    now = 1000.0
    app = ConsoleApp(source, clock=lambda: now, poll=0.02)
    answers = 0
    try:
        async with app.run_test(size=SIZE) as pilot:
            while True:
                await wait_until(
                    pilot, lambda: app.picker is not None or app.ended is not None, WAIT
                )
                if app.ended is not None:
                    break
                panel = shown(app.query_one("#request", RequestPanel))
                left = app.seconds_left()
                assert left is not None and 0 < left <= 30  # the table's deadline, running
                assert f"time left: {left:.0f} s" in panel
                assert "North (you)" in shown(app.query_one("#seat-1", HarmonySeat))
                await pilot.press("1", "1", "1" if answers % 2 else "2")
                answers += 1
            assert source.failure is None
            assert app.table.over is not None  # the game_over event reached the table
            assert "GAME OVER" in shown(app.query_one("#status"))
            assert any(line.startswith("you answer:") for line in app.log_lines)
    finally:
        source.close()
    assert served.proc.wait() == 0, served.proc.output()
    log = read_log(served.log_path)
    mine = [d for d in log.decisions if d.seat == 1]
    assert len(mine) == answers >= 4
    assert not any(d.timeout for d in mine)  # every answer came from the keys, in time
    assert verify(served.log_path).ok


async def test_watch_a_served_table_full_screen(procs: Any) -> None:
    import zmq

    from user_agent.tui.source import SpectatorSource

    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "6")
    sub: zmq.Socket[bytes] = zmq.Context.instance().socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(served.pub)
    source = SpectatorSource(sub, None)
    try:
        assert source.wait_game(WAIT)  # the table's welcome names the game
        assert source.game == "harmony" and source.seats == 2
        procs.bot(served, 1, "random", 3)  # the open seat fills: the game starts
        app = ConsoleApp(source, poll=0.02)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.ended is not None, WAIT)
            await pilot.pause()
            assert "watching (spectator)" in shown(app.query_one("#request", RequestPanel))
            assert "spectator" in shown(app.query_one("#status"))
            field = shown(app.query_one("#field"))
            assert app.table.harmony is not None
            final = read_log(served.log_path)
    finally:
        source.close()
    placed = [ev.data for ev in final.events if ev.kind == "piece_placed"]
    assert placed
    for data in placed:  # every piece of the game, where it was put
        code = data["role"] + data["element"]
        assert code in field
        assert app.table.harmony.fields[data["seat"]][data["cell"]] == code


def pieces_in(log_path: str) -> int:
    """Pieces placed so far, as the table's log holds them (0 while it cannot be read)."""
    with contextlib.suppress(Exception):
        return sum(e.kind == "piece_placed" for e in read_log(log_path).events)
    return 0


async def test_a_spectator_coming_mid_game_sees_the_table_from_the_start(procs: Any) -> None:
    import zmq

    from user_agent.tui.source import SpectatorSource

    served = procs.serve("--game", "harmony", "--seed", "8")
    slow = {"SGS_TEST_BOT_DELAY": "0.15"}
    for seat in (0, 1):
        procs.bot(served, seat, "wire_bots:SlowRandom", seat + 1, None, **slow)
    end = time.monotonic() + WAIT
    while pieces_in(served.log_path) < 3:  # the game under way: pieces on the field before we come
        assert time.monotonic() < end, "the bots placed no 3 pieces"
        await asyncio.sleep(0.05)
    sub: zmq.Socket[bytes] = zmq.Context.instance().socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(served.pub)
    source = SpectatorSource(sub, None, served.endpoint)
    try:
        assert source.wait_game(WAIT)
        app = ConsoleApp(source, poll=0.02)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.ended is not None, WAIT)
            await pilot.pause()
            assert not any(line.startswith("! no catch-up") for line in app.log_lines)
            harmony = app.table.harmony
            assert harmony is not None
    finally:
        source.close()
    final = read_log(served.log_path)
    fields: list[dict[str, str]] = [{}, {}]
    for ev in final.events:
        if ev.kind == "piece_placed":
            fields[ev.data["seat"]][ev.data["cell"]] = ev.data["role"] + ev.data["element"]
    assert harmony.fields == fields  # the pieces placed before we came too
    assert app.table.events == len(final.events)
