"""Cao Cao — Hujia 护驾 (lord, optional): the other Wei players may play a Dodge for you."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.responses import Asked, ask_helpers
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.timings import CARD_ASKED
from protocol.games.sanguosha.skills import SKILLS


def helpers(st: State, seat: int) -> list[int]:
    return [s for s in others_in_order(st, seat) if st.players[s].faction == "wei"]


def can(g: Game, seat: int, a: Asked) -> bool:
    return (
        a.seat == seat and a.name == "dodge" and a.provided is None and bool(helpers(g.state, seat))
    )


def settle(g: Game, seat: int, a: Asked) -> Settlement:
    """Each other Wei player in action order is asked to play a Dodge (their own Eight Diagram
    and conversions count); the first who does ends the asking. If nobody does, you may still
    answer with your own cards."""
    announce(g, seat, "hujia")
    a.provided = yield from ask_helpers(g, seat, "wei", "dodge", "hujia")


SKILL = Skill(
    SKILLS["hujia"],
    triggers=(Trigger("hujia", CARD_ASKED, can, settle),),
)
