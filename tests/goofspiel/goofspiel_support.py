"""Helpers for the Goofspiel tests: scenario files, scripted and random games."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game_agent.engine import Game
from game_agent.games import load
from game_agent.games.goofspiel.scenario import read_scenario
from user_agent.bot import random_legal

RULES = load("goofspiel")
SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_config(name: str) -> dict[str, Any]:
    return read_scenario(SCENARIOS / name).config


def scripted(config: dict[str, Any], bids: Sequence[tuple[int, int]], seed: int = 1) -> Game:
    """Play `bids` (seat 0's card and seat 1's card, round by round); both seats are asked at
    once each round and answer in the order they were asked."""
    g = Game(RULES, config, seed)
    step = g.start()
    for pair in bids:
        assert sorted(r.seat for r in step.open) == [0, 1], step.open
        for seat in (0, 1):
            req = next(r for r in g.open if r.seat == seat)
            step = g.resume(req.options.index(pair[seat]), seat=seat)
    assert step.finished, "the script ended before the game"
    return g


def random_game(config: dict[str, Any], seed: int) -> Game:
    """Random legal bids, each answer to the earliest open request (what the hosts do)."""
    g = Game(RULES, config, seed)
    rng = random.Random(seed)
    step = g.start()
    while step.request is not None:
        step = g.resume(random_legal(step.request, rng), seat=step.request.seat)
    return g


def kinds(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in g.events if e.kind == kind]
