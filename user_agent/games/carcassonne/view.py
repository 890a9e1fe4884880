"""Carcassonne: the table as a seat sees it, folded from the seat's events.

Everything but the stack order is public: the tiles on the board, the followers, the scores, the
drawn tile and how many tiles are left. The view keeps the board as the protocol writes it
(positions ``(x, y)``, rotations 0..3, segment names) and, for bots, the board's features
(`regions`, folded with the contract's `protocol.games.carcassonne.regions`, the module the
ruleset keeps its own features with).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.games.carcassonne.regions import Regions

Pos = tuple[int, int]


class CarcassonneView:
    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        self.seats = seats
        self.players = seats
        self.tiles: dict[Pos, tuple[str, int]] = {}  # position -> (kind, rotation)
        self.order: list[Pos] = []  # positions in placement order
        self.bbox: tuple[int, int, int, int] | None = None  # min x, min y, max x, max y of tiles
        self.followers: dict[tuple[int, int, str], int] = {}  # (x, y, segment) -> seat
        self.follower_moves = 0  # followers deployed and returned so far (encoders compare it)
        self.scores: list[int] = [0] * seats
        self.supply: list[int] = [7] * seats
        self.followers_each = 7
        self.farm_scoring = "per_farm_3"
        self.first_player: int | None = None
        self.turn = 0
        self.current: int | None = None  # whose turn
        self.drawn: str | None = None  # the tile being placed
        self.left = 0  # tiles left in the stack
        self.discarded: list[str] = []
        self.last: Pos | None = None  # the latest tile placed
        self.outcome: dict[str, Any] | None = None
        self._regions = Regions()
        # changes not yet made to `_regions`: it is brought up to date when first read, so
        # hosts that never read it (consoles, environments) do not pay for it
        self._pending: list[tuple[Callable[..., None], tuple[Any, ...]]] = []

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "tile_placed":
            pos = (data["x"], data["y"])
            self.tiles[pos] = (data["tile"], data["rotation"])
            self.order.append(pos)
            self._extend(pos)
            self._pending.append((self._regions.add_tile, (pos, data["tile"], data["rotation"])))
            self.drawn = None
            self.last = pos
        elif kind == "tile_drawn":
            self.drawn = data["tile"]
            self.left = data["left"]
        elif kind == "follower_deployed":
            self._deploy(data["seat"], data["x"], data["y"], data["segment"])
        elif kind == "follower_returned":
            key = (data["x"], data["y"], data["segment"])
            seat = self.followers.pop(key)
            self.follower_moves += 1
            self.supply[seat] += 1
            self._pending.append((self._regions.recall, (((key[0], key[1]), key[2]),)))
        elif kind == "feature_scored":
            for s in data["winners"]:
                self.scores[s] += data["points"]
        elif kind == "turn_started":
            self.turn = data["turn"]
            self.current = data["seat"]
        elif kind == "tile_discarded":
            self.discarded.append(data["tile"])
            self.drawn = None
            self.left = data["left"]
        elif kind == "stack":
            self.left = data["count"] if "count" in data else len(data["order"])
        elif kind == "game_started":
            self._start(data)
        elif kind == "game_over":
            self.outcome = data["outcome"]

    def _start(self, data: dict[str, Any]) -> None:
        n = data["players"]
        self.players = n
        self.followers_each = data["followers"]
        self.farm_scoring = data["farm_scoring"]
        self.first_player = data["first_player"]
        self.supply = [self.followers_each] * n
        self.scores = list(data["scores"])
        for kind, x, y, r in data["tiles"]:
            self.tiles[(x, y)] = (kind, r)
            self.order.append((x, y))
            self._extend((x, y))
            self._pending.append((self._regions.add_tile, ((x, y), kind, r)))
        for seat, x, y, seg in data["followers_placed"]:
            self._deploy(seat, x, y, seg)

    def _extend(self, pos: Pos) -> None:
        x, y = pos
        box = self.bbox
        if box is None:
            self.bbox = (x, y, x, y)
        elif not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
            self.bbox = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))

    def _deploy(self, seat: int, x: int, y: int, segment: str) -> None:
        self.followers[(x, y, segment)] = seat
        self.follower_moves += 1
        self.supply[seat] -= 1
        self._pending.append((self._regions.deploy, (((x, y), segment), seat)))

    @property
    def regions(self) -> Regions:
        """The board's features (roads, cities, fields, cloisters with their followers)."""
        if self._pending:
            for op, args in self._pending:
                op(*args)
            self._pending.clear()
        return self._regions


def make_view(seat: int, seats: int) -> CarcassonneView:
    return CarcassonneView(seat, seats)
