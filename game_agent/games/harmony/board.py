"""Cells, lanes and the board notation of rules sections 2.1 and 9.

Each player owns 15 cells. A cell index is ``row * 5 + lane``: rows 0 F (front, next to the
midline), 1 M, 2 B; lanes 0..4 = ``a``..``e``, absolute and read from South's left. A cell is
written ``lane/row``, e.g. ``c/F``. A *field* is a list of 15 piece ids (``pieces.EMPTY`` for an
empty cell); a *board* is ``[South's field, North's field]`` (seat 0 = South, seat 1 = North).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game_agent.games.harmony.pieces import EMPTY, PIECE_CODES, parse_piece
from protocol.games.harmony.schema import LANES, ROWS, SEAT_NAMES

SOUTH, NORTH = 0, 1
N_LANES = 5
N_ROWS = 3
N_CELLS = N_LANES * N_ROWS

CELL_NAMES: tuple[str, ...] = tuple(f"{LANES[i % 5]}/{ROWS[i // 5]}" for i in range(N_CELLS))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}

Field = list[int]
Board = list[list[int]]


class BoardError(ValueError):
    """A board text that cannot be read; `line` is the 1-based line of the text (or 0)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


def cell(lane: int, row: int) -> int:
    return row * N_LANES + lane


def parse_cell(name: str) -> int:
    """``c/F`` -> cell index; raises ValueError."""
    try:
        return CELL_INDEX[name]
    except KeyError:
        raise ValueError(
            f"unknown cell {name!r}: write lane/row, lane a-e, row F, M or B"
        ) from None


def empty_board() -> Board:
    return [[EMPTY] * N_CELLS, [EMPTY] * N_CELLS]


def position(board: Sequence[Sequence[int]]) -> list[dict[str, str]]:
    """The board as ``[{cell: piece code}, ...]`` per seat (the form events and views use)."""
    return [
        {CELL_NAMES[c]: PIECE_CODES[p] for c, p in enumerate(field) if p != EMPTY}
        for field in board
    ]


def from_position(pos: Sequence[dict[str, str]]) -> Board:
    """Inverse of `position`; raises ValueError on a bad cell or piece code."""
    if len(pos) != 2:
        raise ValueError("a position needs exactly two fields (South, North)")
    board = empty_board()
    for seat, cells in enumerate(pos):
        if not isinstance(cells, dict):
            raise ValueError(f"{SEAT_NAMES[seat]}'s field must be a map of cell -> piece")
        for name, code in cells.items():
            board[seat][parse_cell(str(name))] = parse_piece(str(code))
    return board


_ROW_LINE = re.compile(r"^\s*([NS])\b[^()]*\(\s*([FMB])\s*\)(.*)$")
_WORD_OF = {"F": "front", "M": "middle", "B": "back"}


def parse_board(text: str) -> Board:
    """Read a board drawn as in rules section 9.

    Six row lines are needed, one per side and row, each ``<N|S> <word> (<F|M|B>)`` followed by
    five cells (``.`` or a piece code such as ``We``). Blank lines, the lane header (``a b c d
    e``) and the midline (``---``) are skipped. Raises BoardError naming the line.
    """
    board = empty_board()
    seen: dict[tuple[int, int], int] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.split() == list(LANES) or line.startswith("---"):
            continue
        m = _ROW_LINE.match(raw)
        if m is None:
            raise BoardError(
                n, f"cannot read {line!r}: expected a row such as 'S front (F) . . Te . .'"
            )
        side, row_letter, rest = m.groups()
        label = raw[: raw.index("(")].split()
        if len(label) > 1 and label[1].lower() != _WORD_OF[row_letter]:
            raise BoardError(n, f"row word {label[1]!r} does not match ({row_letter})")
        seat = SOUTH if side == "S" else NORTH
        row = ROWS.index(row_letter)
        if (seat, row) in seen:
            raise BoardError(
                n, f"row {side} ({row_letter}) given twice (first on line {seen[seat, row]})"
            )
        seen[seat, row] = n
        tokens = rest.split()
        if len(tokens) != N_LANES:
            raise BoardError(n, f"expected 5 cells (lanes a-e), got {len(tokens)}")
        for lane, tok in enumerate(tokens):
            if tok == ".":
                continue
            try:
                board[seat][cell(lane, row)] = parse_piece(tok)
            except ValueError as exc:
                raise BoardError(n, f"lane {LANES[lane]}: {exc}") from None
    missing = [
        f"{'SN'[s]} ({ROWS[r]})"
        for s in (NORTH, SOUTH)
        for r in range(N_ROWS)
        if (s, r) not in seen
    ]
    if missing:
        raise BoardError(0, f"missing row(s): {', '.join(missing)}")
    return board
