"""The tile set against rules 3 and every statistic of rules 10; ports and rotation (2.1-2.2)."""

from __future__ import annotations

from collections import Counter

import pytest

from protocol.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    KIND,
    KINDS,
    N_TILES,
    PORT_INDEX,
    PORTS,
    ROAD,
    START_KIND,
    edges_from_segments,
    facing_port,
    oriented,
    ring_borders,
    rotate_edges,
    rotate_port,
    stack_letters,
)

# Rules 10, "All three code sources agree on the distribution".
DISTRIBUTION = "A2 B4 C1 D4 E5 F2 G1 H3 I2 J3 K3 L3 M2 N3 O2 P3 Q1 R3 S2 T1 U8 V9 W4 X1"
# Rules 3, the table's edges column.
EDGES = {
    "A": "FFRF", "B": "FFFF", "C": "CCCC", "D": "CRFR", "E": "CFFF", "F": "FCFC",
    "G": "FCFC", "H": "FCFC", "I": "CFFC", "J": "CRRF", "K": "CFRR", "L": "CRRR",
    "M": "CCFF", "N": "CCFF", "O": "CRRC", "P": "CRRC", "Q": "CCFC", "R": "CCFC",
    "S": "CCRC", "T": "CCRC", "U": "RFRF", "V": "FFRR", "W": "FRRR", "X": "RRRR",
}  # fmt: skip


LETTERS = [k.letter for k in KINDS]


def weighted(values: dict[str, int] | Counter[str]) -> int:
    return sum(values.values())


def test_distribution_and_totals() -> None:
    expected = {item[0]: int(item[1:]) for item in DISTRIBUTION.split()}
    assert {k.letter: k.count for k in KINDS} == expected
    assert len(KINDS) == 24
    assert N_TILES == 72
    assert KIND[START_KIND].count == 4  # the start tile is one of the 4 D (rules 1, 10)
    stack = stack_letters()
    assert len(stack) == 71
    assert Counter(stack)["D"] == 3


def test_edges_match_the_table() -> None:
    assert {k.letter: k.edges for k in KINDS} == EDGES


def test_cloisters_and_pennants() -> None:
    assert sum(k.count for k in KINDS if k.cloister) == 6
    assert {k.letter for k in KINDS if k.cloister} == {"A", "B"}
    pennants = {k.letter: k.count * k.pennants for k in KINDS if k.pennants}
    assert pennants == {"C": 1, "F": 2, "M": 2, "O": 2, "Q": 1, "S": 2}
    assert sum(pennants.values()) == 10


def test_edge_counts_over_all_sides() -> None:
    """288 sides = 115 field + 94 road + 79 city (rules 3 and 10)."""
    counts: Counter[str] = Counter()
    for k in KINDS:
        for e in k.edges:
            counts[e] += k.count
    assert counts == {"F": 115, "R": 94, "C": 79}
    assert weighted(counts) == 288


def test_tiles_with_at_least_one_edge_type() -> None:
    """59 / 45 / 44 tiles with at least one field / road / city edge."""
    having = {t: sum(k.count for k in KINDS if t in k.edges) for t in "FRC"}
    assert having == {"F": 59, "R": 45, "C": 44}


def test_adjacent_clockwise_edge_pairs() -> None:
    """FF 46, FR 38, RF 38, RR 38, FC 31, CF 31, CC 30, RC 18, CR 18 (rules 10)."""
    pairs: Counter[str] = Counter()
    for k in KINDS:
        for s in range(4):
            pairs[k.edges[s] + k.edges[(s + 1) % 4]] += k.count
    assert pairs == {
        "FF": 46, "FR": 38, "RF": 38, "RR": 38, "FC": 31, "CF": 31, "CC": 30, "RC": 18,
        "CR": 18,
    }  # fmt: skip
    assert weighted(pairs) == 288


@pytest.mark.parametrize("letter", LETTERS)
def test_segments_imply_the_edges_and_own_every_port_once(letter: str) -> None:
    k = KIND[letter]
    assert edges_from_segments(k) == k.edges
    owned = [p for s in k.segments for p in s.ports]
    road_ports = sum(1 for s in k.segments if s.type == ROAD for _ in s.ports)
    assert sorted(owned) == list(range(12)), "each port belongs to exactly one segment"
    assert road_ports == k.edges.count("R")
    assert len({s.name for s in k.segments}) == len(k.segments)
    assert sum(1 for s in k.segments if s.type == CLOISTER) == (1 if k.letter in "AB" else 0)


@pytest.mark.parametrize("letter", LETTERS)
def test_declared_borders_follow_the_ring_rule(letter: str) -> None:
    k = KIND[letter]
    declared = {s.name: s.borders for s in k.segments if s.type == FIELD}
    assert ring_borders(k) == declared


def test_subtle_borders_of_rules_3_1() -> None:
    """D's south field and the inner corners of J K L O P border no city."""
    assert KIND["D"].segments[3].borders == frozenset()
    for letter in "JKLOP":
        inner = [s for s in KIND[letter].segments if s.type == FIELD and not s.borders]
        assert inner, letter
    assert KIND["H"].segments[2].borders == {"C1", "C2"}
    assert KIND["I"].segments[2].borders == {"C1", "C2"}
    assert [s.type for s in KIND["H"].segments].count(CITY) == 2


def test_quarter_turn_of_ports_is_the_rules_table() -> None:
    table = "Nw->En N->E Ne->Es En->Se E->S Es->Sw Se->Ws S->W Sw->Wn Ws->Nw W->N Wn->Ne"
    for item in table.split(" "):
        a, b = item.split("->")
        assert PORTS[rotate_port(PORT_INDEX[a], 1)] == b


def test_facing_ports_are_the_rules_pairs() -> None:
    pairs = {"Nw": "Sw", "N": "S", "Ne": "Se", "En": "Wn", "E": "W", "Es": "Ws"}
    for a, b in pairs.items():
        assert PORTS[facing_port(PORT_INDEX[a])] == b
        assert PORTS[facing_port(PORT_INDEX[b])] == a
    assert all(facing_port(facing_port(p)) == p for p in range(12))


@pytest.mark.parametrize("letter", LETTERS)
def test_four_turns_are_the_identity_and_rotated_ports_match_rotated_edges(letter: str) -> None:
    k = KIND[letter]
    assert rotate_edges(rotate_edges(k.edges, 3), 1) == k.edges
    assert oriented(k.letter, 4) == oriented(k.letter, 0)
    assert oriented(k.letter, 0).segments == k.segments
    for r in range(4):
        o = oriented(k.letter, r)
        for seg in o.segments:
            again = seg
            for _ in range(4):
                again = again.rotated(1)
            assert again == seg
        for s in range(4):  # rotated segments imply the rotated edges, side by side
            side_types = {x.type for x in o.segments for p in x.ports if p // 3 == s}
            edge = o.edges[s]
            if edge == "C":
                assert side_types == {CITY}
            elif edge == "R":
                assert o.segment(str(o.owner[3 * s + 1])).type == ROAD
            else:
                assert side_types == {FIELD}
        assert o.edges == rotate_edges(k.edges, r)


def test_rotated_edges_of_the_scenarios() -> None:
    """The edges rules 8 states for rotated tiles."""
    assert oriented("E", 2).edges == "FFCF"
    assert oriented("A", 1).edges == "FFFR"
    assert oriented("N", 1).edges == "FCCF"
    assert oriented("M", 2).edges == "FFCC"
    assert oriented("U", 1).edges == "FRFR"


def test_rotation_moves_ports_clockwise() -> None:
    d1 = oriented("D", 1)  # city cap east, road north-south
    assert d1.segment("C1").ports == {PORT_INDEX[p] for p in ("En", "E", "Es")}
    assert d1.segment("R1").ports == {PORT_INDEX["N"], PORT_INDEX["S"]}
    assert d1.segment("F1").ports == {PORT_INDEX["Se"], PORT_INDEX["Ne"]}
