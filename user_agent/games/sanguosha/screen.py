"""Sanguosha on the full-screen table: a grid of seat panels (general, HP, equipment, the
distance from you and whether it is within your attack range; a request's targets marked) and
the hand (the cards an option plays marked; during a target step, the card being played)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Grid
from textual.widget import Widget

from protocol.choices import Choice, RequestSpec
from user_agent.games.sanguosha.messages import SG
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


# The follow-ups of a card or skill being played: the cards chosen in one are the card being
# played (or paid) in the next; the target steps show them.
CARD_STEPS = frozenset(("view_as_cards", "skill_cards"))
TARGET_STEPS = frozenset(("targets", "skill_targets"))


def chosen_cards(req: RequestSpec, choice: Choice) -> list[int]:
    """The ids of the cards `choice` picks among `req`'s options (a play option's card, the
    sub-cards of a conversion or a skill's cost)."""
    picked = [choice] if isinstance(choice, int) else choice or []
    out = []
    for i in picked:
        card = card_of(req.options[i]) if 0 <= i < len(req.options) else None
        if card is not None and "id" in card:
            out.append(int(card["id"]))
    return out


def playing(app: Shell) -> set[int]:
    """The ids of the hand cards being played, while a target step is open: those chosen in
    the steps before it, or (a console that joined mid-way) the first hand card that is the
    request's card."""
    req = app.pending()
    if req is None or req.kind not in TARGET_STEPS:
        return set()
    remembered: list[int] = app.memo.get("playing", [])
    if remembered:
        return set(remembered)
    card = req.info.get("card")
    if not isinstance(card, dict):
        return set()
    same = ("name", "suit", "rank")
    for c in table_of(app).my_hand:
        if all(c.get(k) == card.get(k) for k in same):
            return {int(c["id"])}
    return set()


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
        app.part("#hand", HandPanel).show(table, app.lang, app.card_picks(), playing(app))

    def status(self, table: Table, lang: str) -> Text:
        assert isinstance(table, SanguoshaTable), table
        return status(table, lang)

    def seat_text(self, app: Shell, seat: int) -> str:
        view = table_of(app).sgs
        if not 0 <= seat < len(view.seats):
            return ""
        info = view.seats[seat]
        if not info.general:
            return SG(app.lang, "tui.no_general", seat=seat)
        return SG(app.lang, "tui.seat_text", seat=seat, text=general_text(info.general, app.lang))

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

    def answered(self, app: Shell, req: RequestSpec, choice: Choice) -> None:
        """Remember the card being played: a play option's card; the cards of a conversion or
        a skill's cost added to it; kept through the target steps (Collateral has two); gone
        when going back or at any other request."""
        if req.kind == "play":
            app.memo["playing"] = chosen_cards(req, choice)
        elif req.kind in CARD_STEPS and choice is not None:
            app.memo["playing"] = [*app.memo.get("playing", []), *chosen_cards(req, choice)]
        elif req.kind not in TARGET_STEPS or choice is None:
            app.memo.pop("playing", None)


SCREEN = SanguoshaScreen()
