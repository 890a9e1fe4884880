"""Independent checks of a finished game, for the tests and the soak script.

`recount(events)` scores a finished game again from its events alone, with the whole-board
reference (`features.analyse`, `scoring`) instead of the engine's incremental `regions`, in one
pass over the final board: every follower ever deployed is put back on its node. That is exact
because a completed road, city or cloister was scored when it was completed, with the followers
then on it, which are exactly the followers ever deployed on it (no tile joins a completed
feature, and only the tile just placed takes a follower); incomplete features and farms keep
their followers to the end.

`problems(events, players, followers_each)` lists broken invariants: every one of the 72 tiles
is on the board, discarded or never drawn (a scenario: no kind more often than the game has it);
tiles come out in the secret stack's order (a later ``stack`` event, from
`Game.determinize`, orders again the tiles not drawn yet: it must hold exactly those tiles);
no follower is lost or made up (supply plus board is the number each player started with, at
every step); every score is positive and the outcome's scores and winners are what the events
add up to.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from game_agent.engine import Event
from game_agent.games.carcassonne.board import Board, Placed
from game_agent.games.carcassonne.features import Node, analyse
from game_agent.games.carcassonne.scoring import (
    Award,
    FarmScoring,
    award_of,
    farm_awards,
    totals,
)
from protocol.games.carcassonne.tiles import FIELD, KIND, KINDS


def _replayed(events: Iterable[Event]) -> tuple[dict[str, Any], Board, dict[Node, int]]:
    start: dict[str, Any] = {}
    board: Board = {}
    ever: dict[Node, int] = {}
    for ev in events:
        d = ev.data
        if ev.kind == "game_started":
            start = d
            for kind, x, y, r in d["tiles"]:
                board[(x, y)] = Placed(kind, r)
            for seat, x, y, seg in d["followers_placed"]:
                ever[((x, y), seg)] = seat
        elif ev.kind == "tile_placed":
            board[(d["x"], d["y"])] = Placed(d["tile"], d["rotation"])
        elif ev.kind == "follower_deployed":
            ever[((d["x"], d["y"]), d["segment"])] = d["seat"]
    if not start:
        raise ValueError("no game_started event: not a carcassonne game")
    return start, board, ever


def recount(events: Iterable[Event]) -> list[int]:
    """The final scores of a finished game, recounted from its events (see the module doc)."""
    events = list(events)
    start, board, ever = _replayed(events)
    feats = analyse(board, ever)
    variant: FarmScoring = start["farm_scoring"]
    awards: list[Award] = [
        award_of(board, feats, i, ever, back=False)
        for i, f in enumerate(feats.all)
        if f.type != FIELD and f.followers
    ]
    awards += farm_awards(feats, variant)
    players = start["players"]
    points = totals(awards, range(players))
    return [start["scores"][s] + points[s] for s in range(players)]


def problems(events: Iterable[Event], players: int, followers_each: int) -> list[str]:
    """Broken invariants of a game's event stream (empty when all hold)."""
    out: list[str] = []
    scenario = False
    on_board: Counter[int] = Counter()
    supply = [followers_each] * players
    scores = [0] * players
    tiles: Counter[str] = Counter()
    stack: list[str] = []
    drawn = 0
    for ev in events:
        d = ev.data
        kind = ev.kind
        if kind == "game_started":
            scenario = d["scenario"] is not None
            tiles.update(t[0] for t in d["tiles"])
            for f in d["followers_placed"]:
                on_board[f[0]] += 1
                supply[f[0]] -= 1
            scores = list(d["scores"])
        elif kind == "stack":
            order = list(d["order"])
            if stack and Counter(order) != Counter(stack[drawn:]):
                out.append("a new stack order is not the tiles left in the stack")
            stack = stack[:drawn] + order  # a determinized sample orders the rest again
        elif kind == "tile_drawn":
            if d["tile"] != stack[drawn]:
                out.append(f"drew {d['tile']}, the stack's next tile is {stack[drawn]}")
            drawn += 1
        elif kind in ("tile_placed", "tile_discarded"):
            tiles[d["tile"]] += 1
        elif kind == "follower_deployed":
            on_board[d["seat"]] += 1
            supply[d["seat"]] -= 1
        elif kind == "follower_returned":
            on_board[d["seat"]] -= 1
            supply[d["seat"]] += 1
        elif kind == "feature_scored":
            for s in d["winners"]:
                if d["points"] <= 0:
                    out.append(f"seat {s} scored {d['points']} for a {d['feature']}")
                scores[s] += d["points"]
        elif kind == "game_over":
            if d["outcome"]["scores"] != scores:
                out.append(f"final scores {d['outcome']['scores']}, the events add up to {scores}")
            best = max(scores)
            if d["outcome"]["winners"] != [s for s in range(players) if scores[s] == best]:
                out.append(f"winners {d['outcome']['winners']} with scores {scores}")
        for s in range(players):
            if supply[s] < 0 or supply[s] + on_board[s] != followers_each:
                out.append(f"after {kind}: seat {s} has {supply[s]} in supply, {on_board[s]} out")
    tiles.update(stack[drawn:])
    if scenario:
        over = [k for k, n in tiles.items() if n > KIND[k].count]
        out.extend(f"{tiles[k]} tiles of kind {k}, the game has {KIND[k].count}" for k in over)
    elif tiles != FULL_SET:
        missing = FULL_SET - tiles
        extra = tiles - FULL_SET
        out.append(f"tiles not accounted for: missing {dict(missing)}, extra {dict(extra)}")
    return out


FULL_SET: Counter[str] = Counter({k.letter: k.count for k in KINDS})
