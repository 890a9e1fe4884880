"""Harmony of Elements (Гармония стихий): two players, 5 lanes x 3 rows each, no hidden
information. See docs/harmony.md and /work/shared/rules/harmony-of-elements.md.

Modules: `pieces` (role and element tables), `board` (cells, notation), `attack` (the pure
attack-phase resolution), `config` (options), `state` (state and event applier), `flow`
(settlements), `scenario` (TOML scenarios), `rules` (the ruleset object).
"""

from game_agent.games.harmony.rules import RULESET, HarmonyRuleset
from game_agent.games.manifest import GameManifest, Row

__all__ = ["MANIFEST", "RULESET", "HarmonyRuleset"]


MANIFEST = GameManifest(
    RULESET,
    scenario="game_agent.games.harmony.scenario:load_scenario",
    rows=(Row("2p random"), Row("2p greedy", bots="greedy")),
)
