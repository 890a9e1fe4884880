"""Sanguosha on the full-screen table: a grid of seat panels (general, HP, equipment; a
request's targets marked) and the hand (the cards an option plays marked)."""

from __future__ import annotations

from textual.containers import Grid
from textual.widget import Widget

from user_agent.tui import words
from user_agent.tui.base import TableApp
from user_agent.tui.screen import ScreenHooks
from user_agent.tui.widgets import HandPanel, SeatPanel


class SanguoshaScreen(ScreenHooks):
    def seat_panels(self, seats: int) -> Widget:
        return Grid(*(SeatPanel(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [HandPanel(id="hand")]

    def mount(self, app: TableApp) -> None:
        grid = app.part("#seats", Grid)
        cols = min(app.seats, 5)
        grid.styles.grid_size_columns = cols
        grid.styles.grid_size_rows = (app.seats + cols - 1) // cols

    def refresh(self, app: TableApp) -> None:
        targets = app.targets()
        for s in range(app.seats):
            app.part(f"#seat-{s}", SeatPanel).show(app.table, app.lang, targets.get(s))
        app.part("#hand", HandPanel).show(app.table, app.lang, app.card_picks())

    def seat_text(self, app: TableApp, seat: int) -> str:
        view = app.table.sgs
        if view is None or not 0 <= seat < len(view.seats):
            return ""
        info = view.seats[seat]
        if not info.general:
            return f"seat {seat}: no general yet"
        return f"seat {seat}: {words.general_text(info.general, app.lang)}"


SCREEN = SanguoshaScreen()
