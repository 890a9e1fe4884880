"""Carcassonne's board as a text grid, for consoles and the text replay.

Each tile is a block of 5 characters by 3 lines, drawn from the tile's segments (so a rotated
tile is drawn rotated), with one blank column between tiles; north is up. The block's border
cells stand for the ports of the rules (the middle of a side, its two ends, the corners) and
the three middle cells for the tile's inside::

    .###.    city cap north (tile D): the corners are field, the road runs west to east
    -----
    .....

``#`` city, ``*`` a pennant, ``.`` field, ``-`` ``|`` road, ``+`` a bend in a road, ``o`` a
junction where roads end, ``^`` a cloister; a digit is a follower of that seat, drawn on the
segment it stands on. Columns are headed by x (growing east), lines by y (growing north).
"""

from __future__ import annotations

from functools import cache

from protocol.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    ROAD,
    Oriented,
    Segment,
    oriented,
)
from user_agent.games.carcassonne.view import CarcassonneView

W, H = 5, 3  # a tile's block
GAP = 1  # blank columns between tiles
CENTRE = (2, 1)
# border cells -> the ports they stand for (corners: the two ports meeting there)
BORDER: dict[tuple[int, int], tuple[int, ...]] = {
    (0, 0): (11, 0),
    (1, 0): (0,),
    (2, 0): (1,),
    (3, 0): (2,),
    (4, 0): (2, 3),
    (4, 1): (4,),
    (4, 2): (5, 6),
    (3, 2): (6,),
    (2, 2): (7,),
    (1, 2): (8,),
    (0, 2): (8, 9),
    (0, 1): (10,),
}
# inside cells next to a side: (cell, side, the ports to look at for a field, nearest first)
INSIDE: dict[tuple[int, int], tuple[int | None, tuple[int, ...]]] = {
    (1, 1): (3, (10, 11, 9, 0, 8, 1, 7)),
    (3, 1): (1, (4, 3, 5, 2, 6, 1, 7)),
    CENTRE: (None, (1, 7, 4, 10, 0, 2, 3, 5, 6, 8, 9, 11)),
}
# where a follower (first) and a pennant (second) go among a segment's cells
PREFERENCE: tuple[tuple[int, int], ...] = (
    CENTRE,
    (1, 1),
    (3, 1),
    (2, 0),
    (2, 2),
    (0, 1),
    (4, 1),
    (1, 0),
    (3, 0),
    (1, 2),
    (3, 2),
    (0, 0),
    (4, 0),
    (4, 2),
    (0, 2),
)
LEGEND = (
    "# city, * pennant, . field, - | road, + bend, o junction, ^ cloister, "
    "0-9 a follower of that seat"
)

Cell = tuple[str, str | None]  # (character, owning segment)


def _city_spans_centre(city: Segment) -> bool:
    sides = city.sides
    return len(sides) >= 3 or sides in (frozenset({0, 2}), frozenset({1, 3}))


def _field_of(o: Oriented, ports: tuple[int, ...]) -> str | None:
    for p in ports:
        name = o.owner[p]
        if name is not None and o.segment(name).type == FIELD:
            return name
    return None


@cache
def tile_cells(letter: str, rotation: int) -> tuple[tuple[Cell, ...], ...]:
    """The block of one tile: 3 lines of 5 cells, each a character and the segment it shows."""
    o = oriented(letter, rotation)
    seg = {s.name: s for s in o.segments}
    grid: dict[tuple[int, int], Cell] = {}
    for cell, ports in BORDER.items():
        owners = [o.owner[p] for p in ports]
        types = [seg[n].type if n is not None else FIELD for n in owners]
        if all(t == CITY for t in types) and len(set(owners)) == 1:
            grid[cell] = ("#", owners[0])
        elif types[0] == ROAD:
            grid[cell] = ("|" if cell[0] == 2 else "-", owners[0])
        else:
            grid[cell] = (".", _field_of(o, ports))
    roads = [s for s in o.segments if s.type == ROAD]
    cities = [s for s in o.segments if s.type == CITY]
    for cell, (side, near) in INSIDE.items():
        if side is not None:
            owner = o.owner[3 * side + 1]
            kind = seg[owner].type if owner is not None else FIELD
            if kind == ROAD:
                grid[cell] = ("-", owner)
            elif kind == CITY and owner is not None and len(seg[owner].sides) >= 2:
                grid[cell] = ("#", owner)
            else:
                grid[cell] = (".", _field_of(o, near))
            continue
        spanning = [c for c in cities if _city_spans_centre(c)]
        through = [r for r in roads if len(r.sides) == 2]
        if any(s.type == CLOISTER for s in o.segments):
            grid[cell] = ("^", "CL")
        elif spanning:
            grid[cell] = ("#", spanning[0].name)
        elif through:
            sides = through[0].sides
            ch = "-" if sides == {1, 3} else "|" if sides == {0, 2} else "+"
            grid[cell] = (ch, through[0].name)
        elif roads:
            grid[cell] = ("o", None)  # roads end here
        else:
            grid[cell] = (".", _field_of(o, near))
    for c in cities:
        if c.pennant:
            spots = [x for x in PREFERENCE if grid[x][1] == c.name]
            if len(spots) > 1:
                grid[spots[1]] = ("*", c.name)
    return tuple(tuple(grid[(col, row)] for col in range(W)) for row in range(H))


def follower_cell(letter: str, rotation: int, segment: str) -> tuple[int, int] | None:
    """The (column, line) of a tile's block where a follower on `segment` is drawn."""
    cells = tile_cells(letter, rotation)
    for col, row in PREFERENCE:
        if cells[row][col][1] == segment:
            return (col, row)
    return None


def tile_block(view: CarcassonneView, x: int, y: int) -> list[str]:
    """The 3 lines of the tile at (x, y), followers included."""
    letter, rotation = view.tiles[(x, y)]
    rows = [[ch for ch, _ in line] for line in tile_cells(letter, rotation)]
    for (fx, fy, segment), seat in sorted(view.followers.items()):
        if (fx, fy) != (x, y):
            continue
        spot = follower_cell(letter, rotation, segment)
        if spot is not None:
            rows[spot[1]][spot[0]] = str(seat) if 0 <= seat < 10 else "?"
    return ["".join(r) for r in rows]


def board_lines(view: CarcassonneView) -> list[str]:
    """The board as a grid: x across the top, y down the left (north up), then a legend."""
    if not view.tiles:
        return ["(no tiles on the board)"]
    xs = [x for x, _ in view.tiles]
    ys = [y for _, y in view.tiles]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    label = max(len(str(y)) for y in range(y0, y1 + 1))
    head = " " * (label + 1)
    for x in range(x0, x1 + 1):
        head += f"{x:^{W}}" + " " * GAP
    out = [head.rstrip()]
    blank = " " * W
    for y in range(y1, y0 - 1, -1):
        blocks = [
            tile_block(view, x, y) if (x, y) in view.tiles else [blank] * H
            for x in range(x0, x1 + 1)
        ]
        for row in range(H):
            tag = f"{y:>{label}}" if row == H // 2 else " " * label
            line = tag + " " + (" " * GAP).join(b[row] for b in blocks)
            out.append(line.rstrip())
    out.append(LEGEND)
    return out


def scores_line(view: CarcassonneView) -> str:
    """``turn 12: seat 0 10, seat 1 4 (followers in supply 5, 7); 59 tiles left``."""
    scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(view.scores))
    hands = ", ".join(str(n) for n in view.supply)
    where = f"turn {view.turn}" if view.turn else "before turn 1"
    return f"{where}: {scores} (followers in supply {hands}); {view.left} tiles left"
