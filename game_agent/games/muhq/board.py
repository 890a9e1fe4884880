"""The map in play: tiles, what stands on them, available tiles and movement (rules 8, 10.2,
11.2), as pure functions of a `MapSpec` and an occupancy.

Positions are ``(x, y)`` with ``(0, 0)`` = ``a1``, the bottom-left tile. A tile is *available*
to a permanent when nothing stands on it and it suits the permanent: swimming permanents only on
deep water, the others never on deep water (rules 11.2). A move is a sequence of steps to one of
the 8 neighbours through available tiles, paying `ranges.path_cost` per step (straight 1; under
``range`` the first diagonal 1 and every later one 2), up to the unit's movement; entering a
Water tile ends the move (rules 8.2, 10.2). A unit on a street has an extra move to a street tile
of the same connected street (8-adjacent street tiles), within its movement.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator

from game_agent.games.muhq.ranges import STEPS
from protocol.games.muhq.content import MapSpec

Pos = tuple[int, int]

STEPS_8 = STEPS
DEEP = "#"
WATER = "~"
STREET = "="


def tiles(spec: MapSpec) -> Iterator[Pos]:
    for y in range(spec.height):
        for x in range(spec.width):
            yield (x, y)


def on_map(spec: MapSpec, p: Pos) -> bool:
    return 0 <= p[0] < spec.width and 0 <= p[1] < spec.height


def available(spec: MapSpec, occupied: Collection[Pos], p: Pos, swimming: bool) -> bool:
    """Rules 11.2: free, and deep water exactly for swimmers."""
    if not on_map(spec, p) or p in occupied:
        return False
    return (spec.tile(*p) == DEEP) == swimming


def spawns(spec: MapSpec, player: int) -> list[Pos]:
    """The player's own spawn tiles (``S<player>``)."""
    return [p for p in tiles(spec) if spec.tile(*p) == f"S{player}"]


def reachable(
    spec: MapSpec,
    occupied: Collection[Pos],
    start: Pos,
    move: int,
    swimming: bool = False,
    rule: str = "range",
) -> dict[Pos, int]:
    """Every tile a unit at ``start`` can end a move on, with the cheapest cost (``start``
    itself, at 0, is not included). ``occupied`` should not hold ``start``'s own unit."""

    # state: (position, diagonal steps so far, reduced to what the rule needs). The tile
    # checks of `available` are inlined: this is the ruleset's hottest loop.
    w, h, codes = spec.width, spec.height, spec.tiles
    alternating = rule == "alternating"
    if not alternating and rule != "range":
        raise ValueError(f"unknown diagonal rule {rule!r}")
    best: dict[tuple[Pos, int], int] = {(start, 0): 0}
    out: dict[Pos, int] = {}
    heap = [(0, start, 0)]
    while heap:
        spent, p, d = heapq.heappop(heap)
        if best.get((p, d), 1 << 30) < spent:
            continue
        px, py = p
        if p != start:
            if spent < out.get(p, 1 << 30):
                out[p] = spent
            if codes[py * w + px] == WATER:
                continue  # entering water ends the move
        for dx, dy in STEPS:
            x, y = px + dx, py + dy
            if not (0 <= x < w and 0 <= y < h):
                continue
            q = (x, y)
            if q in occupied or (codes[y * w + x] == DEEP) != swimming:
                continue
            if dx and dy:  # a diagonal step (rules 9, 10.2)
                if alternating:
                    c, nd = spent + (2 if d else 1), 1 - d
                else:
                    c, nd = spent + (2 if d else 1), 1
            else:
                c, nd = spent + 1, d
            if c > move:
                continue
            if c < best.get((q, nd), 1 << 30):
                best[(q, nd)] = c
                heapq.heappush(heap, (c, q, nd))
    return out


def street_group(spec: MapSpec, p: Pos) -> set[Pos]:
    """The street tiles connected to ``p`` (8-adjacency); empty when ``p`` is no street."""
    if spec.tile(*p) != STREET:
        return set()
    group = {p}
    todo = [p]
    while todo:
        a = todo.pop()
        for dx, dy in STEPS:
            q = (a[0] + dx, a[1] + dy)
            if on_map(spec, q) and q not in group and spec.tile(*q) == STREET:
                group.add(q)
                todo.append(q)
    return group


def street_moves(
    spec: MapSpec,
    occupied: Collection[Pos],
    start: Pos,
    move: int,
    swimming: bool = False,
    rule: str = "range",
) -> set[Pos]:
    """The street move of rules 8.2: tiles of ``start``'s connected street reachable within
    the unit's movement."""
    group = street_group(spec, start)
    if not group:
        return set()
    return {p for p in reachable(spec, occupied, start, move, swimming, rule) if p in group}
