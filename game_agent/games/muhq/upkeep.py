"""Upkeep (rules 5.1) and the Kraken's upkeep (rules 17.3), as pure functions.

A player gains the map's resource, then pays each unit's upkeep or destroys it, unit by unit
(their choice; a unit whose upkeep cannot be paid must be destroyed; resource never goes below
0). The Kraken gains ``players x 5``, then, while its units' total upkeep is more than its
resource, destroys a random unit, and pays the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

KRAKEN_GAIN_PER_PLAYER = 5


class Picker(Protocol):
    def randrange(self, n: int) -> int: ...


def gain(resource_gain: int, first_upkeep: bool, second_player: bool, bonus: int) -> int:
    """The resource a player gains at upkeep (the map's gain; the second player's first upkeep
    gains the map's bonus too, rules 20.2)."""
    return resource_gain + (bonus if first_upkeep and second_player else 0)


def kraken_upkeep(
    resource: int, players: int, upkeeps: Sequence[int], rng: Picker
) -> tuple[int, list[int]]:
    """The Kraken's upkeep: (resource left, indices of the units destroyed, in order)."""
    resource += KRAKEN_GAIN_PER_PLAYER * players
    alive = list(range(len(upkeeps)))
    destroyed: list[int] = []
    while sum(upkeeps[i] for i in alive) > resource:
        i = alive.pop(rng.randrange(len(alive)))
        destroyed.append(i)
    return resource - sum(upkeeps[i] for i in alive), destroyed
