"""muhq on the full-screen table: a panel per side, the map (it scrolls) and the hand."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal, ScrollableContainer
from textual.widget import Widget

from user_agent.games.muhq.widgets import (
    MuhqBoard,
    MuhqHand,
    MuhqScreenTable,
    MuhqSeat,
    muhq_seat_words,
    status,
)
from user_agent.tui.picker import Picker
from user_agent.tui.screen import ScreenHooks, Shell
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable

HELP = """muhq
  the map panel draws the 7x7 grid with the top row first: columns a.. across, rows 1..
  up (a1 is the bottom-left tile); an empty tile shows its terrain (. plain, F farm field,
  H house, T tower, = street, ~ water, S1 a spawn of seat 0...), a permanent two letters of
  its card and its side (Ki0: seat 0's King); the legend under it lists every permanent
  with its life and tokens.  The options say what happens ('play Spearman at c1', 'attack
  King #2 at d7'); your hand lists each card's stats.  i reads the highlighted option's
  card; click a card of your hand to read it.  shift+arrows scroll the map.  A turn of the
  replay is a seat's turn.
"""


def table_of(app: Shell) -> MuhqScreenTable:
    table = app.table
    assert isinstance(table, MuhqScreenTable), table
    return table


class MuhqScreen(ScreenHooks):
    left_width = "3fr"
    scrolls = "the map"
    help = HELP

    def table(self, game: str, seats: int, viewer: int | None) -> Table:
        return MuhqScreenTable(game, seats, viewer)

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(MuhqSeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [ScrollableContainer(MuhqBoard(id="board"), id="board-scroll"), MuhqHand(id="hand")]

    def refresh(self, app: Shell) -> None:
        table = table_of(app)
        for s in range(app.seats):
            app.part(f"#seat-{s}", MuhqSeat).show(table, app.lang)
        app.part("#board", MuhqBoard).show(table, app.lang)
        app.part("#hand", MuhqHand).show(table, app.lang)

    def status(self, table: Table, lang: str) -> Text:
        assert isinstance(table, MuhqScreenTable), table
        return status(table)

    def seat_text(self, app: Shell, seat: int) -> str:
        said = muhq_seat_words(table_of(app), seat).replace("\n", " · ")
        return f"seat {seat}: {said}" if said else f"seat {seat}"

    def option_info(self, app: Shell, picker: Picker, index: int) -> str:
        """A seat's text, or the option in words with the text of the card it names (play,
        cast, buy, a draft pick or a discard)."""
        seat = picker.seat_of(index)
        if seat is not None:
            return self.seat_text(app, seat)
        m = table_of(app).muhq
        option = picker.req.options[index]
        said = picker.words.options[index] if index < len(picker.words.options) else ""
        card: object = None
        if isinstance(option, str):
            card = option
        elif isinstance(option, list) and len(option) > 1 and option[0] in ("play", "cast", "buy"):
            card = option[1]
        if card is not None and m.card(card) is not None:
            text = m.card_text(card)
            return text if not said or said == text else f"{said}: {text}"
        return said or str(option)

    def clicked(self, app: Shell, widget: Clickable, line: int, column: int) -> bool:
        if not isinstance(widget, MuhqHand):
            return False
        cid = widget.card_at(line)
        if cid is not None:
            app.show_info(table_of(app).muhq.card_text(cid))
        return True


SCREEN = MuhqScreen()
