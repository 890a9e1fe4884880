"""The settlements of a game: setup, turns (rules 4), scoring (rules 5) and the end (rules 6).

The stack is ``root -> turn`` while a placement or a deployment is asked. Scoring never asks
anything, so it runs inside the turn's frame as plain functions (`score_completed`,
`final_scoring`).
"""

from __future__ import annotations

from collections import Counter

from game_agent.engine import Game, Settlement
from game_agent.games.carcassonne.scoring import (
    CITY_PER_PENNANT,
    CITY_PER_TILE,
    FARM_PER_CITY,
    FARM_PER_CITY_FIRST_EDITION,
    OPEN_CITY_PER_PENNANT,
    OPEN_CITY_PER_TILE,
    ROAD_PER_TILE,
    majority,
)
from game_agent.games.carcassonne.state import CarcState
from protocol.games.carcassonne.regions import Node, Region, Regions
from protocol.games.carcassonne.tiles import CITY, CLOISTER, FIELD, ROAD, stack_letters

ROLE = {ROAD: "thief", CITY: "knight", CLOISTER: "monk", FIELD: "farmer"}
SKIP = "skip"
START_TILES = [["D", 0, 0, 0]]


def root(g: Game) -> Settlement:
    cfg = g.config
    st: CarcState = g.state
    sc = cfg["scenario"]
    first = cfg["first_player"]
    if first is None:
        first = g.rng.below(st.players)  # rules 7.7: a seeded random first player
    g.emit(
        "game_started",
        {
            "players": st.players,
            "first_player": first,
            "followers": st.followers_each,
            "farm_scoring": st.farm_scoring,
            "scenario": None if sc is None else sc["name"],
            "tiles": START_TILES if sc is None else sc["tiles"],
            "followers_placed": [] if sc is None else sc["followers"],
            "scores": [0] * st.players if sc is None else sc["scores"],
        },
    )
    if sc is None:
        order = stack_letters()
        g.rng.shuffle(order)
    else:
        order = list(sc["stack"])
    g.emit("stack", {"order": order}, seats=(), public={"count": len(order)})
    yield from turns(g, 0, first)


def turns(g: Game, n: int, seat: int) -> Settlement:
    """The turns from turn `n` + 1 (`seat`'s) to the end of the game; a checkpoint before each."""
    st: CarcState = g.state
    while st.stack:
        yield g.checkpoint(turns, n, seat)
        n += 1
        yield turn(g, n, seat)
        seat = (seat + 1) % st.players
    final_scoring(g)
    best = max(st.scores)
    g.end(
        {
            "winners": [s for s in range(st.players) if st.scores[s] == best],
            "scores": list(st.scores),
            "reason": "stack_empty",
            "turns": n,
        }
    )


def turn(g: Game, n: int, seat: int) -> Settlement:
    st: CarcState = g.state
    regions = st.regions
    g.emit("turn_started", {"turn": n, "seat": seat})
    while True:  # draw until a tile fits (rules 7.1) or the stack runs out
        if not st.stack:
            return
        kind = st.stack[0]
        g.emit("tile_drawn", {"seat": seat, "tile": kind, "left": len(st.stack) - 1})
        spots = regions.placements(kind)
        if spots:
            break
        g.emit(
            "tile_discarded",
            {"seat": seat, "tile": kind, "reason": "unplaceable", "left": len(st.stack)},
        )
    options = [list(s) for s in spots]
    i = yield g.ask(seat, "place_tile", options, 0, info={"tile": kind, "left": len(st.stack)})
    x, y, r = spots[i]
    g.emit("tile_placed", {"seat": seat, "tile": kind, "x": x, "y": y, "rotation": r})
    pos = (x, y)
    free = regions.free_segments(pos) if st.supply[seat] > 0 else []
    if free:
        tile = regions.tiles[pos]
        kinds = {seg.name: seg.type for seg in tile.segments}
        j = yield g.ask(
            seat,
            "deploy",
            [*free, SKIP],
            len(free),
            info={
                "tile": kind,
                "x": x,
                "y": y,
                "rotation": r,
                "supply": st.supply[seat],
                "segments": {name: kinds[name] for name in free},
            },
        )
        if j < len(free):
            seg = free[j]
            g.emit(
                "follower_deployed",
                {
                    "seat": seat,
                    "x": x,
                    "y": y,
                    "segment": seg,
                    "feature": kinds[seg],
                    "role": ROLE[kinds[seg]],
                },
            )
    score_completed(g, pos)


def _scored(
    g: Game, feature: str, node: Node, tiles: int, pennants: int, points: int,
    winners: tuple[int, ...], final: bool, cities: int = 0,
) -> None:  # fmt: skip
    (x, y), seg = node
    g.emit(
        "feature_scored",
        {
            "feature": feature,
            "x": x,
            "y": y,
            "segment": seg,
            "tiles": tiles,
            "pennants": pennants,
            "points": points,
            "winners": list(winners),
            "final": final,
            "cities": cities,
        },
    )


def _return_followers(g: Game, region: Region) -> None:
    for seat, ((x, y), seg) in sorted(region.followers, key=lambda f: (f[1], f[0])):
        g.emit("follower_returned", {"seat": seat, "x": x, "y": y, "segment": seg})


def score_completed(g: Game, pos: tuple[int, int]) -> None:
    """Rules 4 step 4: every road, city and cloister the tile completed, for whoever holds it;
    the followers on them go back. Features with no follower are reported with no winners."""
    regions: Regions = g.state.regions
    for node in regions.completed_at(pos):
        region = regions.region(node)
        if region.type == CLOISTER:
            points = 9
        elif region.type == ROAD:
            points = ROAD_PER_TILE * len(region.tiles)
        else:
            points = CITY_PER_TILE * len(region.tiles) + CITY_PER_PENNANT * region.pennants
        winners = majority(region.seats())
        _scored(g, region.type, node, len(region.tiles), region.pennants, points, winners, False)
        _return_followers(g, region)


def final_scoring(g: Game) -> None:
    """Rules 6: open roads, cities and cloisters with followers, then the farms (rules 7.4)."""
    st: CarcState = g.state
    regions = st.regions
    g.emit("final_scoring", {})
    roots = sorted(regions.regions)
    for root_node in roots:
        region = regions.regions[root_node]
        if region.type == FIELD or region.complete or not region.followers:
            continue
        tiles = len(region.tiles)
        if region.type == CLOISTER:
            points = 1 + regions.neighbours(root_node[0])
        elif region.type == ROAD:
            points = ROAD_PER_TILE * tiles
        else:
            points = OPEN_CITY_PER_TILE * tiles + OPEN_CITY_PER_PENNANT * region.pennants
        winners = majority(region.seats())
        _scored(g, region.type, root_node, tiles, region.pennants, points, winners, True)
    farm_scoring(g, regions, roots, st.farm_scoring)


def farm_scoring(g: Game, regions: Regions, roots: list[Node], variant: str) -> None:
    farms = [
        (node, regions.regions[node])
        for node in roots
        if regions.regions[node].type == FIELD and regions.regions[node].followers
    ]

    def cities(region: Region) -> list[Node]:
        found = {regions.find(c) for c in region.cities}
        return sorted(c for c in found if regions.regions[c].complete)

    if variant == "per_farm_3":
        for node, region in farms:
            done = cities(region)
            if done:
                winners = majority(region.seats())
                points = FARM_PER_CITY * len(done)
                tiles = len(region.tiles)
                _scored(g, "farm", node, tiles, 0, points, winners, True, cities=len(done))
        return
    by_city: dict[Node, list[int]] = {}  # city -> farmers (per_city_4) or farm winners
    for _, region in farms:
        for city in cities(region):
            seats = region.seats() if variant == "per_city_4" else list(majority(region.seats()))
            by_city.setdefault(city, []).extend(seats)
    for city, seats in sorted(by_city.items()):
        if variant == "per_city_4":
            winners, points = majority(seats), FARM_PER_CITY_FIRST_EDITION
        else:  # per_farm_3_once_per_city: each farm winner scores the city once
            winners, points = tuple(sorted(Counter(seats))), FARM_PER_CITY
        tiles = len(regions.regions[city].tiles)
        _scored(g, "farm", city, tiles, 0, points, winners, True, cities=1)
