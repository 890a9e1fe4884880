"""The grid a Carcassonne board lies on: positions ``(x, y)`` (x grows east, y north), the step
across each side (``N E S W``) and the 8 squares around a tile (cloister completion, rules 5.3).
"""

from __future__ import annotations

from collections.abc import Iterator

Pos = tuple[int, int]

# Per side N E S W: the step to the neighbour across that side.
STEP: tuple[Pos, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
# The 8 squares around a tile (cloister completion, rules 5.3).
AROUND: tuple[Pos, ...] = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))


def neighbour(pos: Pos, side: int) -> Pos:
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def around(pos: Pos) -> Iterator[Pos]:
    for dx, dy in AROUND:
        yield (pos[0] + dx, pos[1] + dy)
