"""Legal tile placement (rules 4.1) on small boards."""

from __future__ import annotations

import pytest
from carcassonne_support import build

from game_agent.games.carcassonne.board import (
    Board,
    Placed,
    PlacementError,
    can_place,
    fits,
    frontier,
    legal_placements,
    place,
    start_board,
)
from protocol.games.carcassonne.tiles import KINDS, oriented


def brute_force(board: Board, kind: str) -> list[tuple[tuple[int, int], int]]:
    """Every square of a box around the board, checked side by side without `fits`."""
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    out = []
    for x in range(min(xs) - 2, max(xs) + 3):
        for y in range(min(ys) - 2, max(ys) + 3):
            if (x, y) in board:
                continue
            for r in range(4):
                e = oriented(kind, r).edges
                near = {
                    0: board.get((x, y + 1)),
                    1: board.get((x + 1, y)),
                    2: board.get((x, y - 1)),
                    3: board.get((x - 1, y)),
                }
                shared = {s: t for s, t in near.items() if t is not None}
                if shared and all(t.tile.edges[(s + 2) % 4] == e[s] for s, t in shared.items()):
                    out.append(((x, y), r))
    return sorted(out)


def test_start_board() -> None:
    board = start_board()
    assert board == {(0, 0): Placed("D", 0)}
    assert board[(0, 0)].tile.edges == "CRFR"
    assert frontier(board) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_placements_on_the_start_tile() -> None:
    board = start_board()
    # C (city all round) fits only north of the start cap, in any rotation.
    assert legal_placements(board, "C") == [((0, 1), r) for r in range(4)]
    # B (field all round) only south.
    assert legal_placements(board, "B") == [((0, -1), r) for r in range(4)]
    # X (road all round) only east and west.
    assert legal_placements(board, "X") == [((-1, 0), r) for r in range(4)] + [
        ((1, 0), r) for r in range(4)
    ]
    # E: cap south against the start cap (r180); or field side against the start's south.
    assert ((0, 1), 2) in legal_placements(board, "E")
    assert ((0, 1), 0) not in legal_placements(board, "E")


def test_matching_and_mismatching_edges() -> None:
    board = start_board()
    assert fits(board, (0, 1), "E", 2)  # C against C
    assert not fits(board, (0, 1), "E", 0)  # F against C
    assert fits(board, (1, 0), "U", 1)  # road against road
    assert not fits(board, (1, 0), "U", 0)  # field against road
    with pytest.raises(PlacementError):
        place(board, (0, 1), "E", 0)


def test_every_shared_side_must_match() -> None:
    board = build("E@(0,1)r180", "U@(1,0)r90")
    # (1,1) touches (0,1) on its west side (E's field) and (1,0) on its south (U's field).
    assert fits(board, (1, 1), "B", 0)
    assert not fits(board, (1, 1), "V", 0)  # V r0: S=R and W=R, both against fields
    assert oriented("K", 1).edges == "RCFR"
    assert not fits(board, (1, 1), "K", 1)  # S=F matches, W=R does not
    assert oriented("E", 1).edges == "FCFF"
    assert fits(board, (1, 1), "E", 1)  # field against field on both shared sides


def test_adjacency_is_required() -> None:
    board = start_board()
    assert not fits(board, (1, 1), "B", 0)  # corner contact only
    assert not fits(board, (5, 5), "B", 0)
    assert not fits(board, (0, 0), "D", 0)  # occupied
    assert all(pos in frontier(board) for pos, _ in legal_placements(board, "B"))


@pytest.mark.parametrize("kind", [k.letter for k in KINDS])
def test_legal_placements_equal_a_brute_force_search(kind: str) -> None:
    board = build("E@(0,1)r180", "U@(1,0)r90", "B@(1,1)r0", "X@(-1,0)r0", "V@(-1,-1)r90")
    assert legal_placements(board, kind) == brute_force(board, kind)


def test_unplaceable_tile() -> None:
    # A single C tile on its own: only city edges around, so a pure field tile cannot go.
    board: Board = {(0, 0): Placed("C", 0)}
    assert not can_place(board, "B")
    assert can_place(board, "E")
    assert can_place(start_board(), "B")
