"""Zhou Yu — Yingzi 英姿 (optional, draw phase): draw one extra card."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import DRAW_N
from game_agent.games.sanguosha.turn import DrawN
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, d: DrawN) -> bool:
    return d.seat == seat


def settle(g: Game, seat: int, d: DrawN) -> Settlement:
    announce(g, seat, "yingzi")
    d.n += 1
    return
    yield


SKILL = Skill(
    SKILLS["yingzi"],
    triggers=(Trigger("yingzi", DRAW_N, can, settle),),
)
