"""Lu Xun — Qianxun 谦逊 (compulsory): you cannot be the target of Snatch or Indulgence."""

from __future__ import annotations

from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS


def prohibit(st: State, user: int, owner: int, name: str) -> bool:
    """By the name the card is used as (a Guose ♦ Indulgence too); Lightning may still move
    onto you."""
    return name in ("snatch", "indulgence")


SKILL = Skill(
    SKILLS["qianxun"],
    prohibit=prohibit,
)
