"""Harmony of Elements: the event types and request kinds (their words are the client's).

Vocabulary shared by every side (no rules here): seats are 0 = South and 1 = North; a cell is
written ``lane/row`` with lanes ``a``..``e`` (absolute, read from South's left) and rows ``F``
(front, next to the midline), ``M``, ``B``; a piece is a role letter and an element letter, e.g.
``Af`` = Fire Archer.

Events (full form = public form, Harmony has no hidden information):

``game_started``           first_player (seat of Player 1), skip_attack_rounds, mutual_lethal,
                           start_round, position (None, or per seat a map cell -> piece code for a
                           scenario's starting position)
``round_started``          round, first_placer
``piece_placed``           round, seat, cell, role, element
``attack_phase_skipped``   round
``attack_stream``          round, seat (attacker), cell, piece, lane, base, modifier (-1/0/+1),
                           contacts (list of [defender cell, piece code, absorbed]), to_player
``piece_exhausted``        round, seat (owner), cell, piece
``attack_phase_resolved``  round, damage_to ([to South, to North])
``game_over``              outcome: winner (seat or None), reason, round, damage_to

Request: ``place_piece`` (form ``product``: axes = legal cells, roles ``TWAM``, elements
``wfel``), info = {"round": r}.
"""

from __future__ import annotations

from typing import Any

from protocol.registry import Ask, GameSchema, register_schema

SEAT_NAMES = ("South", "North")
ROLE_CODES = ("T", "W", "A", "M")
ROLE_NAMES = {"T": "Titan", "W": "Warrior", "A": "Archer", "M": "Mage"}
ELEMENT_CODES = ("w", "f", "e", "l")
ELEMENT_NAMES = {"w": "Water", "f": "Fire", "e": "Earth", "l": "Lightning"}

EVENTS: dict[str, dict[str, Any]] = {
    "game_started": {
        "first_player": int,
        "skip_attack_rounds": int,
        "mutual_lethal": str,
        "start_round": int,
        "position": ([dict], None),
    },
    "round_started": {"round": int, "first_placer": int},
    "piece_placed": {"round": int, "seat": int, "cell": str, "role": str, "element": str},
    "attack_phase_skipped": {"round": int},
    "attack_stream": {
        "round": int,
        "seat": int,
        "cell": str,
        "piece": str,
        "lane": str,
        "base": int,
        "modifier": int,
        "contacts": [list],
        "to_player": int,
    },
    "piece_exhausted": {"round": int, "seat": int, "cell": str, "piece": str},
    "attack_phase_resolved": {"round": int, "damage_to": [int]},
}

REQUESTS: dict[str, dict[str, Any]] = {
    "place_piece": {"round": int},
}


LANES = "abcde"
ROWS = "FMB"  # front (next to the midline), middle, back
ROW_WORDS = {"F": "front", "M": "middle", "B": "back"}
MIDLINE = " " * 13 + "-" * 25 + "  midline"


def board_lines(position: list[dict[str, str]]) -> list[str]:
    """The board in the notation of rules section 9; ``position[seat]`` maps cell -> piece code.

    North's rows are drawn back to front above the midline, South's front to back below it.
    """

    def row(seat: int, r: str) -> str:
        label = f"{'SN'[seat]} {ROW_WORDS[r]:<6} ({r})"
        cells = position[seat]
        return label + " " + "".join(f"{cells.get(f'{lane}/{r}', '.'):>5}" for lane in LANES)

    header = " " * 13 + "".join(f"{lane:>5}" for lane in LANES)
    return [
        header,
        *(row(1, r) for r in reversed(ROWS)),
        MIDLINE,
        *(row(0, r) for r in ROWS),
    ]


def seat_name(seat: object) -> str:
    if type(seat) is int and 0 <= seat < len(SEAT_NAMES):
        return SEAT_NAMES[seat]
    return f"seat {seat}"


ASKS: dict[str, Ask] = {
    "place_piece": Ask(
        info={
            "round": "the round, 1..",
        },
        decides="where to place a piece and which piece: a cell, a role and an element",
        form="product",
        option=str,
        axes=(
            'cell: a legal empty cell of yours, "lane/row" (e.g. "c/F")',
            'role: "T" Titan, "W" Warrior, "A" Archer, "M" Mage',
            'element: "w" Water, "f" Fire, "e" Earth, "l" Lightning',
        ),
        default="[0, 0, 0]: the first legal cell, a Titan, of Water",
        reply="[cell index, role index, element index]: every combination is legal",
    ),
}

SCHEMA = register_schema(GameSchema("harmony", "1", EVENTS, REQUESTS, asks=ASKS))
