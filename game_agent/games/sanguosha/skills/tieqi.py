"""Ma Chao — Tieqi 铁骑 (optional, after your Slash targets a player): judge; if red, that
player cannot use a Dodge against it."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.judgement import is_red, judge
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import TARGET_SPECIFIED
from game_agent.games.sanguosha.use import Targeted
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, t: Targeted) -> bool:
    return t.use.user == seat and t.use.card.name == "slash"


def settle(g: Game, seat: int, t: Targeted) -> Settlement:
    announce(g, seat, "tieqi")
    j = yield judge(g, seat, "tieqi", is_red)
    if j.good:
        t.use.no_dodge.add(t.target)


SKILL = Skill(
    SKILLS["tieqi"],
    triggers=(Trigger("tieqi", TARGET_SPECIFIED, can, settle),),
)
