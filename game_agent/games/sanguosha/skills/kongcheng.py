"""Zhuge Liang — Kongcheng 空城 (compulsory): with no hand cards you cannot be chosen as the
target of a Slash or a Duel."""

from __future__ import annotations

from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS


def prohibit(st: State, user: int, owner: int, name: str) -> bool:
    """Only choosing is prohibited: becoming empty after being chosen cancels nothing."""
    return name in ("slash", "duel") and not st.players[owner].hand


SKILL = Skill(
    SKILLS["kongcheng"],
    prohibit=prohibit,
)
