"""Hua Tuo — Jijiu 急救 (conversion, outside your turn): use any red card as a Peach."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT, color_of
from game_agent.games.sanguosha.skill import USE, Skill, ViewAs
from game_agent.games.sanguosha.state import State, hand_and_equip
from protocol.games.sanguosha.skills import SKILLS


def red_cards(st: State, seat: int) -> list[int]:
    return [c for c in hand_and_equip(st.players[seat]) if color_of(SUIT[c]) == "red"]


def outside_your_turn(st: State, seat: int) -> bool:
    return st.current != seat


SKILL = Skill(
    SKILLS["jijiu"],
    views=(ViewAs("peach", (USE,), red_cards, when=outside_your_turn),),
)
