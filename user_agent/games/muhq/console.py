"""muhq's part of the line console: `hand`, `table` and the request words read the table the
narrator folds from the events told (`MuhqTable`); the map above a unit's action."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.console import ConsoleHooks
from user_agent.games.muhq.board import MuhqTable
from user_agent.words.narrate import Narrator

MAP_REQUESTS = ("unit_action", "drop", "place_carried")  # the requests shown under the map


def _lines(view: Any, what: str) -> list[str]:
    """`hand` or `table` from the folded table, or a line saying it failed."""
    if not isinstance(view, MuhqTable):
        return ["nothing is known about the table yet"]
    try:
        return view.hand_lines() if what == "hand" else view.table_lines()
    except Exception as exc:  # the words are a help, never a reason to stop the console
        return [f"(the table cannot be drawn: {exc})"]


class MuhqConsole(ConsoleHooks):
    answering = (
        """\
  * muhq's options are numbered and worded ('play Spearman at c1', 'attack King #2 at d7',
    'move to c3'); tiles are a column letter and a row number, a1 bottom left, as on the map
    'table' draws (a permanent shows two letters of its card and its seat, e.g. Ki0).""",
    )
    table_help = "the map, its permanents and each side's cards"

    def start(self, narrator: Narrator, seat: int) -> None:
        if narrator.table is not None:
            narrator.table.seat = seat

    def table_view(self, view: Any, narrator: Narrator | None) -> Any:
        return narrator.table if narrator is not None else view

    def hand_lines(self, view: Any) -> list[str]:
        return _lines(view, "hand")

    def table_lines(self, view: Any) -> list[str]:
        return _lines(view, "table")

    def before_request(self, req: RequestSpec, view: Any, first: bool) -> list[str]:
        if isinstance(view, MuhqTable) and req.kind in MAP_REQUESTS:
            return view.grid_lines()
        return []


CONSOLE = MuhqConsole()
