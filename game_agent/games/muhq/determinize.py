"""The determinize hook (`game_agent.engine.Determinizable`).

What a seat has not seen in muhq: the order of every deck (its own included), and the cards in
the other players' hands. It knows the rest: its own hand, the map, every store and discard
pile, the action stack, the Kraken's revealed card, and which cards each side holds in hand and
deck together (its starting deck and purchases are public, and every card that leaves a hand is
shown). A sample therefore keeps all of that, and for each side deals again the side's cards
that the seat cannot see:

- the seat itself: its deck is shuffled;
- another player: its hand and deck are pooled, shuffled and dealt back in the same sizes;
- the Kraken: its deck is shuffled.

It is one secret ``redealt`` event (public form: no cards), so views, the schema and `fold`
need nothing else. It refuses during the draft (packs in other hands) and while another seat's
request is open (its options name that seat's hand cards). What is dealt again is sorted before
it is shuffled, so the sample depends only on what the seat has seen, never on the true order.
"""

from __future__ import annotations

from game_agent.engine import EngineError, Game, Rng
from protocol.games.muhq.state import MuhqState


def determinize(g: Game, seat: int, rng: Rng) -> None:
    st: MuhqState = g.state
    if g.config["draft"] and st.turn == 0:  # the draft is not over: no turn has started
        raise EngineError("muhq determinize: not during the draft (the packs are in other hands)")
    other = [r.seat for r in g.open if r.seat != seat]
    if other:
        raise EngineError(f"muhq determinize: seat {other[0]} has an open request on its hand")
    decks: list[list[str]] = []
    hands: list[list[str]] = []
    for side, c in enumerate(st.cards):
        if side == seat or side >= st.players:  # own hand, the Kraken's revealed card: seen
            deck = sorted(c.deck)
            rng.shuffle(deck)
            decks.append(deck)
            hands.append(list(c.hand))
        else:
            pool = sorted([*c.hand, *c.deck])
            rng.shuffle(pool)
            hands.append(pool[: len(c.hand)])
            decks.append(pool[len(c.hand) :])
    g.emit("redealt", {"decks": decks, "hands": hands}, seats=(), public={"sides": len(decks)})
