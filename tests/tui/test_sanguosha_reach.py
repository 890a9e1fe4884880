"""The full-screen Sanguosha table shows what players used to infer from target lists: every
other seat's distance from you and whether it is within your attack range (worked out on the
client, equal to the rules'), the card being played highlighted in the hand during its target
step (named in the request's title too), and in 1v1 the warm and the cool side where identity
mode shows roles. Games start from the rules' scenario files; seat 0 is the pilot's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tui_support import SIZE, shown, wait_until

from game_agent.engine import Game
from game_agent.games.sanguosha.distance import attack_range, distances_from
from game_agent.games.sanguosha.rules import RULESET
from game_agent.games.sanguosha.scenario import config_from_file
from replays import read_log
from sgs.offline import LocalSource
from sgs.runner import make_bots, play
from user_agent.games.sanguosha.widgets import HandPanel, SeatPanel
from user_agent.tui.app import ConsoleApp
from user_agent.tui.replay import ReplayApp, Timeline
from user_agent.tui.snapshot import screen_text
from user_agent.tui.widgets import RequestPanel

SCENARIOS = Path(__file__).resolve().parents[1] / "sanguosha" / "scenarios"
DISTANCE = re.compile(r"distance (\d) · (in range|out of range)")


def scenario_source(name: str, seed: int = 1) -> LocalSource:
    game = Game(RULESET, config_from_file(SCENARIOS / name), seed)
    bots = list(make_bots("sanguosha", ["random"], game.seats, seed))
    bots[0] = None
    return LocalSource(game, 0, bots)


def panel(app: ConsoleApp, seat: int) -> str:
    return shown(app.query_one(f"#seat-{seat}", SeatPanel))


def option_of(app: ConsoleApp, pred: str) -> int:
    """The number (from 1) of the pending request's first option whose words contain `pred`."""
    p = app.picker
    assert p is not None
    return next(i + 1 for i, label in enumerate(p.labels()) if pred in label)


def played_line(app: ConsoleApp) -> list[str]:
    """The hand's highlighted lines (below its border title)."""
    return [x for x in shown(app.query_one("#hand", HandPanel)).split("\n")[1:] if "▶" in x]


async def test_distances_and_range_on_the_seat_panels_equal_the_rules() -> None:
    """Ma Chao (Mashu, Dayuan -1 horse, no weapon): 1 to everyone but Lü Meng, whose Jueying
    (+1 horse) keeps him at 2, out of range; Ma Chao's own panel says attack range 1."""
    source = scenario_source("skills/mashu.toml")
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        st = source.engine.state
        want = distances_from(st, 0)
        reach = attack_range(st, 0)
        assert f"attack range {reach}" in panel(app, 0)
        for seat in range(1, 6):
            m = DISTANCE.search(panel(app, seat))
            assert m is not None, panel(app, seat)
            d = int(m.group(1))
            assert d == want[seat]
            assert (m.group(2) == "in range") == (d <= reach)
        assert "distance 2 · out of range" in panel(app, 3)
        assert "distance 1 · in range" in panel(app, 2)
        text = screen_text(app)
        assert "distance 2 · out of range" in text and "attack range 1" in text


async def test_the_card_being_played_is_highlighted_during_its_target_step() -> None:
    source = scenario_source("skills/mashu.toml")
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        assert played_line(app) == []
        await pilot.press(str(option_of(app, "♠7 Slash")))
        await wait_until(
            pilot,
            lambda: app.picker is not None and app.picker.req.kind == "targets",
            what="the target step",
        )
        hand = shown(app.query_one("#hand", HandPanel))
        assert "· ▶ ♠7 Slash" in hand.split("\n")[0], hand  # the border title
        assert played_line(app) == [" ▶  ♠7 Slash  (being played)"]
        assert "♠7 Slash" in shown(app.query_one("#request", RequestPanel))  # the title
        await pilot.press("c")  # back to the play menu: nothing is being played
        await wait_until(
            pilot, lambda: app.picker is not None and app.picker.req.kind == "play", what="play"
        )
        assert played_line(app) == []
        assert "▶" not in shown(app.query_one("#hand", HandPanel))


async def test_a_converted_card_highlights_the_card_it_is_made_of() -> None:
    """Wusheng: the red Peach used as a Slash; during the target step the Peach is the card
    highlighted (the request names the Slash it is used as)."""
    source = scenario_source("skills/wusheng.toml")
    app = ConsoleApp(source, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        await pilot.press(str(option_of(app, "Wusheng")))
        await wait_until(
            pilot,
            lambda: app.picker is not None and app.picker.req.kind == "view_as_cards",
            what="the sub-card step",
        )
        assert played_line(app) == []
        await pilot.press(str(option_of(app, "Peach")), "enter")
        await wait_until(
            pilot,
            lambda: app.picker is not None and app.picker.req.kind == "targets",
            what="the target step",
        )
        lines = played_line(app)
        assert len(lines) == 1 and "♥3 Peach" in lines[0], lines
        assert "Slash" in shown(app.query_one("#request", RequestPanel)).split("\n")[1]


@pytest.mark.parametrize(
    ("lang", "warm", "cool", "roles"),
    [
        ("en", "warm side", "cool side", ("lord", "renegade")),
        ("zh", "暖色方", "冷色方", ("主公", "内奸")),
    ],
)
async def test_1v1_seat_panels_show_the_warm_and_the_cool_side(
    lang: str, warm: str, cool: str, roles: tuple[str, str]
) -> None:
    source = LocalSource.new("sanguosha", {"mode": "1v1"}, 3, 0, ["random"])
    app = ConsoleApp(source, lang, poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="a request")
        view = app.table.view
        sides = [panel(app, s) for s in range(2)]
        lord = next(s for s in range(2) if view.seats[s].role == "lord")
        assert warm in sides[lord] and cool in sides[1 - lord], sides
        for text in sides:
            assert not any(r in text.split("\n")[1] for r in roles), text


@pytest.mark.parametrize("seat", [None, 1])
async def test_the_replay_shows_sides_and_distances(tmp_path: Path, seat: int | None) -> None:
    """A 1v1 log in the replay viewer, omniscient and as seat 1 saw it: the sides by name, and
    the distances (1v1: always 1, in range) from the seat whose turn it is when omniscient."""
    path = tmp_path / "duel.sgslog"
    play("sanguosha", {"mode": "1v1"}, 5, ["random"], path)
    tl = Timeline(read_log(str(path)), seat)
    app = ReplayApp(tl)
    async with app.run_test(size=SIZE) as pilot:
        app.goto(len(tl) // 2)
        await pilot.pause()
        view = app.table.view
        sides = [panel_of(app, s) for s in range(2)]
        lord = next(s for s in range(2) if view.seats[s].role == "lord")
        assert "warm side" in sides[lord] and "cool side" in sides[1 - lord], sides
        assert not any(re.search(r"\b(lord|renegade)\b", x) for x in sides), sides
        origin = seat if seat is not None else view.current
        if view.seats[origin].alive and view.seats[1 - origin].alive:
            assert "distance 1 · in range" in sides[1 - origin], sides
            assert "attack range" in sides[origin], sides


def panel_of(app: ReplayApp, seat: int) -> str:
    return shown(app.query_one(f"#seat-{seat}", SeatPanel))
