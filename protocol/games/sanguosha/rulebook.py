"""The public table rules both sides reason about: the roles, how many of each are dealt per
player count (§4.1, with QSanguosha's variants), and the phases of a turn (§4.3)."""

from __future__ import annotations

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
