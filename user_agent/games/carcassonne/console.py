"""Carcassonne's part of the line console: the board above a tile's placement, the drawn tile
as `hand`, the board with the scores, followers and stack as `table`."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.console import ConsoleHooks
from user_agent.games.carcassonne import board


def board_or_error(view: Any) -> list[str]:
    """The board grid, or a line saying it failed."""
    try:
        return list(board.board_lines(view))
    except Exception as exc:  # the board is a help, never a reason to stop the console
        return [f"(the board cannot be drawn: {exc})"]


class CarcassonneConsole(ConsoleHooks):
    answering = (
        """\
  * Carcassonne's options are numbered too: where the tile goes, '(x,y) turned 90°' (x east,
    y north of the start tile at (0,0); clockwise quarter turns), then which follower to put
    on which part of the tile ('knight on the city C1'), or 'no follower (skip)'.""",
    )
    table_help = "the board and the scores, the followers in supply, the stack"

    def hand_lines(self, view: Any) -> list[str]:
        lines = ["Carcassonne has no hand: each turn a player draws one tile and places it"]
        drawn = getattr(view, "drawn", None)
        current = getattr(view, "current", None)
        me = getattr(view, "seat", None)
        if drawn:
            whose = "your" if current == me else f"seat {current}'s"
            lines.append(f"the tile being placed: {drawn} ({whose} turn)")
        else:
            lines.append("no tile is drawn right now")
        supply = getattr(view, "supply", [])
        if isinstance(me, int) and 0 <= me < len(supply):
            lines.append(f"your followers in supply: {supply[me]}")
        return lines

    def table_lines(self, view: Any) -> list[str]:
        lines = board_or_error(view)
        try:
            lines.append(board.scores_line(view))
        except Exception:
            lines.append("scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(view.scores)))
        supply = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.supply))
        lines.append(f"followers in supply: {supply}")
        if view.current is not None:
            tile = f", placing tile {view.drawn}" if view.drawn else ""
            lines.append(f"turn {view.turn}: seat {view.current}'s turn{tile}")
        lines.append(f"the stack: {view.left} tiles left")
        return lines

    def before_request(self, req: RequestSpec, view: Any, first: bool) -> list[str]:
        return board_or_error(view) if req.kind == "place_tile" else []


CONSOLE = CarcassonneConsole()
