"""A player's cards (rules 5, 5.2, 6.5, 7): the pure steps of a turn that move cards between
the zones of the state's `Cards` record (deck, hand, discard pile and store).

Readings: the deck is refilled from the discard pile only at step 1 of a turn, when it is empty
(gap G4; ``reshuffle_mid_draw = True`` also refills during a draw); step 2 draws up to three cards
(``hand_rule = "refill3"``, rules 000) or, with ``"discard_and_draw"`` (rules 001), the hand is
discarded at the end of the turn and three are drawn. Buying takes a card from the player's own
store onto the discard pile, for its buy cost, once per turn (rules 5.2). Two cards from hand
may be traded for 1 resource at any time (rules 6.5). Shuffles use the generator given (the
engine's seeded one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from protocol.games.muhq.state import Cards

HAND = 3
HAND_RULES = ("refill3", "discard_and_draw")


class Shuffler(Protocol):
    def shuffle(self, items: list[str]) -> None: ...


def refill(c: Cards, rng: Shuffler) -> bool:
    """Step 1: an empty deck takes the shuffled discard pile. True when it did."""
    if c.deck or not c.discard:
        return False
    c.deck = list(c.discard)
    c.discard.clear()
    rng.shuffle(c.deck)
    return True


def draw_up(c: Cards, rng: Shuffler, reshuffle_mid_draw: bool = False) -> list[str]:
    """Step 2: draw until three cards are in hand (fewer if the deck runs out)."""
    drawn: list[str] = []
    while len(c.hand) < HAND:
        if not c.deck and not (reshuffle_mid_draw and refill(c, rng)):
            break
        card = c.deck.pop(0)
        c.hand.append(card)
        drawn.append(card)
    return drawn


def discard_from_hand(c: Cards, cards: Sequence[str]) -> None:
    """Step 6 (or a trade): the named hand cards go to the discard pile."""
    for card in cards:
        if card not in c.hand:
            raise ValueError(f"{card} is not in the hand")
        c.hand.remove(card)
        c.discard.append(card)


def trade(c: Cards, cards: Sequence[str]) -> None:
    """Rules 6.5: two hand cards onto the discard pile for 1 resource."""
    if len(cards) != 2:
        raise ValueError("a trade takes exactly two cards from the hand")
    discard_from_hand(c, cards)
    c.resource += 1


def buyable(c: Cards, costs: dict[str, int | None]) -> list[str]:
    """The distinct store cards the player can pay for now (none after a purchase this turn)."""
    if c.bought:
        return []
    out = []
    for card in c.store:
        cost = costs.get(card)
        if cost is not None and cost <= c.resource and card not in out:
            out.append(card)
    return out


def buy(c: Cards, card: str, cost: int) -> None:
    """Rules 5.2: pay, take the card from the store onto the discard pile; once per turn."""
    if c.bought:
        raise ValueError("only one card can be bought per turn")
    if card not in c.store:
        raise ValueError(f"{card} is not in this player's store")
    if cost > c.resource:
        raise ValueError(f"{card} costs {cost}, the player has {c.resource}")
    c.resource -= cost
    c.store.remove(card)
    c.discard.append(card)
    c.bought = True
