"""Shared helpers for the Carcassonne tests: boards written in the rules' notation."""

from __future__ import annotations

import re

from game_agent.games.carcassonne.board import Board, Placed, place, start_board

RED, BLUE = 0, 1

_SPEC = re.compile(r"^([A-X])@\((-?\d+),(-?\d+)\)r(0|90|180|270)$")


def parse(spec: str) -> tuple[str, tuple[int, int], int]:
    """``E@(0,1)r180`` -> ("E", (0, 1), 2): kind, position, quarter turns (rules 8 notation)."""
    m = _SPEC.match(spec.replace(" ", ""))
    if m is None:
        raise ValueError(f"not a tile spec: {spec!r}")
    return m[1], (int(m[2]), int(m[3])), int(m[4]) // 90


def build(*specs: str, start: bool = True) -> Board:
    """Place the tiles in order, each checked by the rules of 4.1 (`place` raises otherwise).

    With ``start`` the board begins with the start tile; without, the first tile is put down
    unchecked (a board of its own)."""
    board: Board = start_board() if start else {}
    for spec in specs:
        kind, pos, r = parse(spec)
        board = place(board, pos, kind, r) if board else {pos: Placed(kind, r)}
    return board
