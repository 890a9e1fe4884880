"""Sanguosha on the full-screen table: a grid of seat panels (general, HP, equipment; a
request's targets marked) and the hand (the cards an option plays marked)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Grid
from textual.widget import Widget

from user_agent.games.sanguosha.widgets import (
    HandPanel,
    SanguoshaTable,
    SeatPanel,
    card_name,
    card_text,
    general_text,
    status,
)
from user_agent.tui.picker import Picker, card_of
from user_agent.tui.screen import ScreenHooks, Shell
from user_agent.tui.table import Table
from user_agent.tui.widgets import Clickable


def table_of(app: Shell) -> SanguoshaTable:
    table = app.table
    assert isinstance(table, SanguoshaTable), table
    return table


class SanguoshaScreen(ScreenHooks):
    def table(self, game: str, seats: int, viewer: int | None) -> Table:
        return SanguoshaTable(game, seats, viewer)

    def seat_panels(self, seats: int) -> Widget:
        return Grid(*(SeatPanel(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [HandPanel(id="hand")]

    def mount(self, app: Shell) -> None:
        grid = app.part("#seats", Grid)
        cols = min(app.seats, 5)
        grid.styles.grid_size_columns = cols
        grid.styles.grid_size_rows = (app.seats + cols - 1) // cols

    def refresh(self, app: Shell) -> None:
        table = table_of(app)
        targets = app.targets()
        for s in range(app.seats):
            app.part(f"#seat-{s}", SeatPanel).show(table, app.lang, targets.get(s))
        app.part("#hand", HandPanel).show(table, app.lang, app.card_picks())

    def status(self, table: Table, lang: str) -> Text:
        assert isinstance(table, SanguoshaTable), table
        return status(table, lang)

    def seat_text(self, app: Shell, seat: int) -> str:
        view = table_of(app).sgs
        if not 0 <= seat < len(view.seats):
            return ""
        info = view.seats[seat]
        if not info.general:
            return f"seat {seat}: no general yet"
        return f"seat {seat}: {general_text(info.general, app.lang)}"

    def card_info(self, app: Shell, card: dict[str, Any]) -> str:
        name = card_name(card, app.lang)
        return f"{name}: {card_text(str(card.get('name', '')), app.lang)}"

    def option_info(self, app: Shell, picker: Picker, index: int) -> str:
        """A general's text (choosing one), a card's, a seat's; a skill or general by id."""
        option = picker.req.options[index]
        if isinstance(option, dict) and picker.req.kind == "choose_general" and "id" in option:
            return general_text(str(option["id"]), app.lang)
        card = card_of(option)
        if card is not None:
            return self.card_info(app, card)
        seat = picker.seat_of(index)
        if seat is not None:
            return self.seat_text(app, seat)
        if isinstance(option, str):
            return general_text(option, app.lang)
        return str(option)

    def clicked(self, app: Shell, widget: Clickable, line: int, column: int) -> bool:
        if not isinstance(widget, HandPanel):
            return False
        card = widget.card_at(line)
        if card is not None:
            app.card_clicked(card)
        return True


SCREEN = SanguoshaScreen()
