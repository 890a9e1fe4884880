"""Harmony of Elements' field as a text grid, with a legend.

Cells keep the names of the rules (section 2.1): ``lane/row``, lanes ``a``..``e`` read from
South's left, rows ``F`` (front, by the midline), ``M``, ``B``; so ``c/F`` is lane c, front
row, on either side. A name never changes while the field fills up. A piece is shown by its
code, role letter then element letter (``Af`` = Fire Archer); ``*`` marks a piece exhausted in
this round's attack phase.
"""

from __future__ import annotations

from typing import Any

LANES = "abcde"
ROWS = "FMB"
ROW_WORDS = {"F": "front", "M": "middle", "B": "back"}
SIDES = ("South", "North")
ROLES = {"T": ("Titan", 1, 3), "W": ("Warrior", 2, 2), "A": ("Archer", 3, 1), "M": ("Mage", 2, 1)}
ELEMENTS = {"w": "Water", "f": "Fire", "e": "Earth", "l": "Lightning"}
CELL_W = 5


def piece_words(code: str) -> str:
    """``Af`` -> ``Fire Archer``."""
    if len(code) == 2 and code[0] in ROLES and code[1] in ELEMENTS:
        return f"{ELEMENTS[code[1]]} {ROLES[code[0]][0]}"
    return "unknown piece"


def a_piece(code: str) -> str:
    """``Ef`` -> ``an Earth ...``, ``Af`` -> ``a Fire Archer``."""
    words = piece_words(code)
    return f"an {words}" if words[:1] in "AEIOU" else f"a {words}"


def cell_words(cell: str) -> str:
    """``c/F`` -> ``c/F (lane c, front row)``."""
    lane, _, row = cell.partition("/")
    if lane in LANES and row in ROW_WORDS:
        return f"{cell} (lane {lane}, {ROW_WORDS[row]} row)"
    return cell


def _fields(view: Any) -> tuple[list[dict[str, str]], list[set[str]]]:
    if isinstance(view, list):
        return [dict(f) for f in view], [set(), set()]
    fields = [dict(f) for f in getattr(view, "fields", [{}, {}])]
    turned = [set(t) for t in getattr(view, "turned", [set(), set()])]
    return fields, turned


def legend_lines() -> list[str]:
    roles = ", ".join(f"{k} {n} ({d} damage, {h} defence)" for k, (n, d, h) in ROLES.items())
    elements = ", ".join(f"{k} {n}" for k, n in ELEMENTS.items())
    return [
        f"pieces: role letter then element letter; roles: {roles}",
        f"elements: {elements}; Water beats Fire beats Earth beats Lightning beats Water",
        "cells: lane/row, e.g. c/F = lane c, front row (rows F front, M middle, B back); "
        "* = exhausted this round",
    ]


def board_lines(view: Any, legend: bool = True) -> list[str]:
    """The field (North on top, South below the midline) as lines of text. `view` is a
    Harmony view (`fields`, `turned`) or a list of two maps cell -> piece code."""
    fields, turned = _fields(view)

    def row(seat: int, r: str) -> str:
        label = f"{SIDES[seat]} {ROW_WORDS[r]} ({r})"
        cells = []
        for lane in LANES:
            cell = f"{lane}/{r}"
            code = fields[seat].get(cell, ".")
            mark = "*" if cell in turned[seat] else ""
            cells.append(f"{code + mark:>{CELL_W}}")
        return f"{label:<16}" + "".join(cells)

    header = " " * 16 + "".join(f"{lane:>{CELL_W}}" for lane in LANES)
    mid = " " * 16 + "-" * (CELL_W * len(LANES) + 1) + " midline"
    lines = [header, *(row(1, r) for r in reversed(ROWS)), mid, *(row(0, r) for r in ROWS)]
    return lines + legend_lines() if legend else lines
