"""The features of a growing board, kept up to date tile by tile (the engine's hot path).

`features.analyse` recomputes every feature of a board from scratch; that is the reference, and
the tests and the soak's recount use it. A game instead keeps one `Regions` in its state and
calls `add_tile` once per placed tile, so a turn costs work proportional to the tile, not to
the board.

Each road, city and field is a union-find set of nodes ``(position, segment name)``; a set's
root carries a `Region` with what scoring needs: distinct tiles, pennants, how many of its
sides still face an empty square (``open``, 0 = complete), its followers and, for a field, the
city nodes it borders. `find` does no path compression, so reading never changes the state and a
game folded from its events compares equal to the live one (union by size keeps trees shallow).
Cloisters are not unioned: a cloister's ``open`` counts the empty squares of the 8 around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from protocol.games.carcassonne.geometry import AROUND, STEP, Pos
from protocol.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    ORIENTED,
    ROAD,
    Oriented,
    SegmentType,
    facing_port,
    oriented,
)

Node = tuple[Pos, str]


@cache
def fitting(kind: str, need: str) -> tuple[int, ...]:
    """The rotations of ``kind`` whose edges match ``need`` (N E S W, "." = anything)."""
    return tuple(
        r
        for r in range(4)
        if all(n in (".", e) for n, e in zip(need, ORIENTED[(kind, r)].edges, strict=True))
    )


@dataclass(slots=True)
class Region:
    type: SegmentType
    size: int  # nodes in the set (union by size)
    tiles: set[Pos]
    pennants: int
    open: int  # roads, cities: (node, side) pairs facing an empty square; cloisters: empty
    # squares around; fields: 0 (never complete)
    followers: list[tuple[int, Node]] = field(default_factory=list)  # (seat, node)
    cities: set[Node] = field(default_factory=set)  # fields: bordering city nodes

    @property
    def complete(self) -> bool:
        return self.type != FIELD and self.open == 0

    def seats(self) -> list[int]:
        return [s for s, _ in self.followers]


@dataclass(frozen=True, slots=True)
class Joined:
    """What one feature of a tile would be if the tile were placed (`Regions.preview`)."""

    type: SegmentType
    segments: tuple[str, ...]  # the tile's segments in it
    tiles: int  # distinct tiles (fields: 0, not counted)
    pennants: int
    open: int  # 0: the placement completes it (cloisters: the tile's own cloister)
    followers: tuple[int, ...]  # seats of the followers already on it
    cities: int  # fields: city features it borders


@dataclass
class Regions:
    tiles: dict[Pos, Oriented] = field(default_factory=dict)
    parent: dict[Node, Node] = field(default_factory=dict)
    regions: dict[Node, Region] = field(default_factory=dict)  # root -> region
    cloisters: set[Pos] = field(default_factory=set)  # where the cloisters are
    # the frontier: each empty square next to a tile -> the edges its neighbours demand, N E S
    # W, "." where there is no neighbour (e.g. "C.F.")
    need: dict[Pos, str] = field(default_factory=dict)

    def copy(self) -> Regions:
        """An independent copy (equal to this one; the oriented tiles are immutable, shared)."""
        return Regions(
            dict(self.tiles),
            dict(self.parent),
            {
                root: Region(
                    r.type,
                    r.size,
                    set(r.tiles),
                    r.pennants,
                    r.open,
                    list(r.followers),
                    set(r.cities),
                )
                for root, r in self.regions.items()
            },
            set(self.cloisters),
            dict(self.need),
        )

    def find(self, node: Node) -> Node:
        parent = self.parent
        while (up := parent[node]) != node:
            node = up
        return node

    def region(self, node: Node) -> Region:
        return self.regions[self.find(node)]

    def _union(self, a: Node, b: Node) -> Node:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        big, small = self.regions[ra], self.regions[rb]
        if big.size < small.size or (big.size == small.size and rb < ra):
            ra, rb, big, small = rb, ra, small, big
        self.parent[rb] = ra
        del self.regions[rb]
        big.size += small.size
        big.tiles |= small.tiles
        big.pennants += small.pennants
        big.open += small.open
        big.followers.extend(small.followers)
        big.cities |= small.cities
        return ra

    def add_tile(self, pos: Pos, kind: str, rotation: int) -> None:
        """Join the tile to the board (its placement is legal: the caller checked rules 4.1)."""
        tile = oriented(kind, rotation)
        tiles = self.tiles
        tiles[pos] = tile
        self.need.pop(pos, None)
        x, y = pos
        present = [(x + dx, y + dy) in tiles for dx, dy in STEP]
        for seg in tile.segments:
            node = (pos, seg.name)
            self.parent[node] = node
            if seg.type == CLOISTER:  # open: the empty squares of the 8 around it
                self.cloisters.add(pos)
                self.regions[node] = Region(CLOISTER, 1, {pos}, 0, 8 - self.neighbours(pos))
                continue
            open_ = 0
            if seg.type != FIELD:
                open_ = sum(1 for s in tile.sides[seg.name] if not present[s])
            cities = {(pos, c) for c in seg.borders} if seg.type == FIELD else set()
            self.regions[node] = Region(
                seg.type, 1, {pos}, 1 if seg.pennant else 0, open_, [], cities
            )
        for dx, dy in AROUND:
            if (q := (x + dx, y + dy)) in self.cloisters:
                self.regions[(q, "CL")].open -= 1
        for side, (dx, dy) in enumerate(STEP):
            q = (x + dx, y + dy)
            other = tiles.get(q)
            edge = tile.edges[side]
            if other is None:
                was = self.need.get(q, "....")
                facing = (side + 2) % 4
                self.need[q] = was[:facing] + edge + was[facing + 1 :]
                continue
            if edge == "F":
                for port in (3 * side, 3 * side + 1, 3 * side + 2):
                    a, b = tile.owner[port], other.owner[facing_port(port)]
                    if a is not None and b is not None:
                        self._union((pos, a), (q, b))
                continue
            port = 3 * side + 1
            mine, theirs = tile.owner[port], other.owner[facing_port(port)]
            assert mine is not None and theirs is not None
            # the other tile's side stops facing an empty square
            self.regions[self.find((q, theirs))].open -= 1
            self._union((pos, mine), (q, theirs))
            if edge == "R":  # the field halves on both sides of the road
                for fport in (3 * side, 3 * side + 2):
                    a, b = tile.owner[fport], other.owner[facing_port(fport)]
                    if a is not None and b is not None:
                        self._union((pos, a), (q, b))

    def deploy(self, node: Node, seat: int) -> None:
        self.regions[self.find(node)].followers.append((seat, node))

    def recall(self, node: Node) -> None:
        """A follower goes back to supply (its feature was scored)."""
        region = self.regions[self.find(node)]
        region.followers = [(s, n) for s, n in region.followers if n != node]

    def neighbours(self, pos: Pos) -> int:
        """Occupied squares of the 8 around ``pos``."""
        x, y = pos
        tiles = self.tiles
        return sum(1 for dx, dy in AROUND if (x + dx, y + dy) in tiles)

    def cloisters_near(self, pos: Pos) -> Iterator[Pos]:
        """The cloisters on ``pos`` or on the 8 squares around it."""
        if pos in self.cloisters:
            yield pos
        x, y = pos
        for dx, dy in AROUND:
            q = (x + dx, y + dy)
            if q in self.cloisters:
                yield q

    def placements(self, kind: str) -> list[tuple[int, int, int]]:
        """Rules 4.1: every ``(x, y, rotation)`` where ``kind`` fits, frontier squares in
        sorted order, rotations ascending. Empty when the tile fits nowhere (rules 7.1)."""
        need = self.need
        return [(x, y, r) for x, y in sorted(need) for r in fitting(kind, need[(x, y)])]

    def preview(self, pos: Pos, kind: str, rotation: int) -> tuple[list[Joined], list[Pos]]:
        """The features the tile's segments would belong to if it were placed at ``pos``
        (which must be legal), and the neighbouring cloisters it would complete; nothing
        changes. Bots use it to weigh a placement without copying the board."""
        tile = ORIENTED[(kind, rotation % 4)]
        tiles = self.tiles
        x, y = pos
        # a small union-find over the tile's segment names and the neighbouring roots
        local: dict[str | Node, str | Node] = {seg.name: seg.name for seg in tile.segments}

        def find(a: str | Node) -> str | Node:
            while (up := local.setdefault(a, a)) != a:
                a = up
            return a

        links: dict[Node, int] = {}  # neighbouring root -> its sides this tile closes
        present = [False] * 4
        for side, (dx, dy) in enumerate(STEP):
            q = (x + dx, y + dy)
            other = tiles.get(q)
            if other is None:
                continue
            present[side] = True
            edge = tile.edges[side]
            for port in (3 * side, 3 * side + 1, 3 * side + 2):
                a, b = tile.owner[port], other.owner[facing_port(port)]
                if a is None or b is None or (edge == "C" and port % 3 != 1):
                    continue
                root = self.find((q, b))
                ra, rb = find(a), find(root)
                if ra != rb:
                    local[rb] = ra
                if port % 3 == 1 and edge != "F":
                    links[root] = links.get(root, 0) + 1
        groups: dict[str | Node, tuple[list[str], list[Node]]] = {}
        for key in local:
            names, roots = groups.setdefault(find(key), ([], []))
            if isinstance(key, str):
                names.append(key)
            else:
                roots.append(key)
        out: list[Joined] = []
        for names, roots in groups.values():
            segs = [tile.segment(n) for n in names]
            regions = [self.regions[r] for r in sorted(roots)]
            type_ = segs[0].type
            cities = 0
            if type_ == CLOISTER:
                open_, size = 8 - self.neighbours(pos), 1
            elif type_ == FIELD:
                open_, size = 1, 0  # a field's size does not score
                found = {self.find(c) for r in regions for c in r.cities}
                cities = len(found) + sum(len(sg.borders) for sg in segs)
            else:
                open_ = sum(r.open for r in regions) - sum(links.get(r, 0) for r in roots)
                open_ += sum(1 for sg in segs for sd in tile.sides[sg.name] if not present[sd])
                if len(regions) == 1:
                    size = len(regions[0].tiles) + 1
                else:
                    covered: set[Pos] = {pos}
                    for r in regions:
                        covered |= r.tiles
                    size = len(covered)
            out.append(
                Joined(
                    type_,
                    tuple(names),
                    size,
                    sum(r.pennants for r in regions) + sum(1 for sg in segs if sg.pennant),
                    open_,
                    tuple(seat for r in regions for seat, _ in r.followers),
                    cities,
                )
            )
        done = [
            q for q in self.cloisters_near(pos) if q != pos and self.regions[(q, "CL")].open == 1
        ]
        return out, done

    def free_segments(self, pos: Pos) -> list[str]:
        """Rules 4.2: segments of the tile at ``pos`` whose feature holds no follower."""
        return [
            seg.name
            for seg in self.tiles[pos].segments
            if not self.regions[self.find((pos, seg.name))].followers
        ]

    def completed_at(self, pos: Pos) -> list[Node]:
        """Roots of the roads and cities of the tile at ``pos`` that are complete, and the
        cloister nodes it completed (its own or a neighbour's), in a fixed order."""
        out: list[Node] = []
        seen: set[Node] = set()
        for seg in self.tiles[pos].segments:
            if seg.type in (ROAD, CITY):
                root = self.find((pos, seg.name))
                if root not in seen and self.regions[root].open == 0:
                    seen.add(root)
                    out.append(root)
        for q in self.cloisters_near(pos):
            if self.regions[(q, "CL")].open == 0:
                out.append((q, "CL"))
        return out
