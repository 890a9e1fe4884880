"""Ranges and the diagonal rule (rules 9), as pure functions of tile offsets.

A range with value X holds every tile reachable from its origin in X steps, where diagonal
steps from the second one on count double (``range``, the recommended reading):

    cost(dx, dy) = a + b          if min(a, b) == 0
                 = a + b - 1      otherwise            (a = |dx|, b = |dy|)

The movement text's alternative (every second diagonal step costs two, ``alternating``) is the
option ``diagonal_rule = "alternating"``: cost = max(a, b) + floor(min(a, b) / 2). The two agree
up to Range 3 and first differ at (3, 3): 4 against 5. The origin (cost 0) is in every range.
"""

from __future__ import annotations

from collections.abc import Iterator

RULES = ("range", "alternating")

# the 8 neighbours: a step (Range 1 includes the diagonals)
STEPS: tuple[tuple[int, int], ...] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)  # fmt: skip


def cost(dx: int, dy: int, rule: str = "range") -> int:
    a, b = abs(dx), abs(dy)
    d = min(a, b)
    if rule == "range":
        return a + b if d == 0 else a + b - 1
    if rule == "alternating":
        return max(a, b) + d // 2
    raise ValueError(f"unknown diagonal rule {rule!r}; one of {', '.join(RULES)}")


def distance(p: tuple[int, int], q: tuple[int, int], rule: str = "range") -> int:
    return cost(q[0] - p[0], q[1] - p[1], rule)


def offsets(x: int, rule: str = "range") -> Iterator[tuple[int, int]]:
    """Every offset within Range x (the origin included), row by row."""
    for dy in range(-x, x + 1):
        for dx in range(-x, x + 1):
            if cost(dx, dy, rule) <= x:
                yield dx, dy


def path_cost(diagonals_before: int, diagonal: bool, rule: str = "range") -> int:
    """What one more step of a move costs, given the diagonal steps already taken (rules 10.2
    with rules 9): straight steps 1; under ``range`` the first diagonal 1 and every later one 2;
    under ``alternating`` diagonals cost 1, 2, 1, 2, ..."""
    if not diagonal:
        return 1
    if rule == "range":
        return 1 if diagonals_before == 0 else 2
    if rule == "alternating":
        return 2 if diagonals_before % 2 == 1 else 1
    raise ValueError(f"unknown diagonal rule {rule!r}; one of {', '.join(RULES)}")
