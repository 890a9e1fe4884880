"""What the fork tests share: random replies to open requests, and "two games at the same point"."""

from __future__ import annotations

import random

from game_agent.engine import Game
from user_agent.bot import random_legal


def step(g: Game, rng: random.Random) -> None:
    """Answer one open request, chosen at random among the open ones, at random."""
    req = rng.choice(g.open)
    g.resume(random_legal(req, rng), seat=req.seat)


def play(g: Game, rng: random.Random, steps: int | None = None) -> None:
    """Random replies until the game ends (or for `steps` replies)."""
    n = 0
    while g.open and (steps is None or n < steps):
        step(g, rng)
        n += 1


def same_point(a: Game, b: Game) -> None:
    assert a.events == b.events
    assert a.decisions == b.decisions
    assert a.requests == b.requests
    assert a.open == b.open
    assert a.state == b.state
    assert a.outcome == b.outcome
