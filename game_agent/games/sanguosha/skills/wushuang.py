"""Lü Bu — Wushuang 无双 (compulsory): two Dodges against your Slash; two Slashes each time
against you in a Duel."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import TARGET_CONFIRMED, TARGET_SPECIFIED
from game_agent.games.sanguosha.use import Targeted
from protocol.games.sanguosha.skills import SKILLS


def as_user_can(g: Game, seat: int, t: Targeted) -> bool:
    return t.use.user == seat and t.use.card.name in ("slash", "duel")


def as_user(g: Game, seat: int, t: Targeted) -> Settlement:
    """Your Slash needs two Dodges (used one after the other); in your Duel the target must
    play two Slashes each time it answers."""
    announce(g, seat, "wushuang")
    t.use.dodges[t.target] = 2
    return
    yield


def as_target_can(g: Game, seat: int, t: Targeted) -> bool:
    return t.target == seat and t.use.card.name == "duel" and t.use.user != seat


def as_target(g: Game, seat: int, t: Targeted) -> Settlement:
    announce(g, seat, "wushuang")
    t.use.dodges[t.use.user] = 2
    return
    yield


SKILL = Skill(
    SKILLS["wushuang"],
    triggers=(
        Trigger("wushuang", TARGET_SPECIFIED, as_user_can, as_user, compulsory=True),
        Trigger("wushuang", TARGET_CONFIRMED, as_target_can, as_target, compulsory=True),
    ),
)
