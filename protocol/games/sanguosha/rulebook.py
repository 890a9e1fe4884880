"""The public table rules both sides reason about: the roles, how many of each are dealt per
player count (§4.1, with QSanguosha's variants), the phases of a turn (§4.3), and distance and
attack range over public facts (§4.5: who is alive, equipped horses and weapons, skills)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

ROLES: dict[str, tuple[str, str]] = {
    "lord": ("lord", "主公"),
    "loyalist": ("loyalist", "忠臣"),
    "rebel": ("rebel", "反贼"),
    "renegade": ("renegade", "内奸"),
}
ROLE_NAMES: tuple[str, ...] = tuple(ROLES)

# lord / loyalist / rebel / renegade per player count
RULEBOOK: dict[int, tuple[int, int, int, int]] = {
    2: (1, 0, 1, 0),
    3: (1, 0, 1, 1),
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (1, 1, 3, 1),
    7: (1, 2, 3, 1),
    8: (1, 2, 4, 1),
    9: (1, 3, 4, 1),
    10: (1, 3, 4, 2),
}

# Variants (QSanguosha's `...pd` rows and its one-renegade 10-player row).
VARIANTS: dict[str, dict[int, tuple[int, int, int, int]]] = {
    "rulebook": RULEBOOK,
    "two_renegades": {**RULEBOOK, 6: (1, 1, 2, 2), 8: (1, 2, 3, 2), 10: (1, 3, 4, 2)},
    "one_renegade": {**RULEBOOK, 10: (1, 3, 5, 1)},
}

PHASES = ("prepare", "judge", "draw", "play", "discard", "finish")


# Distance (§4.5): what an equipped slot or a skill adds to its owner's distance to every other
# seat ("from": the -1 horse, Mashu) and to every other seat's distance to its owner ("to": the
# +1 horse). The rules own these as skills (`distance_from` / `distance_to`); a test holds the
# two equal.
DISTANCE_FROM: dict[str, int] = {"minus_horse": -1, "mashu": -1}
DISTANCE_TO: dict[str, int] = {"plus_horse": 1}
BARE_RANGE = 1  # the attack range without a weapon


def seat_distances(alive: Sequence[bool], a: int) -> dict[int, int]:
    """Seat `a`'s seat distance to every other living seat: the shorter way round the table,
    counting living seats only (`a` itself alive)."""
    n = len(alive)
    ring = [(a + i) % n for i in range(1, n) if alive[(a + i) % n]]
    m = len(ring) + 1
    return {b: min(k, m - k) for k, b in enumerate(ring, 1)}


def distance_mods(keys: Iterable[str]) -> tuple[int, int]:
    """(from, to): what a seat's slots and skills (`keys`) add to its distances (see above)."""
    held = set(keys)
    away = sum(v for k, v in DISTANCE_FROM.items() if k in held)
    toward = sum(v for k, v in DISTANCE_TO.items() if k in held)
    return away, toward


def distances(alive: Sequence[bool], keys: Sequence[Iterable[str]], a: int) -> dict[int, int]:
    """Seat `a`'s distance to every other living seat (`keys[s]`: seat s's equipped slots and
    skills); never below 1. Empty when `a` is dead."""
    if not alive[a]:
        return {}
    away = distance_mods(keys[a])[0]
    return {
        b: max(d + away + distance_mods(keys[b])[1], 1) for b, d in seat_distances(alive, a).items()
    }


def attack_range(weapon_range: int | None) -> int:
    """A seat's attack range: its weapon's range, or 1 without a weapon."""
    return weapon_range if weapon_range else BARE_RANGE
