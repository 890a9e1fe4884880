"""The game state and the event applier (the only code that changes the state).

Folding a game's events onto `new_state(config, seats)` gives a state equal (==) to the live
one. The stack order lives in the state (from the secret ``stack`` event); seats learn a tile
only when it is drawn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Event
from protocol.games.carcassonne.regions import Node, Regions


@dataclass
class CarcState:
    players: int
    followers_each: int
    farm_scoring: str
    regions: Regions = field(default_factory=Regions)
    followers: dict[Node, int] = field(default_factory=dict)  # on the board: node -> seat
    supply: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)  # top first
    discarded: list[str] = field(default_factory=list)  # unplaceable tiles (rules 7.1)
    first_player: int = -1
    turn: int = 0  # turns started
    seat: int = -1  # whose turn
    tile: str | None = None  # drawn and not placed yet
    placed: tuple[int, int] | None = None  # this turn's tile position
    outcome: dict[str, Any] | None = None


def copy_state(s: CarcState) -> CarcState:
    """An independent copy of `s`, equal to it (snapshots and forks)."""
    return CarcState(
        s.players,
        s.followers_each,
        s.farm_scoring,
        s.regions.copy(),
        dict(s.followers),
        list(s.supply),
        list(s.scores),
        list(s.stack),
        list(s.discarded),
        s.first_player,
        s.turn,
        s.seat,
        s.tile,
        s.placed,
        copy.deepcopy(s.outcome),
    )


def new_state(config: Mapping[str, Any], seats: int) -> CarcState:
    n = config["followers"]
    return CarcState(seats, n, config["farm_scoring"], supply=[n] * seats, scores=[0] * seats)


def _game_started(s: CarcState, d: dict[str, Any]) -> None:
    s.first_player = d["first_player"]
    for kind, x, y, r in d["tiles"]:
        s.regions.add_tile((x, y), kind, r)
    for seat, x, y, seg in d["followers_placed"]:
        _deploy(s, seat, ((x, y), seg))
    s.scores = list(d["scores"])


def _deploy(s: CarcState, seat: int, node: Node) -> None:
    s.followers[node] = seat
    s.supply[seat] -= 1
    s.regions.deploy(node, seat)


def _stack(s: CarcState, d: dict[str, Any]) -> None:
    s.stack = list(d["order"])


def _turn_started(s: CarcState, d: dict[str, Any]) -> None:
    s.turn = d["turn"]
    s.seat = d["seat"]
    s.placed = None


def _tile_drawn(s: CarcState, d: dict[str, Any]) -> None:
    s.tile = s.stack.pop(0)
    assert s.tile == d["tile"]


def _tile_discarded(s: CarcState, d: dict[str, Any]) -> None:
    s.discarded.append(d["tile"])
    s.tile = None


def _tile_placed(s: CarcState, d: dict[str, Any]) -> None:
    pos = (d["x"], d["y"])
    s.regions.add_tile(pos, d["tile"], d["rotation"])
    s.tile = None
    s.placed = pos


def _follower_deployed(s: CarcState, d: dict[str, Any]) -> None:
    _deploy(s, d["seat"], ((d["x"], d["y"]), d["segment"]))


def _feature_scored(s: CarcState, d: dict[str, Any]) -> None:
    for seat in d["winners"]:
        s.scores[seat] += d["points"]


def _follower_returned(s: CarcState, d: dict[str, Any]) -> None:
    node = ((d["x"], d["y"]), d["segment"])
    seat = s.followers.pop(node)
    s.supply[seat] += 1
    s.regions.recall(node)


def _nothing(s: CarcState, d: dict[str, Any]) -> None:
    return None


def _game_over(s: CarcState, d: dict[str, Any]) -> None:
    s.outcome = d["outcome"]


_APPLY: dict[str, Callable[[CarcState, dict[str, Any]], None]] = {
    "game_started": _game_started,
    "stack": _stack,
    "turn_started": _turn_started,
    "tile_drawn": _tile_drawn,
    "tile_discarded": _tile_discarded,
    "tile_placed": _tile_placed,
    "follower_deployed": _follower_deployed,
    "feature_scored": _feature_scored,
    "follower_returned": _follower_returned,
    "final_scoring": _nothing,
    "game_over": _game_over,
}


def apply(state: CarcState, event: Event) -> None:
    try:
        fn = _APPLY[event.kind]
    except KeyError:
        raise ValueError(f"carcassonne: unknown event {event.kind!r}") from None
    fn(state, event.data)
