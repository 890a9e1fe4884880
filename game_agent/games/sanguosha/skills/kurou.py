"""Huang Gai — Kurou 苦肉 (active, any number of times in your play phase): lose 1 HP, then
draw 2 cards."""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.recovery import lose_hp
from game_agent.games.sanguosha.skill import Active, Skill, announce
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.zones import draw
from protocol.games.sanguosha.skills import SKILLS


def enabled(st: State, seat: int) -> bool:
    return True


def settle(g: Game, seat: int) -> Settlement:
    """A dying settlement comes first; you draw only if you are alive afterwards (and, in 1v1,
    still the same general). A death by Kurou has no killer."""
    p = g.state.players[seat]
    lost = p.lost
    announce(g, seat, "kurou")
    yield from lose_hp(g, seat, 1)
    if p.alive and p.lost == lost:
        yield from draw(g, seat, 2, "kurou")


SKILL = Skill(
    SKILLS["kurou"],
    active=Active(enabled, settle),
)
