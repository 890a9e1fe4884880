"""Sanguosha in words, as the `GameWords` the shared driver reads: the sentences of its events
(`words_events`), its requests (`words_requests`), what a seat answered, and who plays at a seat
(the general, as the seat's view knows it)."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import general_name, kind_name, skill_name
from user_agent.games.sanguosha.words_events import EVENTS, card_words, outcome
from user_agent.games.sanguosha.words_requests import REQUESTS
from user_agent.words.game import GameWords
from user_agent.words.messages import SHELL
from user_agent.words.narrate import choice_decision
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
    lang = n.lang
    kind = req.kind
    what = SHELL(lang, "list.sep").join(labels) or SHELL(lang, "nothing")
    if kind == "play" and picked:
        o = req.options[picked[0]]
        if isinstance(o, dict):
            if o.get("kind") == "end":
                return SG(lang, "said.end", who=who)
            if o.get("kind") == "skill":
                return SG(lang, "said.skill", who=who, skill=skill_name(str(o.get("skill")), lang))
            card = o.get("card")
            if o.get("kind") == "view_as" and isinstance(card, dict):
                via = skill_name(str(o.get("skill")), lang)
                name = kind_name(str(card.get("name")), lang)
                return SG(lang, "said.view_as", who=who, card=name, skill=via)
            return SG(lang, "said.play", who=who, card=card_words(n, card))
    if kind == "trigger":
        return choice_decision(req, who, labels, lang)
    if kind in ("respond", "kylin_bow") and what == SG(lang, "opt.decline"):
        return SHELL(lang, "decision.decline", who=who)
    if kind == "respond":
        verb = SG(lang, "verb.use" if req.info.get("mode") == "use" else "verb.play")
        return SG(lang, "said.respond", who=who, verb=verb, what=what)
    if kind in ("discard", "axe"):
        return SG(lang, "said.discard", who=who, what=what)
    if kind == "targets":
        targets = SHELL(lang, "list.and_all").join(labels) or SHELL(lang, "seat.nobody")
        return SG(lang, "said.targets", who=who, targets=targets)
    if kind == "choose_general":
        name = what.split(" (")[0].split("\uff08")[0]  # the name, before its parenthesis
        return SHELL(lang, "decision.choose", who=who, what=name)
    if kind in ("skill_choice", "double_swords"):
        return SG(lang, "said.answers", who=who, what=what)
    return SHELL(lang, "decision.choose", who=who, what=what)


WORDS = GameWords(
    events=EVENTS,
    requests=REQUESTS,
    outcome=outcome,
    choice=_choice_decision,
    character=character,
    langs=frozenset({"en", "zh"}),
)
