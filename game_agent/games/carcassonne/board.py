"""The board of placed tiles and legal tile placement (rules 2.1 and 4.1).

A board maps a position ``(x, y)`` (the contract's `geometry`) to a `Placed` tile: its kind letter
and its rotation in clockwise quarter turns (0..3; rules write them as 0, 90, 180, 270). The
start tile is ``D`` at ``(0, 0)``, rotation 0. Boards are plain dicts; `place` returns a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from protocol.games.carcassonne.geometry import Pos, neighbour
from protocol.games.carcassonne.tiles import (
    START_KIND,
    START_POSITION,
    START_ROTATION,
    Oriented,
    oriented,
)


@dataclass(frozen=True, slots=True)
class Placed:
    kind: str
    rotation: int

    @property
    def tile(self) -> Oriented:
        return oriented(self.kind, self.rotation)


Board = dict[Pos, Placed]


class PlacementError(ValueError):
    """A tile placed where rules 4.1 forbid it."""


def start_board() -> Board:
    return {START_POSITION: Placed(START_KIND, START_ROTATION)}


def frontier(board: Mapping[Pos, Placed]) -> list[Pos]:
    """Empty positions sharing a full side with a placed tile, sorted."""
    out = {q for pos in board for side in range(4) if (q := neighbour(pos, side)) not in board}
    return sorted(out)


def fits(board: Mapping[Pos, Placed], pos: Pos, kind: str, rotation: int) -> bool:
    """Rules 4.1: ``pos`` is empty, shares a side with a tile, and every shared side matches."""
    if pos in board:
        return False
    edges = oriented(kind, rotation).edges
    touching = False
    for side in range(4):
        other = board.get(neighbour(pos, side))
        if other is None:
            continue
        touching = True
        if other.tile.edges[(side + 2) % 4] != edges[side]:
            return False
    return touching


def legal_placements(board: Mapping[Pos, Placed], kind: str) -> list[tuple[Pos, int]]:
    """Every (position, rotation) where ``kind`` may be placed: frontier positions only."""
    return [(pos, r) for pos in frontier(board) for r in range(4) if fits(board, pos, kind, r)]


def can_place(board: Mapping[Pos, Placed], kind: str) -> bool:
    """False for a tile that fits nowhere (rules 7.1: it is removed and another is drawn)."""
    return any(fits(board, pos, kind, r) for pos in frontier(board) for r in range(4))


def place(board: Mapping[Pos, Placed], pos: Pos, kind: str, rotation: int) -> Board:
    """A new board with the tile added; `PlacementError` if rules 4.1 forbid it."""
    if not fits(board, pos, kind, rotation):
        raise PlacementError(f"{kind} at {pos} rotation {rotation} does not fit")
    out = dict(board)
    out[pos] = Placed(kind, rotation % 4)
    return out
