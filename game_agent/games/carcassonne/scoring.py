"""Scoring during the game (rules 5) and at the end (rules 6, with the farm variants of 7.4).

Every function returns `Award`s: which feature, how many points, which seats get them (all the
seats tied for most followers, rules 5.5; none when the feature holds no follower) and which
followers go back to supply. `totals` adds awards up per seat; `returned` removes the returned
followers from a follower mapping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from game_agent.games.carcassonne.board import Placed
from game_agent.games.carcassonne.features import Feature, Features, Followers, Node, analyse
from protocol.games.carcassonne.geometry import Pos, around
from protocol.games.carcassonne.tiles import CITY, CLOISTER, FIELD, ROAD

FarmScoring = Literal["per_farm_3", "per_city_4", "per_farm_3_once_per_city"]
FARM_SCORING: tuple[FarmScoring, ...] = ("per_farm_3", "per_city_4", "per_farm_3_once_per_city")
DEFAULT_FARM_SCORING: FarmScoring = "per_farm_3"  # rules 7.4

ROAD_PER_TILE = 1
CITY_PER_TILE = 2
CITY_PER_PENNANT = 2
OPEN_CITY_PER_TILE = 1
OPEN_CITY_PER_PENNANT = 1
FARM_PER_CITY = 3
FARM_PER_CITY_FIRST_EDITION = 4


@dataclass(frozen=True, slots=True)
class Award:
    reason: str  # "road", "city", "cloister", "farm"
    feature: int  # index in `Features.all` (for per_city farm variants: the city)
    points: int
    winners: tuple[int, ...]  # seats scoring `points` each
    returned: tuple[Node, ...] = ()  # followers going back to supply


def majority(seats: Iterable[int]) -> tuple[int, ...]:
    """Rules 5.5: every seat tied for the most followers (sorted); () when there are none."""
    counts = Counter(seats)
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(sorted(s for s, n in counts.items() if n == top))


def cloister_points(board: Mapping[Pos, Placed], pos: Pos) -> int:
    """1 for the cloister and 1 per occupied square of the 8 around it (9 when complete)."""
    return 1 + sum(1 for q in around(pos) if q in board)


def feature_points(board: Mapping[Pos, Placed], feature: Feature) -> int:
    """Points of a road, city or cloister: completed values (rules 5) or open ones (rules 6)."""
    if feature.type == ROAD:
        return ROAD_PER_TILE * len(feature.tiles)
    if feature.type == CITY:
        if feature.complete:
            return CITY_PER_TILE * len(feature.tiles) + CITY_PER_PENNANT * feature.pennants
        return OPEN_CITY_PER_TILE * len(feature.tiles) + OPEN_CITY_PER_PENNANT * feature.pennants
    if feature.type == CLOISTER:
        (pos,) = feature.tiles
        return cloister_points(board, pos)
    raise ValueError("fields are scored as farms (final_scoring)")


def award_of(
    board: Mapping[Pos, Placed], feats: Features, i: int, followers: Followers, back: bool
) -> Award:
    f = feats.all[i]
    on = tuple(sorted(n for n in f.nodes if n in followers))
    return Award(f.type, i, feature_points(board, f), majority(f.followers), on if back else ())


def completed_by(
    board: Mapping[Pos, Placed], followers: Followers, pos: Pos, feats: Features | None = None
) -> list[Award]:
    """Rules 4 step 4: every road, city or cloister the tile at ``pos`` completed, whoever holds
    it (also features with no follower, with no winners); their followers go back."""
    feats = feats or analyse(board, followers)
    found: set[int] = set()
    for i in feats.at(pos):
        if feats.all[i].type in (ROAD, CITY) and feats.all[i].complete:
            found.add(i)
    for q in (pos, *around(pos)):
        for i in feats.at(q) if q in board else ():
            if feats.all[i].type == CLOISTER and feats.all[i].complete:
                found.add(i)
    return [award_of(board, feats, i, followers, back=True) for i in sorted(found)]


def final_scoring(
    board: Mapping[Pos, Placed],
    followers: Followers,
    farm_scoring: FarmScoring = DEFAULT_FARM_SCORING,
) -> list[Award]:
    """Rules 6: incomplete roads, cities and cloisters with followers, then the farms."""
    feats = analyse(board, followers)
    out = [
        award_of(board, feats, i, followers, back=False)
        for i, f in enumerate(feats.all)
        if f.type != FIELD and not f.complete and f.followers
    ]
    return out + farm_awards(feats, farm_scoring)


def farm_awards(feats: Features, farm_scoring: FarmScoring = DEFAULT_FARM_SCORING) -> list[Award]:
    """Farms (rules 6.4 and 7.4); only completed cities count."""
    farms = [
        (i, f) for i, f in enumerate(feats.all) if f.type == FIELD and f.followers
    ]  # farms with at least one farmer

    def done(f: Feature) -> list[int]:
        return sorted(c for c in f.cities if feats.all[c].complete)

    if farm_scoring == "per_farm_3":
        return [
            Award("farm", i, FARM_PER_CITY * len(done(f)), majority(f.followers))
            for i, f in farms
            if done(f)
        ]
    if farm_scoring == "per_farm_3_once_per_city":
        won: dict[int, set[int]] = {}  # city -> seats that win a farm bordering it
        for _, f in farms:
            for c in done(f):
                won.setdefault(c, set()).update(majority(f.followers))
        return [Award("farm", c, FARM_PER_CITY, tuple(sorted(w))) for c, w in sorted(won.items())]
    if farm_scoring == "per_city_4":
        farmers: dict[int, list[int]] = {}  # city -> the farmers of every farm bordering it
        for _, f in farms:
            for c in done(f):
                farmers.setdefault(c, []).extend(f.followers)
        return [
            Award("farm", c, FARM_PER_CITY_FIRST_EDITION, majority(seats))
            for c, seats in sorted(farmers.items())
        ]
    raise ValueError(f"unknown farm scoring {farm_scoring!r}; one of {FARM_SCORING}")


def totals(awards: Iterable[Award], seats: Sequence[int] = ()) -> dict[int, int]:
    """Points per seat (every seat of ``seats`` listed, even with 0)."""
    out = dict.fromkeys(seats, 0)
    for a in awards:
        for s in a.winners:
            out[s] = out.get(s, 0) + a.points
    return out


def returned(followers: Followers, awards: Iterable[Award]) -> dict[Node, int]:
    """The follower mapping without the followers the awards send back."""
    back = {n for a in awards for n in a.returned}
    return {n: s for n, s in followers.items() if n not in back}
