"""OpenSkill updates: the library's values for a simple game, and the teams of each mode."""

from __future__ import annotations

import pytest
from arena_support import record

from game_agent.games.sanguosha.roles import role_list
from sgs.arena.ratings import ranks_of, rate_all, teams_of


def test_one_on_one_win_matches_the_library() -> None:
    # PlackettLuce() defaults: mu 25, sigma 25/3; one win between new players gives these.
    r = rate_all("harmony", [record(["a", "b"], None, [0])])
    mu_a, sigma_a = r.current["a"]
    mu_b, sigma_b = r.current["b"]
    assert mu_a == pytest.approx(27.635389493140497)
    assert mu_b == pytest.approx(22.364610506859503)
    assert sigma_a == pytest.approx(8.06590141354368) and sigma_b == pytest.approx(sigma_a)


def test_a_draw_moves_nobody_s_mu() -> None:
    r = rate_all("harmony", [record(["a", "b"], None, [])])
    assert r.current["a"][0] == pytest.approx(25.0) and r.current["b"][0] == pytest.approx(25.0)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, [1, 1, 1]), (4, [1, 1, 2]), (5, [1, 2, 2]), (8, [1, 3, 4]), (10, [1, 1, 4, 4])],
)
def test_identity_teams_lord_side_rebels_each_renegade(players: int, sizes: list[int]) -> None:
    roles = role_list(players, "rulebook")
    teams = teams_of(record(["a"] * players, roles, []), "sanguosha")
    assert sorted(len(t) for t in teams) == sizes
    assert sorted(s for t in teams for s in t) == list(range(players))
    lord_team = next(t for t in teams if 0 in t)
    assert {roles[s] for s in lord_team} <= {"lord", "loyalist"}


def test_ranks_put_the_winning_team_first() -> None:
    roles = ["lord", "rebel", "loyalist", "rebel", "renegade"]
    rec = record(["a", "b", "a", "b", "b"], roles, [1, 3])
    teams = teams_of(rec, "sanguosha")
    assert teams == [[0, 2], [1, 3], [4]]
    assert ranks_of(rec, teams) == [1.0, 0.0, 1.0]
    r = rate_all("sanguosha", [rec])
    assert r.current["b"][0] > 25 > r.current["a"][0]
    assert len(r.history) == 1 and r.history[0]["index"] == 0


def test_one_v_one_sides_are_teams_of_one() -> None:
    rec = record(["a", "b"], ["warm", "cool"], [1])
    assert teams_of(rec, "sanguosha") == [[0], [1]]
