"""Sima Yi — Fankui 反馈 (optional, after you suffer damage): take one of the source's cards."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.pick import HAND_AND_EQUIP, has_card_in, pick_card
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import DAMAGED
from game_agent.games.sanguosha.zones import move, where
from protocol.games.sanguosha.skills import SKILLS


def zones(d: Damage) -> tuple[str, ...]:
    """§6 row 27 (FreeKill's reading): from yourself, equipment only."""
    return ("equip",) if d.source == d.target else HAND_AND_EQUIP


def can(g: Game, seat: int, d: Damage) -> bool:
    src = d.source
    return (
        d.target == seat
        and src is not None
        and g.state.players[src].alive
        and has_card_in(g.state, src, zones(d))
    )


def settle(g: Game, seat: int, d: Damage) -> Settlement:
    assert d.source is not None
    src = d.source
    announce(g, seat, "fankui")
    cid = yield from pick_card(g, seat, src, "fankui", zones(d))
    if cid is not None:
        zone = where(g.state.players[src], cid)
        yield from move(g, [cid], zone, src, "hand", seat, "fankui")


SKILL = Skill(
    SKILLS["fankui"],
    triggers=(Trigger("fankui", DAMAGED, can, settle),),
)
