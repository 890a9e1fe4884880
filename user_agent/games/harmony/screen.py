"""Harmony on the full-screen table: a panel per side (South, North) and the field."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget

from user_agent.games.harmony.widgets import HarmonyField, HarmonySeat, HarmonyTable, status
from user_agent.tui.screen import ScreenHooks, Shell
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable

HELP = """Harmony
  click an empty cell of your field to place there; a turn of the replay is a round.
"""


def table_of(app: Shell) -> HarmonyTable:
    table = app.table
    assert isinstance(table, HarmonyTable), table
    return table


class HarmonyScreen(ScreenHooks):
    left_width = "58"
    help = HELP

    def table(self, game: str, seats: int, viewer: int | None) -> Table:
        return HarmonyTable(game, seats, viewer)

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(HarmonySeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [HarmonyField(id="field")]

    def refresh(self, app: Shell) -> None:
        table = table_of(app)
        for s in range(app.seats):
            app.part(f"#seat-{s}", HarmonySeat).show(table, app.lang)
        app.part("#field", HarmonyField).show(table, app.lang, app.choosable())

    def status(self, table: Table, lang: str) -> Text:
        assert isinstance(table, HarmonyTable), table
        return status(table)

    def seat_text(self, app: Shell, seat: int) -> str:
        return f"seat {seat}: {'South' if seat == 0 else 'North'}"

    def clicked(self, app: Shell, widget: Clickable, line: int, column: int) -> bool:
        """A click on an empty cell of the viewer's own field places there."""
        if not isinstance(widget, HarmonyField):
            return False
        cell = widget.cell_at(line, column)
        if cell is not None and cell[0] == app.viewer:
            app.pick_value(cell[1])
        return True


SCREEN = HarmonyScreen()
