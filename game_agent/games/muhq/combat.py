"""Combat (rules 13) and the states that defeat a unit (rules 10.1, 12), as pure functions.

An attack names a target at distance ``d`` (rules 9). It is legal when the attacker's profile
reaches it (``A(d) > 0``, rules 10.4) and, if the target stands on a House, ``d <= 1`` (rules
8.2). Both units deal their damage at the same time: the defender strikes back when the attacker
is within its own reach (the same distance, measured the same way both ways); a solid artifact
never strikes back (rules 14). A Tower under a unit adds 1 to its ranged attack ranges.

Damage stays on a unit (gap G7). A unit is defeated when its remaining life (life - damage) is
below 0 (``defeat_threshold = "lt0"``, as written) or at most 0 (``"le0"``, the option of gap
G9). Poison defeats a unit with more poison tokens than remaining life.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game_agent.games.muhq.attack import at, profile
from protocol.games.muhq.content import Attack

THRESHOLDS = ("lt0", "le0")
HOUSE = "H"
TOWER = "T"


@dataclass(frozen=True, slots=True)
class Fighter:
    attacks: Sequence[Attack]  # its own and its stack's (rules 10.4)
    tile: str  # the tile code it stands on
    solid: bool = False  # a solid artifact: attacked, never strikes back


@dataclass(frozen=True, slots=True)
class Exchange:
    to_defender: int
    to_attacker: int


def reach(f: Fighter) -> list[int]:
    return profile(f.attacks, tower=f.tile == TOWER)


def can_attack(attacker: Fighter, defender: Fighter, distance: int) -> bool:
    if defender.tile == HOUSE and distance > 1:
        return False
    return at(reach(attacker), distance) > 0


def exchange(attacker: Fighter, defender: Fighter, distance: int) -> Exchange:
    """The damage of one combat; raises ValueError for an attack the rules do not allow."""
    if not can_attack(attacker, defender, distance):
        raise ValueError(f"the target at distance {distance} is out of the attacker's reach")
    back = 0
    if not defender.solid and not (attacker.tile == HOUSE and distance > 1):
        back = at(reach(defender), distance)
    return Exchange(at(reach(attacker), distance), back)


def defeated(life: int, damage: int, threshold: str = "lt0") -> bool:
    left = life - damage
    if threshold == "lt0":
        return left < 0
    if threshold == "le0":
        return left <= 0
    raise ValueError(f"unknown defeat_threshold {threshold!r}; one of {', '.join(THRESHOLDS)}")


def poisoned_out(life: int, damage: int, poison: int) -> bool:
    """Rules 12: more poison tokens than (remaining) life defeats the unit."""
    return poison > life - damage
