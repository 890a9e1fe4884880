"""muhq's game: the table as one seat sees it, folded from the seat's own events.

The view is the contract's `MuhqState`, folded by the contract's applier
(`protocol.games.muhq.state.apply`, the same state and applier the ruleset keeps its game
with). The applier folds the public (redacted) forms of the
secret events too: a card the seat may not see is the placeholder ``"?"`` in a deck or hand.
So the seat's own hand holds real card ids, the other hands and every deck hold ``"?"``, and
the map, the permanents, the stores, the discard piles and the resources are exact.

`game_started` carries everything the view needs besides the events: the texts of any content
files added to the bundled ones, and the rule options (`state.started_state`). If that content
cannot be loaded or an event cannot be folded, the view stops (`ready` is false) and a bot
reading it answers with the requests alone.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ConfigError
from protocol.games.muhq import state as muhq_state
from protocol.games.muhq.state import MuhqState
from protocol.records import Event


class MuhqView:
    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        self.seats = seats
        self.state: MuhqState | None = None
        self.map: str | None = None
        self.unknown_map = False  # the game's content could not be loaded: nothing is folded
        self.broken = False  # an event failed to fold: the state is no longer trusted
        self.outcome: dict[str, Any] | None = None
        self.events = 0  # events folded so far (a key for caches of what is derived from them)

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        self.events += 1
        if kind == "game_over":
            self.outcome = data.get("outcome")
        if kind == "game_started":
            self._start(data)
        st = self.state
        if st is None or self.broken:
            return
        try:
            muhq_state.apply(st, Event(kind, data))
        except (KeyError, ValueError, IndexError):
            # an event this view cannot fold (content it does not know): stop trusting it
            self.broken = True
            self.state = None

    def _start(self, data: dict[str, Any]) -> None:
        self.map = str(data["map"])
        try:
            self.state = muhq_state.started_state(data)
        except (ConfigError, KeyError, ValueError):
            self.unknown_map = True
            self.state = None

    @property
    def ready(self) -> bool:
        """Whether the view holds a trustworthy state."""
        return self.state is not None and not self.broken

    def hand(self) -> list[str]:
        """The seat's own hand (real card ids)."""
        if self.state is None:
            return []
        return list(self.state.cards[self.seat].hand)


def make_view(seat: int, seats: int) -> MuhqView:
    return MuhqView(seat, seats)
