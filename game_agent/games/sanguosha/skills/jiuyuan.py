"""Sun Quan — Jiuyuan 救援 (lord, compulsory): another Wu player's Peach heals you 1 more."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.recovery import Recover
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import PRE_RECOVER
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, r: Recover) -> bool:
    """Whether or not you are dying (FreeKill's wording; the same in a standard game, where a
    Peach reaches another player only when he is dying)."""
    src = r.source
    return (
        r.seat == seat
        and r.card is not None
        and r.card.name == "peach"
        and src is not None
        and src != seat
        and g.state.players[src].faction == "wu"
    )


def settle(g: Game, seat: int, r: Recover) -> Settlement:
    announce(g, seat, "jiuyuan")
    r.amount += 1
    return
    yield


SKILL = Skill(
    SKILLS["jiuyuan"],
    triggers=(Trigger("jiuyuan", PRE_RECOVER, can, settle, compulsory=True),),
)
