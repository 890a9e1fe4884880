"""Sanguosha in words, as the `GameWords` the shared driver reads: the sentences of its events
(`words_events`), its requests (`words_requests`), what a seat answered, and who plays at a seat
(the general, as the seat's view knows it)."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.games.sanguosha.names import general_name, kind_name, skill_name
from user_agent.games.sanguosha.words_events import EVENTS, card_words, outcome
from user_agent.games.sanguosha.words_requests import REQUESTS
from user_agent.words.game import GameWords
from user_agent.words.shapes import Teller


def character(view: Any, seat: int, lang: str) -> str:
    """The general at the seat, as the view knows it ("" when it does not)."""
    seats = getattr(view, "seats", None)
    if isinstance(seats, list) and 0 <= seat < len(seats):
        g = getattr(seats[seat], "general", "")
        if g:
            return general_name(g, lang)
    return ""


def _choice_decision(
    n: Teller, req: RequestSpec, who: str, picked: list[int], labels: list[str]
) -> str:
    kind = req.kind
    what = ", ".join(labels) or "nothing"
    if kind == "play" and picked:
        o = req.options[picked[0]]
        if isinstance(o, dict):
            if o.get("kind") == "end":
                return f"{who} ends the play phase"
            if o.get("kind") == "skill":
                return f"{who} uses the skill {skill_name(str(o.get('skill')), n.lang)}"
            card = o.get("card")
            if o.get("kind") == "view_as" and isinstance(card, dict):
                via = skill_name(str(o.get("skill")), n.lang)
                return f"{who} plays {kind_name(str(card.get('name')), n.lang)} by {via}"
            return f"{who} plays {card_words(n, card)}"
    if kind == "trigger":
        return f"{who} passes" if what == "pass" else f"{who} chooses to {what}"
    if kind in ("respond", "kylin_bow") and what == "decline":
        return f"{who} declines"
    if kind == "respond":
        verb = "uses" if req.info.get("mode") == "use" else "plays"
        return f"{who} {verb} {what}"
    if kind in ("discard", "axe"):
        return f"{who} discards {what}"
    if kind == "targets":
        return f"{who} targets {' and '.join(labels) or 'nobody'}"
    if kind == "choose_general":
        return f"{who} chooses {what.split(' (')[0]}"
    if kind in ("skill_choice", "double_swords"):
        return f"{who} answers: {what}"
    return f"{who} chooses {what}"


WORDS = GameWords(
    events=EVENTS,
    requests=REQUESTS,
    outcome=outcome,
    choice=_choice_decision,
    character=character,
)
