"""Zhang Liao — Tuxi 突袭 (optional, draw phase): instead of drawing, take a random hand card
from each of one or two other players."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.pick import random_hand_card
from game_agent.games.sanguosha.questions import ask_seats
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.timings import DRAW_N
from game_agent.games.sanguosha.turn import DrawN
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS


def victims(st: State, seat: int) -> list[int]:
    return [s for s in others_in_order(st, seat) if st.players[s].hand]


def can(g: Game, seat: int, d: DrawN) -> bool:
    return d.seat == seat and d.n > 0 and bool(victims(g.state, seat))


def settle(g: Game, seat: int, d: DrawN) -> Settlement:
    """Its own question: one or two players (nil: draw as usual). Taken in action order; the
    draw phase then draws nothing."""
    cands = victims(g.state, seat)
    prompt = "instead of drawing, take a hand card from one or two players?"
    chosen = yield from ask_seats(g, seat, "tuxi", prompt, cands, 1, min(2, len(cands)))
    if chosen is None:
        return
    announce(g, seat, "tuxi")
    d.n = 0
    for victim in chosen:
        if g.state.players[victim].hand:
            cid = random_hand_card(g, victim)
            yield from move(g, [cid], "hand", victim, "hand", seat, "tuxi")


SKILL = Skill(
    SKILLS["tuxi"],
    triggers=(Trigger("tuxi", DRAW_N, can, settle, asks=True),),
)
