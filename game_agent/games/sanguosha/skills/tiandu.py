"""Guo Jia — Tiandu 天妒 (optional): after your judgement card takes effect, take it."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.judgement import Judgement
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import JUDGE_FINISHED
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, j: Judgement) -> bool:
    return j.seat == seat and j.card in g.state.processing


def settle(g: Game, seat: int, j: Judgement) -> Settlement:
    announce(g, seat, "tiandu")
    yield from move(g, [j.card], "processing", None, "hand", seat, "tiandu")


SKILL = Skill(
    SKILLS["tiandu"],
    triggers=(Trigger("tiandu", JUDGE_FINISHED, can, settle),),
)
