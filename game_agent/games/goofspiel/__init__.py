"""Goofspiel, the game of sealed bids: two players, hidden bids and a hidden prize order.
See docs/goofspiel.md.

Modules: `config` (options and the scenario check), `state` (state and event applier), `flow`
(settlements), `scenario` (TOML scenarios), `rules` (the ruleset object).
"""

from game_agent.games.goofspiel.rules import RULESET, GoofspielRuleset
from game_agent.games.manifest import GameManifest, Row

__all__ = ["MANIFEST", "RULESET", "GoofspielRuleset"]


MANIFEST = GameManifest(
    RULESET,
    scenario="game_agent.games.goofspiel.scenario:load_scenario",
    rows=(
        Row("2p random"),
        Row("2p greedy", bots="greedy"),
        Row("5 cards greedy v random", {"cards": 5}, bots="greedy,random"),
    ),
)
