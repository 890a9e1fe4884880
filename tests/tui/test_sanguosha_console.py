"""Several Sanguosha turns (5 players: seat 0 through the pilot, 4 bots) in the full-screen
console: the seat panels (HP pips, equipment, judgement area, hand counts), the hand and the
request panel always match what seat 0 may know, folded independently from the engine."""

from __future__ import annotations

from typing import Any

from tui_support import SIZE, shown, wait_until

from game_agent.engine import view_for
from sgs.offline import LocalSource
from user_agent.games.sanguosha import widgets as names
from user_agent.games.sanguosha.view import SanguoshaView
from user_agent.games.sanguosha.widgets import HandPanel, SeatPanel, pips
from user_agent.tui import words
from user_agent.tui.app import ConsoleApp
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import RequestPanel, StatusLine

SEATS = 5


def reference(source: LocalSource) -> SanguoshaView:
    view = SanguoshaView(0, SEATS)
    for ev in source.engine.events:
        data = view_for(ev, 0)
        if data is not None:
            view.apply(ev.kind, data)
    return view


def visible(source: LocalSource) -> int:
    return sum(view_for(ev, 0) is not None for ev in source.engine.events)


def check_table(app: ConsoleApp, view: SanguoshaView) -> None:
    for seat, info in enumerate(view.seats):
        panel = shown(app.query_one(f"#seat-{seat}", SeatPanel))
        assert f"HP {pips(info.hp, info.max_hp)} {info.hp}/{info.max_hp}" in panel, panel
        assert f"hand {info.hand_count}" in panel, panel
        if info.general:
            assert names.general_name(info.general) in panel
        for card in info.equip.values():
            assert names.card_name(card) in panel, (card, panel)
        for card in info.judge:
            assert f"judge: {names.kind_name(info.judge_as[card['id']])}" in panel
        if info.role:
            assert info.role in panel
    hand = shown(app.query_one("#hand", HandPanel))
    assert f"your hand ({len(view.hand)})" in hand
    for card in view.hand:
        assert names.card_name(card) in hand
    if view.current >= 0:
        status = shown(app.query_one("#status", StatusLine))
        assert f"turn: seat {view.current}" in status


async def test_several_sanguosha_turns_through_the_console() -> None:
    def clock() -> float:
        return 0.0  # time stands still: the countdown shows the whole deadline

    source = LocalSource.new(
        "sanguosha", {"players": SEATS}, 8, 0, ["random"], deadline=45.0, clock=clock
    )
    app = ConsoleApp(source, poll=0.01, clock=clock)
    seen_kinds: set[str] = set()
    clicked_seat = False
    clicked_option = False
    async with app.run_test(size=SIZE) as pilot:
        played_in_turn: dict[int, int] = {}
        while True:
            await wait_until(pilot, lambda: app.picker is not None or app.ended is not None)
            await wait_until(pilot, lambda: app.table.events == visible(source))
            view = reference(source)
            if app.ended is not None or sum(e.kind == "turn" for e in source.engine.events) > 7:
                break
            p = app.picker
            assert p is not None
            check_table(app, view)
            req = p.req
            seen_kinds.add(req.kind)
            panel = shown(app.query_one("#request", RequestPanel))
            said = words.describe("sanguosha", req, view)
            assert said.title in panel.replace("\n", " ") or said.title[:20] in panel
            assert "time left: 45 s" in panel
            for label in said.options[:5]:
                assert label[:20] in panel
            if req.form == "choice" and isinstance(req.default, int):
                assert "(default)" in panel
            before = len(source.engine.decisions)
            if req.kind == "choose_general":
                await pilot.press("1")
            elif req.kind == "play" and played_in_turn.get(view.round * 10 + view.current, 0) < 2:
                played_in_turn[view.round * 10 + view.current] = (
                    played_in_turn.get(view.round * 10 + view.current, 0) + 1
                )
                if clicked_option:
                    await pilot.press("1")
                else:  # the mouse: the second option, below a title and an option that wrap
                    last = min(1, len(req.options) - 1)
                    request = app.query_one("#request", RequestPanel)
                    row = request.option_row(last)
                    assert row is not None
                    region = request.content_region
                    await pilot.click(offset=(region.x + 8, region.y + row))
                    clicked_option = True
                    await wait_until(pilot, lambda n=before: len(source.engine.decisions) > n)  # type: ignore[misc]
                    assert source.engine.decisions[-1].choice == last
            elif req.kind == "targets" and p.words.option_seats and not clicked_seat:
                seat = p.words.option_seats[0]
                assert seat is not None
                # the request names its seats on the seat panels; a click picks one
                assert "[1]" in shown(app.query_one(f"#seat-{seat}", SeatPanel))
                await pilot.click(f"#seat-{seat}")
                if app.picker is not None and app.picker.req is req:
                    await pilot.press("enter")
                clicked_seat = True
            elif req.kind == "discard":
                count = int(req.info.get("count", 1))
                for n in range(count):
                    await pilot.press(str(n + 1))
                assert shown(app.query_one("#request", RequestPanel)).count("[x]") == count
                await pilot.press("enter")
            else:
                await pilot.press("d")
            await wait_until(
                pilot,
                lambda n=before: len(source.engine.decisions) > n or app.ended is not None,  # type: ignore[misc]
                what=f"an answer to {req.kind}",
            )
        await pilot.pause()
        check_table(app, reference(source))
        assert {"choose_general", "play"} <= seen_kinds
        assert clicked_seat and clicked_option
        screen = screen_text(app)
        assert "your hand" in screen and "you are seat 0" in screen
        ours = [d for d in source.engine.decisions if d.seat == 0]
        assert len(ours) >= 5 and not any(d.timeout for d in ours)


async def test_general_and_card_texts_on_demand() -> None:
    source = LocalSource.new("sanguosha", {"players": SEATS}, 8, 0, ["random"])
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None)
        p = app.picker
        assert p is not None and p.req.kind == "choose_general"
        await pilot.press("i")  # the highlighted general's text
        first: Any = p.req.options[p.cursor]
        info = shown(app.query_one("#info"))
        assert names.general_text(first["id"]) in info
        await pilot.press("?")
        assert "Keys" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("1")
        await wait_until(pilot, lambda: bool(reference(source).hand))
        await wait_until(pilot, lambda: bool(app.table.my_hand))
        await pilot.pause()
        # clicking a card of the hand (not an option now, or an option: either way its name)
        hand = app.query_one("#hand", HandPanel)
        region = hand.content_region
        card = app.table.my_hand[0]
        if app.picker is None or card["id"] not in app.card_picks():
            await pilot.click(offset=(region.x + 6, region.y))
            assert names.card_name(card) in shown(app.query_one("#info"))
        lord = next(s for s, i in enumerate(reference(source).seats) if i.role == "lord")
        await pilot.click(f"#seat-{lord}")
        general = reference(source).seats[lord].general
        assert names.general_text(general) in shown(app.query_one("#info"))
