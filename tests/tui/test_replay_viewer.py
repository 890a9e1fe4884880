"""The replay viewer: stepping forward and back, jumping to a turn or a decision, and what one
seat saw against the omniscient view."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from log_bytes import frames_of, offsets_of
from tui_support import SIZE, shown

from replays import read_log
from sgs.runner import play
from user_agent.games.sanguosha import widgets as words
from user_agent.games.sanguosha.widgets import SeatPanel
from user_agent.tui.replay import ReplayApp, ReplayPanel, Timeline, main
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import StatusLine


@pytest.fixture(scope="module")
def sgs_log(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("logs") / "sanguosha.sgslog"
    play("sanguosha", {"players": 5}, 11, ["random"], path)
    return str(path)


def panels(app: ReplayApp) -> list[str]:
    return [shown(app.query_one(f"#seat-{s}", SeatPanel)) for s in range(app.seats)]


async def test_stepping_back_gives_the_table_stepping_forward_gave(sgs_log: str) -> None:
    tl = Timeline(read_log(sgs_log), None)
    assert len(tl) > 500
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        app.goto(156)
        await pilot.press(*["right"] * 4)
        assert app.pos == 160
        forward = app.table.snapshot()
        forward_panels = panels(app)
        await pilot.press(*["right"] * 3, *["left"] * 3)
        assert app.pos == 160
        assert app.table.snapshot() == forward == tl.table_at(160).snapshot()
        assert panels(app) == forward_panels
        await pilot.press("left")
        assert app.table.snapshot() == tl.table_at(159).snapshot() != forward
        await pilot.press("end")
        assert app.pos == len(tl)
        assert "GAME OVER" in shown(app.query_one("#status", StatusLine))
        await pilot.press("home")
        assert app.pos == 0 and app.table.snapshot() == tl.new_table().snapshot()


async def test_jumping_to_a_turn_and_to_a_decision(sgs_log: str) -> None:
    tl = Timeline(read_log(sgs_log), None)
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "4", "enter")
        assert app.pos == tl.turn_at[3]
        step = tl.steps[app.pos - 1]
        assert step.kind == "turn" and step.turn == 4
        assert step.data is not None
        status = shown(app.query_one("#status", StatusLine))
        assert f"turn: seat {step.data['seat']}" in status
        assert f"turn 4 of {tl.turns()}" in shown(app.query_one("#replay", ReplayPanel))
        await pilot.press("n", "2", "5", "enter")
        assert app.pos == tl.decision_at[24]
        panel = shown(app.query_one("#replay", ReplayPanel))
        assert f"decision 25 of {len(tl.decision_at)}" in panel
        assert "was asked:" in panel and "▶" in panel  # the request, its chosen option marked
        await pilot.press("right_curly_bracket")  # the next turn
        assert app.pos == tl.turn_at[tl.steps[tl.decision_at[24] - 1].turn]
        await pilot.press("t", "9", "9", "9", "enter")  # no such turn: stays, says so
        assert "there is no turn 999" in shown(app.query_one("#info"))


async def test_a_seat_never_sees_the_hidden_cards_of_another(sgs_log: str) -> None:
    log = read_log(sgs_log)
    seen = Timeline(log, 2)
    every = Timeline(log, None)
    # seat 0's first draw of its draw phase: secret to seat 2 (a count only)
    n_seen = next(
        k
        for k, s in enumerate(seen.steps)
        if s.kind == "draw" and s.data and s.data["seat"] == 0 and "cards" not in s.data
    )
    draws_before = sum(
        1 for s in seen.steps[:n_seen] if s.kind == "draw" and s.data and s.data["seat"] == 0
    )
    n_every = [
        k for k, s in enumerate(every.steps) if s.kind == "draw" and s.data and s.data["seat"] == 0
    ][draws_before]
    step = every.steps[n_every]
    assert step.data is not None
    secret: list[dict[str, Any]] = step.data["cards"]
    # names seat 2 may know from elsewhere (its own cards, public moves) are not evidence
    public = " ".join(str(s.data) for s in seen.steps[: n_seen + 1])
    names = [words.card_name(c) for c in secret if f"'id': {c['id']}," not in public]
    assert names
    omniscient = ReplayApp(every)
    async with omniscient.run_test(size=SIZE):
        omniscient.goto(n_every + 1)
        screen = screen_text(omniscient)
        for name in names:
            assert name in screen
    seat_view = ReplayApp(seen)
    async with seat_view.run_test(size=SIZE):
        seat_view.goto(n_seen + 1)
        screen = screen_text(seat_view)
        assert "as seat 2 saw it" in screen and "your hand" in screen
        for name in names:
            assert name not in screen
        assert seat_view.table.hand_of(0) is None
        own = seat_view.table.my_hand
        assert own and all(words.card_name(c) in screen for c in own)
    # only seat 2's decisions are steps of its view
    assert all(s.decision.seat == 2 for s in seen.steps if s.decision is not None)


def test_folding_a_long_log_is_fast(tmp_path: Path) -> None:
    path = tmp_path / "long.sgslog"
    play("sanguosha", {"players": 8}, 5, ["random"], path)
    tl = Timeline(read_log(path), None)
    start = time.perf_counter()
    for pos in (len(tl), len(tl) // 2, 10):
        tl.table_at(pos)
    assert len(tl) > 1000
    assert time.perf_counter() - start < 1.0


async def test_a_damaged_log_says_so_in_the_panel(sgs_log: str, tmp_path: Path) -> None:
    """Records out of place (here two swapped): the viewer shows what could be read, and the
    panel says where the log is damaged (`main` says it again on exit, tests/cli)."""
    blob = Path(sgs_log).read_bytes()
    frames = frames_of(blob)
    frames[20], frames[21] = frames[21], frames[20]
    path = tmp_path / "swapped.sgslog"
    path.write_bytes(blob[:8] + b"".join(frames))
    offset = offsets_of(blob)[20]
    tl = Timeline(read_log(path), None)
    assert tl.damage is not None
    assert f"records out of order or missing at byte {offset}" in tl.damage
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE):
        panel = shown(app.query_one("#replay", ReplayPanel))
        assert "!! " in panel and f"at byte {offset}" in panel
    whole = ReplayApp(Timeline(read_log(sgs_log), None))
    async with whole.run_test(size=SIZE):
        assert "!!" not in shown(whole.query_one("#replay", ReplayPanel))


def test_main_refuses_an_unreadable_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sgslog"
    bad.write_bytes(b"not a log")
    assert main(str(bad), None, "en") == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


async def test_seat_panels_show_equipment_and_the_judgement_area(sgs_log: str) -> None:
    tl = Timeline(read_log(sgs_log), None)
    table = tl.new_table()
    pos = None
    for k in range(len(tl)):
        tl.apply(table, k)
        view = table.sgs
        assert view is not None
        if any(s.judge for s in view.seats) and any(s.equip for s in view.seats):
            pos = k + 1
            break
    assert pos is not None, "the log never has a delayed trick and equipment at once"
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE):
        app.goto(pos)
        view = app.table.sgs
        assert view is not None
        for seat, info in enumerate(view.seats):
            panel = shown(app.query_one(f"#seat-{seat}", SeatPanel))
            for card in info.judge:
                assert f"judge: {words.kind_name(info.judge_as[card['id']])}" in panel
            for slot, card in info.equip.items():
                label = {"plus_horse": "+1 horse", "minus_horse": "-1 horse"}.get(slot, slot)
                assert f"{label}: {words.card_name(card)}" in panel


async def test_the_replay_viewer_in_chinese(sgs_log: str, tmp_path: Path) -> None:
    """`sgs replay --tui --lang zh`: the panel, the event log and the help are Chinese."""
    app = ReplayApp(Timeline(read_log(sgs_log), None, "zh"))
    async with app.run_test(size=SIZE) as pilot:
        app.goto(160)
        await pilot.pause()
        panel = shown(app.query_one("#replay", ReplayPanel))
        assert "全知视角" in panel and "第160步" in panel and "这一步" in panel
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "回放按键" in text and "前进一步" in text
        (tmp_path / "replay-zh.txt").write_text(text)
