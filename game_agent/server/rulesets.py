"""Which ruleset a table runs: a bundled game by name, or any `package.module:ATTR` object that
follows `game_agent.engine.Ruleset` (the server only drives the engine API, so it serves both).
A ruleset loaded by module path is registered under its name for re-execution."""

from __future__ import annotations

import importlib

from game_agent.engine import ConfigError, Ruleset
from game_agent.games import load, register


def load_ruleset(spec: str) -> Ruleset:
    if ":" not in spec:
        return load(spec)
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
    register(out)  # so that the log's header name re-executes it (verify, crash resume)
    return out
