"""Cao Cao — Jianxiong 奸雄 (optional, after you suffer damage): take the card that caused it."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import DAMAGED
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, d: Damage) -> bool:
    """Only a card with sub-cards all still in the processing area (rules §3.2): a Slash, a
    Duel, an AoE mid-resolution, the Lightning that just hit."""
    if d.target != seat or d.card is None or not d.card.subcards:
        return False
    processing = g.state.processing
    return all(c in processing for c in d.card.subcards)


def settle(g: Game, seat: int, d: Damage) -> Settlement:
    assert d.card is not None
    announce(g, seat, "jianxiong")
    yield from move(g, list(d.card.subcards), "processing", None, "hand", seat, "jianxiong")


SKILL = Skill(
    SKILLS["jianxiong"],
    triggers=(Trigger("jianxiong", DAMAGED, can, settle),),
)
