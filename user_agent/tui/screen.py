"""A game's part of the full-screen table (`ClientGame.screen` names its `ScreenHooks`): the
table it folds, the seat panels, what the left column shows (a field, a board, a hand), how
they are refreshed, the status line's words, and the texts on demand (a seat, a card, an
option). This base is the generic behaviour, for a game without hooks (goofspiel, a
third-party ruleset): the seat's view from its manifest, one plain panel per seat, nothing on
the left but the events.

The hooks see the app through `Shell` (what a table app offers its game), so that this module
does not import the app that uses it."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from rich.text import Text
from textual.containers import Horizontal, ScrollableContainer
from textual.widget import Widget

from protocol.choices import Choice, RequestSpec
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.tui.picker import Picker
from user_agent.tui.table import GenericTable, Table
from user_agent.tui.widgets import Clickable, GenericSeat

W = TypeVar("W", bound=Widget)


class Shell(Protocol):
    """What the table app (`user_agent.tui.base.TableApp`) offers a game's hooks."""

    game: str
    seats: int
    viewer: int | None
    lang: str
    table: Table
    memo: dict[str, Any]  # what the game's hooks keep for this app

    def part(self, selector: str, expect: type[W]) -> W: ...

    def show_info(self, text: str) -> None: ...

    def targets(self) -> dict[int, int]:
        """Seat -> the option number that picks it (the pending request's)."""
        ...

    def card_picks(self) -> dict[int, int]:
        """Card id -> the option number that plays it."""
        ...

    def pending(self) -> RequestSpec | None:
        """The request open now for this viewer (None: nothing is asked)."""
        ...

    def choosable(self) -> set[str] | None:
        """The values the pending request's first part may take (None: not such a request)."""
        ...

    def card_clicked(self, card: dict[str, Any]) -> None: ...

    def pick_value(self, value: str) -> None:
        """Answer the pending request's part with `value` (nothing when none is pending)."""
        ...


class ScreenHooks:
    # the left column's width (a CSS scalar: "58", "3fr"; None: the layout's own)
    left_width: str | None = None
    # what the left column's scrolling board is called ("the board", "the map"), "" for none:
    # `left()` then holds it as `#board-scroll` (shift+arrows scroll it, never the request's keys)
    scrolls = ""
    # the game's part of the help screen (its keys, how to read its table)
    help = ""

    def table(self, game: str, seats: int, viewer: int | None) -> Table:
        """A new table of `game` as `viewer` sees it, before any event."""
        return GenericTable(game, seats, viewer)

    def seat_panels(self, seats: int) -> Widget:
        """The row (or grid) of seat panels, `#seats`, each `#seat-N`."""
        return Horizontal(*(GenericSeat(s, id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        """The widgets of the left column (over the event log's left)."""
        return []

    def mount(self, app: Shell) -> None:
        """The layout is on screen: titles, the grid's size (and the scrolling board's)."""
        if self.scrolls:
            board = app.part("#board-scroll", ScrollableContainer)
            board.border_title = f"{self.scrolls} (shift+arrows or the mouse wheel scroll it)"
            board.can_focus = False  # the arrows are the request's

    def refresh(self, app: Shell) -> None:
        """The table changed: show it."""
        targets = app.targets()
        for s in range(app.seats):
            app.part(f"#seat-{s}", GenericSeat).show(app.viewer, targets.get(s))

    def status(self, table: Table, lang: str) -> Text:
        """The game's part of the status line."""
        return Text(table.game, "bold")

    def seat_text(self, app: Shell, seat: int) -> str:
        return f"seat {seat}"

    def card_info(self, app: Shell, card: dict[str, Any]) -> str:
        """A card's text (a card of an option or of a hand)."""
        return str(card.get("name", card))

    def option_info(self, app: Shell, picker: Picker, index: int) -> str:
        """The text about option `index` of the pending request (`i`)."""
        seat = picker.seat_of(index)
        if seat is not None:
            return self.seat_text(app, seat)
        return str(picker.req.options[index])

    def clicked(self, app: Shell, widget: Clickable, line: int, column: int) -> bool:
        """A click on one of the game's own widgets; False: not one of them."""
        return False

    def answered(self, app: Shell, req: RequestSpec, choice: Choice) -> None:
        """The viewer answered `req` with `choice` (a game's hooks may remember what is being
        played, in `app.memo`, for the follow-up requests)."""
        return None


GENERIC = ScreenHooks()


def screen_hooks(game: str) -> ScreenHooks:
    """The screen hooks of `game` (from its client manifest), or the generic ones."""
    c = client(game)
    if c is None or c.screen is None:
        return GENERIC
    found: ScreenHooks = resolve(c.screen)
    return found
