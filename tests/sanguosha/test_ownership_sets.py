"""The skill index keeps what each seat owns as a set per seat, dropped by the event applier when
a seat's skills, equipment or life change: after every step of many games (and in forks), each
seat's set is exactly what the state says (`SkillIndex.owns_slow`, worked out afresh)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game_agent.engine import Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.index import SkillIndex, index_of
from user_agent.bot import random_legal

CONFIGS: list[dict[str, Any]] = [
    {"players": 5},
    {"players": 8},
    {"mode": "1v1"},
    {"players": 4, "generals": "random"},
]


def check(g: Game) -> None:
    st = g.state
    index: SkillIndex = index_of(st)
    for seat in range(g.seats):
        want = {k for k in index.catalogue if index.owns_slow(st, seat, k)}
        assert index.keys(st, seat) == want, (seat, g.stack_names())
        for k in index.catalogue:
            assert index.owns(st, seat, k) == (k in want)


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_the_kept_sets_are_what_the_state_says(config: dict[str, Any]) -> None:
    checked = 0
    for seed in range(1, 9):
        g = Game(RULESET, config, seed)
        rng = random.Random(seed)
        step = g.start()
        while step.request is not None:
            check(g)
            checked += 1
            if checked % 97 == 0:  # a fork copies the state: its own sets, right from the start
                f = g.fork()
                check(f)
                assert index_of(f.state) is not index_of(g.state)
            step = g.resume(random_legal(step.request, rng))
        check(g)
    assert checked > 500
