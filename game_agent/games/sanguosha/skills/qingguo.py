"""Zhen Ji — Qingguo 倾国 (conversion): use or play any black hand card as a Dodge."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT, color_of
from game_agent.games.sanguosha.skill import RESPONSES, Skill, ViewAs
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS


def black_hand(st: State, seat: int) -> list[int]:
    return [c for c in st.players[seat].hand if color_of(SUIT[c]) == "black"]


SKILL = Skill(
    SKILLS["qingguo"],
    views=(ViewAs("dodge", RESPONSES, black_hand),),
)
