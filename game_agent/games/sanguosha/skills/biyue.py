"""Diao Chan — Biyue 闭月 (optional, start of your finish phase): draw 1 card."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import PHASE_START
from game_agent.games.sanguosha.turn import PhaseInfo
from game_agent.games.sanguosha.zones import draw
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, p: PhaseInfo) -> bool:
    return p.seat == seat and p.phase == "finish"


def settle(g: Game, seat: int, p: PhaseInfo) -> Settlement:
    announce(g, seat, "biyue")
    yield from draw(g, seat, 1, "biyue")


SKILL = Skill(
    SKILLS["biyue"],
    triggers=(Trigger("biyue", PHASE_START, can, settle),),
)
