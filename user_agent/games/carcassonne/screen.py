"""Carcassonne on the full-screen table: a panel per seat (score, followers) and the board,
scrolled to the latest tile when one is placed."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal, ScrollableContainer
from textual.widget import Widget

from user_agent.games.carcassonne.widgets import (
    CarcassonneBoard,
    CarcassonneSeat,
    CarcassonneTable,
    status,
)
from user_agent.tui.picker import Picker
from user_agent.tui.screen import ScreenHooks, Shell
from user_agent.tui.table import Table

HELP = """Carcassonne
  the options say where the tile goes: (x,y) with x east and y north of the start tile at
  (0,0), turned 0/90/180/270 degrees clockwise; then which follower to put on which part of
  it (C city, R road, F field, CL cloister), or none.  shift+arrows scroll the board.
"""


def table_of(app: Shell) -> CarcassonneTable:
    table = app.table
    assert isinstance(table, CarcassonneTable), table
    return table


class CarcassonneScreen(ScreenHooks):
    left_width = "3fr"
    scrolls = "the board"
    help = HELP

    def table(self, game: str, seats: int, viewer: int | None) -> Table:
        return CarcassonneTable(game, seats, viewer)

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(CarcassonneSeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [ScrollableContainer(CarcassonneBoard(id="board"), id="board-scroll")]

    def refresh(self, app: Shell) -> None:
        table = table_of(app)
        for s in range(app.seats):
            app.part(f"#seat-{s}", CarcassonneSeat).show(table, app.lang)
        app.part("#board", CarcassonneBoard).show(table, app.lang)
        self.follow_last_tile(app)

    def follow_last_tile(self, app: Shell) -> None:
        """Scroll the board to the latest tile when a new one was placed (a person's own
        scrolling stays until then)."""
        table = table_of(app)
        last = table.carc.last
        if last == app.memo.get("followed"):
            return
        app.memo["followed"] = last  # the tile scrolled to
        spot = CarcassonneBoard.spot(table)
        if spot is None:
            return
        box = app.part("#board-scroll", ScrollableContainer)
        size = box.scrollable_content_region.size
        x, y = max(spot[0] - size.width // 2, 0), max(spot[1] - size.height // 2, 0)
        box.call_after_refresh(box.scroll_to, x, y, animate=False)

    def status(self, table: Table, lang: str) -> Text:
        assert isinstance(table, CarcassonneTable), table
        return status(table)

    def seat_text(self, app: Shell, seat: int) -> str:
        carc = table_of(app).carc
        if not 0 <= seat < len(carc.scores):
            return ""
        placed = sum(1 for s in carc.followers.values() if s == seat)
        return (
            f"seat {seat}: {carc.scores[seat]} points; {carc.supply[seat]} followers in "
            f"supply, {placed} on the board"
        )

    def option_info(self, app: Shell, picker: Picker, index: int) -> str:
        """A seat's text, or the option in words (where the tile goes)."""
        seat = picker.seat_of(index)
        if seat is not None:
            return self.seat_text(app, seat)
        if 0 <= index < len(picker.words.options):
            return picker.words.options[index]
        return str(picker.req.options[index])


SCREEN = CarcassonneScreen()
