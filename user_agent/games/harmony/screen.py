"""Harmony on the full-screen table: a panel per side (South, North) and the field."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widget import Widget

from user_agent.tui.base import TableApp
from user_agent.tui.screen import ScreenHooks
from user_agent.tui.widgets import HarmonyField, HarmonySeat


class HarmonyScreen(ScreenHooks):
    left_width = "58"

    def seat_panels(self, seats: int) -> Widget:
        return Horizontal(*(HarmonySeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        return [HarmonyField(id="field")]

    def refresh(self, app: TableApp) -> None:
        for s in range(app.seats):
            app.part(f"#seat-{s}", HarmonySeat).show(app.table, app.lang)
        app.part("#field", HarmonyField).show(app.table, app.lang, app.choosable())

    def seat_text(self, app: TableApp, seat: int) -> str:
        return f"seat {seat}: {'South' if seat == 0 else 'North'}"


SCREEN = HarmonyScreen()
