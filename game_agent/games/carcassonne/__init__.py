"""Carcassonne (base game): the groundwork of the ruleset, pure data and functions only.

Not playable yet: there is no `RULESET` (no settlements, requests or events). `GAMES` in
`game_agent.games` already names ``carcassonne``, so asking this package for `RULESET` raises
the same `ConfigError` ("not implemented yet") that `load` gives for a game with no package;
`available()` skips it. See docs/carcassonne.md and /work/shared/rules/carcassonne.md.

Modules: `tiles` (the 24 kinds as data, ports and rotation), `board` (placed tiles, legal
placements), `features` (roads, cities, cloisters and farms across the board; follower
deployment), `scoring` (scoring during the game and at the end, farm variants).
"""

from __future__ import annotations

from game_agent.engine import ConfigError


def __getattr__(name: str) -> object:
    if name == "RULESET":
        raise ConfigError("game 'carcassonne' is not implemented yet")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
