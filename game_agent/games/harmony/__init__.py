"""Harmony of Elements (Гармония стихий): two players, 5 lanes x 3 rows each, no hidden
information. See docs/harmony.md and /work/shared/rules/harmony-of-elements.md.

Modules: `pieces` (role and element tables), `board` (cells, notation), `attack` (the pure
attack-phase resolution), `config` (options), `state` (state and event applier), `flow`
(settlements), `scenario` (TOML scenarios), `rules` (the ruleset object).
"""

from game_agent.games.harmony.rules import RULESET, HarmonyRuleset

__all__ = ["RULESET", "HarmonyRuleset"]
