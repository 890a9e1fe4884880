"""Harmony's part of the line console: the board above each request (its legend with the
first), the placement typed by name (`c/F A f`), South and North."""

from __future__ import annotations

import re
from typing import Any

from protocol.choices import Choice, RequestSpec
from user_agent.console import ConsoleHooks
from user_agent.games.harmony.board import ELEMENTS, ROLES, board_lines, legend_lines
from user_agent.words.requests import RequestWords

PLACEMENT_AXES = ["cell", "role", "element"]
_PIECE = re.compile(r"^([TWAM])([wfel])$")
_CELL = re.compile(r"^([a-eA-E])/?([FMBfmb])$")
_ROLE_WORDS = {n.lower(): k for k, (n, _d, _h) in ROLES.items()}
_ELEMENT_WORDS = {n.lower(): k for k, n in ELEMENTS.items()}


def placement(req: RequestSpec, text: str) -> tuple[Choice, str | None]:
    """Harmony's cell x role x element by name (`c/F A f`, `cF Af`, `c/M titan water`)."""
    cells = [str(c) for c in req.options[0]]
    roles = [str(r) for r in req.options[1]]
    elements = [str(e) for e in req.options[2]]
    cell = role = element = None
    for token in text.replace(",", " ").split():
        piece = _PIECE.match(token)
        cell_m = _CELL.match(token) if "/" in token or not piece else None
        if piece:
            role, element = piece.group(1), piece.group(2)
        elif cell_m:
            cell = f"{cell_m.group(1).lower()}/{cell_m.group(2).upper()}"
        elif token in ROLES:
            role = token
        elif token in ELEMENTS:
            element = token
        elif token.lower() in _ROLE_WORDS:
            role = _ROLE_WORDS[token.lower()]
        elif token.lower() in _ELEMENT_WORDS:
            element = _ELEMENT_WORDS[token.lower()]
        else:
            return None, (
                f"type numbers, or a cell, a role and an element (e.g. 'c/F A f'): "
                f"{token!r} is none of these"
            )
    missing = [n for n, v in (("a cell", cell), ("a role", role), ("an element", element)) if not v]
    if missing:
        return None, "give " + " and ".join(missing) + " (e.g. 'c/F A f')"
    if cell not in cells:
        return None, f"{cell} is not an empty cell of your field"
    if role not in roles or element not in elements:
        return None, "that piece cannot be placed"
    return [cells.index(str(cell)), roles.index(str(role)), elements.index(str(element))], None


class HarmonyConsole(ConsoleHooks):
    answering = (
        """\
  * Harmony's placement takes a cell, a role and an element, e.g. 'c/F A f' or 'c/F Af'
    (cells are named as in the rules: lane a to e, row F front, M middle, B back); three
    numbers, one per part, also work.""",
    )
    table_help = "the round, the board and the last attack phase's damage"

    def greeting(self, seat: int) -> str:
        return f" ({'South' if seat == 0 else 'North'})"

    def hand_lines(self, view: Any) -> list[str]:
        return ["Harmony has no hand: your pieces are on the board ('table' shows it)"]

    def table_lines(self, view: Any) -> list[str]:
        lines = [f"round {getattr(view, 'round', 0)}"]
        lines += board_lines(view)
        dmg = getattr(view, "damage_to", None)
        if dmg:
            lines.append(f"last attack phase: South took {dmg[0]}, North took {dmg[1]}")
        return lines

    def before_request(self, req: RequestSpec, view: Any, first: bool) -> list[str]:
        return list(board_lines(view, legend=first))

    def legend_lines(self) -> list[str]:
        return list(legend_lines())

    def typed_by_name(self, w: RequestWords) -> bool:
        return w.axis_names == PLACEMENT_AXES

    def parse(self, req: RequestSpec, w: RequestWords, text: str) -> tuple[Choice, str | None]:
        return placement(req, text)


CONSOLE = HarmonyConsole()
