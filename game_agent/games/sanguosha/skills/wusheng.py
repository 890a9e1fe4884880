"""Guan Yu — Wusheng 武圣 (conversion): use or play any red card as a Slash."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT, color_of
from game_agent.games.sanguosha.skill import ANY_MODE, Skill, ViewAs
from game_agent.games.sanguosha.state import State, hand_and_equip
from protocol.games.sanguosha.skills import SKILLS


def red_cards(st: State, seat: int) -> list[int]:
    """Hand and equipment: an equipped red weapon or horse may be spent (§6 row 14)."""
    return [c for c in hand_and_equip(st.players[seat]) if color_of(SUIT[c]) == "red"]


SKILL = Skill(
    SKILLS["wusheng"],
    views=(ViewAs("slash", ANY_MODE, red_cards),),
)
