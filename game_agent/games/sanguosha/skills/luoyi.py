"""Xu Chu — Luoyi 裸衣 (optional, draw phase): draw one card fewer; this turn your Slashes and
Duels deal 1 more damage."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import DAMAGE_CAUSED, DRAW_N
from game_agent.games.sanguosha.turn import DrawN
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, d: DrawN) -> bool:
    return d.seat == seat and d.n > 0


def settle(g: Game, seat: int, d: DrawN) -> Settlement:
    announce(g, seat, "luoyi")
    d.n -= 1
    g.emit("mark", {"seat": seat, "name": "luoyi", "value": 1, "scope": "turn"})
    return
    yield


def bonus_can(g: Game, seat: int, d: Damage) -> bool:
    """Damage from the effect of a Slash or Duel that you used, with you as its source."""
    return (
        "luoyi" in g.state.players[seat].marks
        and not d.prevented
        and d.source == seat
        and d.user == seat
        and d.card is not None
        and d.card.name in ("slash", "duel")
    )


def bonus(g: Game, seat: int, d: Damage) -> Settlement:
    announce(g, seat, "luoyi")
    d.amount += 1
    return
    yield


SKILL = Skill(
    SKILLS["luoyi"],
    triggers=(
        Trigger("luoyi", DRAW_N, can, settle),
        Trigger("luoyi_bonus", DAMAGE_CAUSED, bonus_can, bonus, compulsory=True),
    ),
    marks={"luoyi": "turn"},
)
