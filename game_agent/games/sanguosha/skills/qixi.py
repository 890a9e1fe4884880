"""Gan Ning — Qixi 奇袭 (conversion): use any black card as a Dismantlement."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT, color_of
from game_agent.games.sanguosha.skill import USE_ONLY, Skill, ViewAs
from game_agent.games.sanguosha.state import State, hand_and_equip
from protocol.games.sanguosha.skills import SKILLS


def black_cards(st: State, seat: int) -> list[int]:
    return [c for c in hand_and_equip(st.players[seat]) if color_of(SUIT[c]) == "black"]


SKILL = Skill(
    SKILLS["qixi"],
    views=(ViewAs("dismantlement", USE_ONLY, black_cards),),
)
