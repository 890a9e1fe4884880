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

`unseen(side)` is what the seat can deduce of the cards it cannot see: every card a side owns
is known (the map's starting deck and units, and every purchase, are public), and so is every
one of them that is in a discard pile, on the map, on the action stack or in a hand the seat
sees; the rest are in that side's hand and deck, in an unknown order. In a game started from a
scenario the starting hands and decks are not public, and `unseen` is None.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from protocol.errors import ConfigError
from protocol.games.muhq import state as muhq_state
from protocol.games.muhq.state import UNKNOWN, MuhqState
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
        # per side: every card it owns (None: not public, a scenario's position), see `unseen`
        self.owned: list[Counter[str]] | None = None

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
            self._own(st, kind, data)
        except (KeyError, ValueError, IndexError):
            # an event this view cannot fold (content it does not know): stop trusting it
            self.broken = True
            self.state = None

    def _own(self, st: MuhqState, kind: str, data: dict[str, Any]) -> None:
        """Keep `owned`: the starting decks and units, then each purchase."""
        if kind == "game_started":
            self.owned = None
            if data.get("scenario") is None:
                owned: list[Counter[str]] = [Counter(c.discard) for c in st.cards]
                for p in st.perms.values():
                    owned[p.owner][p.card] += 1
                for side in range(st.sides):
                    owned[side].update(self._starting_deck(st, side))
                self.owned = owned
        elif self.owned is None:
            return
        elif kind == "card_bought":
            self.owned[data["side"]][data["card"]] += 1
        elif kind == "deck_set" and sum(self._starting_deck(st, data["side"]).values()) != len(
            st.cards[data["side"]].deck
        ):
            self.owned = None  # not the map's starting deck: nothing can be deduced

    @staticmethod
    def _starting_deck(st: MuhqState, side: int) -> dict[str, int]:
        return dict(st.spec.kraken_deck if side == st.players else st.spec.starting_deck)

    def unseen(self, side: int) -> dict[str, int] | None:
        """The cards of the side's hand and deck that this seat cannot see, count per card (its
        own: its deck; the Kraken's: its deck), or None where that is not public."""
        every = self.unseen_all()
        return every[side] if every is not None and 0 <= side < len(every) else None

    def unseen_all(self) -> list[dict[str, int]] | None:
        """`unseen` of every side, in one pass over the map."""
        st = self.state
        if self.owned is None or st is None or self.broken:
            return None
        left = [dict(owned) for owned in self.owned]
        for side, cards in enumerate(st.cards):
            here = left[side]
            for c in cards.discard:
                here[c] = here.get(c, 0) - 1
            for c in cards.hand:
                if c != UNKNOWN:
                    here[c] = here.get(c, 0) - 1
        for p in st.perms.values():
            here = left[p.owner]
            here[p.card] = here.get(p.card, 0) - 1
        for frame in st.stack:
            here = left[frame["side"]]
            for c in (frame.get("card"), *frame.get("with", ())):
                if c:
                    here[c] = here.get(c, 0) - 1
        return [{c: n for c, n in here.items() if n > 0} for here in left]

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
