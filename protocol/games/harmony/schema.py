"""Harmony of Elements: the event types and request kinds, and one readable line per event.

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

from protocol.registry import GameSchema, register_schema

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


def piece_name(code: str) -> str:
    """``Af`` -> ``Fire Archer`` (unknown codes are shown as they are)."""
    if len(code) != 2 or code[0] not in ROLE_NAMES or code[1] not in ELEMENT_NAMES:
        return code
    return f"{ELEMENT_NAMES[code[1]]} {ROLE_NAMES[code[0]]}"


def seat_name(seat: object) -> str:
    if type(seat) is int and 0 <= seat < len(SEAT_NAMES):
        return SEAT_NAMES[seat]
    return f"seat {seat}"


def _outcome_line(outcome: dict[str, Any]) -> str:
    winner = outcome.get("winner")
    reason = outcome.get("reason", "")
    rnd = outcome.get("round")
    dmg = outcome.get("damage_to")
    tail = ""
    if isinstance(dmg, list) and len(dmg) == 2:
        tail = f" (South took {dmg[0]}, North took {dmg[1]})"
    if winner is None:
        why = {
            "board_full": "the field is full",
            "mutual_lethal": "both players fell",
        }.get(str(reason), str(reason))
        return f"game over: draw in round {rnd}, {why}{tail}"
    how = " on damage compared" if reason == "compare" else ""
    return f"game over: {seat_name(winner)} wins in round {rnd}{how}{tail}"


def render(kind: str, data: dict[str, Any]) -> str:
    """One line of text for an event, e.g. ``round 4: North places Fire Archer at c/M``."""
    r = data.get("round")
    if kind == "game_started":
        skip = data.get("skip_attack_rounds")
        first = seat_name(data.get("first_player"))
        start = data.get("start_round")
        where = "" if data.get("position") is None else f", from a set position in round {start}"
        skipped = "no attack phase skipped" if skip == 0 else f"no attack phase in rounds 1-{skip}"
        return (
            f"game starts: {first} is Player 1; {skipped}; "
            f"mutual lethal: {data.get('mutual_lethal')}{where}"
        )
    if kind == "round_started":
        return f"round {r}: {seat_name(data.get('first_placer'))} places first"
    if kind == "piece_placed":
        code = piece_name(f"{data.get('role')}{data.get('element')}")
        return f"round {r}: {seat_name(data.get('seat'))} places {code} at {data.get('cell')}"
    if kind == "attack_phase_skipped":
        return f"round {r}: attack phase skipped"
    if kind == "attack_stream":
        base = data.get("base")
        mod = data.get("modifier")
        amount = f"{base}" if not mod else f"{base}{mod:+d}"
        parts = []
        for contact in data.get("contacts") or []:
            if isinstance(contact, list) and len(contact) == 3:
                cell, code, absorbed = contact
                parts.append(f"{piece_name(str(code))} at {cell} absorbs {absorbed}")
        hits = "; ".join(parts) if parts else "no enemy piece"
        victim = seat_name(1 - data["seat"]) if type(data.get("seat")) is int else "?"
        return (
            f"round {r}: {seat_name(data.get('seat'))} {piece_name(str(data.get('piece')))} "
            f"at {data.get('cell')} -> lane {data.get('lane')} for {amount}: {hits}; "
            f"{data.get('to_player')} to {victim}"
        )
    if kind == "piece_exhausted":
        return (
            f"round {r}: {seat_name(data.get('seat'))}'s {piece_name(str(data.get('piece')))} "
            f"at {data.get('cell')} is exhausted"
        )
    if kind == "attack_phase_resolved":
        dmg = data.get("damage_to") or [None, None]
        return f"round {r}: South takes {dmg[0]}, North takes {dmg[1]}"
    if kind == "game_over":
        outcome = data.get("outcome")
        return _outcome_line(outcome if isinstance(outcome, dict) else {})
    args = " ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind} {args}".rstrip()


SCHEMA = register_schema(GameSchema("harmony", "1", EVENTS, REQUESTS, make_renderer=lambda: render))
