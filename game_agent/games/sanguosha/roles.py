"""The roles dealt for a config (§4.1): the row of the contract's rulebook, as a list."""

from __future__ import annotations

from protocol.games.sanguosha.rulebook import ROLE_NAMES, VARIANTS


def role_list(players: int, variant: str) -> list[str]:
    row = VARIANTS[variant][players]
    out: list[str] = []
    for name, n in zip(ROLE_NAMES, row, strict=True):
        out.extend([name] * n)
    return out
