"""Guo Jia — Yiji 遗计 (optional, per point of damage you suffer): look at the top two cards of
the draw pile and give them out as you like."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.questions import ask_arrangement
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.timings import DAMAGED
from game_agent.games.sanguosha.zones import move, peek, top_cards
from protocol.games.sanguosha.skills import SKILLS

CARDS = 2


def can(g: Game, seat: int, d: Damage) -> bool:
    return d.target == seat


def times(g: Game, seat: int, d: Damage) -> int:
    """§6 row 35: once per point of damage."""
    return d.amount


def settle(g: Game, seat: int, d: Damage) -> Settlement:
    """The cards are seen by Guo Jia alone (`peek`); each gift is a hidden move shown to the
    receiver and to Guo Jia, who knows the cards. Piles: every living seat in action order from
    Guo Jia (each pile also names its `seat`); the default keeps both."""
    st: State = g.state
    announce(g, seat, "yiji")
    ids = list(top_cards(g, CARDS))
    peek(g, seat, ids, "yiji")
    seats = action_order(st, seat)
    piles = [{"name": f"seat {s}", "min": 0, "max": CARDS, "seat": s} for s in seats]
    default = list(range(CARDS)) + [-1] * (len(seats) - 1)
    prompt = "give the two cards out: one pile per player (the first is yours)"
    split = yield from ask_arrangement(g, seat, "yiji", prompt, ids, piles, default)
    for receiver, cards in zip(seats, split, strict=True):
        yield from move(g, cards, "draw", None, "hand", receiver, "yiji", known=(seat,))


SKILL = Skill(
    SKILLS["yiji"],
    triggers=(Trigger("yiji", DAMAGED, can, settle, times=times),),
)
