"""Gan Ning — Qixi 奇袭 (conversion): use any black card as a Dismantlement."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT, color_of
from game_agent.games.sanguosha.skill import USE_ONLY, Skill, ViewAs
from game_agent.games.sanguosha.state import State, hand_and_equip


def black_cards(st: State, seat: int) -> list[int]:
    return [c for c in hand_and_equip(st.players[seat]) if color_of(SUIT[c]) == "black"]


SKILL = Skill(
    "qixi",
    "Qixi",
    "奇袭",
    "conversion",
    "You may use any black card (in hand or equipped) as a Dismantlement.",
    views=(ViewAs("dismantlement", USE_ONLY, black_cards),),
)
