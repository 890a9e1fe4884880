"""Features across the board (rules 2.3, 5.1-5.4) and follower deployment (rules 4.2).

A *node* is one segment of one placed tile, ``(position, segment name)``. Segments join through
matched ports of neighbouring tiles (union-find), giving roads, cities and fields (farms); each
cloister is a feature of its own. Followers are a mapping node -> seat: at most one follower per
node, which is all the rules allow (one follower per turn, on the tile just placed, on a
segment whose feature is empty).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game_agent.games.carcassonne.board import Placed
from protocol.games.carcassonne.geometry import Pos, around, neighbour
from protocol.games.carcassonne.tiles import (
    CLOISTER,
    FIELD,
    SegmentType,
    facing_port,
    side_of,
)

Node = tuple[Pos, str]
Followers = Mapping[Node, int]


@dataclass(frozen=True, slots=True)
class Feature:
    type: SegmentType
    nodes: frozenset[Node]
    tiles: frozenset[Pos]  # distinct tiles (rules 7.2)
    pennants: int
    complete: bool  # roads/cities: no open port; cloisters: 8 neighbours; fields: never
    followers: tuple[int, ...]  # the seat of each follower on it, in node order
    cities: frozenset[int] = frozenset()  # fields: indices of the bordering city features


@dataclass(frozen=True, slots=True)
class Features:
    all: tuple[Feature, ...]
    index: Mapping[Node, int]  # node -> its feature's index in `all`

    def of(self, node: Node) -> Feature:
        return self.all[self.index[node]]

    def at(self, pos: Pos) -> list[int]:
        """Indices of the features with a segment on the tile at ``pos`` (sorted)."""
        return sorted({i for (p, _), i in self.index.items() if p == pos})


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}

    def add(self, a: Node) -> None:
        self.parent.setdefault(a, a)

    def find(self, a: Node) -> Node:
        root = a
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[a] != root:
            self.parent[a], a = root, self.parent[a]
        return root

    def union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            lo, hi = sorted((ra, rb))
            self.parent[hi] = lo


def analyse(board: Mapping[Pos, Placed], followers: Followers | None = None) -> Features:
    """Every feature on the board, with its followers."""
    followers = followers or {}
    uf = _UnionFind()
    for pos, placed in board.items():
        tile = placed.tile
        for seg in tile.segments:
            uf.add((pos, seg.name))
    open_nodes: set[Node] = set()
    for pos, placed in board.items():
        tile = placed.tile
        for seg in tile.segments:
            if seg.type == CLOISTER:
                if not all(q in board for q in around(pos)):
                    open_nodes.add((pos, seg.name))
                continue
            for port in seg.ports:
                other = board.get(neighbour(pos, side_of(port)))
                if other is None:
                    open_nodes.add((pos, seg.name))
                    continue
                name = other.tile.owner[facing_port(port)]
                if name is not None and other.tile.segment(name).type == seg.type:
                    uf.union((pos, seg.name), (neighbour(pos, side_of(port)), name))
    groups: dict[Node, list[Node]] = {}
    for node in sorted(uf.parent):
        groups.setdefault(uf.find(node), []).append(node)
    ordered = sorted(groups.values(), key=lambda g: g[0])
    index: dict[Node, int] = {n: i for i, g in enumerate(ordered) for n in g}
    out: list[Feature] = []
    for nodes in ordered:
        segs = [board[pos].tile.segment(name) for pos, name in nodes]
        kind = segs[0].type
        cities: frozenset[int] = frozenset()
        if kind == FIELD:
            cities = frozenset(
                index[(pos, city)]
                for (pos, _), seg in zip(nodes, segs, strict=True)
                for city in seg.borders
            )
        out.append(
            Feature(
                type=kind,
                nodes=frozenset(nodes),
                tiles=frozenset(pos for pos, _ in nodes),
                pennants=sum(1 for s in segs if s.pennant),
                complete=kind != FIELD and not any(n in open_nodes for n in nodes),
                followers=tuple(followers[n] for n in nodes if n in followers),
                cities=cities,
            )
        )
    return Features(tuple(out), index)


def legal_deployments(
    board: Mapping[Pos, Placed], followers: Followers, pos: Pos, supply: int = 1
) -> list[str]:
    """Rules 4.2: the segments of the tile at ``pos`` (just placed) whose whole feature holds no
    follower, in the tile's segment order; none when the player has no follower in supply."""
    if supply <= 0:
        return []
    feats = analyse(board, followers)
    return [seg.name for seg in board[pos].tile.segments if not feats.of((pos, seg.name)).followers]
