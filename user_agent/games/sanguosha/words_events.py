"""Sanguosha's events as sentences (the handlers of its `GameWords.events`)."""

from __future__ import annotations

from typing import Any

from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.sanguosha.names import (
    card_name,
    cards_words,
    general_name,
    kind_name,
    phase_name,
    role_name,
    side_name,
    skill_name,
    word,
    zone_name,
)
from user_agent.words.game import Handler
from user_agent.words.shapes import Teller
from user_agent.words.text import cap, n_cards


def card_words(n: Teller, c: object) -> str:
    return card_name(c, n.lang) if isinstance(c, dict) else "a card"


def _cards(n: Teller, d: dict[str, Any], key: str = "cards") -> str:
    cards = d.get(key)
    if isinstance(cards, list):
        return cards_words(cards, n.lang)
    return n_cards(int(d.get("count", 0) or 0))


def _why(n: Teller, reason: object) -> str:
    return word(str(reason), n.lang) if reason else ""


_WINNERS = {
    "lord": "The lord and loyalists win",
    "rebel": "The rebels win",
    "renegade": "The renegade wins",
    "warm": "The warm side wins",
    "cool": "The cool side wins",
}


_TAKE = frozenset(("snatch", "tuxi", "fankui", "jianxiong", "tiandu", "luoshen", "amazing_grace"))


_GIVE = frozenset(("rende", "yiji", "collateral", "fanjian", "give"))


_QUIET_MOVES = frozenset(("settled", "judged", "judge_phase", "equip", "place"))


def _draw(n: Teller, d: dict[str, Any]) -> str:
    reason = d.get("reason")
    why = "" if reason == "draw_phase" else f" ({_why(n, reason)})"
    return f"{n.S(d.get('seat'))} draws {_cards(n, d)}{why}"


def _zone_of(n: Teller, zone: object, seat: object) -> str:
    z = zone_name(str(zone))
    if seat is None or zone not in ("hand", "equip", "judge"):
        return z
    return f"{n.s(seat)}'s {z}"


def _move(n: Teller, d: dict[str, Any]) -> str | None:
    reason = str(d.get("reason", ""))
    src, dst = d.get("from"), d.get("to")
    fs, ts = d.get("from_seat"), d.get("to_seat")
    what = _cards(n, d)
    if reason == "amazing_grace" and src == "draw":
        return f"Amazing Grace reveals {what}"
    if reason in _QUIET_MOVES and src == "processing":
        return None
    if reason == "judge_phase" or (src == "processing" and dst == "discard"):
        return None
    why = _why(n, reason)
    if dst == "discard" and fs is not None:
        if reason in ("discard_phase", "hand_limit"):
            return f"{n.S(fs)} discards {what}"
        if reason == "replaced":
            return f"{n.S(fs)} replaces {what}, which is discarded"
        if reason == "bury":
            return f"{n.S(fs)}'s cards are discarded: {what}"
        if reason == "penalty":
            return f"{n.S(fs)} discards every card as a penalty: {what}"
        return f"{n.S(fs)} discards {what} ({why})"
    if dst == "hand" and ts is not None:
        if fs is not None and fs != ts and (reason in _GIVE or reason not in _TAKE):
            if reason in _GIVE:
                return f"{n.S(fs)} gives {what} to {n.s(ts)} ({why})"
            return f"{n.S(ts)} takes {what} from {n.s(fs)} ({why})"
        if fs is not None and fs != ts:
            return f"{n.S(ts)} takes {what} from {n.s(fs)} ({why})"
        return f"{n.S(ts)} takes {what} into hand ({why})"
    if dst == "judge" and ts is not None:
        trick = kind_name(str(d.get("as") or "lightning"), n.lang)
        if reason.startswith("lightning"):
            return (
                f"The {trick} moves to {n.s(ts)}"
                if reason.endswith("moves")
                else (f"The {trick} stays with {n.s(ts)}")
            )
        return f"{what} goes to {n.s(ts)}'s judgement area as {trick} ({why})"
    return f"{cap(what)} move from {_zone_of(n, src, fs)} to {_zone_of(n, dst, ts)} ({why})"


def _use(n: Teller, d: dict[str, Any]) -> str:
    card = d.get("card") or {}
    name = str(card.get("name", "")) if isinstance(card, dict) else ""
    who = n.S(d.get("seat"))
    via = ""
    if d.get("skill"):
        subs = d.get("subcards") or []
        made = f" made of {cards_words(subs, n.lang)}" if subs else ""
        via = f" by {skill_name(str(d['skill']), n.lang)}{made}"
    kind = KINDS.get(name)
    if kind is not None and kind.type == "equip":
        return f"{who} equips {card_words(n, card)}{via}"
    targets = [int(t) for t in d.get("targets") or []]
    on = ""
    if targets and targets != [d.get("seat")]:
        on = " on " + " and ".join(n.s(t) for t in targets)
    victim = d.get("victim")
    if victim is not None:
        on += f", who must attack {n.s(victim)}"
    return f"{who} uses {card_words(n, card)}{via}{on}"


def _respond(n: Teller, d: dict[str, Any]) -> str:
    verb = "uses" if d.get("mode") == "use" else "plays"
    via = f" by {skill_name(str(d['skill']), n.lang)}" if d.get("skill") else ""
    reason = d.get("reason")
    if reason == "retrial":
        card = card_words(n, d.get("card"))
        return f"{n.S(d.get('seat'))} replaces the judgement card with {card}"
    why = _RESPOND_WHY.get(str(reason)) or f"for {_why(n, reason)}"
    return f"{n.S(d.get('seat'))} {verb} {card_words(n, d.get('card'))}{via} {why}"


_RESPOND_WHY = {
    "slash": "against the Slash",
    "savage_assault": "against Savage Assault",
    "archery_attack": "against Archery Attack",
    "duel": "in the Duel",
    "dying": "to save a dying player",
    "collateral": "as Collateral demands",
    "blade": "again, by Green Dragon Blade",
}


def _general(n: Teller, d: dict[str, Any]) -> str:
    seat = d.get("seat")
    gid = str(d.get("general", ""))
    if type(seat) is int:
        n.words.generals[seat] = general_name(gid, n.lang)
    skills = ", ".join(skill_name(str(x), n.lang) for x in d.get("skills") or [])
    with_ = f", with {skills}" if skills else ""
    return f"{n.S(seat)} enters play ({d.get('hp')} of {d.get('max_hp')} HP{with_})"


def _role_words(n: Teller, seat: object, role: object, first: bool = True) -> str:
    who = n.S(seat) if first else n.s(seat)
    if role:
        return f"{who} is the {role_name(str(role), n.lang)}"
    return f"{who} gets a secret role"


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
        return f"{n.S(lord)} is the {warm} and {n.s(seat)} the {cool}"
    return f"{_role_words(n, lord, 'lord')}; {_role_words(n, seat, role, first=False)}"


def _role_of(n: Teller, role: str) -> str:
    """A role, or in 1v1 the side it tags."""
    return side_name(role, n.lang) if n.notes.get("sides") else role_name(role, n.lang)


def _death(n: Teller, d: dict[str, Any]) -> str:
    killer = d.get("killer")
    by = f", killed by {n.s(killer)}" if killer is not None else ""
    role = _role_of(n, str(d.get("role", "")))
    return f"{n.S(d.get('seat'))} dies{by}; they were the {role}"


def _damage(n: Teller, d: dict[str, Any]) -> str:
    src = d.get("source")
    nature = d.get("nature")
    kind = f" {nature}" if nature and nature != "normal" else ""
    by = f" from {n.s(src)}" if src is not None else ""
    card = d.get("card")
    with_ = f" ({card_words(n, card)})" if isinstance(card, dict) else ""
    amount = d.get("amount", 1)
    return f"{n.S(d.get('target'))} takes {amount}{kind} damage{by}{with_}, now {d.get('hp')} HP"


def _judge(n: Teller, d: dict[str, Any]) -> str:
    card = card_words(n, d.get("card"))
    return f"{n.S(d.get('seat'))} judges for {_why(n, d.get('reason'))}: {card}"


def _judge_result(n: Teller, d: dict[str, Any]) -> str:
    how = "succeeds" if d.get("good") else "fails"
    card = card_words(n, d.get("card"))
    return f"The judgement of {n.s(d.get('seat'))} for {_why(n, d.get('reason'))} ({card}) {how}"


def _turn(n: Teller, d: dict[str, Any]) -> str:
    return f"Round {d.get('round')}: the turn of {n.s(d.get('seat'))}"


def _phase(n: Teller, d: dict[str, Any]) -> str | None:
    phase = str(d.get("phase", ""))
    if phase in ("prepare", "finish"):
        return None
    return f"{n.S(d.get('seat'))}: {phase_name(phase)} phase"


def _mark(n: Teller, d: dict[str, Any]) -> str | None:
    return None


def _choice(n: Teller, d: dict[str, Any]) -> str:
    kind, value = str(d.get("kind", "")), str(d.get("value", ""))
    who = n.S(d.get("seat"))
    if kind == "double_swords":
        return f"{who} {'discards a hand card' if value == 'discard' else 'lets the attacker draw'}"
    if kind == "ganglie":
        return f"{who} {'discards two cards' if value == 'discard' else 'takes the damage'}"
    if kind == "fanjian":
        return f"{who} names {_why(n, value) if value not in _SUITS else _SUITS[value]}"
    if kind == "name_card":
        return f"{who} names {kind_name(value, n.lang)}"
    if kind == "question":
        return f"{who} questions the claim ({_why(n, value)})"
    return f"{who} chooses {_why(n, value)} ({_why(n, kind)})"


_SUITS = {"spade": "spades", "heart": "hearts", "club": "clubs", "diamond": "diamonds"}


def _arrange(n: Teller, d: dict[str, Any]) -> str:
    top, bottom = d.get("top"), d.get("bottom")
    if isinstance(top, list) and isinstance(bottom, list):
        t, b = cards_words(top, n.lang), cards_words(bottom, n.lang)
    else:
        t, b = n_cards(int(top or 0)), n_cards(int(bottom or 0))
    return f"{n.S(d.get('seat'))} puts {t} on top of the draw pile and {b} at the bottom"


def _reserve(n: Teller, d: dict[str, Any]) -> str:
    gens = d.get("generals")
    if isinstance(gens, list):
        what = ", ".join(general_name(str(g), n.lang) for g in gens)
    else:
        what = f"{d.get('count', 0)} hidden generals"
    return f"{n.S(d.get('seat'))} holds in reserve: {what}"


def _s(fmt: str) -> Handler:
    """A handler from a format string over the event's fields (seat fields named)."""

    def handler(n: Teller, d: dict[str, Any]) -> str:
        values = {k: n.s(v) if k in _SEAT_KEYS else v for k, v in d.items()}
        for k in ("phase",):
            if k in d:
                values[k] = phase_name(str(d[k]))
        for k in ("reason", "skill", "name", "kind"):
            if k in d:
                values[k] = _why(n, d[k]) if k != "skill" else skill_name(str(d[k]), n.lang)
        for k in ("card",):
            if k in d:
                values[k] = card_words(n, d[k])
        return cap(fmt.format(**values))

    return handler


_SEAT_KEYS = frozenset(("seat", "target", "source", "user", "from", "to", "victim"))


EVENTS: dict[str, Handler] = {
    "deck": lambda n, d: None,
    "reshuffle": lambda n, d: "The discard pile is shuffled into a new draw pile",
    "draw": _draw,
    "move": _move,
    "use": _use,
    "respond": _respond,
    "target_changed": lambda n, d: (
        f"{n.S(d.get('user'))}'s {card_words(n, d.get('card'))} is passed from "
        f"{n.s(d.get('from'))} "
        f"to {n.s(d.get('to'))} by {skill_name(str(d.get('skill')), n.lang)}"
    ),
    "judge": _judge,
    "judge_result": _judge_result,
    "role": _role,
    "general": _general,
    "general_chosen": lambda n, d: (
        f"{n.S(d.get('seat'))} chooses "
        + (general_name(str(d["general"]), n.lang) if d.get("general") else "a general, in secret")
    ),
    "reserve": _reserve,
    "pool": lambda n, d: (
        "Generals open to pick: "
        + ", ".join(general_name(str(g), n.lang) for g in d.get("generals") or [])
    ),
    "pick": lambda n, d: (
        f"{n.S(d.get('seat'))} picks {general_name(str(d.get('general')), n.lang)}"
    ),
    "round": lambda n, d: f"Round {d.get('round')} begins",
    "extra_turn": _s("{seat} gets an extra turn"),
    "turn_skipped": _s("{seat} skips this turn (face down)"),
    "turn": _turn,
    "phase": _phase,
    "phase_skip": _s("{seat} will skip the {phase} phase ({reason})"),
    "phase_insert": _s("{seat} gets an extra {phase} phase"),
    "phase_skipped": _s("{seat} skips the {phase} phase"),
    "phase_end": lambda n, d: None,
    "turn_stop": _s("The turn of {seat} ends early ({reason})"),
    "turn_end": lambda n, d: None,
    "damage": _damage,
    "recover": lambda n, d: (
        f"{n.S(d.get('seat'))} recovers {d.get('amount')} HP, now {d.get('hp')} HP"
    ),
    "lose_hp": lambda n, d: (
        f"{n.S(d.get('seat'))} loses {d.get('amount')} HP, now {d.get('hp')} HP"
    ),
    "dying": lambda n, d: f"{n.S(d.get('seat'))} is dying ({d.get('hp')} HP) and needs a Peach",
    "death": _death,
    "general_lost": lambda n, d: (
        f"{n.S(d.get('seat'))} loses the general {general_name(str(d.get('general')), n.lang)}"
    ),
    "reward": lambda n, d: f"{n.S(d.get('seat'))} is rewarded: {_why(n, d.get('kind'))}",
    "skill": lambda n, d: f"{n.S(d.get('seat'))} uses {skill_name(str(d.get('name')), n.lang)}",
    "no_effect": _s("{card} has no effect on {seat} ({reason})"),
    "cancelled": _s("{card} is nullified for {target}"),
    "slash_missed": _s("{target} dodges the Slash of {source}"),
    "choice": _choice,
    "mark": _mark,
    "peek": lambda n, d: (
        f"{n.S(d.get('seat'))} looks at {_cards(n, d)} ({_why(n, d.get('reason'))})"
    ),
    "arrange": _arrange,
    # only in a determinized sample (`Game.determinize`), never in a played game
    "redeal": lambda n, d: "The unseen cards are dealt again (a sample for search)",
    "reveal": lambda n, d: (
        f"{n.S(d.get('seat'))} shows {_cards(n, d)} ({_why(n, d.get('reason'))})"
    ),
    "skill_gained": _s("{seat} gains the skill {skill}"),
    "skill_lost": _s("{seat} loses the skill {skill}"),
    "max_hp": lambda n, d: (
        f"{n.S(d.get('seat'))} now has {d.get('max_hp')} max HP ({d.get('hp')} HP)"
    ),
    "flip": lambda n, d: (
        f"{n.S(d.get('seat'))} turns {'face down' if d.get('face_down') else 'face up'}"
    ),
    "attribute": lambda n, d: (
        f"{n.S(d.get('seat'))}'s {_why(n, d.get('name'))} is now {_why(n, d.get('value'))}"
    ),
    "pindian": lambda n, d: (
        f"Point fight ({_why(n, d.get('reason'))}): {n.s(d.get('seat'))} shows "
        f"{card_words(n, d.get('card'))}, {n.s(d.get('target'))} shows "
        f"{card_words(n, d.get('target_card'))}"
    ),
    "pindian_result": lambda n, d: (
        f"{n.S(d['winner'])} wins the point fight"
        if d.get("winner") is not None
        else "Nobody wins the point fight"
    ),
    "declare": lambda n, d: (
        f"{n.S(d.get('seat'))} says a face-down card is {kind_name(str(d.get('claim')), n.lang)}"
    ),
}


def outcome(n: Teller, o: dict[str, Any]) -> str:
    """The end of the game: who wins (a side, or seats), why, and every seat's role."""
    winner = o.get("winner")
    reason = _why(n, o.get("reason"))
    if winner is None:
        return f"The game is a draw ({reason})" if reason else "The game is a draw"
    if winner in ("warm", "cool"):
        n.notes["sides"] = True
    head = _WINNERS.get(str(winner))
    if head is None:
        seats = o.get("winners") or []
        head = " and ".join(n.s(s) for s in seats) + (" wins" if len(seats) == 1 else " win")
    roles = o.get("roles")
    tail = ""
    if isinstance(roles, list) and roles:
        tail = "; roles: " + ", ".join(
            f"{n.s(i)} {_role_of(n, str(r))}" for i, r in enumerate(roles) if r
        )
    return f"{head} ({reason}){tail}" if reason else f"{head}{tail}"
