"""Sima Yi — Guicai 鬼才 (optional): replace any judgement card with one of your hand cards."""

from __future__ import annotations

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.cards import DESC, card_text, real
from game_agent.games.sanguosha.judgement import Judgement
from game_agent.games.sanguosha.questions import ask_cards
from game_agent.games.sanguosha.responses import respond
from game_agent.games.sanguosha.skill import Skill, announce
from game_agent.games.sanguosha.timings import RETRIAL
from game_agent.games.sanguosha.zones import move
from protocol.games.sanguosha.skills import SKILLS


def can(g: Game, seat: int, j: Judgement) -> bool:
    return bool(g.state.players[seat].hand)


def settle(g: Game, seat: int, j: Judgement) -> Settlement:
    """Its own question (a hand card, or decline): played to replace the judgement card, which
    goes to the discard pile."""
    hand = list(g.state.players[seat].hand)
    prompt = f"replace the judgement {card_text(DESC[j.card])} ({j.reason}) with a hand card?"
    chosen = yield from ask_cards(g, seat, "guicai", prompt, hand, about=j.about())
    if chosen is None:
        return
    announce(g, seat, "guicai")
    old = j.card
    yield from respond(g, seat, real(chosen[0]), "play", "retrial", to="processing")
    j.card = chosen[0]
    yield from move(g, [old], "processing", None, "discard", None, "retrial")


SKILL = Skill(
    SKILLS["guicai"],
    triggers=(Trigger("guicai", RETRIAL, can, settle, asks=True),),
)
