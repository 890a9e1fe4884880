"""Carcassonne (base game), 2 to 5 players. See docs/carcassonne.md and
/work/shared/rules/carcassonne.md.

Modules: `tiles` (the 24 kinds as data, ports and rotation), `board` (placed tiles, legal
placements), `features` (whole-board analysis: the reference the tests and the soak recount
with), `scoring` (scoring on that analysis, farm variants), `regions` (the same features kept
tile by tile, the engine's hot path), `config` (options, scenario check), `state` (state and
event applier), `flow` (settlements), `scenario` (TOML scenarios), `rules` (the ruleset).
"""

from game_agent.games.carcassonne.rules import RULESET, CarcassonneRuleset
from game_agent.games.manifest import GameManifest, Measure, Row

__all__ = ["MANIFEST", "RULESET", "CarcassonneRuleset"]


MANIFEST = GameManifest(
    RULESET,
    scenario="game_agent.games.carcassonne.scenario:load_scenario",
    rows=(
        Row("2p random", {"players": 2}),
        Row("2p greedy", {"players": 2}, "greedy"),
        Row("4p random", {"players": 4}),
        Row("4p greedy", {"players": 4}, "greedy"),
    ),
    measures=(
        Measure(
            "2p engine + whole-board analyse/turn",
            "game_agent.games.carcassonne.soak:reference_turns",
            share=10,
        ),
    ),
    soak="game_agent.games.carcassonne.soak:CarcassonneSoak",
)
