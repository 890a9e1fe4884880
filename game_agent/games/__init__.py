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
    """A bundled game by name, a registered one, or any `package.module:ATTR` object following
    the engine's `Ruleset` protocol (registered under its own name, so that its logs re-execute)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if ":" in name:
        return _load_path(name)
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


def _load_path(spec: str) -> Ruleset:
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import ruleset module {module_name!r} ({exc})") from None
    ruleset = getattr(module, attr, None)
    if ruleset is None or not all(
        hasattr(ruleset, a) for a in ("name", "version", "configure", "seat_count", "root")
    ):
        raise ConfigError(f"{spec} is not a ruleset")
    out: Ruleset = ruleset
    register(out)
    return out
