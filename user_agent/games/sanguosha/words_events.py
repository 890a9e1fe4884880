"""Sanguosha's events as sentences (the handlers of its `GameWords.events`), in the narrator's
language: the templates are `messages.SG`'s."""

from __future__ import annotations

from typing import Any

from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import (
    card_name,
    cards_words,
    general_name,
    kind_name,
    phase_name,
    role_name,
    side_name,
    skill_name,
    suit_named,
    word,
    zone_name,
)
from user_agent.words.game import Handler
from user_agent.words.messages import SHELL
from user_agent.words.shapes import Teller
from user_agent.words.text import cap, n_cards


def card_words(n: Teller, c: object) -> str:
    return card_name(c, n.lang) if isinstance(c, dict) else SG(n.lang, "a_card")


def _cards(n: Teller, d: dict[str, Any], key: str = "cards") -> str:
    cards = d.get(key)
    if isinstance(cards, list):
        return cards_words(cards, n.lang)
    return n_cards(int(d.get("count", 0) or 0), n.lang)


def _why(n: Teller, reason: object) -> str:
    return word(str(reason), n.lang) if reason else ""


def _and(n: Teller, names: list[str]) -> str:
    return SHELL(n.lang, "list.and_all").join(names)


_TAKE = frozenset(("snatch", "tuxi", "fankui", "jianxiong", "tiandu", "luoshen", "amazing_grace"))


_GIVE = frozenset(("rende", "yiji", "collateral", "fanjian", "give"))


_QUIET_MOVES = frozenset(("settled", "judged", "judge_phase", "equip", "place"))


def _draw(n: Teller, d: dict[str, Any]) -> str:
    reason = d.get("reason")
    why = "" if reason == "draw_phase" else SG(n.lang, "why", why=_why(n, reason))
    return SG(n.lang, "draw", who=n.S(d.get("seat")), cards=_cards(n, d), why=why)


def _zone_of(n: Teller, zone: object, seat: object) -> str:
    z = zone_name(str(zone), n.lang)
    if seat is None or zone not in ("hand", "equip", "judge"):
        return z
    return SG(n.lang, "zone_of", who=n.s(seat), zone=z)


def _move(n: Teller, d: dict[str, Any]) -> str | None:
    lang = n.lang
    reason = str(d.get("reason", ""))
    src, dst = d.get("from"), d.get("to")
    fs, ts = d.get("from_seat"), d.get("to_seat")
    what = _cards(n, d)
    if reason == "amazing_grace" and src == "draw":
        return SG(lang, "move.grace", cards=what)
    if reason in _QUIET_MOVES and src == "processing":
        return None
    if reason == "judge_phase" or (src == "processing" and dst == "discard"):
        return None
    why = _why(n, reason)
    if dst == "discard" and fs is not None:
        key = {
            "discard_phase": "move.discard",
            "hand_limit": "move.discard",
            "replaced": "move.replaced",
            "bury": "move.bury",
            "penalty": "move.penalty",
        }.get(reason, "move.discard_why")
        return SG(lang, key, who=n.S(fs), cards=what, why=why)
    if dst == "hand" and ts is not None:
        if fs is not None and fs != ts and reason in _GIVE:
            return SG(lang, "move.give", giver=n.S(fs), cards=what, taker=n.s(ts), why=why)
        if fs is not None and fs != ts:
            return SG(lang, "move.take", taker=n.S(ts), cards=what, giver=n.s(fs), why=why)
        return SG(lang, "move.into_hand", taker=n.S(ts), cards=what, why=why)
    if dst == "judge" and ts is not None:
        trick = kind_name(str(d.get("as") or "lightning"), lang)
        if reason.startswith("lightning"):
            key = "move.lightning_moves" if reason.endswith("moves") else "move.lightning_stays"
            return SG(lang, key, trick=trick, who=n.s(ts))
        return SG(lang, "move.judge_area", cards=what, who=n.s(ts), trick=trick, why=why)
    return SG(
        lang,
        "move.other",
        cards=cap(what),
        src=_zone_of(n, src, fs),
        dst=_zone_of(n, dst, ts),
        why=why,
    )


def _use(n: Teller, d: dict[str, Any]) -> str:
    lang = n.lang
    card = d.get("card") or {}
    name = str(card.get("name", "")) if isinstance(card, dict) else ""
    who = n.S(d.get("seat"))
    via = ""
    if d.get("skill"):
        subs = d.get("subcards") or []
        made = SG(lang, "use.made", cards=cards_words(subs, lang)) if subs else ""
        via = SG(lang, "use.via", skill=skill_name(str(d["skill"]), lang), made=made)
    kind = KINDS.get(name)
    if kind is not None and kind.type == "equip":
        return SG(lang, "use.equip", who=who, card=card_words(n, card), via=via)
    targets = [int(t) for t in d.get("targets") or []]
    on = ""
    if targets and targets != [d.get("seat")]:
        on = SG(lang, "use.on", targets=_and(n, [n.s(t) for t in targets]))
    victim = d.get("victim")
    against = "" if victim is None else SG(lang, "use.victim", victim=n.s(victim))
    return SG(lang, "use", who=who, card=card_words(n, card), via=via, on=on, victim=against)


def _respond(n: Teller, d: dict[str, Any]) -> str:
    lang = n.lang
    verb = SG(lang, "verb.use" if d.get("mode") == "use" else "verb.play")
    skill = d.get("skill")
    via = SG(lang, "respond.via", skill=skill_name(str(skill), lang)) if skill else ""
    reason = d.get("reason")
    if reason == "retrial":
        card = card_words(n, d.get("card"))
        return SG(lang, "respond.retrial", who=n.S(d.get("seat")), card=card)
    key = f"respond.{reason}"
    why = SG(lang, key) if SG.has(key) else SG(lang, "respond.why", why=_why(n, reason))
    who = n.S(d.get("seat"))
    return SG(
        lang, "respond", who=who, verb=verb, card=card_words(n, d.get("card")), via=via, why=why
    )


def _general(n: Teller, d: dict[str, Any]) -> str:
    seat = d.get("seat")
    gid = str(d.get("general", ""))
    if type(seat) is int:
        n.words.generals[seat] = general_name(gid, n.lang)
    skills = SHELL(n.lang, "list.sep").join(
        skill_name(str(x), n.lang) for x in d.get("skills") or []
    )
    with_ = SG(n.lang, "general.skills", skills=skills) if skills else ""
    return SG(
        n.lang, "general", who=n.S(seat), hp=d.get("hp"), max_hp=d.get("max_hp"), skills=with_
    )


def _role_words(n: Teller, seat: object, role: object, first: bool = True) -> str:
    who = n.S(seat) if first else n.s(seat)
    if role:
        return SG(n.lang, "role", who=who, role=role_name(str(role), n.lang))
    return SG(n.lang, "role.secret", who=who)


def _role(n: Teller, d: dict[str, Any]) -> str | None:
    """A seat's role; on a 2-seat table the lord's waits for the other seat's, which tells a 1v1
    game (lord and renegade: the warm and the cool side) from a 2-player identity game."""
    seat, role = d.get("seat"), d.get("role")
    if getattr(n, "seats", None) != 2:
        return _role_words(n, seat, role)
    if role == "lord" and "lord_seat" not in n.notes:
        n.notes["lord_seat"] = seat
        return None
    lord = n.notes.pop("lord_seat", None)
    if lord is None:
        return _role_words(n, seat, role)
    if role == "renegade":
        n.notes["sides"] = True
        warm, cool = side_name("lord", n.lang), side_name("renegade", n.lang)
        return SG(n.lang, "role.sides", lord=n.S(lord), warm=warm, other=n.s(seat), cool=cool)
    first = _role_words(n, lord, "lord")
    return first + SHELL(n.lang, "list.semi") + _role_words(n, seat, role, first=False)


def _role_of(n: Teller, role: str) -> str:
    """A role, or in 1v1 the side it tags."""
    return side_name(role, n.lang) if n.notes.get("sides") else role_name(role, n.lang)


def _death(n: Teller, d: dict[str, Any]) -> str:
    killer = d.get("killer")
    by = SG(n.lang, "death.by", killer=n.s(killer)) if killer is not None else ""
    role = _role_of(n, str(d.get("role", "")))
    return SG(n.lang, "death", who=n.S(d.get("seat")), by=by, role=role)


def _damage(n: Teller, d: dict[str, Any]) -> str:
    lang = n.lang
    src = d.get("source")
    nature = d.get("nature")
    kind = ""
    if nature and nature != "normal":
        key = f"nature.{nature}"
        kind = SG(lang, key) if SG.has(key) else SG(lang, "nature", nature=nature)
    by = SG(lang, "damage.by", source=n.s(src)) if src is not None else ""
    card = d.get("card")
    with_ = SG(lang, "damage.card", card=card_words(n, card)) if isinstance(card, dict) else ""
    return SG(
        lang,
        "damage",
        target=n.S(d.get("target")),
        amount=d.get("amount", 1),
        nature=kind,
        by=by,
        card=with_,
        hp=d.get("hp"),
    )


def _judge(n: Teller, d: dict[str, Any]) -> str:
    card = card_words(n, d.get("card"))
    why = _why(n, d.get("reason"))
    return SG(n.lang, "judge", who=n.S(d.get("seat")), why=why, card=card)


def _judge_result(n: Teller, d: dict[str, Any]) -> str:
    how = SG(n.lang, "judge.good" if d.get("good") else "judge.bad")
    card = card_words(n, d.get("card"))
    why = _why(n, d.get("reason"))
    return SG(n.lang, "judge_result", who=n.s(d.get("seat")), why=why, card=card, how=how)


def _turn(n: Teller, d: dict[str, Any]) -> str:
    return SG(n.lang, "turn", round=d.get("round"), who=n.s(d.get("seat")))


def _phase(n: Teller, d: dict[str, Any]) -> str | None:
    phase = str(d.get("phase", ""))
    if phase in ("prepare", "finish"):
        return None
    return SG(n.lang, "phase", who=n.S(d.get("seat")), phase=phase_name(phase, n.lang))


def _mark(n: Teller, d: dict[str, Any]) -> str | None:
    return None


def _choice(n: Teller, d: dict[str, Any]) -> str:
    lang = n.lang
    kind, value = str(d.get("kind", "")), str(d.get("value", ""))
    who = n.S(d.get("seat"))
    if kind == "double_swords":
        return SG(lang, "choice.discard_one" if value == "discard" else "choice.let_draw", who=who)
    if kind == "ganglie":
        key = "choice.discard_two" if value == "discard" else "choice.take_damage"
        return SG(lang, key, who=who)
    if kind == "fanjian":
        return SG(lang, "choice.names", who=who, what=suit_named(value, lang) or _why(n, value))
    if kind == "name_card":
        return SG(lang, "choice.names", who=who, what=kind_name(value, lang))
    if kind == "question":
        return SG(lang, "choice.question", who=who, why=_why(n, value))
    return SG(lang, "choice.other", who=who, value=_why(n, value), kind=_why(n, kind))


def _arrange(n: Teller, d: dict[str, Any]) -> str:
    top, bottom = d.get("top"), d.get("bottom")
    if isinstance(top, list) and isinstance(bottom, list):
        t, b = cards_words(top, n.lang), cards_words(bottom, n.lang)
    else:
        t, b = n_cards(int(top or 0), n.lang), n_cards(int(bottom or 0), n.lang)
    return SG(n.lang, "arrange", who=n.S(d.get("seat")), top=t, bottom=b)


def _reserve(n: Teller, d: dict[str, Any]) -> str:
    gens = d.get("generals")
    if isinstance(gens, list):
        what = SHELL(n.lang, "list.sep").join(general_name(str(g), n.lang) for g in gens)
    else:
        what = SG(n.lang, "reserve.hidden", n=d.get("count", 0))
    return SG(n.lang, "reserve", who=n.S(d.get("seat")), what=what)


def _s(key: str) -> Handler:
    """A handler from a template over the event's fields (seat fields named)."""

    def handler(n: Teller, d: dict[str, Any]) -> str:
        values = {k: n.s(v) if k in _SEAT_KEYS else v for k, v in d.items()}
        for k in ("phase",):
            if k in d:
                values[k] = phase_name(str(d[k]), n.lang)
        for k in ("reason", "skill", "name", "kind"):
            if k in d:
                values[k] = _why(n, d[k]) if k != "skill" else skill_name(str(d[k]), n.lang)
        for k in ("card",):
            if k in d:
                values[k] = card_words(n, d[k])
        return cap(SG(n.lang, key, **values))

    return handler


_SEAT_KEYS = frozenset(("seat", "target", "source", "user", "from", "to", "victim"))


def _names(n: Teller, gens: object) -> str:
    listed = gens if isinstance(gens, list) else []
    return SHELL(n.lang, "list.sep").join(general_name(str(g), n.lang) for g in listed)


EVENTS: dict[str, Handler] = {
    "deck": lambda n, d: None,
    "reshuffle": lambda n, d: SG(n.lang, "reshuffle"),
    "draw": _draw,
    "move": _move,
    "use": _use,
    "respond": _respond,
    "target_changed": lambda n, d: SG(
        n.lang,
        "target_changed",
        user=n.S(d.get("user")),
        card=card_words(n, d.get("card")),
        src=n.s(d.get("from")),
        dst=n.s(d.get("to")),
        skill=skill_name(str(d.get("skill")), n.lang),
    ),
    "judge": _judge,
    "judge_result": _judge_result,
    "role": _role,
    "general": _general,
    "general_chosen": lambda n, d: SG(
        n.lang,
        "general_chosen",
        who=n.S(d.get("seat")),
        general=general_name(str(d["general"]), n.lang)
        if d.get("general")
        else SG(n.lang, "general_chosen.secret"),
    ),
    "reserve": _reserve,
    "pool": lambda n, d: SG(n.lang, "pool", generals=_names(n, d.get("generals"))),
    "pick": lambda n, d: SG(
        n.lang, "pick", who=n.S(d.get("seat")), general=general_name(str(d.get("general")), n.lang)
    ),
    "round": lambda n, d: SG(n.lang, "round", round=d.get("round")),
    "extra_turn": _s("extra_turn"),
    "turn_skipped": _s("turn_skipped"),
    "turn": _turn,
    "phase": _phase,
    "phase_skip": _s("phase_skip"),
    "phase_insert": _s("phase_insert"),
    "phase_skipped": _s("phase_skipped"),
    "phase_end": lambda n, d: None,
    "turn_stop": _s("turn_stop"),
    "turn_end": lambda n, d: None,
    "damage": _damage,
    "recover": lambda n, d: SG(
        n.lang, "recover", who=n.S(d.get("seat")), amount=d.get("amount"), hp=d.get("hp")
    ),
    "lose_hp": lambda n, d: SG(
        n.lang, "lose_hp", who=n.S(d.get("seat")), amount=d.get("amount"), hp=d.get("hp")
    ),
    "dying": lambda n, d: SG(n.lang, "dying", who=n.S(d.get("seat")), hp=d.get("hp")),
    "death": _death,
    "general_lost": lambda n, d: SG(
        n.lang,
        "general_lost",
        who=n.S(d.get("seat")),
        general=general_name(str(d.get("general")), n.lang),
    ),
    "reward": lambda n, d: SG(
        n.lang, "reward", who=n.S(d.get("seat")), kind=_why(n, d.get("kind"))
    ),
    "skill": lambda n, d: SG(
        n.lang, "skill", who=n.S(d.get("seat")), skill=skill_name(str(d.get("name")), n.lang)
    ),
    "no_effect": _s("no_effect"),
    "cancelled": _s("cancelled"),
    "slash_missed": _s("slash_missed"),
    "choice": _choice,
    "mark": _mark,
    "peek": lambda n, d: SG(
        n.lang, "peek", who=n.S(d.get("seat")), cards=_cards(n, d), why=_why(n, d.get("reason"))
    ),
    "arrange": _arrange,
    # only in a determinized sample (`Game.determinize`), never in a played game
    "redeal": lambda n, d: SG(n.lang, "redeal"),
    "reveal": lambda n, d: SG(
        n.lang, "reveal", who=n.S(d.get("seat")), cards=_cards(n, d), why=_why(n, d.get("reason"))
    ),
    "skill_gained": _s("skill_gained"),
    "skill_lost": _s("skill_lost"),
    "max_hp": lambda n, d: SG(
        n.lang, "max_hp", who=n.S(d.get("seat")), max_hp=d.get("max_hp"), hp=d.get("hp")
    ),
    "flip": lambda n, d: SG(
        n.lang, "flip.down" if d.get("face_down") else "flip.up", who=n.S(d.get("seat"))
    ),
    "attribute": lambda n, d: SG(
        n.lang,
        "attribute",
        who=n.S(d.get("seat")),
        name=_why(n, d.get("name")),
        value=_why(n, d.get("value")),
    ),
    "pindian": lambda n, d: SG(
        n.lang,
        "pindian",
        why=_why(n, d.get("reason")),
        seat=n.s(d.get("seat")),
        card=card_words(n, d.get("card")),
        target=n.s(d.get("target")),
        target_card=card_words(n, d.get("target_card")),
    ),
    "pindian_result": lambda n, d: (
        SG(n.lang, "pindian.won", who=n.S(d["winner"]))
        if d.get("winner") is not None
        else SG(n.lang, "pindian.nobody")
    ),
    "declare": lambda n, d: SG(
        n.lang,
        "declare",
        who=n.S(d.get("seat")),
        card=kind_name(str(d.get("claim")), n.lang),
    ),
}


def outcome(n: Teller, o: dict[str, Any]) -> str:
    """The end of the game: who wins (a side, or seats), why, and every seat's role."""
    lang = n.lang
    winner = o.get("winner")
    reason = _why(n, o.get("reason"))
    if winner is None:
        return SG(lang, "draw_game.why", why=reason) if reason else SG(lang, "draw_game")
    if winner in ("warm", "cool"):
        n.notes["sides"] = True
    key = f"won.{winner}"
    if SG.has(key) and winner not in ("one", "many"):
        head = SG(lang, key)
    else:
        seats = o.get("winners") or []
        head = SG(
            lang, "won.one" if len(seats) == 1 else "won.many", who=_and(n, [n.s(s) for s in seats])
        )
    roles = o.get("roles")
    tail = ""
    if isinstance(roles, list) and roles:
        listed = SHELL(lang, "list.sep").join(
            SG(lang, "outcome.role", who=n.s(i), role=_role_of(n, str(r)))
            for i, r in enumerate(roles)
            if r
        )
        tail = SG(lang, "outcome.roles", roles=listed)
    if reason:
        return SG(lang, "outcome.why", head=head, why=reason, tail=tail)
    return SG(lang, "outcome", head=head, tail=tail)
