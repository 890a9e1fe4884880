"""A greedy Carcassonne bot: immediate points plus the value of open features.

For every legal placement it asks the contract's `regions` module (the view's fold of the
board's features) what the tile's features would become (`Regions.preview`, read-only), and
scores the placement by

- the points of every feature it completes, for the seats that hold it (ours count plus,
  the opponents' minus, shared out among them);
- the change in *value* of the open features it extends, for the seats that hold them: an open
  feature is worth what it would score, discounted by how many open sides it still has;
- the best deployment the placement allows (or nothing): a free feature's value (its points,
  at once, when the tile completes it) minus the price of a follower, dearer as the supply
  runs low. Farmers are only worth it late, for the completed cities they border.

Ties are broken with the bot's own seeded RNG, so it is deterministic given its seed. Measured
against `random` in docs/carcassonne.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from protocol.choices import Choice, RequestSpec
from protocol.games.carcassonne.regions import Joined, Region, Regions
from user_agent.bot import Bot, View, random_legal
from user_agent.games.carcassonne.view import CarcassonneView

FOLLOWER_PRICE = 1.5  # points a follower on the board must be worth
LOW_SUPPLY = 2  # at this many followers left, they cost more
LOW_SUPPLY_PRICE = 3.0


def potential(type_: str, tiles: int, pennants: int, open_: int, cities: int, left: int) -> float:
    """The points an open feature is expected to bring (a heuristic)."""
    if type_ == "cloister":
        # 9 when all 8 squares fill, otherwise 1 + neighbours at the end
        filled = 8 - open_
        return 1 + filled + open_ * (0.8 if left > 20 else 0.4)
    if type_ == "field":
        return 3.0 * cities * (0.5 if left > 30 else 0.8)
    chance = max(0.2, 1.0 - 0.2 * open_) if left > 10 else max(0.0, 1.0 - 0.4 * open_)
    if type_ == "road":
        return float(tiles)
    done = 2.0 * tiles + 2.0 * pennants
    unfinished = 1.0 * tiles + 1.0 * pennants
    return chance * done + (1 - chance) * unfinished


def completed_points(type_: str, tiles: int, pennants: int) -> int:
    if type_ == "cloister":
        return 9
    if type_ == "road":
        return tiles
    return 2 * tiles + 2 * pennants


def holders(seats: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    counts = Counter(seats)
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(s for s, n in counts.items() if n == top)


class Board(Protocol):
    """What the weighing reads of a board: a seat's view, or a game's state read alike."""

    @property
    def left(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def supply(self) -> list[int]: ...
    @property
    def regions(self) -> Regions: ...


def share(seat: int, seats: tuple[int, ...] | list[int], amount: float, players: int) -> float:
    """What `amount` for the holders of a feature is worth to `seat`: + when it is among the
    holders, - (shared out) when only opponents are."""
    won = holders(seats)
    if not won:
        return 0.0
    if seat in won:
        return amount
    return -amount * len(won) / max(1, players - 1)


def price(board: Board, seat: int) -> float:
    return LOW_SUPPLY_PRICE if board.supply[seat] <= LOW_SUPPLY else FOLLOWER_PRICE


def old_value(board: Board, j: Joined) -> float:
    """The value the held features had before the tile joined them (approximation: the
    value of a feature one tile smaller with one more open side)."""
    return potential(j.type, max(1, j.tiles - 1), j.pennants, j.open + 1, j.cities, board.left)


def placement_values(seat: int, request: RequestSpec, board: Board) -> list[float]:
    """The value for `seat` of each option of a `place_tile` request (see the module's text)."""
    kind = request.info["tile"]
    left = board.left
    regions = board.regions
    players = board.players
    can_deploy = board.supply[seat] > 0
    cost = price(board, seat)
    out: list[float] = []
    for x, y, r in request.options:
        joined, cloisters = regions.preview((x, y), kind, r)
        value = 0.0
        deploy = 0.0
        for j in joined:
            if j.followers:
                if j.open == 0 and j.type != "field":
                    pts = completed_points(j.type, j.tiles, j.pennants)
                    value += share(seat, j.followers, pts, players)
                else:
                    grown = potential(j.type, j.tiles, j.pennants, j.open, j.cities, left)
                    value += share(seat, j.followers, grown - old_value(board, j), players)
            elif can_deploy:
                if j.open == 0 and j.type != "field":
                    gain = float(completed_points(j.type, j.tiles, j.pennants))
                else:
                    gain = potential(j.type, j.tiles, j.pennants, j.open, j.cities, left)
                    gain -= cost
                deploy = max(deploy, gain)
        for q in cloisters:
            monk = regions.regions[(q, "CL")].seats()
            value += share(seat, monk, 9 - (1 + regions.neighbours(q)), players)
        out.append(value + deploy)
    return out


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else CarcassonneView(seat, 2))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, CarcassonneView):
            view = self.view
        if not isinstance(view, CarcassonneView):
            return random_legal(request, self.rng)
        if request.kind == "place_tile":
            return self._place(request, view)
        if request.kind == "deploy":
            return self._deploy(request, view)
        return random_legal(request, self.rng)

    # --- weighing ------------------------------------------------------------------------------

    def _price(self, view: CarcassonneView) -> float:
        return price(view, self.seat)

    def _place(self, request: RequestSpec, view: CarcassonneView) -> Choice:
        values = placement_values(self.seat, request, view)
        best: list[int] = []
        best_value = float("-inf")
        for i, value in enumerate(values):
            if value > best_value + 1e-9:
                best_value, best = value, [i]
            elif abs(value - best_value) <= 1e-9:
                best.append(i)
        return self.rng.choice(best)

    def _deploy(self, request: RequestSpec, view: CarcassonneView) -> Choice:
        return deploy_choice(self.seat, request, view)


def deploy_choice(seat: int, request: RequestSpec, board: Board) -> int:
    """The best option of a `deploy` request for `seat`: the free feature worth most beyond a
    follower's price, else skip (the last option)."""
    pos = (request.info["x"], request.info["y"])
    regions = board.regions
    cost = price(board, seat)
    skip = len(request.options) - 1
    best, best_value = skip, 0.0
    for i, name in enumerate(request.options[:-1]):
        region: Region = regions.region((pos, name))
        if region.complete:
            gain = float(completed_points(region.type, len(region.tiles), region.pennants))
        else:
            cities = len({regions.find(c) for c in region.cities})
            gain = potential(
                region.type, len(region.tiles), region.pennants, region.open, cities, board.left
            )
            gain -= cost
        if gain > best_value + 1e-9:
            best, best_value = i, gain
    return best
