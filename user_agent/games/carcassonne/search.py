"""Carcassonne's search hooks (`user_agent.search.SearchHooks`) for `mcts` (`sgs.search`).

They read a *sample* (a determinized game: the board and scores as they are, the stack's order
dealt again) through its current state only (`scores`, `supply`, `regions`, `stack`, `players`),
typed `Any` so that this module loads no engine.

- **Evaluation**: each seat's score plus the potential of the features it holds (the greedy
  bot's `potential`: what an open feature is expected to bring, by its size, open sides and
  the tiles left), a follower in supply worth 0.5 to 2.5 points (more early); a seat's value
  is a logistic of its lead over the best other seat, flatter while many tiles are left.
- **Playout policy and prior**: the greedy bot's weighing (`greedy.placement_values`,
  `greedy.deploy_choice`) on the sample's board: a placement's points and feature value, the
  best deployment beyond a follower's price.
"""

from __future__ import annotations

import math
import random
from typing import Any

from protocol.choices import Choice, RequestSpec
from protocol.games.carcassonne.regions import Regions
from user_agent.games.carcassonne.greedy import (
    deploy_choice,
    holders,
    placement_values,
    potential,
)
from user_agent.search import SearchHooks

# points per follower still in supply: what it may still bring, less as the stack runs out
FOLLOWER_WORTH = 0.5
FOLLOWER_WORTH_EARLY = 2.0  # more, by this much times the share of the stack left
STACK = 71
SCALE = 6.0  # points of lead for a logistic unit at the end; grows with the tiles left
SCALE_PER_TILE = 0.25


class StateBoard:
    """A game state read as `greedy.Board`."""

    __slots__ = ("_st",)

    def __init__(self, state: Any) -> None:
        self._st = state

    @property
    def left(self) -> int:
        return len(self._st.stack)

    @property
    def players(self) -> int:
        return int(self._st.players)

    @property
    def supply(self) -> list[int]:
        supply: list[int] = self._st.supply
        return supply

    @property
    def regions(self) -> Regions:
        regions: Regions = self._st.regions
        return regions


def estimates(state: Any) -> list[float]:
    """Each seat's score plus what its open features are expected to bring."""
    left = len(state.stack)
    est = [float(s) for s in state.scores]
    regions: Regions = state.regions
    for region in regions.regions.values():
        if not region.followers:
            continue
        won = holders(region.seats())
        if region.type == "field":
            cities = len({regions.find(c) for c in region.cities})
            value = potential("field", 0, 0, 0, cities, left)
        else:
            value = potential(region.type, len(region.tiles), region.pennants, region.open, 0, left)
        for s in won:
            est[s] += value
    worth = FOLLOWER_WORTH + FOLLOWER_WORTH_EARLY * left / STACK
    for s, n in enumerate(state.supply):
        est[s] += worth * n
    return est


def evaluate(g: Any) -> list[float]:
    st = g.state
    est = estimates(st)
    scale = SCALE + SCALE_PER_TILE * len(st.stack)
    out = []
    for s, mine in enumerate(est):
        best_other = max((v for o, v in enumerate(est) if o != s), default=0.0)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return out


def position(state: Any, req: RequestSpec) -> tuple[Any, ...]:
    """What fixes the greedy weighing of `req`: the board, the followers, the supplies and
    what is left, the seat and the request's own info (the tile, where it lies)."""
    return (
        req.kind,
        req.seat,
        tuple(req.info.items()),
        tuple((p, t.letter, t.rotation) for p, t in state.regions.tiles.items()),
        tuple(state.followers.items()),
        tuple(state.supply),
        len(state.stack),
    )


def values(g: Any, req: RequestSpec, memo: dict[Any, Any]) -> list[float]:
    key = position(g.state, req)
    found: list[float] | None = memo.get(key)
    if found is None:
        found = memo[key] = placement_values(req.seat, req, StateBoard(g.state))
    return found


def prior(g: Any, req: RequestSpec, memo: dict[Any, Any]) -> list[float] | None:
    board = StateBoard(g.state)
    if req.kind == "place_tile":
        return values(g, req, memo)
    if req.kind == "deploy" and req.options:
        best = deploy_choice(req.seat, req, board)
        return [1.0 if i == best else 0.0 for i in range(len(req.options))]
    return None


def playout(g: Any, req: RequestSpec, rng: random.Random, memo: dict[Any, Any]) -> Choice:
    board = StateBoard(g.state)
    if req.kind == "place_tile" and req.options:
        weighed = values(g, req, memo)
        top = max(weighed)
        return rng.choice([i for i, v in enumerate(weighed) if v >= top - 1e-9])
    if req.kind == "deploy" and req.options:
        return deploy_choice(req.seat, req, board)
    return req.default


HOOKS = SearchHooks(
    evaluate=evaluate,
    playout=playout,
    prior=prior,
    depth=0,
    finish=frozenset(("deploy",)),
    iterations=300,
    c=0.05,
    widen=1.0,
)
