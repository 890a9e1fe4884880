"""Sun Shangxiang — Xiaoji 枭姬 (optional, per card): whenever a card leaves your equipment
area, you may draw 2 cards."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import CARDS_MOVED
from game_agent.games.sanguosha.zones import Moved, draw
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, m: Moved) -> bool:
    """Replaced, discarded, taken, used as a converted card: any way out."""
    return bool(m.lost(seat, "equip"))


def times(g: Game, seat: int, m: Moved) -> int:
    """§6 row 35: once per equipment card lost."""
    return len(m.lost(seat, "equip"))


def settle(g: Game, seat: int, m: Moved) -> Settlement:
    announce(g, seat, "xiaoji")
    yield from draw(g, seat, 2, "xiaoji")


SKILL = Skill(
    SKILLS["xiaoji"],
    triggers=(Trigger("xiaoji", CARDS_MOVED, can, settle, times=times),),
)
