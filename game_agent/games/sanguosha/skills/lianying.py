"""Lu Xun — Lianying 连营 (optional): whenever you lose your last hand card, draw 1 card."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import CARDS_MOVED
from game_agent.games.sanguosha.zones import Moved, draw
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, m: Moved) -> bool:
    """For any reason: using, playing, discarding, being taken."""
    return not g.state.players[seat].hand and bool(m.lost(seat, "hand"))


def settle(g: Game, seat: int, m: Moved) -> Settlement:
    announce(g, seat, "lianying")
    yield from draw(g, seat, 1, "lianying")


SKILL = Skill(
    SKILLS["lianying"],
    triggers=(Trigger("lianying", CARDS_MOVED, can, settle),),
)
