"""The rulesets. `load(name)` imports one by name; each module exposes `RULESET`."""

from __future__ import annotations

import importlib

from game_agent.engine import ConfigError, Ruleset

GAMES = ("harmony", "sanguosha", "carcassonne", "muhq")


def load(name: str) -> Ruleset:
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"game_agent.games.{name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"game_agent.games.{name}"):
            raise ConfigError(f"game {name!r} is not implemented yet") from None
        raise
    ruleset: Ruleset = module.RULESET
    return ruleset


def available() -> list[str]:
    out = []
    for name in GAMES:
        try:
            load(name)
        except ConfigError:
            continue
        out.append(name)
    return out
