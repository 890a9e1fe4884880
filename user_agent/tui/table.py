"""The table as the screen shows it, folded from the events the viewer sees.

`viewer` is a seat number, -1 for a spectator, or None for the omniscient replay view (every
hand shown). `Table` is what the shared screen reads of any game (the events folded, the view
the request words read, the outcome, a snapshot); a game with screen hooks folds into its own
subclass (`ScreenHooks.table`), and a game without gets `GenericTable`: the seat's view from
its client manifest (`user_agent.games.for_game`).
"""

from __future__ import annotations

from typing import Any

from user_agent.bot import View
from user_agent.games import for_game


class Table:
    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        self.game = game
        self.seats = seats
        self.viewer = viewer
        self.events = 0
        self.outcome: dict[str, Any] | None = None  # the engine's `game_over` event's

    @property
    def view(self) -> Any:
        """What the game's request words read (None: nothing)."""
        return None

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        self.events += 1
        if kind == "game_over":
            self.outcome = data.get("outcome")
        self.fold(kind, data)

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        """Fold one event into the game's own state."""

    @property
    def over(self) -> dict[str, Any] | None:
        return self.outcome

    def snapshot(self) -> dict[str, Any]:
        """Everything shown of the table, as plain data (equal tables give equal snapshots)."""
        return {"events": self.events, "outcome": self.over}


class GenericTable(Table):
    """A game without screen hooks: the seat's view from its client manifest (a spectator's
    when omniscient; a `NullView` for a game without a client package)."""

    def __init__(self, game: str, seats: int, viewer: int | None) -> None:
        super().__init__(game, seats, viewer)
        self.seat_view: View = for_game(game, -1 if viewer is None else viewer, seats)

    @property
    def view(self) -> Any:
        return self.seat_view

    def fold(self, kind: str, data: dict[str, Any]) -> None:
        self.seat_view.apply(kind, data)
