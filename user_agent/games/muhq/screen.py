"""muhq on the full-screen table: a panel per side, the map (it scrolls) and the hand."""

from __future__ import annotations

from textual.containers import Horizontal, ScrollableContainer
from textual.widget import Widget

from user_agent.tui.base import TableApp
from user_agent.tui.screen import ScreenHooks
from user_agent.tui.widgets import Clickable, MuhqBoard, MuhqHand, MuhqSeat, muhq_seat_words


class MuhqScreen(ScreenHooks):
    left_width = "3fr"
    scrolls = True

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(MuhqSeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [ScrollableContainer(MuhqBoard(id="board"), id="board-scroll"), MuhqHand(id="hand")]

    def mount(self, app: TableApp) -> None:
        board = app.part("#board-scroll", ScrollableContainer)
        board.border_title = "the map (shift+arrows or the mouse wheel scroll it)"
        board.can_focus = False  # the arrows are the request's

    def refresh(self, app: TableApp) -> None:
        for s in range(app.seats):
            app.part(f"#seat-{s}", MuhqSeat).show(app.table, app.lang)
        app.part("#board", MuhqBoard).show(app.table, app.lang)
        app.part("#hand", MuhqHand).show(app.table, app.lang)

    def seat_text(self, app: TableApp, seat: int) -> str:
        said = muhq_seat_words(app.table, seat).replace("\n", " · ")
        return f"seat {seat}: {said}" if said else f"seat {seat}"

    def clicked(self, app: TableApp, widget: Clickable, line: int) -> bool:
        if not isinstance(widget, MuhqHand):
            return False
        cid = widget.card_at(line)
        if cid is not None and app.table.muhq is not None:
            app.show_info(app.table.muhq.card_text(cid))
        return True


SCREEN = MuhqScreen()
