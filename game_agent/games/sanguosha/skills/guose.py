"""Da Qiao — Guose 国色 (conversion): use any ♦ card as an Indulgence."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import SUIT
from game_agent.games.sanguosha.skill import USE_ONLY, Skill, ViewAs
from game_agent.games.sanguosha.state import State, hand_and_equip
from protocol.games.sanguosha.skills import SKILLS


def diamonds(st: State, seat: int) -> list[int]:
    return [c for c in hand_and_equip(st.players[seat]) if SUIT[c] == "diamond"]


SKILL = Skill(
    SKILLS["guose"],
    views=(ViewAs("indulgence", USE_ONLY, diamonds),),
)
