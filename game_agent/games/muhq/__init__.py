"""muhq's game (rules reference /work/shared/rules/muhqs-game.md), ruleset ``muhq``.

See docs/muhq.md: the module map, the readings of the rules' gaps, the options, the content
files and scenarios.
"""

from __future__ import annotations

from game_agent.games.manifest import GameManifest, Row
from game_agent.games.muhq.rules import RULESET

__all__ = ["MANIFEST", "RULESET"]


MANIFEST = GameManifest(
    RULESET,
    scenario="game_agent.games.muhq.scenario:load_scenario",
    rows=(Row("2p random"), Row("2p greedy", bots="greedy")),
    bench_rows=(Row("kraken random", {"mode": "kraken"}),),
    reference=(Row("2p draft random", {"draft": True}),),
    soak="game_agent.games.muhq.soak:MuhqSoak",
)
