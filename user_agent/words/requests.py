"""What a request asks, in words: a title sentence, one label per option, the default and how
to answer. `describe(game, req, view)` covers every request kind of Sanguosha (with every
skill's follow-up questions) and Harmony; an unknown kind gets a plain description with
`generic=True` (the coverage test fails on it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.choices import RequestSpec, split_piles
from protocol.games.carcassonne.schema import ROLES as CARC_ROLES
from protocol.games.carcassonne.schema import ROTATION_DEGREES
from protocol.games.sanguosha.catalogue import KINDS
from user_agent.games.harmony.board import ELEMENTS, ROLES, a_piece, cell_words
from user_agent.games.muhq.board import MuhqTable, tile_name
from user_agent.games.sanguosha.names import (
    card_name,
    cards_words,
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
from user_agent.words.seats import SeatWords, cap


@dataclass
class RequestWords:
    title: str
    options: list[str] = field(default_factory=list)
    option_seats: list[int | None] = field(default_factory=list)
    default: str = ""
    cancel: bool = False
    hint: str = ""
    axes: list[list[str]] = field(default_factory=list)  # product form only
    axis_names: list[str] = field(default_factory=list)
    piles: list[str] = field(default_factory=list)  # arrange form only
    generic: bool = False  # True: no words are known for this request kind

    @property
    def by_seat(self) -> bool:
        """Whether every option designates a seat (answers are then seat numbers)."""
        return bool(self.option_seats) and all(s is not None for s in self.option_seats)


@dataclass
class _Ctx:
    req: RequestSpec
    seats: SeatWords
    lang: str

    @property
    def info(self) -> dict[str, Any]:
        return self.req.info

    def who(self, seat: object) -> str:
        return self.seats.who(seat)


Describer = Callable[[_Ctx], RequestWords]

# --- option labels ----------------------------------------------------------------------------


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


def _targets_words(c: _Ctx, targets: list[Any]) -> str:
    if not targets:
        return ""
    return " on " + " or ".join(c.seats.name(t) for t in targets)


def _play_option(c: _Ctx, o: Any) -> str:
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
            c, targets
        )
    if isinstance(card, dict):
        name = card_name(card, c.lang)
        if card.get("name") in _EQUIP_NAMES:
            return f"equip {name}"
        return name + _targets_words(c, targets)
    return "an action"


def _respond_option(c: _Ctx, o: Any) -> str:
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


def _pick_option(c: _Ctx, o: Any) -> str:
    if not isinstance(o, dict):
        return "a card"
    zone = o.get("zone")
    if o.get("card") is None:
        n = o.get("count", 0)
        return f"a hand card, unseen ({n} in hand)" if zone == "hand" else "a hidden card"
    where = {"equip": "equipped", "judge": "in the judgement area"}.get(str(zone), "")
    return f"{card_name(o['card'], c.lang)} ({where})" if where else card_name(o["card"], c.lang)


def _seat_options(c: _Ctx) -> tuple[list[str], list[int | None]]:
    seats = [o if type(o) is int else None for o in c.req.options]
    return [c.seats.option(o) if type(o) is int else "a player" for o in c.req.options], seats


_EQUIP_NAMES = frozenset(k for k, v in KINDS.items() if v.type == "equip")

# --- the default in words ---------------------------------------------------------------------


def _default_words(c: _Ctx, options: list[str], verb: str = "", none: str = "decline") -> str:
    d = c.req.default
    if d is None:
        return none
    if isinstance(d, int):
        return options[d] if 0 <= d < len(options) else none
    if c.req.form == "arrange":
        return _arrangement_words(c, options, list(d))
    picked = [options[i] for i in d if 0 <= i < len(options)]
    if not picked:
        return "choose nothing"
    what = ", ".join(picked)
    return f"{verb} {what}".strip()


def _arrangement_words(c: _Ctx, options: list[str], choice: list[int]) -> str:
    names = _pile_names(c)
    parts = []
    for name, pile in zip(names, split_piles(choice), strict=False):
        parts.append(f"{name}: " + (", ".join(options[i] for i in pile) or "nothing"))
    return "; ".join(parts)


def _pile_names(c: _Ctx) -> list[str]:
    out = []
    for p in c.req.piles:
        seat = p.get("seat")
        if type(seat) is int:
            out.append(c.seats.option(seat))
        else:
            name = str(p.get("name", "pile"))
            out.append(
                {"top": "top of the draw pile", "bottom": "bottom of the draw pile"}.get(
                    name, plain(name)
                )
            )
    return out


# --- Sanguosha ----------------------------------------------------------------------------------

_GENERAL_REASONS = {
    "lord": "You are the lord: choose your general.",
    "identity": "Choose your general.",
    "pick": "Pick a general from the open pool for your reserve.",
    "start": "Choose the general you start with.",
    "next": "Your general has fallen: choose the next one.",
}


def _choose_general(c: _Ctx) -> RequestWords:
    opts = [_general_option(o, c.lang) for o in c.req.options]
    title = _GENERAL_REASONS.get(str(c.info.get("reason")), "Choose a general.")
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _play(c: _Ctx) -> RequestWords:
    opts = [_play_option(c, o) for o in c.req.options]
    title = "Your play phase: use a card or a skill, or end the phase."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _targets(c: _Ctx) -> RequestWords:
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
    opts, seats = _seat_options(c)
    return RequestWords(title, opts, seats, _default_words(c, opts, none="go back"))


def _view_as_cards(c: _Ctx) -> RequestWords:
    skill = skill_name(str(c.info.get("skill", "")), c.lang)
    what = kind_name(str(c.info.get("card", "")), c.lang)
    n = c.req.min
    count = "a card" if n == 1 else f"{n} cards"
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = f"{skill}: choose {count} to use as {what}."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts, none="go back"))


def _respond_title(c: _Ctx) -> str:
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
        against = kind_name(str(i.get("against", "")), c.lang)
        on = "" if tgt is None else f" on {c.who(tgt)}"
        whose = "The" if src is None else cap(c.seats.whose(src))
        return f"{whose} {against} is about to take effect{on}: use a {card}?"
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


def _respond(c: _Ctx) -> RequestWords:
    opts = [_respond_option(c, o) for o in c.req.options]
    return RequestWords(_respond_title(c), opts, [None] * len(opts), _default_words(c, opts))


_PICK = {
    "snatch": "take",
    "fankui": "take",
    "dismantlement": "discard",
    "ice_sword": "discard",
    "kylin_bow": "discard",
}


def _pick_card(c: _Ctx) -> RequestWords:
    reason = str(c.info.get("reason", ""))
    verb = _PICK.get(reason, "choose")
    owner = c.who(c.info.get("owner"))
    owner = "your" if owner == "you" else f"{owner}'s"
    title = f"{word(reason, c.lang)}: {verb} one of {owner} cards."
    opts = [_pick_option(c, o) for o in c.req.options]
    return RequestWords(cap(title), opts, [None] * len(opts), _default_words(c, opts))


def _amazing_grace(c: _Ctx) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = "Amazing Grace: take one of the revealed cards."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _discard(c: _Ctx) -> RequestWords:
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
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts, "discard"))


def _double_swords(c: _Ctx) -> RequestWords:
    src = c.who(c.info.get("source"))
    labels = {"discard": "discard a hand card", "let_draw": f"let {src} draw a card"}
    opts = [labels.get(str(o), plain(o)) for o in c.req.options]
    title = f"{cap(src)}'s Double Swords: discard a hand card, or let them draw a card."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _kylin_bow(c: _Ctx) -> RequestWords:
    opts = [_respond_option(c, o) for o in c.req.options]
    title = f"Kylin Bow: discard one of {c.who(c.info.get('target'))}'s horses?"
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _axe(c: _Ctx) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    title = (
        f"Stone-Piercing Axe: discard two cards to make your Slash hit "
        f"{c.who(c.info.get('target'))} anyway?"
    )
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts, "discard"))


_ACTIVE = frozenset(("rende", "zhiheng", "jieyin", "lijian", "qingnang", "fanjian"))
_LABELS = {
    "again": "judge again",
    "stop": "stop",
    "believe": "believe it",
    "question": "question it",
    "discard": "discard",
    "damage": "take the damage",
}


def _skill_title(c: _Ctx) -> str:
    skill = str(c.info.get("skill", ""))
    prompt = sanitize(str(c.info.get("prompt", "")), c.lang)
    about = c.info.get("about") or {}
    name = skill_name(skill, c.lang) if skill else "Skill"
    src = about.get("source") if isinstance(about, dict) else None
    if skill == "fanjian" and src is not None:
        prompt = f"{c.who(src)} makes you name a suit, then shows you a card of theirs"
    return f"{name}: {cap(prompt)}" if prompt else f"{name}."


def _skill_cancel(c: _Ctx) -> str:
    return "go back" if c.info.get("skill") in _ACTIVE else "decline"


def _skill_choice(c: _Ctx) -> RequestWords:
    opts = []
    for o in c.req.options:
        s = str(o)
        opts.append(SUIT_WORDS.get(s) or _LABELS.get(s) or word(s, c.lang))
    return RequestWords(_skill_title(c), opts, [None] * len(opts), _default_words(c, opts))


def _skill_cards(c: _Ctx) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    d = _default_words(c, opts, "choose", none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, [None] * len(opts), d)


def _skill_targets(c: _Ctx) -> RequestWords:
    opts, seats = _seat_options(c)
    d = _default_words(c, opts, "choose", none=_skill_cancel(c))
    return RequestWords(_skill_title(c), opts, seats, d)


def _skill_arrange(c: _Ctx) -> RequestWords:
    opts = [_card_option(o, c.lang) for o in c.req.options]
    w = RequestWords(_skill_title(c), opts, [None] * len(opts), _default_words(c, opts))
    w.piles = _pile_names(c)
    return w


# --- the common trigger question -------------------------------------------------------------


def _about_card(c: _Ctx, about: dict[str, Any], key: str = "card") -> str:
    card = about.get(key)
    return card_name(card, c.lang) if isinstance(card, dict) else "a card"


def _situation(c: _Ctx, timing: str, a: dict[str, Any]) -> str:
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


def _trigger(c: _Ctx) -> RequestWords:
    about = c.info.get("about")
    a = about if isinstance(about, dict) else {}
    opts = ["pass" if o == "pass" else f"use {skill_name(str(o), c.lang)}" for o in c.req.options]
    situation = _situation(c, str(c.info.get("timing", "")), a)
    title = f"{situation}: use a skill?"
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


# --- Harmony ---------------------------------------------------------------------------------


def _place_piece(c: _Ctx) -> RequestWords:
    axes = c.req.options
    cells = [str(x) for x in axes[0]] if axes else []
    roles = [str(x) for x in axes[1]] if len(axes) > 1 else []
    elements = [str(x) for x in axes[2]] if len(axes) > 2 else []
    role_words = [f"{r} {ROLES[r][0]}" if r in ROLES else plain(r) for r in roles]
    elem_words = [f"{e} {ELEMENTS[e]}" if e in ELEMENTS else plain(e) for e in elements]
    title = f"Round {c.info.get('round', '?')}: place a piece on an empty cell of your field."
    d = c.req.default
    default = ""
    if isinstance(d, list) and len(d) == 3 and cells and roles and elements:
        r, e = roles[d[1]], elements[d[2]]
        default = f"{a_piece(r + e)} at {cell_words(cells[d[0]])}"
    w = RequestWords(title, default=default)
    w.axes = [cells, role_words, elem_words]
    w.axis_names = ["cell", "role", "element"]
    return w


# --- Carcassonne ----------------------------------------------------------------------------


def placement_words(x: object, y: object, rotation: object) -> str:
    """A tile's position and turn: `(2,-1) turned 90°` (rotation in clockwise quarter turns)."""
    if type(rotation) is int and 0 <= rotation < len(ROTATION_DEGREES):
        return f"({x},{y}) turned {ROTATION_DEGREES[rotation]}°"
    return f"({x},{y})"


def segment_words(segment: object, segments: object) -> str:
    """A free segment of the tile just placed as a deploy option: `knight on the city C1`."""
    if segment == "skip":
        return "no follower (skip)"
    kind = segments.get(str(segment)) if isinstance(segments, dict) else None
    if kind is None:
        kind = {"C": "city", "R": "road", "F": "field", "CL": "cloister"}.get(
            "CL" if str(segment) == "CL" else str(segment)[:1], "segment"
        )
    role = CARC_ROLES.get(str(kind), "follower")
    return f"{role} on the {plain(kind)} {plain(segment)}"


def _place_tile(c: _Ctx) -> RequestWords:
    tile = c.info.get("tile", "?")
    left = c.info.get("left")
    stack = "" if left is None else f" ({'1 tile' if left == 1 else f'{left} tiles'} left)"
    opts = []
    for o in c.req.options:
        if isinstance(o, list | tuple) and len(o) == 3:
            opts.append(placement_words(o[0], o[1], o[2]))
        else:
            opts.append("a place")
    title = f"Place tile {tile}{stack}: choose where it goes and how it is turned."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


def _deploy(c: _Ctx) -> RequestWords:
    i = c.info
    segments = i.get("segments")
    opts = [segment_words(o, segments) for o in c.req.options]
    supply = i.get("supply")
    left = "1 follower" if supply == 1 else f"{supply} followers"
    where = placement_words(i.get("x"), i.get("y"), i.get("rotation"))
    title = (
        f"You placed tile {i.get('tile', '?')} at {where}: put a follower on it? "
        f"({left} in your supply)"
    )
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts))


# --- muhq -------------------------------------------------------------------------------------


def _muhq_table(c: _Ctx) -> MuhqTable:
    """The folded table the words need (names of cards and permanents): the one given as the
    view (a console, a narrator), else an empty one (ids are shown as they are)."""
    view = c.seats.view
    return view if isinstance(view, MuhqTable) else MuhqTable(c.req.seat)


def _muhq_options(c: _Ctx, t: MuhqTable) -> list[str]:
    return [t.option_words(c.req.kind, o) for o in c.req.options]


def _muhq(title: str) -> Describer:
    def describer(c: _Ctx) -> RequestWords:
        t = _muhq_table(c)
        opts = _muhq_options(c, t)
        i = c.info
        text = title.format(
            resource=i.get("resource", "?"),
            perm=t.perm_at(i.get("perm")),
            card=t.card_name(i.get("card")),
            upkeep=i.get("upkeep", "?"),
            pack=i.get("pack", "?"),
            picked=i.get("picked", "?"),
            stack=i.get("stack", "?"),
            top=_muhq_top(t, i.get("top")),
            tile=tile_name(i.get("x"), i.get("y")),
        )
        return RequestWords(text, opts, [None] * len(opts), _default_words(c, opts))

    return describer


def _muhq_top(t: MuhqTable, action: object) -> str:
    st = t.state
    if st is not None:
        for frame in reversed(st.stack):
            if frame.get("id") == action:
                return f"{t.side_name(frame.get('side'))}'s {t.frame_words(frame)}"
    return f"action {action}"


def _muhq_discard(c: _Ctx) -> RequestWords:
    t = _muhq_table(c)
    opts = _muhq_options(c, t)
    title = "End of your turn: discard any of your hand cards (an empty line keeps them all)."
    return RequestWords(title, opts, [None] * len(opts), _default_words(c, opts, "discard"))


# --- dispatch --------------------------------------------------------------------------------

DESCRIBERS: dict[str, dict[str, Describer]] = {
    "sanguosha": {
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
    },
    "harmony": {"place_piece": _place_piece, "trigger": _trigger},
    "carcassonne": {"place_tile": _place_tile, "deploy": _deploy, "trigger": _trigger},
    "muhq": {
        "draft_pick": _muhq("Draft: pick a card ({pack} in this pack, {picked} picked so far)."),
        "upkeep": _muhq(
            "Upkeep: pay {upkeep} for {perm}, or let it be destroyed? ({resource} resource)"
        ),
        "action": _muhq(
            "Your action phase ({resource} resource): play a card, activate a unit, "
            "trade two cards, or end the phase."
        ),
        "unit_action": _muhq("{perm}: what does it do?"),
        "priority": _muhq(
            "On the stack: {top} ({stack} waiting): respond with a fast spell, or pass."
        ),
        "buy": _muhq("Buying ({resource} resource): buy one card from your store, or nothing."),
        "discard": _muhq_discard,
        "drop": _muhq("{perm} is dropped from its stack at {tile}: where does it go?"),
        "place_carried": _muhq("{card} is carried: on which tile next to the unit does it go?"),
    },
}


def _generic(c: _Ctx) -> RequestWords:
    opts = [plain(o) if not isinstance(o, dict | list) else "an option" for o in c.req.options]
    if c.req.form == "product":
        w = RequestWords(f"Decide: {plain(c.req.kind)}.", generic=True)
        w.axes = [[plain(x) for x in axis] for axis in c.req.options]
        w.axis_names = [f"part {n + 1}" for n in range(len(w.axes))]
        return w
    return RequestWords(
        f"Decide: {plain(c.req.kind)}.",
        opts,
        [None] * len(opts),
        _default_words(c, opts),
        generic=True,
    )


def _hint(req: RequestSpec, w: RequestWords) -> str:
    unit = "seat number" if w.by_seat else "option number"
    if req.form == "choice":
        how = f"type the {unit}"
    elif req.form == "subset":
        span = f"{req.min}" if req.min == req.max else f"{req.min} to {req.max}"
        plural = "" if req.max == 1 else "s, separated by spaces"
        how = f"type {span} {unit}{plural}"
        if req.min == 0:
            how += " (an empty line for none)"
    elif req.form == "product":
        if w.axis_names == ["cell", "role", "element"]:
            how = "type a cell, a role and an element, e.g. 'c/F A f' (or 'c/F Af')"
        else:
            how = "type one option number per part, separated by spaces"
    else:
        how = "type every option number once, pile by pile, piles separated by '/', e.g. '2 0 / 1'"
    extra = "; 'c' to " + ("decline" if w.default == "decline" else "cancel") if req.cancel else ""
    return f"{how}; 'd' for the default ({w.default}){extra}"


def describe(
    game: str, req: RequestSpec, view: Any | None = None, lang: str = "en"
) -> RequestWords:
    """The request in words, for the seat that must answer it (`view`: that seat's view, for
    the generals' names)."""
    return describe_for(game, req, SeatWords(game, view, req.seat, lang), lang)


def describe_for(game: str, req: RequestSpec, seats: SeatWords, lang: str = "en") -> RequestWords:
    """`describe` with the seat names given (a narrator names seats its own way)."""
    c = _Ctx(req, seats, lang)
    fn = DESCRIBERS.get(game, {}).get(req.kind)
    w = fn(c) if fn is not None else _generic(c)
    w.cancel = req.cancel
    if not w.default:
        w.default = "the first option"
    w.hint = _hint(req, w)
    return w


__all__ = [
    "DESCRIBERS",
    "RequestWords",
    "cards_words",
    "describe",
    "describe_for",
    "placement_words",
    "segment_words",
]
