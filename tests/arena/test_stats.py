"""Wilson intervals against known values, and the tallies."""

from __future__ import annotations

import pytest
from arena_support import record

from sgs.arena.stats import tally, wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # the textbook rows (z = 1.96)
        (5, 10, 0.2366, 0.7634),
        (1, 10, 0.0179, 0.4042),
        (50, 100, 0.4038, 0.5962),
        (1000, 2000, 0.4781, 0.5219),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_against_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


def test_wilson_of_no_games_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_seat_games_per_role_and_lineups() -> None:
    roles = ["lord", "rebel", "loyalist", "rebel", "renegade"]
    games = [
        record(["a", "b", "a", "b", "b"], roles, [1, 3], 0),  # rebels win; lord side all a
        record(["b", "a", "b", "a", "a"], roles, [0, 2], 1),  # lord side all b wins
        record(["a", "a", "b", "b", "b"], roles, [], 2),  # mixed sides, a draw
    ]
    games[0].outcome["winner"] = "rebel"
    games[1].outcome["winner"] = "lord"
    s = tally("sanguosha", games).summary()
    assert s["games"] == 3 and s["draws"] == 1
    assert s["by_role"]["rebel"]["games"] == 6 and s["by_role"]["rebel"]["wins"] == 2
    a = s["by_bot"]["a"]
    assert a["by_role"]["rebel"] == {"games": 3, "wins": 0, "win_rate": 0.0, "ci95": [0.0, 0.5615]}
    assert a["by_role"]["lord"]["games"] == 2
    assert [(x["lord_side"], x["others"], x["won_by"]) for x in s["lineups"]] == [
        ("a", "b", {"rebel": 1}),
        ("b", "a", {"lord": 1}),
    ]


def test_harmony_seats_are_its_roles() -> None:
    s = tally("harmony", [record(["x", "y"], None, [1])]).summary()
    assert list(s["by_role"]) == ["south", "north"]
    assert s["by_bot"]["y"]["by_role"]["north"]["wins"] == 1
