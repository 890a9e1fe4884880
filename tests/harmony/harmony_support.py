"""Shared helpers for the Harmony tests: driving games, reading scenarios and streams."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game_agent.engine import Event, Game, fold
from game_agent.games.harmony import RULESET
from game_agent.games.harmony.scenario import Scenario, read_scenario
from protocol.choices import Choice, RequestSpec
from sgs.runner import drive as drive_bots
from user_agent.bot import Bot
from user_agent.games.harmony.view import make_view

SCENARIO_DIR = Path(__file__).parent / "scenarios"
SEAT = {"S": 0, "N": 1}


def scenario_paths() -> list[Path]:
    return sorted(SCENARIO_DIR.glob("*.toml"))


def scenario(name: str) -> Scenario:
    """A scenario by its `name` (e.g. "S8")."""
    for path in scenario_paths():
        sc = read_scenario(path)
        if sc.name == name:
            return sc
    raise KeyError(name)


def drive(g: Game, choose: Callable[[RequestSpec], Choice]) -> Game:
    """Start `g` (unless it already waits for a reply) and answer every request with `choose`
    until the game ends."""
    req = g.pending if g.pending is not None else g.start().request
    while req is not None:
        req = g.resume(choose(req)).request
    return g


def random_chooser(seed: int) -> Callable[[RequestSpec], Choice]:
    rng = random.Random(seed)

    def choose(req: RequestSpec) -> Choice:
        return [rng.randrange(len(axis)) for axis in req.options]

    return choose


def play_bots(
    bot_classes: Sequence[type[Bot]], seed: int, config: dict[str, Any] | None = None
) -> tuple[Game, list[Bot]]:
    """One game with one bot per seat, each fed its seat's view of the events."""
    g = Game(RULESET, config or {}, seed)
    bots = [
        cls(seat, seed * 7919 + seat, make_view(seat, 2)) for seat, cls in enumerate(bot_classes)
    ]
    drive_bots(g, bots)
    return g, bots


def folded(g: Game) -> Any:
    return fold(RULESET, g.config, g.seats, g.events)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def streams(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "attack_stream"]


def matches_expected(stream: dict[str, Any], want: dict[str, Any]) -> bool:
    """Whether an attack_stream event's data agrees with every key of an expected stream."""
    for key, value in want.items():
        if key == "seat":
            if stream["seat"] != SEAT[value]:
                return False
        elif stream[key] != value:
            return False
    return True
