"""The rulesets. `load(name)` imports one by name; each module exposes `RULESET`."""

from __future__ import annotations

import importlib

from game_agent.engine import ConfigError, Ruleset

GAMES = ("harmony", "sanguosha", "carcassonne", "muhq")

# Rulesets registered at run time (a third-party ruleset, or a test's): name -> ruleset.
_REGISTERED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    _REGISTERED[ruleset.name] = ruleset


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def load(name: str) -> Ruleset:
    if name in _REGISTERED:
        return _REGISTERED[name]
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
