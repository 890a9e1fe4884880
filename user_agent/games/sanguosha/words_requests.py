"""Sanguosha's requests in words (the describers of its `GameWords.requests`): every request
kind, with every skill's follow-up questions and the trigger question of its timings, in the
asked seat's language (the templates are `messages.SG`'s)."""

from __future__ import annotations

from typing import Any

from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import (
    card_name,
    faction_name,
    general_name,
    kind_name,
    phase_name,
    plain,
    sanitize,
    skill_name,
    suit_words,
    word,
)
from user_agent.words.game import Describer
from user_agent.words.messages import SHELL
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
    return SG(lang, "opt.a_card")


def _general_option(o: Any, lang: str) -> str:
    if isinstance(o, str):
        return general_name(o, lang)
    if not isinstance(o, dict):
        return SG(lang, "opt.a_general")
    gid = str(o.get("id", ""))
    name = general_name(gid, lang) if gid else str(o.get("name", SG(lang, "opt.a_general")))
    skills = SHELL(lang, "list.sep").join(
        SG(lang, "opt.lord_skill", skill=skill_name(str(s.get("id", "")), lang))
        if s.get("lord")
        else skill_name(str(s.get("id", "")), lang)
        for s in o.get("skills", [])
        if isinstance(s, dict)
    )
    faction = faction_name(str(o.get("faction", "")), lang)
    head = SG(lang, "opt.general", name=name, faction=faction, hp=o.get("hp"))
    return SG(lang, "opt.general_skills", head=head, skills=skills) if skills else head


def _targets_words(c: RequestContext, targets: list[Any], card: Any = None) -> str:
    """ " on seat 2 or seat 3": the seats a card may be used on, one of them to be chosen; an
    area card (Savage Assault, Peach Garden...) hits every one of its targets: " on every other
    seat" when they are all the others alive, else " on seat 2, seat 3 and seat 4"."""
    if not targets:
        return ""
    lang = c.lang
    names = [c.seats.name(t) for t in targets]
    kind = KINDS.get(str(card.get("name", ""))) if isinstance(card, dict) else None
    if kind is None or kind.sub not in ("aoe", "global"):
        return SG(lang, "opt.on", targets=SHELL(lang, "list.or").join(names))
    alive = _alive_seats(c)
    if alive is not None and sorted(targets) == sorted(alive):
        return SG(lang, "opt.every_seat")
    if alive is not None and sorted(targets) == sorted(s for s in alive if s != c.req.seat):
        return SG(lang, "opt.every_other")
    if len(names) == 1:
        return SG(lang, "opt.on", targets=names[0])
    listed = SHELL(lang, "list.sep").join(names[:-1]) + SHELL(lang, "list.and") + names[-1]
    return SG(lang, "opt.on", targets=listed)


def _alive_seats(c: RequestContext) -> list[int] | None:
    """The living seats, as the asked seat's view knows them (None without a view)."""
    seats = getattr(c.seats.view, "seats", None)
    if not isinstance(seats, list):
        return None
    return [i for i, s in enumerate(seats) if getattr(s, "alive", True)]


def _play_option(c: RequestContext, o: Any) -> str:
    lang = c.lang
    if not isinstance(o, dict):
        return SG(lang, "opt.an_action")
    kind = o.get("kind")
    if kind == "end":
        return SG(lang, "opt.end")
    if kind == "skill":
        return SG(lang, "opt.skill", skill=skill_name(str(o.get("skill", "")), lang))
    card = o.get("card")
    targets = list(o.get("targets") or [])
    if targets == [c.req.seat]:
        targets = []  # a card on oneself (Ex Nihilo, Peach, Lightning) names no target
    if kind == "view_as" and isinstance(card, dict):
        what = kind_name(str(card.get("name", "")), lang)
        skill = skill_name(str(o.get("skill", "")), lang)
        return SG(lang, "opt.view_as", card=what, skill=skill) + _targets_words(c, targets, card)
    if isinstance(card, dict):
        name = card_name(card, lang)
        if card.get("name") in _EQUIP_NAMES:
            return SG(lang, "opt.equip", card=name)
        return name + _targets_words(c, targets, card)
    return SG(lang, "opt.an_action")


def _respond_option(c: RequestContext, o: Any) -> str:
    lang = c.lang
    if not isinstance(o, dict):
        return _card_option(o, lang)
    if o.get("kind") == "decline":
        return SG(lang, "opt.decline")
    if "name" in o and "kind" not in o:
        return card_name(o, lang)
    if o.get("kind") == "view_as":
        what = kind_name(str(o.get("card", "")), lang)
        return SG(lang, "opt.view_as", card=what, skill=skill_name(str(o.get("skill", "")), lang))
    card = o.get("card")
    return card_name(card, lang) if isinstance(card, dict) else SG(lang, "opt.a_card")


def _pick_option(c: RequestContext, o: Any) -> str:
    lang = c.lang
    if not isinstance(o, dict):
        return SG(lang, "opt.a_card")
    zone = o.get("zone")
    if o.get("card") is None:
        if zone == "hand":
            return SG(lang, "opt.unseen", n=o.get("count", 0))
        return SG(lang, "opt.hidden")
    key = {"equip": "opt.equipped", "judge": "opt.in_judge"}.get(str(zone))
    name = card_name(o["card"], lang)
    return SG(lang, "opt.where", card=name, where=SG(lang, key)) if key else name


_EQUIP_NAMES = frozenset(k for k, v in KINDS.items() if v.type == "equip")


def _choose_general(c: RequestContext) -> RequestWords:
    opts = [_general_option(o, c.lang) for o in c.req.options]
    key = f"general.{c.info.get('reason')}"
    title = SG(c.lang, key if SG.has(key) else "general.any")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _play(c: RequestContext) -> RequestWords:
    opts = [_play_option(c, o) for o in c.req.options]
    title = SG(c.lang, "play.title")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _go_back(c: RequestContext) -> str:
    return SHELL(c.lang, "default.go_back")


def _targets(c: RequestContext) -> RequestWords:
    lang = c.lang
    card = c.info.get("card")
    name = card_name(card, lang) if isinstance(card, dict) else SG(lang, "targets.the_card")
    step = c.info.get("step")
    if step == "wielder":
        title = SG(lang, "targets.wielder", card=name)
    elif step == "victim":
        title = SG(lang, "targets.victim", card=name)
    else:
        if c.req.max > 1:
            n = SG(lang, "targets.up_to", n=c.req.max)
        else:
            n = SG(lang, "targets.the_target")
        title = SG(lang, "targets.choose", n=n, card=name)
    opts, seats = seat_options(c)
    return RequestWords(title, opts, seats, default_words(c, opts, none=_go_back(c)))


def _count(lang: str, n: object) -> str:
    return SHELL(lang, "cards.one") if n == 1 else SHELL(lang, "cards.many", n=n)


def _view_as_cards(c: RequestContext) -> RequestWords:
    skill = skill_name(str(c.info.get("skill", "")), c.lang)
    what = kind_name(str(c.info.get("card", "")), c.lang)
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = SG(c.lang, "view_as.title", skill=skill, count=_count(c.lang, c.req.min), card=what)
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, none=_go_back(c)))


def _respond_title(c: RequestContext) -> str:
    lang = c.lang
    i = c.info
    card = kind_name(str(i.get("card", "")), lang)
    verb = SG(lang, "mode.use" if i.get("mode") == "use" else "mode.play")
    src, tgt = i.get("source"), i.get("target")
    reason = str(i.get("reason", ""))
    if reason == "slash":
        return SG(lang, "ask.slash", who=cap(c.who(src)), verb=verb, card=card)
    if reason in ("savage_assault", "archery_attack"):
        trick = kind_name(reason, lang)
        return SG(lang, "ask.aoe", who=cap(c.who(src)), trick=trick, verb=verb, card=card)
    if reason == "duel":
        return SG(lang, "ask.duel", who=c.who(src), verb=verb)
    if reason == "dying":
        if tgt == c.req.seat:
            return SG(lang, "ask.dying_self", verb=verb, card=card)
        return SG(lang, "ask.dying", who=cap(c.who(tgt)), verb=verb, card=card)
    if reason == "nullify":
        return _nullify_title(c)
    if reason == "collateral":
        return SG(lang, "ask.collateral", who=c.who(tgt))
    if reason == "blade":
        return SG(lang, "ask.blade", who=c.who(tgt))
    if reason in ("jijiang", "hujia"):
        skill = skill_name(reason, lang)
        return SG(lang, "ask.behalf", who=cap(c.who(src)), skill=skill, verb=verb, card=card)
    return SG(lang, "ask.other", verb=cap(verb), card=card, why=word(reason, lang))


def _nullify_title(c: RequestContext) -> str:
    """A step of a Nullification chain, from `info.chain` (schema 3): the trick, its user (None:
    a delayed trick's judgement) and target, and the seats whose Nullifications were used so
    far. The first step is against the trick; every later one against the last Nullification
    used, saying what that one cancels, and what becomes of the trick if it takes effect."""
    lang = c.lang
    chain = c.info.get("chain")
    if not isinstance(chain, dict):
        return _nullify_title_v2(c)
    user, used = chain.get("user"), [s for s in chain.get("used") or [] if isinstance(s, int)]
    whose = SG(lang, "chain.the") if user is None else c.seats.whose(user)
    name = kind_name(str(chain.get("trick")), lang)
    trick = SG(lang, "chain.trick", whose=whose, trick=name, target=c.who(chain.get("target")))
    if not used:
        return SG(lang, "chain.first", trick=cap(trick))
    pending = cap(SG(lang, "chain.pending", whose=c.seats.whose(used[-1])))
    if len(used) == 1:
        return SG(lang, "chain.one", pending=pending, trick=trick)
    key = "chain.more_cancelled" if len(used) % 2 else "chain.more_effect"
    return SG(lang, key, pending=pending, previous=c.seats.whose(used[-2]), trick=trick)


def _nullify_title_v2(c: RequestContext) -> str:
    """A Nullification request of a schema-2 server (no `info.chain`): the first step is
    against the trick (`against`) of `source` on `target`; every later step against the
    Nullification just used by `target`, in the chain over the trick in the processing area."""
    lang = c.lang
    i = c.info
    src, tgt = i.get("source"), i.get("target")
    against = str(i.get("against", ""))
    if against != "nullification":
        whose = SG(lang, "nullify.the") if src is None else cap(c.seats.whose(src))
        on = "" if tgt is None else SG(lang, "nullify.on", who=c.who(tgt))
        what = kind_name(against, lang)
        return SG(lang, "nullify.first", whose=whose, trick=what, on=on)
    trick = _chain_trick(c)
    if src is None:
        over = SG(lang, "nullify.over_the", trick=trick)
    else:
        over = SG(lang, "nullify.over", whose=c.seats.whose(src), trick=trick)
    return SG(lang, "nullify.chain", whose=cap(c.seats.whose(tgt)), over=over)


def _chain_trick(c: RequestContext) -> str:
    """The trick a Nullification chain is about: the first trick other than a Nullification in
    the processing area, as the view shows it ("trick" when it does not: a delayed trick, or one
    made of another card)."""
    for card in getattr(c.seats.view, "processing", None) or []:
        name = str(card.get("name", "")) if isinstance(card, dict) else ""
        kind = KINDS.get(name)
        if kind is not None and kind.type == "trick" and name != "nullification":
            return kind_name(name, c.lang)
    return SG(c.lang, "nullify.trick")


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
    lang = c.lang
    reason = str(c.info.get("reason", ""))
    verb = SG(lang, f"verb.{_PICK.get(reason, 'choose')}")
    whose = c.seats.whose(c.info.get("owner"))
    title = SG(lang, "pick.title", reason=word(reason, lang), verb=verb, whose=whose)
    opts = [_pick_option(c, o) for o in c.req.options]
    return RequestWords(cap(title), opts, [None] * len(opts), default_words(c, opts))


def _amazing_grace(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = SG(c.lang, "grace.title")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _discard(c: RequestContext) -> RequestWords:
    lang = c.lang
    count = _count(lang, c.info.get("count", c.req.min))
    reason = c.info.get("reason")
    if reason == "hand_limit":
        title = SG(lang, "discard.limit", count=count)
    elif reason == "double_swords":
        title = SG(lang, "discard.swords", count=count)
    else:
        title = SG(lang, "discard.other", count=count, why=word(str(reason), lang))
    opts = [_card_option(o, lang) for o in c.req.options]
    verb = SG(lang, "verb.discard")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, verb))


def _double_swords(c: RequestContext) -> RequestWords:
    lang = c.lang
    src = c.who(c.info.get("source"))
    labels = {
        "discard": SG(lang, "opt.discard_hand"),
        "let_draw": SG(lang, "opt.let_draw", who=src),
    }
    opts = [labels.get(str(o), plain(o)) for o in c.req.options]
    title = SG(lang, "swords.title", whose=SHELL(lang, "seat.whose", who=cap(src)))
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _kylin_bow(c: RequestContext) -> RequestWords:
    opts = [_respond_option(c, o) for o in c.req.options]
    title = SG(
        c.lang, "kylin.title", whose=SHELL(c.lang, "seat.whose", who=c.who(c.info.get("target")))
    )
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts))


def _axe(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = SG(c.lang, "axe.title", who=c.who(c.info.get("target")))
    verb = SG(c.lang, "verb.discard")
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, verb))


_ACTIVE = frozenset(("rende", "zhiheng", "jieyin", "lijian", "qingnang", "fanjian"))


def _skill_title(c: RequestContext) -> str:
    lang = c.lang
    skill = str(c.info.get("skill", ""))
    prompt = sanitize(str(c.info.get("prompt", "")), lang)
    about = c.info.get("about") or {}
    name = skill_name(skill, lang) if skill else SG(lang, "skill.skill")
    src = about.get("source") if isinstance(about, dict) else None
    if skill == "fanjian" and src is not None:
        prompt = SG(lang, "skill.fanjian", who=c.who(src))
    if prompt:
        return SG(lang, "skill.title", skill=name, prompt=cap(prompt))
    return SG(lang, "skill.bare", skill=name)


def _skill_cancel(c: RequestContext) -> str:
    key = "default.go_back" if c.info.get("skill") in _ACTIVE else "default.decline"
    return SHELL(c.lang, key)


def _skill_choice(c: RequestContext) -> RequestWords:
    opts = []
    for o in c.req.options:
        s = str(o)
        label = f"label.{s}"
        opts.append(
            suit_words(s, c.lang)
            or (SG(c.lang, label) if SG.has(label) else None)
            or word(s, c.lang)
        )
    return RequestWords(_skill_title(c), opts, [None] * len(opts), default_words(c, opts))


def _skill_cards(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    d = default_words(c, opts, SG(c.lang, "verb.choose"), none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, [None] * len(opts), d)


def _skill_targets(c: RequestContext) -> RequestWords:
    opts, seats = seat_options(c)
    d = default_words(c, opts, SG(c.lang, "verb.choose"), none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, seats, d)


def _skill_arrange(c: RequestContext) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    w = RequestWords(_skill_title(c), opts, [None] * len(opts), default_words(c, opts))
    w.piles = pile_names(c)
    return w


def _about_card(c: RequestContext, about: dict[str, Any], key: str = "card") -> str | None:
    card = about.get(key)
    return card_name(card, c.lang) if isinstance(card, dict) else None


def _situation(c: RequestContext, timing: str, a: dict[str, Any]) -> str:
    lang = c.lang
    seat = a.get("seat")
    a_card = SG(lang, "a_card")
    card = _about_card(c, a) or a_card
    if timing in ("phase_start", "phase_changing", "phase_end"):
        phase = phase_name(str(a.get("phase", "")), lang)
        return SG(lang, f"at.{timing}", whose=cap(c.seats.whose(seat)), phase=phase)
    if timing in ("turn_start", "turn_end"):
        return SG(lang, f"at.{timing}", whose=cap(c.seats.whose(seat)))
    if timing == "draw_n":
        return SG(lang, "at.draw_n", who=cap(c.who(seat)), n=a.get("n", 2))
    if timing == "card_used":
        return SG(lang, "at.card_used", who=cap(c.who(a.get("user"))), card=card)
    if timing in ("target_specified", "target_confirming", "target_confirmed"):
        whose = cap(c.seats.whose(a.get("user")))
        return SG(lang, "at.target", whose=whose, card=card, target=c.who(a.get("target")))
    if timing == "card_asked":
        asked = kind_name(str(a.get("asked", "card")), lang)
        mode = a.get("mode", "use")
        key = f"mode.{mode}"
        said = SG(lang, key) if SG.has(key) else str(mode)
        return SG(lang, "at.card_asked", who=cap(c.who(seat)), mode=said, card=asked)
    if timing in ("damage_caused", "damage_inflicted"):
        amount, target = a.get("amount", 1), c.who(a.get("target"))
        named = _about_card(c, a)
        if named is None:
            return SG(lang, "at.damage_no_card", amount=amount, target=target)
        return SG(lang, "at.damage", card=named, amount=amount, target=target)
    if timing == "damaged":
        src = a.get("source")
        by = SG(lang, "at.by", source=c.who(src)) if src is not None else ""
        target = cap(c.who(a.get("target")))
        return SG(lang, "at.damaged", target=target, amount=a.get("amount", 1), by=by)
    if timing in ("judge_finished", "retrial"):
        what = _about_card(c, a, "judgement") or a_card
        return SG(lang, "at.judged", why=word(str(a.get("reason", "")), lang), card=what)
    if timing == "cards_moved":
        return SG(lang, "at.moved", why=word(str(a.get("reason", "")), lang))
    if timing in ("slash_missed", "slash_effected"):
        whose = cap(c.seats.whose(a.get("user")))
        return SG(lang, "at.slash", whose=whose, card=card, target=c.who(a.get("target")))
    if timing == "pre_recover":
        return SG(lang, "at.pre_recover", who=cap(c.who(seat)))
    if timing == "death":
        return SG(lang, "at.death", who=cap(c.who(seat)))
    if timing == "pindian":
        return SG(lang, "at.pindian")
    return SG(lang, "at.other", timing=plain(timing))


def _trigger(c: RequestContext) -> RequestWords:
    lang = c.lang
    about = c.info.get("about")
    a = about if isinstance(about, dict) else {}
    opts = [
        SHELL(lang, "trigger.pass")
        if o == "pass"
        else SHELL(lang, "trigger.use", skill=skill_name(str(o), lang))
        for o in c.req.options
    ]
    situation = _situation(c, str(c.info.get("timing", "")), a)
    title = SG(lang, "trigger.title", situation=situation)
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
