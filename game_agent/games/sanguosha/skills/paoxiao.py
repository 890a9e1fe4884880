"""Zhang Fei — Paoxiao 咆哮 (compulsory): no limit on the Slashes you use in your play phase."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS

UNLIMITED = 1_000


def slash_limit(st: State, seat: int, vc: VCard) -> int:
    return UNLIMITED


SKILL = Skill(
    SKILLS["paoxiao"],
    slash_limit=slash_limit,
)
