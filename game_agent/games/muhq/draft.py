"""The booster draft of rules 4, with the recommended precise form.

Packs of 10 are dealt from the shuffled pool. While at least one pack per player remains and
some player has fewer than 25 drafted cards (checked at the start of a round), each player takes
a pack; in turn, each player takes one card from the pack in hand and passes the rest to the
next player in seat order, until the packs are empty. A last short pack is set aside; cards not
drafted are out of the game. `pick` decides which card a player takes (a bot or a person).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

PACK = 10
ENOUGH = 25

Pick = Callable[[int, Sequence[str]], int]  # (seat, the pack in hand) -> index of the card


def packs_of(pool: Sequence[str]) -> list[list[str]]:
    """The full packs of 10 of a (shuffled) pool, in order; a short rest is set aside."""
    n = len(pool) // PACK
    return [list(pool[i * PACK : (i + 1) * PACK]) for i in range(n)]


def draft(pool: Sequence[str], players: int, pick: Pick) -> list[list[str]]:
    """Each player's drafted cards, in the order taken."""
    packs = packs_of(pool)
    drafted: list[list[str]] = [[] for _ in range(players)]
    while len(packs) >= players and any(len(d) < ENOUGH for d in drafted):
        hands = [packs.pop(0) for _ in range(players)]
        while any(hands):
            for seat in range(players):
                pack = hands[seat]
                if pack:
                    i = pick(seat, pack)
                    if not 0 <= i < len(pack):
                        raise ValueError(f"seat {seat} picked {i} from a pack of {len(pack)}")
                    drafted[seat].append(pack.pop(i))
            hands = hands[-1:] + hands[:-1]  # pass every pack to the next player
    return drafted
