"""Where a permanent may be played and where a dropped stack goes (rules 8.2, 10.1, 11.2, 15).

A permanent is played onto an *available* tile (rules 11.2) in an area the map allows: the
player's own spawns, and for swimming permanents the deep-water tiles within Range 1 of the
player's own harbors (rules 8.2). When the permanent under a stack leaves the map, the stack is
dropped: each permanent of it goes onto an available tile within Range 1 of the stack's tile
(that tile, now empty, counts: gap G11), chosen by the player who controlled the permanent
underneath; one that finds none is destroyed, and dropped equipment loses 1 durability (rules
15). A Kraken harbor is ``P0``.
"""

from __future__ import annotations

from collections.abc import Collection

from game_agent.games.muhq.board import Pos, available, on_map, tiles
from game_agent.games.muhq.ranges import offsets
from protocol.games.muhq.content import MapSpec


def play_tiles(spec: MapSpec, occupied: Collection[Pos], player: int, swimming: bool) -> list[Pos]:
    """The tiles the player may play a permanent onto now, sorted."""
    return [p for p in _play_area(spec, player, swimming) if p not in occupied]


_AREAS: dict[tuple[str, tuple[str, ...], int, bool], list[Pos]] = {}


def _play_area(spec: MapSpec, player: int, swimming: bool) -> list[Pos]:
    """The tiles of `play_tiles` on an empty map (computed once per map)."""
    key = (spec.id, spec.tiles, player, swimming)
    area = _AREAS.get(key)
    if area is None:
        out: set[Pos] = set()
        for p in tiles(spec):
            code = spec.tile(*p)
            if code == f"S{player}" and available(spec, (), p, swimming):
                out.add(p)
            elif code == f"P{player}" and swimming:
                for dx, dy in offsets(1):
                    q = (p[0] + dx, p[1] + dy)
                    if on_map(spec, q) and available(spec, (), q, True):
                        out.add(q)
        area = _AREAS[key] = sorted(out)
    return area


def drop_tiles(spec: MapSpec, occupied: Collection[Pos], at: Pos, swimming: bool) -> list[Pos]:
    """Where one permanent of a dropped stack may go: available tiles within Range 1 of the
    stack's tile, that tile included once it is empty. Empty: the permanent is destroyed."""
    out = []
    for dx, dy in offsets(1):
        q = (at[0] + dx, at[1] + dy)
        if available(spec, occupied, q, swimming):
            out.append(q)
    return sorted(out)
