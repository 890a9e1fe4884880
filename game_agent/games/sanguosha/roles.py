"""Role rows per player count (§4.1) as config: lord / loyalist / rebel / renegade."""

from __future__ import annotations

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

ROLE_NAMES = ("lord", "loyalist", "rebel", "renegade")


def role_list(players: int, variant: str) -> list[str]:
    row = VARIANTS[variant][players]
    out: list[str] = []
    for name, n in zip(ROLE_NAMES, row, strict=True):
        out.extend([name] * n)
    return out
