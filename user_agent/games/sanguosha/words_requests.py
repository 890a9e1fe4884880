"""Sanguosha's requests in words (the describers of its `GameWords.requests`): every request
kind, with every skill's follow-up questions and the trigger question of its timings."""

from __future__ import annotations

from typing import Any

from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.sanguosha.names import (
    card_name,
    faction_name,
    general_name,
    kind_name,
    phase_name,
    plain,
    sanitize,
    skill_name,
    word,
)
from user_agent.games.sanguosha.tables import SUIT_WORDS
from user_agent.words.game import Describer
from user_agent.words.requests import (
    RequestContext,
    RequestWords,
    default_words,
    pile_names,
    seat_options,
)
from user_agent.words.text import cap


def _card_option(o: Any, lang: str) -> str:
    if isinstance(o, dict) and "name" in o:
        return card_name(o, lang)
    if isinstance(o, str):
        return word(o, lang)
    return "a card"


def _general_option(o: Any, lang: str) -> str:
    if isinstance(o, str):
        return general_name(o, lang)
    if not isinstance(o, dict):
        return "a general"
    gid = str(o.get("id", ""))
    name = general_name(gid, lang) if gid else str(o.get("name", "a general"))
    skills = ", ".join(
        skill_name(str(s.get("id", "")), lang) + (" (lord)" if s.get("lord") else "")
        for s in o.get("skills", [])
        if isinstance(s, dict)
    )
    head = f"{name} ({faction_name(str(o.get('faction', '')), lang)}, {o.get('hp')} HP)"
    return f"{head}: {skills}" if skills else head


def _targets_words(c: RequestContext, targets: list[Any], card: Any = None) -> str:
    """ " on seat 2 or seat 3": the seats a card may be used on, one of them to be chosen; an
    area card (Savage Assault, Peach Garden...) hits every one of its targets: " on every other
    seat" when they are all the others alive, else " on seat 2, seat 3 and seat 4"."""
    if not targets:
        return ""
    names = [c.seats.name(t) for t in targets]
    kind = KINDS.get(str(card.get("name", ""))) if isinstance(card, dict) else None
    if kind is None or kind.sub not in ("aoe", "global"):
        return " on " + " or ".join(names)
    alive = _alive_seats(c)
    if alive is not None and sorted(targets) == sorted(alive):
        return " on every seat"
    if alive is not None and sorted(targets) == sorted(s for s in alive if s != c.req.seat):
        return " on every other seat"
    if len(names) == 1:
        return " on " + names[0]
    return " on " + ", ".join(names[:-1]) + " and " + names[-1]


def _alive_seats(c: RequestContext) -> list[int] | None:
    """The living seats, as the asked seat's view knows them (None without a view)."""
    seats = getattr(c.seats.view, "seats", None)
    if not isinstance(seats, list):
        return None
    return [i for i, s in enumerate(seats) if getattr(s, "alive", True)]


def _play_option(c: RequestContext, o: Any) -> str:
    if not isinstance(o, dict):
        return "an action"
    kind = o.get("kind")
    if kind == "end":
        return "end the play phase"
    if kind == "skill":
        return f"use the skill {skill_name(str(o.get('skill', '')), c.lang)}"
    card = o.get("card")
    targets = list(o.get("targets") or [])
    if targets == [c.req.seat]:
        targets = []  # a card on oneself (Ex Nihilo, Peach, Lightning) names no target
    if kind == "view_as" and isinstance(card, dict):
        what = kind_name(str(card.get("name", "")), c.lang)
        return f"{what} by {skill_name(str(o.get('skill', '')), c.lang)}" + _targets_words(
            c, targets, card
        )
    if isinstance(card, dict):
        name = card_name(card, c.lang)
        if card.get("name") in _EQUIP_NAMES:
            return f"equip {name}"
        return name + _targets_words(c, targets, card)
    return "an action"


def _respond_option(c: RequestContext, o: Any) -> str:
    if not isinstance(o, dict):
        return _card_option(o, c.lang)
    if o.get("kind") == "decline":
        return "decline"
    if "name" in o and "kind" not in o:
        return card_name(o, c.lang)
    if o.get("kind") == "view_as":
        return f"{kind_name(str(o.get('card', '')), c.lang)} by " + skill_name(
            str(o.get("skill", "")), c.lang
        )
    card = o.get("card")
    return card_name(card, c.lang) if isinstance(card, dict) else "a card"


def _pick_option(c: RequestContext, o: Any) -> str:
    if not isinstance(o, dict):
        return "a card"
    zone = o.get("zone")
    if o.get("card") is None:
        n = o.get("count", 0)
        return f"a hand card, unseen ({n} in hand)" if zone == "hand" else "a hidden card"
    where = {"equip": "equipped", "judge": "in the judgement area"}.get(str(zone), "")
    return f"{card_name(o['card'], c.lang)} ({where})" if where else card_name(o["card"], c.lang)


_EQUIP_NAMES = frozenset(k for k, v in KINDS.items() if v.type == "equip")


_GENERAL_REASONS = {
    "lord": "You are the lord: choose your general.",
    "identity": "Choose your general.",
    "pick": "Pick a general from the open pool for your reserve.",
    "start": "Choose the general you start with.",
    "next": "Your general has fallen: choose the next one.",
}


def _choose_general(c: RequestContext) -> RequestWords:
    opts = [_general_option(o, c.lang) for o in c.req.options]
    title = _GENERAL_REASONS.get(str(c.info.get("reason")), "Choose a general.")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _play(c: RequestContext) -> RequestWords:
    opts = [_play_option(c, o) for o in c.req.options]
    title = "Your play phase: use a card or a skill, or end the phase."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _targets(c: RequestContext) -> RequestWords:
    card = c.info.get("card")
    name = card_name(card, c.lang) if isinstance(card, dict) else "the card"
    step = c.info.get("step")
    if step == "wielder":
        title = f"{name}: choose the player with a weapon who must attack."
    elif step == "victim":
        title = f"{name}: choose whom that player must attack with a Slash."
    else:
        n = f"up to {c.req.max} targets" if c.req.max > 1 else "the target"
        title = f"Choose {n} of {name}."
    opts, seats = seat_options(c)
    return RequestWords(title, opts, seats, default_words(c, opts, none="go back"))


def _view_as_cards(c: RequestContext) -> RequestWords:
    skill = skill_name(str(c.info.get("skill", "")), c.lang)
    what = kind_name(str(c.info.get("card", "")), c.lang)
    n = c.req.min
    count = "a card" if n == 1 else f"{n} cards"
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = f"{skill}: choose {count} to use as {what}."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, none="go back"))


def _respond_title(c: RequestContext) -> str:
    i = c.info
    card = kind_name(str(i.get("card", "")), c.lang)
    verb = "use" if i.get("mode") == "use" else "play"
    src, tgt = i.get("source"), i.get("target")
    reason = str(i.get("reason", ""))
    if reason == "slash":
        return f"{cap(c.who(src))} uses a Slash on you: {verb} a {card}?"
    if reason in ("savage_assault", "archery_attack"):
        return (
            f"{cap(c.who(src))} uses {kind_name(reason, c.lang)}: {verb} a {card}, "
            f"or take 1 damage."
        )
    if reason == "duel":
        return f"Duel with {c.who(src)}: {verb} a Slash, or take 1 damage."
    if reason == "dying":
        if tgt == c.req.seat:
            return f"You are dying: {verb} a {card} to save yourself?"
        return f"{cap(c.who(tgt))} is dying: {verb} a {card} to save them?"
    if reason == "nullify":
        return _nullify_title(c)
    if reason == "collateral":
        return f"Collateral: use a Slash on {c.who(tgt)}, or give your weapon away."
    if reason == "blade":
        return f"Green Dragon Blade: use another Slash on {c.who(tgt)}?"
    if reason in ("jijiang", "hujia"):
        return (
            f"{cap(c.who(src))} calls on {skill_name(reason, c.lang)}: {verb} a {card} "
            f"on their behalf?"
        )
    return f"{cap(verb)} a {card} ({word(reason, c.lang)})?"


def _nullify_title(c: RequestContext) -> str:
    """A step of a Nullification chain, from `info.chain` (schema 3): the trick, its user (None:
    a delayed trick's judgement) and target, and the seats whose Nullifications were used so
    far. The first step is against the trick; every later one against the last Nullification
    used, saying what that one cancels, and what becomes of the trick if it takes effect."""
    i = c.info
    chain = i.get("chain")
    if not isinstance(chain, dict):
        return _nullify_title_v2(c)
    user, used = chain.get("user"), [s for s in chain.get("used") or [] if isinstance(s, int)]
    whose = "the" if user is None else c.seats.whose(user)
    name = kind_name(str(chain.get("trick")), c.lang)
    trick = f"{whose} {name} on {c.who(chain.get('target'))}"
    if not used:
        return f"{cap(trick)} is about to take effect: use a Nullification to cancel it?"
    pending = f"{cap(c.seats.whose(used[-1]))} Nullification"
    if len(used) == 1:
        return f"{pending} is about to cancel {trick}: use a Nullification against it?"
    then = "be cancelled" if len(used) % 2 else "take effect"
    return (
        f"{pending} is about to cancel {c.seats.whose(used[-2])} Nullification, and {trick} "
        f"would {then}: use a Nullification against it?"
    )


def _nullify_title_v2(c: RequestContext) -> str:
    """A Nullification request of a schema-2 server (no `info.chain`)."""
    i = c.info
    src, tgt = i.get("source"), i.get("target")
    against = str(i.get("against", ""))
    if against != "nullification":
        whose = "The" if src is None else cap(c.seats.whose(src))
        on = "" if tgt is None else f" on {c.who(tgt)}"
        what = kind_name(against, c.lang)
        return f"{whose} {what}{on} is about to take effect: use a Nullification to cancel it?"
    trick = _chain_trick(c)
    over = f"the {trick}" if src is None else f"{c.seats.whose(src)} {trick}"
    return (
        f"{cap(c.seats.whose(tgt))} Nullification is about to take effect in the chain over "
        f"{over}: use a Nullification against it?"
    )


def _chain_trick(c: RequestContext) -> str:
    """The trick a Nullification chain is about: the first trick other than a Nullification in
    the processing area, as the view shows it ("trick" when it does not: a delayed trick, or one
    made of another card)."""
    for card in getattr(c.seats.view, "processing", None) or []:
        name = str(card.get("name", "")) if isinstance(card, dict) else ""
        kind = KINDS.get(name)
        if kind is not None and kind.type == "trick" and name != "nullification":
            return kind_name(name, c.lang)
    return "trick"


def _respond(c: RequestContext) -> RequestWords:
    opts = [_respond_option(c, o) for o in c.req.options]
    return RequestWords(_respond_title(c), opts, [None] * len(opts), default_words(c, opts))


_PICK = {
    "snatch": "take",
    "fankui": "take",
    "dismantlement": "discard",
    "ice_sword": "discard",
    "kylin_bow": "discard",
}


def _pick_card(c: RequestContext) -> RequestWords:
    reason = str(c.info.get("reason", ""))
    verb = _PICK.get(reason, "choose")
    owner = c.who(c.info.get("owner"))
    owner = "your" if owner == "you" else f"{owner}'s"
    title = f"{word(reason, c.lang)}: {verb} one of {owner} cards."
    opts = [_pick_option(c, o) for o in c.req.options]
    return RequestWords(cap(title), opts, [None] * len(opts), default_words(c, opts))


def _amazing_grace(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = "Amazing Grace: take one of the revealed cards."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _discard(c: RequestContext) -> RequestWords:
    n = c.info.get("count", c.req.min)
    count = "a card" if n == 1 else f"{n} cards"
    reason = c.info.get("reason")
    if reason == "hand_limit":
        title = f"Discard phase: discard {count} down to your hand limit."
    elif reason == "double_swords":
        title = f"Double Swords: discard {count}."
    else:
        title = f"Discard {count} ({word(str(reason), c.lang)})."
    opts = [_card_option(o, c.lang) for o in c.req.options]
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, "discard"))


def _double_swords(c: RequestContext) -> RequestWords:
    src = c.who(c.info.get("source"))
    labels = {"discard": "discard a hand card", "let_draw": f"let {src} draw a card"}
    opts = [labels.get(str(o), plain(o)) for o in c.req.options]
    title = f"{cap(src)}'s Double Swords: discard a hand card, or let them draw a card."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _kylin_bow(c: RequestContext) -> RequestWords:
    opts = [_respond_option(c, o) for o in c.req.options]
    title = f"Kylin Bow: discard one of {c.who(c.info.get('target'))}'s horses?"
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _axe(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = (
        f"Stone-Piercing Axe: discard two cards to make your Slash hit "
        f"{c.who(c.info.get('target'))} anyway?"
    )
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, "discard"))


_ACTIVE = frozenset(("rende", "zhiheng", "jieyin", "lijian", "qingnang", "fanjian"))


_LABELS = {
    "again": "judge again",
    "stop": "stop",
    "believe": "believe it",
    "question": "question it",
    "discard": "discard",
    "damage": "take the damage",
}


def _skill_title(c: RequestContext) -> str:
    skill = str(c.info.get("skill", ""))
    prompt = sanitize(str(c.info.get("prompt", "")), c.lang)
    about = c.info.get("about") or {}
    name = skill_name(skill, c.lang) if skill else "Skill"
    src = about.get("source") if isinstance(about, dict) else None
    if skill == "fanjian" and src is not None:
        prompt = f"{c.who(src)} makes you name a suit, then shows you a card of theirs"
    return f"{name}: {cap(prompt)}" if prompt else f"{name}."


def _skill_cancel(c: RequestContext) -> str:
    return "go back" if c.info.get("skill") in _ACTIVE else "decline"


def _skill_choice(c: RequestContext) -> RequestWords:
    opts = []
    for o in c.req.options:
        s = str(o)
        opts.append(SUIT_WORDS.get(s) or _LABELS.get(s) or word(s, c.lang))
    return RequestWords(_skill_title(c), opts, [None] * len(opts), default_words(c, opts))


def _skill_cards(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    d = default_words(c, opts, "choose", none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, [None] * len(opts), d)


def _skill_targets(c: RequestContext) -> RequestWords:
    opts, seats = seat_options(c)
    d = default_words(c, opts, "choose", none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, seats, d)


def _skill_arrange(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    w = RequestWords(_skill_title(c), opts, [None] * len(opts), default_words(c, opts))
    w.piles = pile_names(c)
    return w


def _about_card(c: RequestContext, about: dict[str, Any], key: str = "card") -> str:
    card = about.get(key)
    return card_name(card, c.lang) if isinstance(card, dict) else "a card"


def _situation(c: RequestContext, timing: str, a: dict[str, Any]) -> str:
    seat = a.get("seat")
    phase = phase_name(str(a.get("phase", "")))
    if timing == "phase_start":
        return f"{cap(c.seats.whose(seat))} {phase} phase begins"
    if timing == "phase_changing":
        return f"{cap(c.seats.whose(seat))} {phase} phase is about to begin"
    if timing == "phase_end":
        return f"{cap(c.seats.whose(seat))} {phase} phase ends"
    if timing == "turn_start":
        return f"{cap(c.seats.whose(seat))} turn begins"
    if timing == "turn_end":
        return f"{cap(c.seats.whose(seat))} turn ends"
    if timing == "draw_n":
        return f"{cap(c.who(seat))} would draw {a.get('n', 2)} cards"
    if timing == "card_used":
        return f"{cap(c.who(a.get('user')))} used {_about_card(c, a)}"
    if timing in ("target_specified", "target_confirming", "target_confirmed"):
        user = c.seats.whose(a.get("user"))
        return f"{cap(user)} {_about_card(c, a)} targets {c.who(a.get('target'))}"
    if timing == "card_asked":
        asked = kind_name(str(a.get("asked", "card")), c.lang)
        return f"{cap(c.who(seat))} must {a.get('mode', 'use')} a {asked}"
    if timing in ("damage_caused", "damage_inflicted"):
        return (
            f"{_about_card(c, a)} is about to deal {a.get('amount', 1)} damage to "
            f"{c.who(a.get('target'))}"
        ).replace("a card is", "Damage is")
    if timing == "damaged":
        src = a.get("source")
        by = f" from {c.who(src)}" if src is not None else ""
        return f"{cap(c.who(a.get('target')))} took {a.get('amount', 1)} damage{by}"
    if timing in ("judge_finished", "retrial"):
        what = _about_card(c, a, "judgement")
        return f"The judgement for {word(str(a.get('reason', '')), c.lang)} is {what}"
    if timing == "cards_moved":
        return f"Cards were moved ({word(str(a.get('reason', '')), c.lang)})"
    if timing in ("slash_missed", "slash_effected"):
        user = c.seats.whose(a.get("user"))
        return f"{cap(user)} {_about_card(c, a)} against {c.who(a.get('target'))}"
    if timing == "pre_recover":
        return f"{cap(c.who(seat))} is about to recover HP"
    if timing == "death":
        return f"{cap(c.who(seat))} died"
    if timing == "pindian":
        return "A point fight is being settled"
    return f"Now ({plain(timing)})"


def _trigger(c: RequestContext) -> RequestWords:
    about = c.info.get("about")
    a = about if isinstance(about, dict) else {}
    opts = ["pass" if o == "pass" else f"use {skill_name(str(o), c.lang)}" for o in c.req.options]
    situation = _situation(c, str(c.info.get("timing", "")), a)
    title = f"{situation}: use a skill?"
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


REQUESTS: dict[str, Describer] = {
    "choose_general": _choose_general,
    "play": _play,
    "targets": _targets,
    "view_as_cards": _view_as_cards,
    "respond": _respond,
    "pick_card": _pick_card,
    "amazing_grace": _amazing_grace,
    "discard": _discard,
    "double_swords": _double_swords,
    "kylin_bow": _kylin_bow,
    "axe": _axe,
    "skill_choice": _skill_choice,
    "skill_cards": _skill_cards,
    "skill_targets": _skill_targets,
    "skill_arrange": _skill_arrange,
    "trigger": _trigger,
}
