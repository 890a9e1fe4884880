"""Features across tiles (rules 2.3, 5.1-5.4) and follower deployment (rules 4.2)."""

from __future__ import annotations

from carcassonne_support import BLUE, RED, build

from game_agent.games.carcassonne.board import start_board
from game_agent.games.carcassonne.features import analyse, legal_deployments
from protocol.games.carcassonne.tiles import CITY, CLOISTER, FIELD, ROAD


def test_start_tile_alone() -> None:
    feats = analyse(start_board())
    assert sorted(f.type for f in feats.all) == [CITY, FIELD, FIELD, ROAD]
    city = feats.of(((0, 0), "C1"))
    assert not city.complete
    north_field = feats.of(((0, 0), "F1"))
    assert north_field.cities == {feats.index[((0, 0), "C1")]}
    assert feats.of(((0, 0), "F2")).cities == frozenset()


def test_two_caps_make_one_closed_city() -> None:
    feats = analyse(build("E@(0,1)r180"))
    city = feats.of(((0, 0), "C1"))
    assert city is feats.of(((0, 1), "C1"))
    assert city.complete
    assert city.tiles == {(0, 0), (0, 1)}
    # E's field and D's strip north of the road both border that city but do not meet.
    assert feats.index[((0, 1), "F1")] != feats.index[((0, 0), "F1")]
    assert feats.of(((0, 1), "F1")).cities == feats.of(((0, 0), "F1")).cities


def test_roads_and_fields_join_across_tiles() -> None:
    feats = analyse(build("U@(1,0)r90", "V@(-1,0)r270", "B@(0,-1)r0"))
    road = feats.of(((0, 0), "R1"))
    assert road is feats.of(((1, 0), "R1")) and road is feats.of(((-1, 0), "R1"))
    assert road.tiles == {(-1, 0), (0, 0), (1, 0)}
    assert not road.complete  # open east on U, and V turns south into nothing
    south = feats.of(((0, 0), "F2"))
    assert south is feats.of(((0, -1), "F1"))  # D's south field meets B's field
    assert south is feats.of(((1, 0), "F1"))  # and U's south half (U r90: F1 south)
    assert feats.of(((1, 0), "F2")) is not south  # U's north half is across the road
    cloister = feats.of(((0, -1), "CL"))
    assert cloister.type == CLOISTER and not cloister.complete and cloister.tiles == {(0, -1)}


def test_road_loop_is_complete_and_encloses_one_farm() -> None:
    board = build("V@(0,0)r180", "V@(1,0)r90", "V@(1,1)r0", "V@(0,1)r270", start=False)
    feats = analyse(board)
    road = feats.of(((0, 0), "R1"))
    assert road.complete and road.tiles == {(0, 0), (1, 0), (1, 1), (0, 1)}
    # The inner corners join across the road's field halves into one enclosed farm.
    inner = {feats.index[(pos, "F1")] for pos in board}
    outer = {feats.index[(pos, "F2")] for pos in board}
    assert len(inner) == 1 and len(outer) == 1 and inner != outer
    assert feats.all[inner.pop()].tiles == set(board)


def test_crossroads_splits_fields_and_roads() -> None:
    feats = analyse(build("X@(1,0)r0"))
    assert len({feats.index[((1, 0), f"F{i}")] for i in range(1, 5)}) == 4
    assert len({feats.index[((1, 0), f"R{i}")] for i in range(1, 5)}) == 4
    assert feats.of(((0, 0), "F1")) is feats.of(((1, 0), "F4"))  # D's strip meets X's Wn
    assert feats.of(((0, 0), "F2")) is feats.of(((1, 0), "F3"))  # D's south meets X's Ws
    assert feats.of(((0, 0), "R1")) is feats.of(((1, 0), "R4"))


def test_separate_caps_of_h_join_only_through_other_tiles() -> None:
    alone = analyse(build("H@(0,0)r90", start=False))
    assert alone.index[((0, 0), "C1")] != alone.index[((0, 0), "C2")]
    ring = analyse(
        build(
            "H@(0,0)r90", "N@(0,1)r90", "N@(1,1)r180", "G@(1,0)r90", "N@(1,-1)r270",
            "N@(0,-1)r0", start=False,
        )
    )  # fmt: skip
    city = ring.of(((0, 0), "C1"))
    assert city is ring.of(((0, 0), "C2"))
    assert city.complete
    assert len(city.nodes) == 7 and len(city.tiles) == 6


def test_cloister_completes_with_eight_neighbours() -> None:
    # Sides first, so every tile shares a side with one already placed.
    squares = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)]
    around = [f"B@({x},{y})r0" for x, y in squares]
    board = build("B@(0,0)r0", *around[:-1], start=False)
    assert not analyse(board).of(((0, 0), "CL")).complete
    board = build("B@(0,0)r0", *around, start=False)
    assert analyse(board).of(((0, 0), "CL")).complete


def test_followers_are_listed_on_their_features() -> None:
    board = build("E@(0,1)r180")
    followers = {((0, 1), "C1"): RED, ((0, 0), "C1"): BLUE, ((0, 0), "R1"): BLUE}
    feats = analyse(board, followers)
    assert sorted(feats.of(((0, 0), "C1")).followers) == [RED, BLUE]
    assert feats.of(((0, 0), "R1")).followers == (BLUE,)
    assert feats.of(((0, 1), "F1")).followers == ()


def test_deployment_needs_an_empty_feature() -> None:
    board = build("U@(1,0)r90")
    assert legal_deployments(board, {}, (1, 0)) == ["R1", "F1", "F2"]
    # A thief on the start road, however far, closes the road to U.
    occupied = {((0, 0), "R1"): BLUE}
    assert legal_deployments(board, occupied, (1, 0)) == ["F1", "F2"]
    # A farmer on D's south field also occupies U's south half (U r90: F1).
    occupied[((0, 0), "F2")] = RED
    assert legal_deployments(board, occupied, (1, 0)) == ["F2"]
    assert legal_deployments(board, {}, (1, 0), supply=0) == []


def test_farmer_beside_a_cloister_leaves_the_monk_free() -> None:
    board = build("A@(1,0)r90")
    assert legal_deployments(board, {((1, 0), "F1"): RED}, (1, 0)) == ["CL", "R1"]
