"""Steps 1 and 2 of a turn (rules 5, 7; gap G4): refill an empty deck, draw up to three.

Readings: the deck is refilled from the discard pile only at step 1 of a turn, when it is empty
(gap G4; ``reshuffle_mid_draw = True`` also refills during a draw); step 2 draws up to three cards
(``hand_rule = "refill3"``, rules 000) or, with ``"discard_and_draw"`` (rules 001), the hand is
discarded at the end of the turn and three are drawn.

The shuffled order is a secret event nobody sees (public form: the count); drawn cards go to
their owner only (public form: the count). The Kraken's cards have no seat to hide from.
"""

from __future__ import annotations

from game_agent.engine import Game
from protocol.games.muhq.state import MuhqState

HAND = 3
HAND_RULES = ("refill3", "discard_and_draw")


def refill(g: Game, side: int) -> None:
    c = g.state.cards[side]
    if c.deck or not c.discard:
        return
    deck = sorted(c.discard)
    g.rng.shuffle(deck)
    g.emit(
        "deck_refilled",
        {"side": side, "deck": deck},
        seats=(),
        public={"side": side, "count": len(deck)},
    )


def draw(g: Game, side: int, mid: bool) -> None:
    """Draw until three cards are in hand; with `mid` (``reshuffle_mid_draw``) an empty deck
    takes the discard pile during the draw too."""
    st: MuhqState = g.state
    c = st.cards[side]
    while len(c.hand) < HAND:
        if not c.deck:
            if not mid or not c.discard:
                return
            refill(g, side)
        n = min(HAND - len(c.hand), len(c.deck))
        seats = (side,) if side < st.players else None
        g.emit(
            "cards_drawn",
            {"side": side, "cards": c.deck[:n]},
            seats=seats,
            public={"side": side, "count": n},
        )
