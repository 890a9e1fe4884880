"""muhq's game (rules reference /work/shared/rules/muhqs-game.md), ruleset ``muhq``.

See docs/muhq.md: the module map, the readings of the rules' gaps, the options, the content
files and scenarios.
"""

from __future__ import annotations

from game_agent.games.muhq.rules import RULESET

__all__ = ["RULESET"]
