"""The attack profile of a stack of units (rules 10.4) and the strike of a combat (rules 13).

An attack "X Range R" also applies at every shorter distance, and the units of a stack add
their attacks to the permanent underneath: ``A(r) = sum of X_u over the units u with R_u >= r``
for r = 1 .. max R. An attack on a target at distance r deals A(r). A Tower adds +1 to ranged
attack ranges (R > 1) of the unit on it (rules 8.2).
"""

from __future__ import annotations

from collections.abc import Iterable

from protocol.games.muhq.content import Attack


def profile(attacks: Iterable[Attack], tower: bool = False) -> list[int]:
    """``A(1), A(2), …, A(max R)`` (an empty list for no attack)."""
    attacks = [Attack(a.x, a.r + 1) if tower and a.r > 1 else a for a in attacks]
    if not attacks:
        return []
    top = max(a.r for a in attacks)
    return [sum(a.x for a in attacks if a.r >= r) for r in range(1, top + 1)]


def at(profile_: list[int], distance: int) -> int:
    """The damage dealt at ``distance`` (0 when out of reach; distance 0 is not an attack)."""
    if distance < 1 or distance > len(profile_):
        return 0
    return profile_[distance - 1]


def written(profile_: list[int]) -> str:
    """The profile as the rules write it, longest range first: ``1 Range 3; 2 Range 2; …``."""
    parts = []
    prev = 0
    for r in range(len(profile_), 0, -1):
        x = profile_[r - 1]
        if x != prev:
            parts.append(f"{x} Range {r}")
            prev = x
    return "; ".join(parts)
