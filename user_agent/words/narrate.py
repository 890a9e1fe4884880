"""Events and decisions as sentences: `Narrator(game, seats).event(kind, data)` gives one plain
sentence per event, or None for bookkeeping a person need not see (the deck's order, the end of
a phase, cards leaving the table after they settled). It reads the full event data as well as
a seat's or a spectator's view of it (hidden cards arrive as counts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.choices import Choice, RequestSpec, split_piles
from protocol.games.carcassonne.schema import ROLES as CARC_ROLES
from user_agent.games.harmony.board import a_piece, piece_words
from user_agent.games.muhq.board import OUTCOME_REASONS, MuhqTable, tile_name
from user_agent.games.sanguosha.names import (
    card_name,
    cards_words,
    general_name,
    kind_name,
    phase_name,
    plain,
    role_name,
    skill_name,
    word,
    zone_name,
)
from user_agent.words.requests import RequestWords, describe_for, placement_words
from user_agent.words.seats import SeatWords, cap

Handler = Callable[["Narrator", dict[str, Any]], str | None]

_WINNERS = {
    "lord": "The lord and loyalists win",
    "rebel": "The rebels win",
    "renegade": "The renegade wins",
}
_MUTUAL = {
    "continue": "play goes on",
    "draw": "the game is a draw",
    "compare": "the one who dealt more wins",
}
_TAKE = frozenset(("snatch", "tuxi", "fankui", "jianxiong", "tiandu", "luoshen", "amazing_grace"))
_GIVE = frozenset(("rende", "yiji", "collateral", "fanjian", "give"))
_QUIET_MOVES = frozenset(("settled", "judged", "judge_phase", "equip", "place"))


def _n_cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


class Narrator:
    def __init__(
        self, game: str, seats: int, lang: str = "en", names: dict[int, str] | None = None
    ) -> None:
        self.game = game
        self.seats = seats
        self.lang = lang
        self.words = SeatWords(game, None, None, lang, names)
        self.roles: dict[int, str] = {}
        self.placed: dict[tuple[object, object, object], str] = {}  # Carcassonne: -> role
        # muhq: the table folded from the events told (names of cards and permanents); the
        # request words read it as the seats' view
        self.muhq: MuhqTable | None = None
        if game == "muhq":
            self.muhq = MuhqTable()
            self.words.view = self.muhq

    # --- helpers ---------------------------------------------------------------------------

    def s(self, seat: object) -> str:
        return self.words.name(seat)

    def S(self, seat: object) -> str:
        return cap(self.words.name(seat))

    def card(self, c: object) -> str:
        return card_name(c, self.lang) if isinstance(c, dict) else "a card"

    def cards(self, d: dict[str, Any], key: str = "cards") -> str:
        cards = d.get(key)
        if isinstance(cards, list):
            return cards_words(cards, self.lang)
        return _n_cards(int(d.get("count", 0) or 0))

    def why(self, reason: object) -> str:
        return word(str(reason), self.lang) if reason else ""

    # --- events ----------------------------------------------------------------------------

    def knows(self, kind: str) -> bool:
        """Whether this event kind has its own sentence (else `event` only names the kind)."""
        return kind == "game_over" or kind in _table(self.game)

    def event(self, kind: str, data: dict[str, Any]) -> str | None:
        """One sentence for the event, or None when it is bookkeeping."""
        handler = _table(self.game).get(kind)
        if kind == "game_over":
            handler = _game_over
        if handler is None:
            if self.muhq is not None:
                self.muhq.apply(kind, data)
            return f"{cap(plain(kind))}."
        try:
            text = handler(self, data)  # muhq: told from the table before the event
        finally:
            if self.muhq is not None:
                self.muhq.apply(kind, data)
        return None if text is None else text.rstrip(".") + "."

    # --- decisions -------------------------------------------------------------------------

    def request_words(self, req: RequestSpec) -> RequestWords:
        return describe_for(self.game, req, self.words, self.lang)

    def decision(self, req: RequestSpec, choice: Choice, timeout: bool = False) -> str:
        """What a seat answered, as a sentence."""
        who = self.s(req.seat)
        w = self.request_words(req)
        if timeout:
            return f"{who} takes the default (deadline): {w.default}"
        if choice is None:
            return f"{who} goes back" if w.default == "go back" else f"{who} declines"
        if req.form == "product" and isinstance(choice, list):
            return _product_decision(self, req, w, choice)
        if req.form == "arrange" and isinstance(choice, list):
            parts = []
            for name, pile in zip(w.piles, split_piles(choice), strict=False):
                parts.append(f"{name}: " + (", ".join(w.options[i] for i in pile) or "nothing"))
            return f"{who} arranges the cards ({'; '.join(parts)})"
        picked = [choice] if isinstance(choice, int) else list(choice)
        labels = [w.options[i] for i in picked if 0 <= i < len(w.options)]
        if self.game == "carcassonne":
            return _carcassonne_decision(req, who, picked, labels)
        if self.game == "muhq":
            return _muhq_decision(req, who, labels)
        return _choice_decision(self, req, who, picked, labels)


def _choice_decision(
    n: Narrator, req: RequestSpec, who: str, picked: list[int], labels: list[str]
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
            return f"{who} plays {n.card(card)}"
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


def _product_decision(n: Narrator, req: RequestSpec, w: RequestWords, choice: list[int]) -> str:
    if w.axis_names == ["cell", "role", "element"]:
        try:
            cell = str(req.options[0][choice[0]])
            code = str(req.options[1][choice[1]]) + str(req.options[2][choice[2]])
        except (IndexError, TypeError):
            return f"{n.S(req.seat)} places a piece"
        return f"{n.S(req.seat)} places {a_piece(code)} at {cell}"
    parts = [axis[i] for axis, i in zip(w.axes, choice, strict=False) if 0 <= i < len(axis)]
    return f"{n.S(req.seat)} chooses {', '.join(parts)}"


# --- Sanguosha -------------------------------------------------------------------------------


def _game_over(n: Narrator, d: dict[str, Any]) -> str:
    o = d.get("outcome")
    o = o if isinstance(o, dict) else {}
    if n.game == "harmony":
        return _harmony_outcome(n, o)
    if n.game == "carcassonne":
        return _carcassonne_outcome(n, o)
    if n.game == "muhq":
        return _mq_outcome(n, o)
    winner = o.get("winner")
    reason = n.why(o.get("reason"))
    if winner is None:
        return f"The game is a draw ({reason})" if reason else "The game is a draw"
    head = _WINNERS.get(str(winner))
    if head is None:
        seats = o.get("winners") or []
        head = " and ".join(n.s(s) for s in seats) + (" wins" if len(seats) == 1 else " win")
    roles = o.get("roles")
    tail = ""
    if isinstance(roles, list) and roles:
        tail = "; roles: " + ", ".join(
            f"{n.s(i)} {role_name(str(r), n.lang)}" for i, r in enumerate(roles) if r
        )
    return f"{head} ({reason}){tail}" if reason else f"{head}{tail}"


def _draw(n: Narrator, d: dict[str, Any]) -> str:
    reason = d.get("reason")
    why = "" if reason == "draw_phase" else f" ({n.why(reason)})"
    return f"{n.S(d.get('seat'))} draws {n.cards(d)}{why}"


def _zone_of(n: Narrator, zone: object, seat: object) -> str:
    z = zone_name(str(zone))
    if seat is None or zone not in ("hand", "equip", "judge"):
        return z
    return f"{n.s(seat)}'s {z}"


def _move(n: Narrator, d: dict[str, Any]) -> str | None:
    reason = str(d.get("reason", ""))
    src, dst = d.get("from"), d.get("to")
    fs, ts = d.get("from_seat"), d.get("to_seat")
    what = n.cards(d)
    if reason == "amazing_grace" and src == "draw":
        return f"Amazing Grace reveals {what}"
    if reason in _QUIET_MOVES and src == "processing":
        return None
    if reason == "judge_phase" or (src == "processing" and dst == "discard"):
        return None
    why = n.why(reason)
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


def _use(n: Narrator, d: dict[str, Any]) -> str:
    card = d.get("card") or {}
    name = str(card.get("name", "")) if isinstance(card, dict) else ""
    who = n.S(d.get("seat"))
    via = ""
    if d.get("skill"):
        subs = d.get("subcards") or []
        made = f" made of {cards_words(subs, n.lang)}" if subs else ""
        via = f" by {skill_name(str(d['skill']), n.lang)}{made}"
    from protocol.games.sanguosha.catalogue import KINDS

    kind = KINDS.get(name)
    if kind is not None and kind.type == "equip":
        return f"{who} equips {n.card(card)}{via}"
    targets = [int(t) for t in d.get("targets") or []]
    on = ""
    if targets and targets != [d.get("seat")]:
        on = " on " + " and ".join(n.s(t) for t in targets)
    victim = d.get("victim")
    if victim is not None:
        on += f", who must attack {n.s(victim)}"
    return f"{who} uses {n.card(card)}{via}{on}"


def _respond(n: Narrator, d: dict[str, Any]) -> str:
    verb = "uses" if d.get("mode") == "use" else "plays"
    via = f" by {skill_name(str(d['skill']), n.lang)}" if d.get("skill") else ""
    reason = d.get("reason")
    if reason == "retrial":
        return f"{n.S(d.get('seat'))} replaces the judgement card with {n.card(d.get('card'))}"
    why = _RESPOND_WHY.get(str(reason)) or f"for {n.why(reason)}"
    return f"{n.S(d.get('seat'))} {verb} {n.card(d.get('card'))}{via} {why}"


_RESPOND_WHY = {
    "slash": "against the Slash",
    "savage_assault": "against Savage Assault",
    "archery_attack": "against Archery Attack",
    "duel": "in the Duel",
    "dying": "to save a dying player",
    "collateral": "as Collateral demands",
    "blade": "again, by Green Dragon Blade",
}


def _general(n: Narrator, d: dict[str, Any]) -> str:
    seat = d.get("seat")
    gid = str(d.get("general", ""))
    if type(seat) is int:
        n.words.generals[seat] = general_name(gid, n.lang)
    skills = ", ".join(skill_name(str(x), n.lang) for x in d.get("skills") or [])
    with_ = f", with {skills}" if skills else ""
    return f"{n.S(seat)} enters play ({d.get('hp')} of {d.get('max_hp')} HP{with_})"


def _role(n: Narrator, d: dict[str, Any]) -> str:
    seat, role = d.get("seat"), d.get("role")
    if role:
        if type(seat) is int:
            n.roles[seat] = str(role)
        return f"{n.S(seat)} is the {role_name(str(role), n.lang)}"
    return f"{n.S(seat)} gets a secret role"


def _death(n: Narrator, d: dict[str, Any]) -> str:
    killer = d.get("killer")
    by = f", killed by {n.s(killer)}" if killer is not None else ""
    role = role_name(str(d.get("role", "")), n.lang)
    return f"{n.S(d.get('seat'))} dies{by}; they were the {role}"


def _damage(n: Narrator, d: dict[str, Any]) -> str:
    src = d.get("source")
    nature = d.get("nature")
    kind = f" {nature}" if nature and nature != "normal" else ""
    by = f" from {n.s(src)}" if src is not None else ""
    card = d.get("card")
    with_ = f" ({n.card(card)})" if isinstance(card, dict) else ""
    amount = d.get("amount", 1)
    return f"{n.S(d.get('target'))} takes {amount}{kind} damage{by}{with_}, now {d.get('hp')} HP"


def _judge(n: Narrator, d: dict[str, Any]) -> str:
    return f"{n.S(d.get('seat'))} judges for {n.why(d.get('reason'))}: {n.card(d.get('card'))}"


def _judge_result(n: Narrator, d: dict[str, Any]) -> str:
    how = "succeeds" if d.get("good") else "fails"
    card = n.card(d.get("card"))
    return f"The judgement of {n.s(d.get('seat'))} for {n.why(d.get('reason'))} ({card}) {how}"


def _turn(n: Narrator, d: dict[str, Any]) -> str:
    return f"Round {d.get('round')}: the turn of {n.s(d.get('seat'))}"


def _phase(n: Narrator, d: dict[str, Any]) -> str | None:
    phase = str(d.get("phase", ""))
    if phase in ("prepare", "finish"):
        return None
    return f"{n.S(d.get('seat'))}: {phase_name(phase)} phase"


def _mark(n: Narrator, d: dict[str, Any]) -> str | None:
    return None


def _choice(n: Narrator, d: dict[str, Any]) -> str:
    kind, value = str(d.get("kind", "")), str(d.get("value", ""))
    who = n.S(d.get("seat"))
    if kind == "double_swords":
        return f"{who} {'discards a hand card' if value == 'discard' else 'lets the attacker draw'}"
    if kind == "ganglie":
        return f"{who} {'discards two cards' if value == 'discard' else 'takes the damage'}"
    if kind == "fanjian":
        return f"{who} names {n.why(value) if value not in _SUITS else _SUITS[value]}"
    if kind == "name_card":
        return f"{who} names {kind_name(value, n.lang)}"
    if kind == "question":
        return f"{who} questions the claim ({n.why(value)})"
    return f"{who} chooses {n.why(value)} ({n.why(kind)})"


_SUITS = {"spade": "spades", "heart": "hearts", "club": "clubs", "diamond": "diamonds"}


def _arrange(n: Narrator, d: dict[str, Any]) -> str:
    top, bottom = d.get("top"), d.get("bottom")
    if isinstance(top, list) and isinstance(bottom, list):
        t, b = cards_words(top, n.lang), cards_words(bottom, n.lang)
    else:
        t, b = _n_cards(int(top or 0)), _n_cards(int(bottom or 0))
    return f"{n.S(d.get('seat'))} puts {t} on top of the draw pile and {b} at the bottom"


def _reserve(n: Narrator, d: dict[str, Any]) -> str:
    gens = d.get("generals")
    if isinstance(gens, list):
        what = ", ".join(general_name(str(g), n.lang) for g in gens)
    else:
        what = f"{d.get('count', 0)} hidden generals"
    return f"{n.S(d.get('seat'))} holds in reserve: {what}"


def _s(fmt: str) -> Handler:
    """A handler from a format string over the event's fields (seat fields named)."""

    def handler(n: Narrator, d: dict[str, Any]) -> str:
        values = {k: n.s(v) if k in _SEAT_KEYS else v for k, v in d.items()}
        for k in ("phase",):
            if k in d:
                values[k] = phase_name(str(d[k]))
        for k in ("reason", "skill", "name", "kind"):
            if k in d:
                values[k] = n.why(d[k]) if k != "skill" else skill_name(str(d[k]), n.lang)
        for k in ("card",):
            if k in d:
                values[k] = n.card(d[k])
        return cap(fmt.format(**values))

    return handler


_SEAT_KEYS = frozenset(("seat", "target", "source", "user", "from", "to", "victim"))

_SANGUOSHA: dict[str, Handler] = {
    "deck": lambda n, d: None,
    "reshuffle": lambda n, d: "The discard pile is shuffled into a new draw pile",
    "draw": _draw,
    "move": _move,
    "use": _use,
    "respond": _respond,
    "target_changed": lambda n, d: (
        f"{n.S(d.get('user'))}'s {n.card(d.get('card'))} is passed from {n.s(d.get('from'))} "
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
    "reward": lambda n, d: f"{n.S(d.get('seat'))} is rewarded: {n.why(d.get('kind'))}",
    "skill": lambda n, d: f"{n.S(d.get('seat'))} uses {skill_name(str(d.get('name')), n.lang)}",
    "no_effect": _s("{card} has no effect on {seat} ({reason})"),
    "cancelled": _s("{card} is nullified for {target}"),
    "slash_missed": _s("{target} dodges the Slash of {source}"),
    "choice": _choice,
    "mark": _mark,
    "peek": lambda n, d: f"{n.S(d.get('seat'))} looks at {n.cards(d)} ({n.why(d.get('reason'))})",
    "arrange": _arrange,
    # only in a determinized sample (`Game.determinize`), never in a played game
    "redeal": lambda n, d: "The unseen cards are dealt again (a sample for search)",
    "reveal": lambda n, d: f"{n.S(d.get('seat'))} shows {n.cards(d)} ({n.why(d.get('reason'))})",
    "skill_gained": _s("{seat} gains the skill {skill}"),
    "skill_lost": _s("{seat} loses the skill {skill}"),
    "max_hp": lambda n, d: (
        f"{n.S(d.get('seat'))} now has {d.get('max_hp')} max HP ({d.get('hp')} HP)"
    ),
    "flip": lambda n, d: (
        f"{n.S(d.get('seat'))} turns {'face down' if d.get('face_down') else 'face up'}"
    ),
    "attribute": lambda n, d: (
        f"{n.S(d.get('seat'))}'s {n.why(d.get('name'))} is now {n.why(d.get('value'))}"
    ),
    "pindian": lambda n, d: (
        f"Point fight ({n.why(d.get('reason'))}): {n.s(d.get('seat'))} shows "
        f"{n.card(d.get('card'))}, {n.s(d.get('target'))} shows {n.card(d.get('target_card'))}"
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

# --- Harmony ---------------------------------------------------------------------------------


def _harmony_outcome(n: Narrator, o: dict[str, Any]) -> str:
    dmg = o.get("damage_to")
    tail = ""
    if isinstance(dmg, list) and len(dmg) == 2:
        tail = f" (damage taken: South {dmg[0]}, North {dmg[1]})"
    winner = o.get("winner")
    if winner is None:
        return f"The game is a draw in round {o.get('round')}: {n.why(o.get('reason'))}{tail}"
    how = ", on damage compared" if o.get("reason") == "compare" else ""
    return f"{n.S(winner)} wins in round {o.get('round')}{how}{tail}"


def _stream(n: Narrator, d: dict[str, Any]) -> str:
    seat = d.get("seat")
    base, mod = d.get("base", 0), d.get("modifier", 0)
    amount = f"{base}" if not mod else f"{base}{mod:+d}"
    hits = []
    for contact in d.get("contacts") or []:
        if isinstance(contact, list) and len(contact) == 3:
            cell, code, absorbed = contact
            hits.append(f"the {piece_words(str(code))} at {cell} absorbs {absorbed}")
    victim = n.s(1 - seat) if type(seat) is int else "the other side"
    what = "; ".join(hits) + "; " if hits else ""
    return (
        f"{n.S(seat)}'s {piece_words(str(d.get('piece')))} at {d.get('cell')} strikes lane "
        f"{d.get('lane')} for {amount}: {what}{d.get('to_player')} damage reaches {victim}"
    )


def _started(n: Narrator, d: dict[str, Any]) -> str:
    skip = d.get("skip_attack_rounds", 0)
    skipped = (
        "an attack phase every round" if not skip else f"no attack phase in rounds 1 to {skip}"
    )
    where = (
        ""
        if d.get("position") is None
        else f", from a set position in round {d.get('start_round')}"
    )
    lethal = _MUTUAL.get(str(d.get("mutual_lethal")), n.why(d.get("mutual_lethal")))
    return (
        f"The game starts: {n.s(d.get('first_player'))} is Player 1; {skipped}; "
        f"if both fall at once, {lethal}{where}"
    )


_HARMONY: dict[str, Handler] = {
    "game_started": _started,
    "round_started": lambda n, d: (
        f"Round {d.get('round')}: {n.s(d.get('first_placer'))} places first"
    ),
    "piece_placed": lambda n, d: (
        f"{n.S(d.get('seat'))} places {a_piece(str(d.get('role')) + str(d.get('element')))} "
        f"at {d.get('cell')}"
    ),
    "attack_phase_skipped": lambda n, d: f"Round {d.get('round')}: no attack phase",
    "attack_stream": _stream,
    "piece_exhausted": lambda n, d: (
        f"{n.S(d.get('seat'))}'s {piece_words(str(d.get('piece')))} at {d.get('cell')} is exhausted"
    ),
    "attack_phase_resolved": lambda n, d: (
        f"Round {d.get('round')} attack: South takes {(d.get('damage_to') or [0, 0])[0]} damage, "
        f"North takes {(d.get('damage_to') or [0, 0])[1]}"
    ),
}

# --- Carcassonne -----------------------------------------------------------------------------

_FARM_SCORING = {
    "per_farm_3": "farms score 3 points per completed city they supply",
    "per_city_4": "each completed city scores 4 points for the farmers who supply it",
    "per_farm_3_once_per_city": (
        "farms score 3 points per completed city they supply, each city once per player"
    ),
}
_END_REASONS = {"stack_empty": "the stack is empty"}


def _points(n: object) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _at(d: dict[str, Any]) -> str:
    return f"({d.get('x')},{d.get('y')})"


def _seats_words(n: Narrator, seats: object) -> str:
    if not isinstance(seats, list) or not seats:
        return "nobody"
    names = [n.s(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _carc_started(n: Narrator, d: dict[str, Any]) -> str:
    players = d.get("players")
    scoring = d.get("farm_scoring")
    farms = _FARM_SCORING.get(str(scoring), f"farm scoring: {plain(scoring)}")
    tiles = d.get("tiles") or []
    where = ""
    if d.get("scenario"):
        where = f" from the scenario {plain(d.get('scenario'))}"
    board = ""
    if isinstance(tiles, list) and len(tiles) == 1 and isinstance(tiles[0], list):
        kind, x, y, _r = tiles[0]
        board = f"; the start tile {kind} lies at ({x},{y})"
    elif isinstance(tiles, list) and tiles:
        board = f"; {len(tiles)} tiles are already on the board"
    for item in d.get("followers_placed") or []:
        if isinstance(item, list) and len(item) == 4:
            n.placed[(item[1], item[2], item[3])] = "follower"
    return (
        f"The game starts{where}: {players} players, {n.s(d.get('first_player'))} goes first, "
        f"{d.get('followers')} followers each; {farms}{board}"
    )


def _carc_stack(n: Narrator, d: dict[str, Any]) -> str:
    count = d["count"] if "count" in d else len(d.get("order") or [])
    return f"The stack holds {count} tiles, face down"


def _carc_deployed(n: Narrator, d: dict[str, Any]) -> str:
    role = str(d.get("role") or CARC_ROLES.get(str(d.get("feature")), "follower"))
    n.placed[(d.get("x"), d.get("y"), d.get("segment"))] = role
    return (
        f"{n.S(d.get('seat'))} puts a {plain(role)} on the {plain(d.get('feature'))} "
        f"{d.get('segment')} at {_at(d)}"
    )


def _carc_returned(n: Narrator, d: dict[str, Any]) -> str:
    role = n.placed.pop((d.get("x"), d.get("y"), d.get("segment")), "follower")
    return (
        f"{n.S(d.get('seat'))}'s {plain(role)} on {d.get('segment')} at {_at(d)} "
        f"goes back to the supply"
    )


def _carc_scored(n: Narrator, d: dict[str, Any]) -> str:
    feature = plain(d.get("feature") or "feature")
    tiles = d.get("tiles")
    if feature == "farm":
        cities = d.get("cities")
        size = "1 completed city" if cities == 1 else f"{cities} completed cities"
    else:
        size = "1 tile" if tiles == 1 else f"{tiles} tiles"
        pennants = d.get("pennants")
        if pennants:
            size += ", 1 pennant" if pennants == 1 else f", {pennants} pennants"
    winners = d.get("winners")
    points = _points(d.get("points"))
    if not isinstance(winners, list) or not winners:
        gives = f"{points}, but no follower is on it"
    else:
        gives = f"{points} to {_seats_words(n, winners)}" + (" each" if len(winners) > 1 else "")
    if d.get("final"):
        what = "farm" if feature == "farm" else f"unfinished {feature}"
        return f"Final scoring: the {what} at {_at(d)} ({size}): {gives}"
    return f"The {feature} at {_at(d)} is complete ({size}): {gives}"


def _carcassonne_outcome(n: Narrator, o: dict[str, Any]) -> str:
    scores = o.get("scores")
    winners = o.get("winners")
    table = ""
    if isinstance(scores, list) and scores:
        table = " (" + ", ".join(f"{n.s(s)} {p}" for s, p in enumerate(scores)) + ")"
    best = ""
    if isinstance(winners, list) and winners and isinstance(scores, list):
        w0 = winners[0]
        if type(w0) is int and 0 <= w0 < len(scores):
            best = f" with {_points(scores[w0])}"
    reason = _END_REASONS.get(str(o.get("reason")), plain(o.get("reason") or "the end"))
    turns = f" after {o.get('turns')} turns" if o.get("turns") else ""
    if not isinstance(winners, list) or not winners:
        head = "Nobody wins"
    elif len(winners) == 1:
        head = f"{n.S(winners[0])} wins"
    else:
        head = f"{cap(_seats_words(n, winners))} share the win"
    return f"{head}{best}{table}: {reason}{turns}"


def _carcassonne_decision(req: RequestSpec, who: str, picked: list[int], labels: list[str]) -> str:
    if req.kind == "place_tile" and picked and 0 <= picked[0] < len(req.options):
        o = req.options[picked[0]]
        tile = req.info.get("tile")
        if isinstance(o, list) and len(o) == 3:
            return f"{who} places tile {tile} at {placement_words(o[0], o[1], o[2])}"
    if req.kind == "deploy" and picked and 0 <= picked[0] < len(req.options):
        o = req.options[picked[0]]
        if o == "skip":
            return f"{who} keeps its followers"
        return f"{who} puts a {labels[0] if labels else 'follower'}"
    return f"{who} chooses {', '.join(labels) or 'nothing'}"


_CARCASSONNE: dict[str, Handler] = {
    "game_started": _carc_started,
    "stack": _carc_stack,
    "turn_started": lambda n, d: f"Turn {d.get('turn')}: {n.s(d.get('seat'))} plays",
    "tile_drawn": lambda n, d: (
        f"{n.S(d.get('seat'))} draws tile {d.get('tile')}; {d.get('left')} tiles left"
    ),
    "tile_discarded": lambda n, d: (
        f"Tile {d.get('tile')} fits nowhere and is removed from the game"
        f"{'' if d.get('reason') == 'unplaceable' else ' (' + plain(d.get('reason')) + ')'}; "
        f"{d.get('left')} tiles left"
    ),
    "tile_placed": lambda n, d: (
        f"{n.S(d.get('seat'))} places tile {d.get('tile')} at "
        f"{placement_words(d.get('x'), d.get('y'), d.get('rotation'))}"
    ),
    "follower_deployed": _carc_deployed,
    "feature_scored": _carc_scored,
    "follower_returned": _carc_returned,
    "final_scoring": lambda n, d: (
        "Final scoring: unfinished roads, cities and cloisters, then the farms"
    ),
}

# --- muhq ------------------------------------------------------------------------------------


def _mq(n: Narrator) -> MuhqTable:
    return n.muhq if n.muhq is not None else MuhqTable()


def _side(n: Narrator, side: object) -> str:
    t = _mq(n)
    return t.side_name(side) if t.state is not None else n.s(side)


def _mq_count(d: dict[str, Any], key: str) -> int:
    v = d.get(key)
    return len(v) if isinstance(v, list) else int(d.get("count", 0) or 0)


def _mq_started(n: Narrator, d: dict[str, Any]) -> str:
    t = _mq(n)
    spec = None
    content = t.content
    if content is None:
        try:
            from protocol.games.muhq.content import load_texts

            content = load_texts(tuple((str(n), str(x)) for n, x in d.get("content") or ()))
        except Exception:
            content = None
    if content is not None:
        spec = content.maps.get(str(d.get("map")))
    where = spec.name if spec is not None else str(d.get("map"))
    scenario = f" from the scenario {d.get('scenario')}" if d.get("scenario") else ""
    mode = "a duel"
    if d.get("mode") == "kraken":
        mode = "Kraken mode"
        where = where.replace(" (Kraken)", "")
    units = len(d.get("permanents") or [])
    draft = "; the stores are drafted" if d.get("draft") else ""
    return (
        f"The game starts{scenario} on {where} ({mode}): {d.get('players')} players, "
        f"{n.s(d.get('first_player'))} goes first; {units} permanents on the map{draft}"
    )


def _mq_drawn(n: Narrator, d: dict[str, Any]) -> str:
    cards = d.get("cards")
    what = _mq(n).cards_words(cards) if isinstance(cards, list) else _n_cards(_mq_count(d, ""))
    return f"{cap(_side(n, d.get('side')))} draws {what}"


def _mq_gained(n: Narrator, d: dict[str, Any]) -> str:
    why = "from farming" if d.get("reason") == "farm" else f"({plain(d.get('reason'))})"
    return (
        f"{cap(_side(n, d.get('side')))} gains {d.get('amount')} resource {why}, "
        f"now {d.get('resource')}"
    )


def _mq_upkeep(n: Narrator, d: dict[str, Any]) -> str:
    pid = d.get("perm")
    what = "" if not pid else f" for {_mq(n).perm_name(pid)}"
    return (
        f"{cap(_side(n, d.get('side')))} pays {d.get('amount')} upkeep{what}, "
        f"{d.get('resource')} left"
    )


def _mq_declared(n: Narrator, d: dict[str, Any]) -> str:
    return (
        f"{cap(_side(n, d.get('side')))} declares: {_mq(n).frame_words(d)} (action {d.get('id')})"
    )


_FIZZLE = {
    "target": "its target is no longer there",
    "tile": "the tile is no longer free",
    "gone": "the permanent is gone",
    "paralysed": "the unit is paralysed",
}


def _mq_fizzled(n: Narrator, d: dict[str, Any]) -> str:
    t = _mq(n)
    what = f"action {d.get('id')}"
    st = t.state
    if st is not None:
        for frame in st.stack:
            if frame.get("id") == d.get("id"):
                what = f"{t.frame_words(frame)} (action {d.get('id')})"
    why = _FIZZLE.get(str(d.get("reason")), plain(d.get("reason")))
    return f"{cap(what)} fizzles: {why}"


def _mq_entered(n: Narrator, d: dict[str, Any]) -> str:
    t = _mq(n)
    name = f"{t.card_name(d.get('card'))} #{d.get('perm')}"
    on = f" on {t.perm_name(d.get('under'))}" if d.get("under") is not None else ""
    side = _side(n, d.get("owner"))
    whose = f"the {side[4:]}'s" if side.startswith("the ") else f"{side}'s"
    if t.card_name(d.get("card")) == side[4:].capitalize():
        whose = "the"  # "the Kraken", not "the Kraken's Kraken"
    return f"{cap(whose)} {name} enters at {tile_name(d.get('x'), d.get('y'))}{on}"


def _mq_moved(n: Narrator, d: dict[str, Any]) -> str:
    t = _mq(n)
    pid = d.get("perm")
    st = t.state
    origin = ""
    if st is not None and type(pid) is int and pid in st.perms:
        origin = f" from {tile_name(*st.perms[pid].pos)}"
    into = f", boarding {t.perm_name(d.get('into'))}" if d.get("into") is not None else ""
    how = " along the street" if d.get("action") == "street" else ""
    return f"{t.perm_name(pid)} moves{how}{origin} to {tile_name(d.get('x'), d.get('y'))}{into}"


def _mq_attack(n: Narrator, d: dict[str, Any]) -> str:
    t = _mq(n)
    back = d.get("to_attacker")
    tail = f", and takes {back} back" if back else ""
    return (
        f"{t.perm_name(d.get('attacker'))} attacks {t.perm_name(d.get('defender'))}: "
        f"{d.get('to_defender')} damage{tail}"
    )


def _mq_left(verb: str) -> Handler:
    reasons = {
        "damage": "by damage",
        "poison": "by poison",
        "upkeep": "its upkeep is not paid",
        "durability": "no durability left",
        "no_tile": "no free tile to drop it on",
    }

    def handler(n: Narrator, d: dict[str, Any]) -> str:
        t = _mq(n)
        name = f"{t.card_name(d.get('card'))} #{d.get('perm')}"
        why = reasons.get(str(d.get("reason")), plain(d.get("reason")))
        return f"{name} of {_side(n, d.get('owner'))} is {verb} ({why})"

    return handler


def _mq_tokens(n: Narrator, d: dict[str, Any]) -> str:
    count = d.get("count")
    token = plain(d.get("token"))
    tokens = "token" if count == 1 else "tokens"
    return f"{_mq(n).perm_name(d.get('perm'))} now has {count} {token} {tokens}"


def _mq_outcome(n: Narrator, o: dict[str, Any]) -> str:
    ws = o.get("winners") or []
    who = " and ".join(_side(n, w) for w in ws) if isinstance(ws, list) else ""
    head = f"{cap(who)} {'wins' if len(ws) == 1 else 'win'}" if who else "Nobody wins"
    why = OUTCOME_REASONS.get(str(o.get("reason")), plain(o.get("reason")))
    return f"{head} in round {o.get('round')}: {why}"


def _muhq_decision(req: RequestSpec, who: str, labels: list[str]) -> str:
    what = ", ".join(labels) or "nothing"
    if req.kind == "discard":
        return f"{who} discards {what}" if labels else f"{who} keeps the hand"
    if req.kind == "draft_pick":
        return f"{who} picks {what.split(' (')[0]}"
    if req.kind in ("drop", "place_carried"):
        return f"{who} puts it at {what}"
    return f"{who}: {what}"


_MUHQ: dict[str, Handler] = {
    "game_started": _mq_started,
    "deck_set": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} has a deck of {_mq_count(d, 'deck')} cards, face down"
    ),
    "hand_set": lambda n, d: f"{cap(_side(n, d.get('side')))} holds {_mq_count(d, 'hand')} cards",
    "draft_started": lambda n, d: (
        f"The draft begins: {d.get('packs')} packs from {d.get('pool')} cards"
    ),
    "card_drafted": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} drafts "
        f"{_mq(n).card_name(d.get('card')) if 'card' in d else 'a card'}"
    ),
    "store_set": lambda n, d: (
        f"{cap(_side(n, d.get('side')))}'s store: {_mq(n).cards_words(d.get('store'))}"
    ),
    "round_started": lambda n, d: f"Round {d.get('round')}",
    "turn_started": lambda n, d: (
        f"Turn {d.get('turn')} (round {d.get('round')}): {_side(n, d.get('side'))} plays"
    ),
    "deck_refilled": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} shuffles the discard pile into a new deck of "
        f"{_mq_count(d, 'deck')} cards"
    ),
    "cards_drawn": _mq_drawn,
    "resource_gained": _mq_gained,
    "upkeep_paid": _mq_upkeep,
    "cards_traded": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} trades {_mq(n).cards_words(d.get('cards'), ' and ')} "
        f"for 1 resource, now {d.get('resource')}"
    ),
    "action_declared": _mq_declared,
    "action_executed": lambda n, d: None,  # what it does follows in its own events
    "action_fizzled": _mq_fizzled,
    "permanent_entered": _mq_entered,
    "unit_selected": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} activates {_mq(n).perm_at(d.get('perm'))}"
    ),
    "unit_moved": _mq_moved,
    "action_used": lambda n, d: None,
    "attack_resolved": _mq_attack,
    "damage_dealt": lambda n, d: (
        f"{_mq(n).perm_name(d.get('perm'))} takes {d.get('amount')} damage "
        f"({plain(d.get('source'))})"
    ),
    "token_changed": _mq_tokens,
    "permanent_defeated": _mq_left("defeated"),
    "permanent_destroyed": _mq_left("destroyed"),
    "stack_dropped": lambda n, d: (
        f"{_mq(n).perm_name(d.get('perm'))} is dropped at {tile_name(d.get('x'), d.get('y'))}"
    ),
    "durability_changed": lambda n, d: (
        f"{_mq(n).perm_name(d.get('perm'))} has durability {d.get('durability')} left"
    ),
    "unit_tapped": lambda n, d: f"{_mq(n).perm_name(d.get('perm'))} is tapped",
    "equipped": lambda n, d: (
        f"{_mq(n).perm_name(d.get('unit'))} equips {_mq(n).perm_name(d.get('perm'))}"
    ),
    "swapped": lambda n, d: (
        f"{_mq(n).perm_name(d.get('perm'))} swaps tiles with {_mq(n).perm_name(d.get('artifact'))}"
    ),
    "carried": lambda n, d: (
        f"{_mq(n).perm_name(d.get('perm'))} carries {_mq(n).perm_name(d.get('artifact'))}: "
        f"the unit to {tile_name(d.get('x'), d.get('y'))}, the artifact to "
        f"{tile_name(d.get('ax'), d.get('ay'))}"
    ),
    "card_bought": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} buys {_mq(n).card_name(d.get('card'))} for "
        f"{d.get('cost')}, {d.get('resource')} left"
    ),
    "cards_discarded": lambda n, d: (
        f"{cap(_side(n, d.get('side')))} discards {_mq(n).cards_words(d.get('cards'))}"
    ),
    "card_revealed": lambda n, d: f"The Kraken reveals {_mq(n).card_name(d.get('card'))}",
}

_TABLES: dict[str, dict[str, Handler]] = {
    "sanguosha": _SANGUOSHA,
    "harmony": _HARMONY,
    "carcassonne": _CARCASSONNE,
    "muhq": _MUHQ,
}


def _table(game: str) -> dict[str, Handler]:
    return _TABLES.get(game, _HARMONY)


EVENT_KINDS: dict[str, frozenset[str]] = {
    game: frozenset(table) | {"game_over"} for game, table in _TABLES.items()
}
