"""Zhuge Liang — Guanxing 观星 (optional, start of your prepare phase): look at the top X cards
of the draw pile (X = living players, at most 5) and put them back on top or at the bottom in
any order."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.questions import ask_arrangement
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State, alive_seats
from game_agent.games.sanguosha.timings import PHASE_START
from game_agent.games.sanguosha.turn import PhaseInfo
from game_agent.games.sanguosha.zones import peek, top_cards
from protocol.games.sanguosha.skills import SKILLS

MOST = 5


def can(g: Game, seat: int, p: PhaseInfo) -> bool:
    return p.seat == seat and p.phase == "prepare"


def settle(g: Game, seat: int, p: PhaseInfo) -> Settlement:
    """The cards are seen by Zhuge Liang alone; the arrangement (`arrange` form: top pile,
    then bottom pile, each in order) is told to him, and the others learn only the counts."""
    st: State = g.state
    announce(g, seat, "guanxing")
    n = min(MOST, len(alive_seats(st)))
    ids = list(top_cards(g, n))
    peek(g, seat, ids, "guanxing")
    piles = [{"name": "top", "min": 0, "max": n}, {"name": "bottom", "min": 0, "max": n}]
    default = [*range(n), -1]
    prompt = "put the cards back: the first pile on top (first = top card), the rest at the bottom"
    top, bottom = yield from ask_arrangement(g, seat, "guanxing", prompt, ids, piles, default)
    g.emit(
        "arrange",
        {"seat": seat, "top": [DESC[c] for c in top], "bottom": [DESC[c] for c in bottom]},
        seats=(seat,),
        public={"seat": seat, "top": len(top), "bottom": len(bottom)},
    )


SKILL = Skill(
    SKILLS["guanxing"],
    triggers=(Trigger("guanxing", PHASE_START, can, settle),),
)
