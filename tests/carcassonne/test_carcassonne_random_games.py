"""Whole games of random legal moves: the invariants the pure functions must keep."""

from __future__ import annotations

import random

import pytest

from game_agent.games.carcassonne.board import (
    Board,
    can_place,
    legal_placements,
    neighbour,
    start_board,
)
from game_agent.games.carcassonne.board import place as place_tile
from game_agent.games.carcassonne.features import Node, analyse, legal_deployments
from game_agent.games.carcassonne.scoring import (
    FARM_SCORING,
    completed_by,
    final_scoring,
    returned,
    totals,
)
from protocol.games.carcassonne.tiles import FIELD, stack_letters

SUPPLY = 7


def check_board(board: Board) -> None:
    for pos, placed in board.items():
        for side in range(4):
            other = board.get(neighbour(pos, side))
            if other is not None:
                assert placed.tile.edges[side] == other.tile.edges[(side + 2) % 4]


def play(seed: int, players: int) -> tuple[Board, dict[Node, int], dict[int, int], int]:
    rng = random.Random(seed)
    stack = stack_letters()
    rng.shuffle(stack)
    board = start_board()
    followers: dict[Node, int] = {}
    score = dict.fromkeys(range(players), 0)
    discarded = 0
    turn = 0
    for kind in stack:
        if not can_place(board, kind):
            discarded += 1
            continue
        seat = turn % players
        turn += 1
        pos, r = rng.choice(legal_placements(board, kind))
        board = place_tile(board, pos, kind, r)
        supply = SUPPLY - sum(1 for s in followers.values() if s == seat)
        options = legal_deployments(board, followers, pos, supply)
        if options and rng.random() < 0.6:
            followers[(pos, rng.choice(options))] = seat
        awards = completed_by(board, followers, pos)
        for s, pts in totals(awards).items():
            score[s] += pts
        followers = returned(followers, awards)
        feats = analyse(board, followers)
        for f in feats.all:  # nothing completed still holds a road, city or cloister follower
            assert not (f.complete and f.followers and f.type != FIELD)
        assert all(sum(1 for s in followers.values() if s == p) <= SUPPLY for p in score)
    return board, followers, score, discarded


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_invariants(seed: int) -> None:
    board, followers, score, discarded = play(seed, players=2 + seed % 4)
    assert len(board) + discarded == 72
    check_board(board)
    feats = analyse(board, followers)
    nodes = [n for f in feats.all for n in f.nodes]
    assert len(nodes) == len(set(nodes)) == sum(len(p.tile.segments) for p in board.values())
    # The partition does not depend on the order tiles were put in the dict.
    again = analyse(dict(reversed(list(board.items()))), followers)
    assert {f.nodes for f in again.all} == {f.nodes for f in feats.all}
    for variant in FARM_SCORING:
        final = totals(final_scoring(board, followers, variant), list(score))
        assert all(v >= 0 for v in final.values())
    # Every follower left on a road, city or cloister is open and pays at least 1 at the end.
    scored = {n for a in final_scoring(board, followers) for n in feats.all[a.feature].nodes}
    on_features = {n for n in followers if feats.of(n).type != FIELD}
    assert on_features <= scored
