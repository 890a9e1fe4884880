"""A game's part of the full-screen table (`ClientGame.screen` names its `ScreenHooks`): the
seat panels, what the left column shows (a field, a board, a hand), how they are refreshed,
and the seat's text on demand. This base is the generic behaviour, for a game without hooks (a
third-party ruleset): one plain panel per seat and nothing on the left but the events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from user_agent.games import client
from user_agent.games.manifest import resolve

if TYPE_CHECKING:
    from user_agent.tui.base import TableApp
    from user_agent.tui.widgets import Clickable


class ScreenHooks:
    # the left column's width (a CSS scalar: "58", "3fr"; None: the layout's own)
    left_width: str | None = None
    # whether the left column holds a board that scrolls (`#board-scroll`: shift+arrows)
    scrolls = False

    def seat_panels(self, seats: int) -> Widget:
        """The row (or grid) of seat panels, `#seats`, each `#seat-N`."""
        return Horizontal(*(Static(f"seat {s}", id=f"seat-{s}") for s in range(seats)), id="seats")

    def left(self) -> list[Widget]:
        """The widgets of the left column (over the event log's left)."""
        return []

    def mount(self, app: TableApp) -> None:
        """The layout is on screen: titles, the grid's size."""

    def refresh(self, app: TableApp) -> None:
        """The table changed: show it."""

    def seat_text(self, app: TableApp, seat: int) -> str:
        return f"seat {seat}"

    def clicked(self, app: TableApp, widget: Clickable, line: int) -> bool:
        """A click on one of the game's own widgets; False: not one of them."""
        return False


GENERIC = ScreenHooks()


def screen_hooks(game: str) -> ScreenHooks:
    """The screen hooks of `game` (from its client manifest), or the generic ones."""
    c = client(game)
    if c is None or c.screen is None:
        return GENERIC
    found: ScreenHooks = resolve(c.screen)
    return found
