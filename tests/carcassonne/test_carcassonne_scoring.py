"""Scoring during the game (rules 5), final scoring (rules 6) and the farm variants (7.4)."""

from __future__ import annotations

import pytest
from carcassonne_support import BLUE, RED, build

from game_agent.games.carcassonne.features import analyse
from game_agent.games.carcassonne.scoring import (
    FARM_SCORING,
    FarmScoring,
    completed_by,
    farm_awards,
    final_scoring,
    majority,
    totals,
)

GREEN = 2


def test_majority_with_ties() -> None:
    assert majority([]) == ()
    assert majority([RED]) == (RED,)
    assert majority([BLUE, RED]) == (RED, BLUE)
    assert majority([RED, BLUE, RED]) == (RED,)
    assert majority([GREEN, BLUE, GREEN, BLUE, RED]) == (BLUE, GREEN)


def test_completed_cloister_scores_nine() -> None:
    squares = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)]
    specs = [f"B@({x},{y})r0" for x, y in squares]
    board = build("B@(0,0)r0", *specs, start=False)
    followers = {((0, 0), "CL"): RED, ((1, 1), "CL"): BLUE}
    awards = completed_by(board, followers, (-1, 1))
    # Only the centre cloister is complete; Blue's corner cloister has 3 neighbours.
    assert [(a.reason, a.points, a.winners) for a in awards] == [("cloister", 9, (RED,))]
    assert awards[0].returned == (((0, 0), "CL"),)
    final = final_scoring(board, {((1, 1), "CL"): BLUE})
    assert [(a.reason, a.points, a.winners) for a in final] == [("cloister", 4, (BLUE,))]


def test_city_counts_distinct_tiles_when_both_caps_of_h_join() -> None:
    board = build(
        "H@(0,0)r90", "N@(0,1)r90", "N@(1,1)r180", "G@(1,0)r90", "N@(1,-1)r270",
        "N@(0,-1)r0", start=False,
    )  # fmt: skip
    awards = completed_by(board, {((0, 0), "C2"): RED}, (0, -1))
    # 6 distinct tiles (7 segments), no pennant: 12, not 14 (rules 7.2).
    assert [(a.reason, a.points, a.winners) for a in awards] == [("city", 12, (RED,))]


def test_road_through_a_tile_twice_counts_it_once() -> None:
    # From L's east arm round three V tiles back into L's south arm: both ends at the junction.
    board = build("L@(0,0)r0", "V@(1,0)r0", "V@(1,-1)r90", "V@(0,-1)r180", start=False)
    feats = analyse(board)
    road = feats.of(((0, 0), "R1"))
    assert road is feats.of(((0, 0), "R2")) and len(road.nodes) == 5
    awards = completed_by(board, {((1, 0), "R1"): RED}, (0, -1))
    assert [(a.reason, a.points, a.winners) for a in awards] == [("road", 4, (RED,))]


def test_road_loop_scores_its_tiles() -> None:
    board = build("V@(0,0)r180", "V@(1,0)r90", "V@(1,1)r0", "V@(0,1)r270", start=False)
    awards = completed_by(board, {((1, 0), "R1"): BLUE}, (0, 1))
    assert [(a.reason, a.points, a.winners) for a in awards] == [("road", 4, (BLUE,))]


def test_completed_feature_without_followers_has_no_winners() -> None:
    board = build("L@(-1,0)r0", "E@(0,1)r180")
    awards = completed_by(board, {((-1, 0), "C1"): RED}, (0, 1))
    assert [(a.reason, a.points, a.winners, a.returned) for a in awards] == [("city", 4, (), ())]


def test_two_features_completed_by_one_tile() -> None:
    """A at (1,0) ends the road L-D at its cloister and completes that cloister too."""
    squares = [(0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (1, 1)]
    fields = [f"B@({x},{y})r0" for x, y in squares]
    followers = {((0, 0), "R1"): RED, ((1, 0), "CL"): BLUE}
    board = build("L@(-1,0)r0", *fields, "A@(1,0)r90")
    awards = completed_by(board, followers, (1, 0))
    # The A's cloister still lacks (0,1); the road is complete (junction to cloister).
    assert [(a.reason, a.points, a.winners) for a in awards] == [("road", 3, (RED,))]
    board = build("L@(-1,0)r0", *fields, "E@(0,1)r180", "A@(1,0)r90")
    awards = completed_by(board, followers, (1, 0))
    got = sorted((a.reason, a.points, a.winners) for a in awards)
    assert got == [("cloister", 9, (BLUE,)), ("road", 3, (RED,))]
    assert totals(awards) == {RED: 3, BLUE: 9}
    assert {n for a in awards for n in a.returned} == set(followers)


def test_final_scoring_skips_completed_features_and_open_cities_feed_no_farm() -> None:
    board = build("E@(0,1)r180")  # a completed city
    followers = {((0, 0), "R1"): BLUE, ((0, 1), "C1"): RED}
    # The open one-tile road scores 1; the completed city is not scored again.
    assert totals(final_scoring(board, followers), [RED, BLUE]) == {RED: 0, BLUE: 1}
    # An open city is worth nothing to a farm.
    alone = build()
    assert farm_awards(analyse(alone, {((0, 0), "F1"): RED})) == []


@pytest.mark.parametrize(
    ("variant", "red", "blue"),
    [("per_farm_3", 6, 0), ("per_farm_3_once_per_city", 3, 0), ("per_city_4", 4, 0)],
)
def test_farm_variants_one_player_in_two_farms(variant: FarmScoring, red: int, blue: int) -> None:
    board = build("E@(0,1)r180")
    followers = {((0, 0), "F1"): RED, ((0, 1), "F1"): RED}
    feats = analyse(board, followers)
    assert feats.index[((0, 0), "F1")] != feats.index[((0, 1), "F1")]
    awards = final_scoring(board, followers, variant)
    assert totals(awards, [RED, BLUE]) == {RED: red, BLUE: blue}


@pytest.mark.parametrize(
    ("variant", "red", "blue"),
    [("per_farm_3", 3, 3), ("per_farm_3_once_per_city", 3, 3), ("per_city_4", 0, 4)],
)
def test_farm_variants_majority_across_farms(variant: FarmScoring, red: int, blue: int) -> None:
    # B at (1,1) extends E's field, so Blue can hold it with two farmers.
    board = build("E@(0,1)r180", "B@(1,1)r0")
    followers = {((0, 0), "F1"): RED, ((0, 1), "F1"): BLUE, ((1, 1), "F1"): BLUE}
    awards = final_scoring(board, followers, variant)
    assert totals(awards, [RED, BLUE]) == {RED: red, BLUE: blue}


def test_farm_tie_pays_every_tied_player() -> None:
    board = build("E@(0,1)r180", "B@(1,1)r0")
    followers = {((0, 1), "F1"): RED, ((1, 1), "F1"): BLUE}
    for variant in FARM_SCORING:
        per = 4 if variant == "per_city_4" else 3
        assert totals(final_scoring(board, followers, variant)) == {RED: per, BLUE: per}


def test_farm_scores_every_completed_city_it_borders() -> None:
    # H's field borders both its caps; E tiles close each cap into a two-tile city.
    board = build("H@(0,0)r0", "E@(-1,0)r90", "E@(1,0)r270", start=False)
    followers = {((0, 0), "F1"): RED}
    feats = analyse(board, followers)
    cities = {feats.index[((0, 0), "C1")], feats.index[((0, 0), "C2")]}
    assert len(cities) == 2 and feats.of(((0, 0), "F1")).cities == cities
    assert all(feats.all[c].complete for c in cities)
    for variant in FARM_SCORING:
        per = 4 if variant == "per_city_4" else 3
        assert totals(final_scoring(board, followers, variant)) == {RED: 2 * per}


def test_unknown_farm_variant() -> None:
    with pytest.raises(ValueError, match="farm scoring"):
        farm_awards(analyse(build()), "per_farm_9")  # type: ignore[arg-type]
