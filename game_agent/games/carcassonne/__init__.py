"""Carcassonne (base game), 2 to 5 players. See docs/carcassonne.md and
/work/shared/rules/carcassonne.md.

Modules: `tiles` (the 24 kinds as data, ports and rotation), `board` (placed tiles, legal
placements), `features` (whole-board analysis: the reference the tests and the soak recount
with), `scoring` (scoring on that analysis, farm variants), `regions` (the same features kept
tile by tile, the engine's hot path), `config` (options, scenario check), `state` (state and
event applier), `flow` (settlements), `scenario` (TOML scenarios), `rules` (the ruleset).
"""

from game_agent.games.carcassonne.rules import RULESET, CarcassonneRuleset

__all__ = ["RULESET", "CarcassonneRuleset"]
