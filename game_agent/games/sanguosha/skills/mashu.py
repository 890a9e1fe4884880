"""Ma Chao — Mashu 马术 (compulsory): your distance to every other player is reduced by 1."""

from __future__ import annotations

from game_agent.games.sanguosha.skill import Skill
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.skills import SKILLS


def distance_from(st: State, seat: int, other: int, spent: frozenset[int]) -> int:
    """Stacks with a -1 horse; a distance never goes below 1 (distance.py clamps it)."""
    return -1


SKILL = Skill(
    SKILLS["mashu"],
    distance_from=distance_from,
)
