"""Rules 9: ranges and the diagonal rule, and the step costs of movement."""

from __future__ import annotations

import pytest

from game_agent.games.muhq.ranges import cost, offsets, path_cost

RANGE_3 = """
. . x x x . .
. x x x x x .
x x x x x x x
x x x O x x x
x x x x x x x
. x x x x x .
. . x x x . .
"""
RANGE_4 = """
. . . x x x . . .
. . x x x x x . .
. x x x x x x x .
x x x x x x x x x
x x x x O x x x x
x x x x x x x x x
. x x x x x x x .
. . x x x x x . .
. . . x x x . . .
"""


def drawn(x: int, rule: str = "range") -> str:
    rows = []
    for dy in range(x, -x - 1, -1):
        row = []
        for dx in range(-x, x + 1):
            row.append("O" if (dx, dy) == (0, 0) else "x" if cost(dx, dy, rule) <= x else ".")
        rows.append(" ".join(row))
    return "\n".join(rows)


@pytest.mark.parametrize(("x", "picture"), [(3, RANGE_3), (4, RANGE_4)])
def test_the_rules_pictures_of_range_3_and_4(x: int, picture: str) -> None:
    assert drawn(x) == picture.strip()


@pytest.mark.parametrize(("x", "tiles"), [(0, 1), (1, 9), (2, 21), (3, 37), (4, 57)])
def test_tile_counts_include_the_origin(x: int, tiles: int) -> None:
    assert len(list(offsets(x))) == tiles


def test_the_two_diagonal_rules_agree_up_to_range_3_and_differ_at_3_3() -> None:
    for dx in range(-3, 4):
        for dy in range(-3, 4):
            a, b = cost(dx, dy, "range"), cost(dx, dy, "alternating")
            if a <= 3 or b <= 3:
                assert (a <= 3) == (b <= 3), (dx, dy)
    assert cost(3, 3, "range") == 5 and cost(3, 3, "alternating") == 4


def test_step_costs_sum_to_the_closed_forms_along_a_diagonal() -> None:
    for rule in ("range", "alternating"):
        total = 0
        for k in range(6):
            total += path_cost(k, True, rule)
            assert total == cost(k + 1, k + 1, rule), (rule, k)
        assert path_cost(3, False, rule) == 1


def test_an_unknown_rule_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown diagonal rule"):
        cost(1, 1, "chebyshev")
