"""muhq's game (rules reference /work/shared/rules/muhqs-game.md): the groundwork.

Not playable yet: there is no `RULESET` (no settlements, requests or events). `GAMES` in
`game_agent.games` already names ``muhq``, so asking this package for `RULESET` raises the same
`ConfigError` ("not implemented yet") that `load` gives for a game with no package, and
`available()` skips it. See docs/muhq.md.

Modules: `content` (cards, sets and maps as TOML data, checked; the bundled PROVISIONAL content
in `content/`), `ranges` (rules 9), `board` (available tiles and movement, rules 8, 10.2, 11.2),
`attack` (stacked attack profiles, rules 10.4), `combat` (rules 13, 12), `ai` (the unit AIs of
rules 17.2), `zones` (a player's cards, rules 5 and 7), `placement` (where permanents go, rules
8.2 and 11.2), `upkeep` (rules 5.1, 17.3), `victory` (rules 16), `draft` (the booster draft of
rules 4).
"""

from __future__ import annotations

from game_agent.engine import ConfigError


def __getattr__(name: str) -> object:
    if name == "RULESET":
        raise ConfigError("game 'muhq' is not implemented yet")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
