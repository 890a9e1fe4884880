"""The games' search hooks on real games: the playout policies answer legally, the evaluations
are per-seat values in [0, 1] that move the right way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game_agent.engine import Game
from game_agent.games import load
from protocol.choices import check_choice
from user_agent.bot import random_legal
from user_agent.games.carcassonne.search import HOOKS as CARCASSONNE
from user_agent.games.sanguosha.search import HOOKS as SANGUOSHA
from user_agent.search import SearchHooks


@pytest.mark.parametrize(
    ("game", "config", "hooks"),
    [
        ("sanguosha", {"players": 5}, SANGUOSHA),
        ("sanguosha", {"mode": "1v1"}, SANGUOSHA),
        ("carcassonne", {"players": 3}, CARCASSONNE),
    ],
)
def test_playouts_are_legal_and_values_are_in_range(
    game: str, config: dict[str, Any], hooks: SearchHooks
) -> None:
    rng = random.Random(5)
    for seed in (1, 2):
        g = Game(load(game), config, seed)
        g.start()
        memo: dict[Any, Any] = {}
        steps = 0
        while g.open and steps < 3000:
            req = g.pending
            assert req is not None
            choice = hooks.playout(g, req, rng, memo) if steps % 3 else random_legal(req, rng)
            assert check_choice(req, choice) is None, (req.kind, choice)
            g.resume(choice, seat=req.seat)
            steps += 1
            if steps % 50 == 0 and g.outcome is None:
                values = hooks.evaluate(g)
                assert len(values) == g.seats and all(0.0 <= v <= 1.0 for v in values)


def test_sanguosha_values_follow_the_lords_health() -> None:
    g = Game(load("sanguosha"), {"players": 5}, 3)
    g.start()
    rng = random.Random(1)
    while g.pending is not None and g.pending.kind != "play":  # the generals chosen, cards dealt
        g.resume(random_legal(g.pending, rng), seat=g.pending.seat)
    lord = next(p for p in g.state.players if p.role == "lord")
    rebel = next(p for p in g.state.players if p.role == "rebel")
    before = SANGUOSHA.evaluate(g)
    lord.hp = 1  # a hand-made position: the lord nearly dead
    after = SANGUOSHA.evaluate(g)
    assert after[lord.seat] < before[lord.seat] and after[rebel.seat] > before[rebel.seat]
    assert abs(sum(after[p.seat] for p in g.state.players if p.role == "rebel") / 2
               - after[rebel.seat]) < 1e-9  # fmt: skip
