"""The pure attack phase (rules 5): the algorithm of 5.2 against the closed form of 5.5 on
random boards, stream-level invariants, and the alternative readings of section 8."""

from __future__ import annotations

from harmony_support import scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from game_agent.games.harmony.attack import (
    STANDARD,
    Rules,
    attacker_order,
    resolve,
    resolve_direction,
    totals,
)
from game_agent.games.harmony.board import CELL_INDEX, parse_board
from game_agent.games.harmony.pieces import EMPTY, MAGE, PIECE_DEFENCE

# A random board: each cell empty or one of the 16 pieces; more empties keep lanes varied.
cells = st.one_of(st.just(EMPTY), st.integers(0, 15))
fields = st.lists(cells, min_size=15, max_size=15)
boards = st.lists(fields, min_size=2, max_size=2)


@settings(max_examples=400)
@given(boards)
def test_closed_form_equals_the_algorithm(board: list[list[int]]) -> None:
    assert totals(board) == resolve(board).damage_to


@settings(max_examples=200)
@given(boards)
def test_stream_invariants(board: list[list[int]]) -> None:
    phase = resolve(board)
    absorbed: dict[tuple[int, int], int] = {}
    for s in phase.streams:
        dfn = board[1 - s.seat]
        assert s.to_player >= 0 and s.modifier in (-1, 0, 1)
        # the stream's modified damage is split between the pieces it touched and the player
        assert max(0, s.base + s.modifier) == sum(a for _, a in s.contacts) + s.to_player
        # it touches only the defender's pieces of its lane, front to back
        touched = [q for q, _ in s.contacts]
        assert all(dfn[q] != EMPTY and q % 5 == s.lane for q in touched)
        assert touched == sorted(touched)
        for q, a in s.contacts:
            absorbed[1 - s.seat, q] = absorbed.get((1 - s.seat, q), 0) + a
        for q in s.exhausted:
            assert absorbed[1 - s.seat, q] == PIECE_DEFENCE[dfn[q]]
    # no pool gives more than its defence
    for (seat, q), a in absorbed.items():
        assert a <= PIECE_DEFENCE[board[seat][q]]
    # the streams' leftovers are the totals
    for seat in (0, 1):
        dealt = sum(s.to_player for s in phase.streams if s.seat == seat)
        assert dealt == phase.damage_to[1 - seat]


@given(boards)
def test_streams_follow_the_attacker_order_of_5_1(board: list[list[int]]) -> None:
    for seat in (0, 1):
        streams, _ = resolve_direction(board[seat], board[1 - seat], seat)
        order = attacker_order(seat)
        positions = [order.index(s.cell) for s in streams]
        assert positions == sorted(positions)


def test_attacker_orders() -> None:
    names = {v: k for k, v in CELL_INDEX.items()}
    south = [names[c] for c in attacker_order(0)]
    north = [names[c] for c in attacker_order(1)]
    assert south[:6] == ["a/F", "b/F", "c/F", "d/F", "e/F", "a/M"]
    assert north[:6] == ["e/F", "d/F", "c/F", "b/F", "a/F", "e/M"]
    assert south[-1] == "e/B" and north[-1] == "a/B"


@given(boards)
def test_without_mages_the_order_does_not_matter(board: list[list[int]]) -> None:
    no_mages = [[EMPTY if p != EMPTY and p >> 2 == MAGE else p for p in f] for f in board]
    assert resolve(no_mages, Rules(absolute_order=True)).damage_to == resolve(no_mages).damage_to


def test_damage_is_never_negative_titan_against_strong_element() -> None:
    # a Fire Titan (1) against a Water Warrior: -1 -> 0 (A12); still a first contact
    board = parse_board(
        """
        N back (B) . . . . .
        N middle (M) . . . . .
        N front (F) Ww . . . .
        S front (F) Tf . . . .
        S middle (M) . . . . .
        S back (B) . . . . .
        """
    )
    (stream,) = [s for s in resolve(board).streams if s.seat == 0]
    assert stream.modifier == -1 and stream.to_player == 0
    assert stream.contacts == [(0, 0)]


def test_archer_with_one_enemy_in_its_lane_has_no_contact_and_no_modifier() -> None:
    # a Fire Archer facing a lone Water piece: skipped, so no -1 (A10, 5.2 note 7)
    board = parse_board(
        """
        N back (B) . . . . .
        N middle (M) . . . . .
        N front (F) Ww . . . .
        S front (F) Af . . . .
        S middle (M) . . . . .
        S back (B) . . . . .
        """
    )
    (stream,) = [s for s in resolve(board).streams if s.seat == 0]
    assert (stream.modifier, stream.contacts, stream.to_player) == (0, [], 3)


def test_north_mage_bonus_goes_to_norths_left_the_higher_lane() -> None:
    # S6a mirrored for North: North's left is the higher lane letter (5.4)
    board = parse_board(
        """
        N back (B) Tl . . . Tl
        N middle (M) . . . . .
        N front (F) . . Mw . .
        S front (F) . Tf . Wf .
        S middle (M) . . . . .
        S back (B) . . Tw . .
        """
    )
    mage = [s for s in resolve(board).streams if s.seat == 1 and s.cell == CELL_INDEX["c/F"]]
    assert [(s.lane, s.modifier, s.to_player) for s in mage] == [(3, 1, 1), (1, 0, 0)]
    # under the absolute-order alternative (A2/A6) the bonus moves to lane b (Tf soaks it)
    alt = resolve(board, Rules(absolute_order=True)).streams
    mage = [s for s in alt if s.seat == 1 and s.cell == CELL_INDEX["c/F"]]
    assert [(s.lane, s.modifier, s.to_player) for s in mage] == [(1, 1, 0), (3, 0, 0)]


def test_a5_alternative_makes_exhausted_pieces_transparent() -> None:
    # S11: South's d/F mage meets North's exhausted c/F Mf in lane c.
    board = scenario("S11-skip0").board
    std = [s for s in resolve(board).streams if s.seat == 0 and s.cell == CELL_INDEX["d/F"]]
    assert std[0].contacts == [(CELL_INDEX["c/F"], 0)] and std[0].modifier == 1
    alt = resolve(board, Rules(exhausted_transparent=True)).streams
    mage = [s for s in alt if s.seat == 0 and s.cell == CELL_INDEX["d/F"]]
    assert mage[0].contacts == [] and mage[0].modifier == 0 and mage[0].to_player == 2


def test_a3a_and_a4_alternatives_change_s6c_and_s5() -> None:
    assert resolve(scenario("S6c").board, STANDARD).damage_to[1] == 3
    assert resolve(scenario("S6c").board, Rules(bonus_per_stream=True)).damage_to[1] == 4
    assert resolve(scenario("S5").board, STANDARD).damage_to[1] == 5
    assert resolve(scenario("S5").board, Rules(overflow_defence=True)).damage_to[1] == 4


def test_directions_are_independent() -> None:
    # South's attack does not depend on South's own defence pools (5: independent directions)
    board = scenario("S4").board
    phase = resolve(board)
    s_only, to_north = resolve_direction(board[0], board[1], 0)
    n_only, to_south = resolve_direction(board[1], board[0], 1)
    assert phase.streams == s_only + n_only
    assert phase.damage_to == (to_south, to_north)
