"""muhq in the full-screen console: a whole duel against a random bot answered through the app
(keys, the default, a click, a subset), the map panel drawing the grid and legend seat 0 may
know (folded independently from the engine), the seat panels' counts, the own hand with its
stats and never another seat's cards, a spectator, and the replay viewer on a muhq log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui_support import SIZE, shown, wait_until

from game_agent.engine import view_for
from protocol.games.muhq.state import UNKNOWN
from replays import read_log
from sgs.offline import LocalSource
from sgs.runner import play
from user_agent.games.muhq.board import MuhqTable
from user_agent.games.muhq.widgets import MuhqBoard, MuhqHand, MuhqSeat
from user_agent.tui.app import ConsoleApp
from user_agent.tui.replay import ReplayApp, ReplayPanel, Timeline
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import InfoPanel, RequestPanel, StatusLine

CONFIG = {"max_rounds": 3}  # a short duel: the round limit ends it


def reference(source: LocalSource, seat: int) -> MuhqTable:
    table = MuhqTable(seat)
    for ev in source.engine.events:
        data = view_for(ev, seat)
        if data is not None:
            table.apply(ev.kind, data)
    return table


def visible(source: LocalSource, seat: int) -> int:
    return sum(view_for(ev, seat) is not None for ev in source.engine.events)


def check_table(app: ConsoleApp, ref: MuhqTable, seat: int) -> None:
    st = ref.state
    assert st is not None and ref.error is None
    board = shown(app.query_one("#board", MuhqBoard))
    assert "\n".join(ref.grid_lines()) in board  # the grid, row by row, top row first
    assert f"{st.spec.height} " in board.splitlines()[2] and "a   b   c" in board
    for line in ref.legend_lines()[1:]:  # each permanent, by name, tile and life
        assert line.split(":")[0] in board, line
    for side in range(st.players):
        c = st.cards[side]
        panel = shown(app.query_one(f"#seat-{side}", MuhqSeat))
        assert f"resource {c.resource} · hand {len(c.hand)}" in panel, panel
        assert f"deck {len(c.deck)} · discard {len(c.discard)} · store {len(c.store)}" in panel
        assert ("(you)" in panel) == (side == seat)
        if side != seat:
            assert all(cid == UNKNOWN for cid in c.hand)  # another seat's cards are hidden
            shown_state = app.table.muhq.state if app.table.muhq is not None else None
            assert shown_state is not None
            assert all(cid == UNKNOWN for cid in shown_state.cards[side].hand)
    hand = shown(app.query_one("#hand", MuhqHand))
    mine = st.cards[seat].hand
    assert f"your hand ({len(mine)})" in hand
    for cid in mine:
        assert ref.card_text(cid) in hand
    assert UNKNOWN not in mine and "hidden" not in hand
    status = shown(app.query_one("#status", StatusLine))
    assert "muhq" in status and f"round {st.round}" in status


async def test_a_whole_muhq_duel_through_the_console() -> None:
    source = LocalSource.new("muhq", CONFIG, 3, 0, ["random"])
    app = ConsoleApp(source, poll=0.01)
    asked: dict[str, int] = {}
    clicked = informed = read = 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await wait_until(pilot, lambda: app.picker is not None or app.ended is not None)
            await wait_until(pilot, lambda: app.table.events == visible(source, 0))
            if app.ended is not None:
                break
            p = app.picker
            assert p is not None
            ref = reference(source, 0)
            check_table(app, ref, 0)
            req = p.req
            panel = shown(app.query_one("#request", RequestPanel))
            assert f"your decision #{req.id}" in panel
            if req.kind != "discard":
                said = [ref.option_words(req.kind, o) for o in req.options]
                assert p.words.options == said
                assert f" 1) {said[0]}" in panel
            hand = app.query_one("#hand", MuhqHand)
            if not read and hand.parts[0][1] is not None:  # click the first card: its text
                await pilot.pause()  # the panel's new layout
                region = hand.content_region
                await pilot.click(offset=(region.x + 2, region.y))
                await pilot.pause()
                assert hand.parts[0][0] in shown(app.query_one("#info", InfoPanel))
                assert app.picker is p  # reading a card answers nothing
                read += 1
            n = asked.get(req.kind, 0)
            asked[req.kind] = n + 1
            before = len(source.engine.decisions)
            expected: Any
            if req.kind == "discard":
                await pilot.press("1", "enter")  # mark the first card, send the set
                expected = [0]
            elif req.kind == "action" and any(o[0] == "play" for o in req.options) and not informed:
                k = next(i for i, o in enumerate(req.options) if o[0] == "play")
                p.cursor = k
                await pilot.press("i")  # the option's card, with its stats
                info = shown(app.query_one("#info", InfoPanel))
                assert ref.card_text(req.options[k][1]) in info
                await pilot.press("enter")
                expected = k
                informed += 1
            elif n % 3 == 1 and len(req.options) > 1:
                await click_option(pilot, app, 1)
                clicked += 1
                expected = 1
            elif n % 3 == 2:
                await pilot.press("d")
                expected = req.default
            else:
                await pilot.press("1")
                expected = 0
            await wait_until(pilot, decided(source, before))
            mine = [d for d in source.engine.decisions if d.seat == 0]
            assert mine[-1].id == req.id and mine[-1].choice == expected, (req, mine[-1])
        await pilot.press("shift+down", "shift+right")  # the map scrolls, nothing breaks
        await pilot.pause()
        check_table(app, reference(source, 0), 0)
        screen = screen_text(app)
        assert "GAME OVER" in screen and "the map" in screen
        assert "the game is over" in shown(app.query_one("#request", RequestPanel))
        await pilot.press("question_mark")
        assert "muhq" in screen_text(app) and "a1 is the bottom-left tile" in screen_text(app)
    assert asked["action"] >= 5 and asked["buy"] >= 3 and asked["discard"] >= 1, asked
    assert clicked and informed and read
    log = app.log_lines
    assert any(line.startswith("you answer: ") for line in log)
    assert any("round limit" in line or "wins" in line for line in log[-3:])
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


async def test_a_spectator_sees_the_map_and_the_counts_but_no_hand() -> None:
    source = LocalSource.new("muhq", {"max_rounds": 2}, 8, -1, ["random", "random"])
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.ended is not None, what="the game's end")
        await wait_until(pilot, lambda: app.table.events == visible(source, -1))
        ref = reference(source, -1)
        st = ref.state
        assert st is not None
        board = shown(app.query_one("#board", MuhqBoard))
        assert "\n".join(ref.grid_lines()) in board
        hand = shown(app.query_one("#hand", MuhqHand))
        assert "a spectator sees no hand" in hand
        for cid in st.content.cards:  # no card of any hand is named there
            assert ref.card_name(cid) not in hand
        for side in range(st.players):
            panel = shown(app.query_one(f"#seat-{side}", MuhqSeat))
            assert "(you)" not in panel and f"hand {len(st.cards[side].hand)}" in panel
            assert all(cid == UNKNOWN for cid in st.cards[side].hand)
        assert "watching (spectator)" in shown(app.query_one("#request", RequestPanel))
        await pilot.press("g")
        assert "seat 0: resource " in shown(app.query_one("#info", InfoPanel))


async def test_the_replay_viewer_opens_a_muhq_log(tmp_path: Path) -> None:
    path = tmp_path / "muhq.sgslog"
    play("muhq", CONFIG, 3, ["random", "random"], path)
    log = read_log(path)
    tl = Timeline(log, None)
    assert tl.turns() == 2 * CONFIG["max_rounds"]  # muhq's turns (turn_started), two a round
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right_curly_bracket", "right_curly_bracket", "right")
        pos = app.pos
        forward = app.table.snapshot()
        board = shown(app.query_one("#board", MuhqBoard))
        assert "a   b   c" in board and "King" in board
        assert "every hand" in shown(app.query_one("#hand", MuhqHand))
        await pilot.press("right", "right", "left", "left")
        assert app.pos == pos and app.table.snapshot() == forward == tl.table_at(pos).snapshot()
        await pilot.press("right_square_bracket")
        assert "was asked:" in shown(app.query_one("#replay", ReplayPanel))
        await pilot.press("end")
        assert "GAME OVER" in shown(app.query_one("#status", StatusLine))
    seen = Timeline(log, 1)
    app = ReplayApp(seen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        table = app.table.muhq
        assert table is not None and table.state is not None
        assert all(cid == UNKNOWN for cid in table.state.cards[0].hand)
        assert UNKNOWN not in table.state.cards[1].hand
        assert "your hand (" in shown(app.query_one("#hand", MuhqHand))
        assert "(you)" in shown(app.query_one("#seat-1", MuhqSeat))
