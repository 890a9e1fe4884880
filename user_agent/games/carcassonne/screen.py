"""Carcassonne on the full-screen table: a panel per seat (score, followers) and the board,
scrolled to the latest tile when one is placed."""

from __future__ import annotations

from textual.containers import Horizontal, ScrollableContainer
from textual.widget import Widget

from user_agent.tui.base import TableApp
from user_agent.tui.screen import ScreenHooks
from user_agent.tui.widgets import CarcassonneBoard, CarcassonneSeat


class CarcassonneScreen(ScreenHooks):
    left_width = "3fr"
    scrolls = True

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(CarcassonneSeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [ScrollableContainer(CarcassonneBoard(id="board"), id="board-scroll")]

    def mount(self, app: TableApp) -> None:
        board = app.part("#board-scroll", ScrollableContainer)
        board.border_title = "the board (shift+arrows or the mouse wheel scroll it)"
        board.can_focus = False  # the arrows are the request's

    def refresh(self, app: TableApp) -> None:
        for s in range(app.seats):
            app.part(f"#seat-{s}", CarcassonneSeat).show(app.table, app.lang)
        app.part("#board", CarcassonneBoard).show(app.table, app.lang)
        self.follow_last_tile(app)

    def follow_last_tile(self, app: TableApp) -> None:
        """Scroll the board to the latest tile when a new one was placed (a person's own
        scrolling stays until then)."""
        last = app.table.carc.last if app.table.carc is not None else None
        if last == app.memo.get("followed"):
            return
        app.memo["followed"] = last  # the tile scrolled to
        spot = CarcassonneBoard.spot(app.table)
        if spot is None:
            return
        box = app.part("#board-scroll", ScrollableContainer)
        size = box.scrollable_content_region.size
        x, y = max(spot[0] - size.width // 2, 0), max(spot[1] - size.height // 2, 0)
        box.call_after_refresh(box.scroll_to, x, y, animate=False)

    def seat_text(self, app: TableApp, seat: int) -> str:
        carc = app.table.carc
        if carc is None or not 0 <= seat < len(carc.scores):
            return ""
        placed = sum(1 for s in carc.followers.values() if s == seat)
        return (
            f"seat {seat}: {carc.scores[seat]} points; {carc.supply[seat]} followers in "
            f"supply, {placed} on the board"
        )


SCREEN = CarcassonneScreen()
