"""Rules 2.2, 2.3 and 7: role and element tables; the board notation of 2.1 and 9."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game_agent.games.harmony.board import (
    CELL_NAMES,
    BoardError,
    empty_board,
    from_position,
    parse_board,
    parse_cell,
    position,
)
from game_agent.games.harmony.pieces import (
    EARTH,
    ELEMENT_INDEX,
    FIRE,
    LIGHTNING,
    MODIFIER,
    PIECE_CODES,
    ROLES,
    WATER,
    modifier,
    parse_piece,
    strong,
)
from protocol.games.harmony.schema import board_lines

E = ELEMENT_INDEX


def test_roles_match_the_rules_table() -> None:
    assert [(r.code, r.damage, r.defence) for r in ROLES] == [
        ("T", 1, 3),
        ("W", 2, 2),
        ("A", 3, 1),
        ("M", 2, 1),
    ]
    assert [r.skips_first for r in ROLES] == [False, False, True, False]
    assert [r.side_lanes for r in ROLES] == [False, False, False, True]


def test_element_cycle_water_fire_earth_lightning() -> None:
    assert strong(WATER, FIRE) and strong(FIRE, EARTH)
    assert strong(EARTH, LIGHTNING) and strong(LIGHTNING, WATER)
    for a in range(4):
        assert not strong(a, a)
    # neutral pairs
    for a, b in ((WATER, EARTH), (FIRE, LIGHTNING)):
        assert not strong(a, b) and not strong(b, a)
    # each element is strong against exactly one and weak against exactly one
    for a in range(4):
        assert sum(strong(a, b) for b in range(4)) == 1
        assert sum(strong(b, a) for b in range(4)) == 1


def test_modifier_table_of_rule_2_3() -> None:
    # rows: attacker w f e l; columns: defender w f e l
    expected = [
        [0, +1, 0, -1],
        [-1, 0, +1, 0],
        [0, -1, 0, +1],
        [+1, 0, -1, 0],
    ]
    assert [list(row) for row in MODIFIER] == expected
    assert all(modifier(a, d) == expected[a][d] for a in range(4) for d in range(4))


def test_element_sentence_of_rule_7() -> None:
    # A Fire piece deals one more to Earth and one less to Water ...
    assert MODIFIER[E["f"]][E["e"]] == +1
    assert MODIFIER[E["f"]][E["w"]] == -1
    # ... takes one more from Water and one less from Earth.
    assert MODIFIER[E["w"]][E["f"]] == +1
    assert MODIFIER[E["e"]][E["f"]] == -1


def test_piece_codes_and_names() -> None:
    assert len(set(PIECE_CODES)) == 16
    assert parse_piece("Af") == 2 * 4 + FIRE
    for bad in ("", "X", "Ax", "af", "AFF", "We "):
        with pytest.raises(ValueError):
            parse_piece(bad)


def test_cells() -> None:
    assert len(CELL_NAMES) == 15 and len(set(CELL_NAMES)) == 15
    assert parse_cell("a/F") == 0 and parse_cell("e/F") == 4
    assert parse_cell("c/M") == 7 and parse_cell("e/B") == 14
    assert all(parse_cell(CELL_NAMES[c]) == c for c in range(15))
    for bad in ("c", "f/F", "c/X", "C/F", "c-F"):
        with pytest.raises(ValueError):
            parse_cell(bad)


S8_TEXT = """
                 a    b    c    d    e
N back   (B)     .    .    .    .    .
N middle (M)     .    .    .    .    .
N front  (F)    Te   Te    .   Te   Te
             -------------------------  midline
S front  (F)     .   Me   Ae   Me    .
S middle (M)     .    .   Ae    .    .
S back   (B)     .    .    .    .    .
"""


def test_parse_board_of_the_rules_notation() -> None:
    board = parse_board(S8_TEXT)
    assert position(board) == [
        {"b/F": "Me", "c/F": "Ae", "d/F": "Me", "c/M": "Ae"},
        {"a/F": "Te", "b/F": "Te", "d/F": "Te", "e/F": "Te"},
    ]
    assert "\n".join(board_lines(position(board))) == S8_TEXT.strip("\n")


boards = st.lists(st.lists(st.integers(-1, 15), min_size=15, max_size=15), min_size=2, max_size=2)


@given(boards)
def test_format_and_parse_round_trip(board: list[list[int]]) -> None:
    assert parse_board("\n".join(board_lines(position(board)))) == board
    assert from_position(position(board)) == board


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("N back (B) . . . . .\nS front (F) . . Xe . .", 2, "lane c"),
        ("N back (B) . . . .", 1, "expected 5 cells"),
        ("N back (B) . . . . .\nN back (B) . . . . .", 2, "given twice"),
        ("N back (B) . . . . .\nhello", 2, "cannot read"),
        ("N front (B) . . . . .", 1, "does not match"),
        ("N back (B) . . . . .", 0, "missing row"),
    ],
)
def test_board_errors_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(BoardError) as info:
        parse_board(text)
    assert info.value.line == line
    assert words in str(info.value)


def test_empty_board() -> None:
    empty = "\n".join(
        f"{s} {w} ({r}) . . . . ."
        for s, w, r in [
            ("N", "back", "B"),
            ("N", "middle", "M"),
            ("N", "front", "F"),
            ("S", "front", "F"),
            ("S", "middle", "M"),
            ("S", "back", "B"),
        ]
    )
    assert parse_board(empty) == empty_board()
