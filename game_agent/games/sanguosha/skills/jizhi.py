"""Huang Yueying — Jizhi 集智 (optional): whenever you use a non-delayed trick, draw 1 card."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import CARD_USED
from game_agent.games.sanguosha.zones import draw
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, use: CardUse) -> bool:
    """§6 row 28 (FreeKill's and noname's reading): a real trick card only, Nullification
    included; a converted or virtual trick does not count, even one converted from a card of
    the same name (Qixi on a real Dismantlement)."""
    vc = use.card
    kind = KINDS[vc.name]
    return (
        use.user == seat
        and kind.type == "trick"
        and kind.sub != "delayed"
        and not vc.skill
        and len(vc.subcards) == 1
        and NAME[vc.subcards[0]] == vc.name
    )


def settle(g: Game, seat: int, use: CardUse) -> Settlement:
    announce(g, seat, "jizhi")
    yield from draw(g, seat, 1, "jizhi")


SKILL = Skill(
    SKILLS["jizhi"],
    triggers=(Trigger("jizhi", CARD_USED, can, settle),),
)
