"""The worked scenarios of rules 8 (C1, C2, C3, C5), played move by move with the rules'
placement and deployment checks, with the scores the rules state."""

from __future__ import annotations

from carcassonne_support import BLUE, RED, build

from game_agent.games.carcassonne.board import place
from game_agent.games.carcassonne.features import Node, analyse, legal_deployments
from game_agent.games.carcassonne.scoring import (
    completed_by,
    final_scoring,
    returned,
    totals,
)
from protocol.games.carcassonne.tiles import oriented


def test_c1_two_tile_city() -> None:
    assert oriented("E", 2).edges == "FFCF"
    board = build("E@(0,1)r180")
    assert "C1" in legal_deployments(board, {}, (0, 1))
    followers = {((0, 1), "C1"): RED}
    awards = completed_by(board, followers, (0, 1))
    assert [(a.reason, a.points, a.winners) for a in awards] == [("city", 4, (RED,))]
    assert totals(awards, [RED, BLUE]) == {RED: 4, BLUE: 0}
    assert returned(followers, awards) == {}  # the knight goes back the same turn


def test_c2_road_from_a_crossroads_to_a_cloister() -> None:
    assert oriented("A", 1).edges == "FFFR"
    board = build("A@(1,0)r90")
    assert "R1" in legal_deployments(board, {}, (1, 0))
    followers: dict[Node, int] = {((1, 0), "R1"): RED}
    assert completed_by(board, followers, (1, 0)) == []  # west end still open
    board = place(board, (-1, 0), "X", 0)
    # Blue deploys before scoring: the road Red holds is closed to Blue, the other arms are not.
    legal = legal_deployments(board, followers, (-1, 0))
    assert "R2" not in legal  # X's east arm is Red's road
    assert {"R1", "R3", "R4"} <= set(legal)
    followers[((-1, 0), "R1")] = BLUE  # a thief on the north arm
    awards = completed_by(board, followers, (-1, 0))
    assert [(a.reason, a.points, a.winners) for a in awards] == [("road", 3, (RED,))]
    assert analyse(board).all[awards[0].feature].tiles == {(-1, 0), (0, 0), (1, 0)}
    assert returned(followers, awards) == {((-1, 0), "R1"): BLUE}


def test_c3_tie_in_a_completed_city() -> None:
    assert oriented("N", 1).edges == "FCCF"
    board = build("N@(0,1)r90")
    assert "C1" in legal_deployments(board, {}, (0, 1))
    followers: dict[Node, int] = {((0, 1), "C1"): RED}
    assert completed_by(board, followers, (0, 1)) == []
    board = place(board, (1, 0), "D", 0)
    feats = analyse(board, followers)
    assert feats.of(((1, 0), "R1")) is feats.of(((0, 0), "R1"))  # the roads join
    assert "C1" in legal_deployments(board, followers, (1, 0))  # a separate open city
    followers[((1, 0), "C1")] = BLUE
    assert completed_by(board, followers, (1, 0)) == []
    board = place(board, (1, 1), "M", 2)
    assert "C1" not in legal_deployments(board, followers, (1, 1))  # occupied now
    awards = completed_by(board, followers, (1, 1))
    assert [(a.reason, a.points, a.winners) for a in awards] == [("city", 10, (RED, BLUE))]
    city = analyse(board).all[awards[0].feature]
    assert city.tiles == {(0, 0), (0, 1), (1, 1), (1, 0)} and city.pennants == 1
    assert totals(awards) == {RED: 10, BLUE: 10}
    assert returned(followers, awards) == {}
    # Step 5: with a second Red knight in that city only Red scores.
    two = {**followers, ((0, 0), "C1"): RED}
    assert totals(completed_by(board, two, (1, 1)), [RED, BLUE]) == {RED: 10, BLUE: 0}


def test_c5_incomplete_features_at_the_end() -> None:
    board = build("M@(0,1)r180")
    followers: dict[Node, int] = {((0, 1), "C1"): RED}
    assert completed_by(board, followers, (0, 1)) == []
    board = place(board, (1, 0), "U", 1)
    assert "R1" in legal_deployments(board, followers, (1, 0))
    followers[((1, 0), "R1")] = BLUE
    assert completed_by(board, followers, (1, 0)) == []
    board = place(board, (1, 1), "B", 0)
    assert "CL" in legal_deployments(board, followers, (1, 1))
    followers[((1, 1), "CL")] = RED
    assert completed_by(board, followers, (1, 1)) == []
    awards = final_scoring(board, followers)
    assert sorted((a.reason, a.points, a.winners) for a in awards) == [
        ("city", 3, (RED,)),
        ("cloister", 4, (RED,)),
        ("road", 2, (BLUE,)),
    ]
    assert totals(awards, [RED, BLUE]) == {RED: 7, BLUE: 2}
