"""Win conditions (rules 16) for the kinds the bundled maps use, as pure functions.

``vip``: a player whose VIP unit (a card with the ``vip`` keyword named by the map, e.g. the
King) is defeated loses; the last player with a VIP wins. ``kraken`` (rules 20.3): the players,
one team, win when the Kraken unit is defeated and lose when every player's King is. The other
kinds of rules 16 have no parameters in the sources (gap G12): a map will have to give them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


def vip_outcome(players: Sequence[int], vips_alive: Collection[int]) -> list[int] | None:
    """The winners once at most one player keeps a VIP (``[]``: everyone lost theirs at once,
    a draw), or None while two or more still have one."""
    left = [p for p in players if p in vips_alive]
    if len(left) >= 2:
        return None
    return left


def kraken_outcome(kraken_alive: bool, kings_alive: int) -> str | None:
    """``"players"`` when the Kraken unit is defeated, ``"kraken"`` when every King is, else
    None. Both at once counts for the players (their last blow felled the Kraken)."""
    if not kraken_alive:
        return "players"
    if kings_alive == 0:
        return "kraken"
    return None
