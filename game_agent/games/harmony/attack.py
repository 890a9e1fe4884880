"""The attack phase (rules section 5) as pure functions of the board. No engine import.

`resolve(board)` follows the step-by-step algorithm of 5.2 and returns one `Stream` per attack
stream, in the order of 5.1 (South's streams, then North's), and the damage dealt to each seat.
`totals(board)` computes only the two damage totals, with the closed form of 5.5; it is the fast
path for bots and an independent check of `resolve` in the tests.

Both read a board ``[South's field, North's field]`` of piece ids (see `board` and `pieces`).
Bundled bots may import this module (and only this one) from the ruleset, so it re-exports the
few helpers they need to build a board from cell names and piece codes.

`Rules` holds the test-only switches for the alternative readings A2-A6 of rules section 8;
`STANDARD` is the recommended reading used by the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game_agent.games.harmony.board import (
    CELL_INDEX,
    CELL_NAMES,
    N_CELLS,
    N_LANES,
    NORTH,
    SOUTH,
    Board,
    empty_board,
)
from game_agent.games.harmony.pieces import (
    ARCHER,
    EMPTY,
    MAGE,
    MODIFIER,
    PIECE_CODES,
    PIECE_DAMAGE,
    PIECE_DEFENCE,
    PIECE_INDEX,
)

__all__ = [
    "CELL_INDEX",
    "CELL_NAMES",
    "EMPTY",
    "NORTH",
    "N_CELLS",
    "PIECE_CODES",
    "PIECE_INDEX",
    "SOUTH",
    "STANDARD",
    "Board",
    "Phase",
    "Rules",
    "Stream",
    "attacker_order",
    "board_of",
    "direction_total",
    "empty_board",
    "resolve",
    "resolve_direction",
    "totals",
]

LETHAL = 10  # damage_to[X] >= 10: X falls this attack phase (5.3)


@dataclass(frozen=True, slots=True)
class Rules:
    """Alternative readings, for tests only (rules section 8). All False = the recommended one.

    bonus_per_stream:      A3(a) a mage may get +1 in both lanes (the limit is per stream).
    overflow_defence:      A4 alternative: -1 also applies at every later piece strong against
                           the attacker, not only at first contact.
    exhausted_transparent: A5 alternative: pieces with no defence left are skipped; first contact
                           moves to the next piece with defence left (the archer still skips the
                           front piece of its lane).
    absolute_order:        A2/A6 alternative: both players are walked with South's order (lanes
                           a..e), and a mage's "left" stream is always the lower lane letter.
    """

    bonus_per_stream: bool = False
    overflow_defence: bool = False
    exhausted_transparent: bool = False
    absolute_order: bool = False


STANDARD = Rules()


class Stream(NamedTuple):
    """One attack stream as resolved. Cells are indices into the attacker's / defender's field."""

    seat: int  # the attacker
    cell: int  # the attacker's cell
    piece: int
    lane: int
    base: int  # the role's damage
    modifier: int  # -1, 0 or +1, applied at first contact
    contacts: list[tuple[int, int]]  # (defender cell, absorbed), in the order touched
    exhausted: list[int]  # defender cells whose pool this stream emptied
    to_player: int  # what was left and hit the defender


class Phase(NamedTuple):
    streams: list[Stream]  # South's streams (5.1 order), then North's
    damage_to: tuple[int, int]  # (to South, to North)


def _order(seat: int) -> tuple[int, ...]:
    lanes = range(N_LANES) if seat == SOUTH else range(N_LANES - 1, -1, -1)
    return tuple(row * N_LANES + lane for row in range(3) for lane in lanes)


# Attacker order of 5.1 (each player's own view: front row first, own left to own right).
ORDERS: tuple[tuple[int, ...], tuple[int, ...]] = (_order(SOUTH), _order(NORTH))


def _mage_lanes(seat: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for lane in range(N_LANES):
        side = (lane - 1, lane + 1) if seat == SOUTH else (lane + 1, lane - 1)
        out.append(tuple(x for x in side if 0 <= x < N_LANES))
    return tuple(out)


# MAGE_LANES[seat][lane]: the lanes a mage hits, the owner's left one first (5.4).
MAGE_LANES = (_mage_lanes(SOUTH), _mage_lanes(NORTH))
_LANE_CELLS = tuple((lane, lane + N_LANES, lane + 2 * N_LANES) for lane in range(N_LANES))


def attacker_order(seat: int, rules: Rules = STANDARD) -> tuple[int, ...]:
    return ORDERS[SOUTH if rules.absolute_order else seat]


def _columns(dfn: Sequence[int]) -> list[list[int]]:
    """Per lane, the defender's occupied cells front to back."""
    return [[c for c in cells if dfn[c] != EMPTY] for cells in _LANE_CELLS]


def resolve_direction(
    att: Sequence[int], dfn: Sequence[int], seat: int, rules: Rules = STANDARD
) -> tuple[list[Stream], int]:
    """The algorithm of 5.2 for one direction: `seat` attacks with field `att` into `dfn`."""
    rem = [PIECE_DEFENCE[p] if p != EMPTY else 0 for p in dfn]
    cols = _columns(dfn)
    side = SOUTH if rules.absolute_order else seat
    mage_lanes = MAGE_LANES[side]
    per_stream = rules.bonus_per_stream
    overflow_def = rules.overflow_defence
    transparent = rules.exhausted_transparent
    streams: list[Stream] = []
    total = 0
    for c in ORDERS[side]:
        p = att[c]
        if p == EMPTY:
            continue
        role = p >> 2
        el = p & 3
        base = PIECE_DAMAGE[p]
        lane = c % N_LANES
        used = False
        for tl in mage_lanes[lane] if role == MAGE else (lane,):
            col = cols[tl]
            if role == ARCHER:
                col = col[1:]
            d = base
            mod = 0
            first = True
            contacts: list[tuple[int, int]] = []
            exhausted: list[int] = []
            for q in col:
                if transparent and rem[q] == 0:
                    continue
                m = MODIFIER[el][dfn[q] & 3]
                if first:
                    first = False
                    if m > 0:
                        if not used or per_stream:
                            d += 1
                            mod = 1
                            used = True
                    elif m < 0:
                        d = d - 1 if d > 0 else 0
                        mod = -1
                elif overflow_def and m < 0 and d > 0:
                    d -= 1
                r = rem[q]
                absorbed = d if d < r else r
                if absorbed:
                    r -= absorbed
                    rem[q] = r
                    d -= absorbed
                    if r == 0:
                        exhausted.append(q)
                contacts.append((q, absorbed))
                if d == 0:
                    break
            total += d
            streams.append(Stream(seat, c, p, tl, base, mod, contacts, exhausted, d))
    return streams, total


def resolve(board: Sequence[Sequence[int]], rules: Rules = STANDARD) -> Phase:
    """Resolve a whole attack phase: South's streams first, then North's."""
    south, to_north = resolve_direction(board[SOUTH], board[NORTH], SOUTH, rules)
    north, to_south = resolve_direction(board[NORTH], board[SOUTH], NORTH, rules)
    return Phase(south + north, (to_south, to_north))


def direction_total(att: Sequence[int], dfn: Sequence[int], seat: int) -> int:
    """Damage `seat` deals with `att` into `dfn`, by the closed form of 5.5 (standard rules)."""
    cols = [[dfn[c] for c in cells if dfn[c] != EMPTY] for cells in _LANE_CELLS]
    non_archer = [0] * N_LANES
    archer = [0] * N_LANES
    mage_lanes = MAGE_LANES[seat]
    for c in range(N_CELLS):
        p = att[c]
        if p == EMPTY:
            continue
        role = p >> 2
        mods = MODIFIER[p & 3]
        lane = c % N_LANES
        if role == MAGE:
            used = False
            for tl in mage_lanes[lane]:
                col = cols[tl]
                d = 2
                if col:
                    m = mods[col[0] & 3]
                    if m < 0:
                        d = 1
                    elif m > 0 and not used:
                        d = 3
                        used = True
                non_archer[tl] += d
        elif role == ARCHER:
            col = cols[lane]
            archer[lane] += 3 + mods[col[1] & 3] if len(col) >= 2 else 3
        else:
            col = cols[lane]
            d = PIECE_DAMAGE[p]
            if col:
                d += mods[col[0] & 3]
                if d < 0:
                    d = 0
            non_archer[lane] += d
    total = 0
    for lane in range(N_LANES):
        col = cols[lane]
        n = non_archer[lane]
        a = archer[lane]
        if not col:
            total += n + a
            continue
        left = n - PIECE_DEFENCE[col[0]]
        if left < 0:
            left = 0
        if len(col) == 1:
            total += left + a
        else:
            rest = left + a - sum(PIECE_DEFENCE[q] for q in col[1:])
            if rest > 0:
                total += rest
    return total


def totals(board: Sequence[Sequence[int]]) -> tuple[int, int]:
    """(damage to South, damage to North) of an attack phase, by the closed form (5.5)."""
    return (
        direction_total(board[NORTH], board[SOUTH], NORTH),
        direction_total(board[SOUTH], board[NORTH], SOUTH),
    )


def board_of(fields: Sequence[dict[str, str]]) -> Board:
    """``[{cell: code}, {cell: code}]`` (the view's form) -> a board of piece ids."""
    board = empty_board()
    for seat, cells in enumerate(fields):
        row = board[seat]
        for name, code in cells.items():
            row[CELL_INDEX[name]] = PIECE_INDEX[code]
    return board
