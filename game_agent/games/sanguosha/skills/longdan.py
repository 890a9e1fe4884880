"""Zhao Yun — Longdan 龙胆 (conversion): a Slash as a Dodge, or a Dodge as a Slash."""

from __future__ import annotations

from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.skill import ANY_MODE, RESPONSES, Skill, ViewAs
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS


def slashes(st: State, seat: int) -> list[int]:
    return [c for c in st.players[seat].hand if NAME[c] == "slash"]


def dodges(st: State, seat: int) -> list[int]:
    return [c for c in st.players[seat].hand if NAME[c] == "dodge"]


SKILL = Skill(
    SKILLS["longdan"],
    views=(ViewAs("dodge", RESPONSES, slashes), ViewAs("slash", ANY_MODE, dodges)),
)
