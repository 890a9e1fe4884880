"""The registered games and their configurations, for the tests that run every game: read from
the registry (`game_agent.games.GAMES`) and each game's manifest rows, so that a game that
registers is covered and nothing here names one."""

from __future__ import annotations

import json
from typing import Any

from game_agent.games import GAMES, manifest


def configs(game: str) -> list[dict[str, Any]]:
    """The distinct configurations of the game's manifest rows, in row order."""
    out: dict[str, dict[str, Any]] = {}
    for row in manifest(game).rows:
        out.setdefault(json.dumps(dict(row.config), sort_keys=True), dict(row.config))
    return list(out.values())


def every_config() -> list[tuple[str, dict[str, Any]]]:
    """(game, config) for every registered game and each of its distinct configurations."""
    return [(game, config) for game in GAMES for config in configs(game)]


def cli_options(config: dict[str, Any]) -> list[str]:
    """The config as `sgs` options (`--option KEY=VALUE`, the value as TOML reads it)."""
    return [a for k, v in config.items() for a in ("--option", f"{k}={json.dumps(v)}")]
