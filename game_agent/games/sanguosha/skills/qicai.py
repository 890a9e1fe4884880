"""Huang Yueying — Qicai 奇才 (compulsory): your tricks have no distance limit."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.skills import SKILLS


def trick_reach(st: State, seat: int, vc: VCard, target: int) -> bool:
    return KINDS[vc.name].type == "trick"


SKILL = Skill(
    SKILLS["qicai"],
    trick_reach=trick_reach,
)
