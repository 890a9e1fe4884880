"""muhq in words: the sentences of its events and decisions and its requests, told from the
table folded from the events before (`MuhqTable`: the names of cards and permanents, the sides),
as the `GameWords` the shared driver reads (the narrator keeps the table as `narrator.table`)."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from protocol.games.muhq.content import load_texts
from user_agent.games.muhq.board import OUTCOME_REASONS, MuhqTable, tile_name
from user_agent.words.game import Describer, GameWords, Handler
from user_agent.words.requests import RequestContext, RequestWords, default_words
from user_agent.words.shapes import Teller
from user_agent.words.text import cap, n_cards, plain


def _mq(n: Teller) -> MuhqTable:
    return n.table if isinstance(n.table, MuhqTable) else MuhqTable()


def _side(n: Teller, side: object) -> str:
    t = _mq(n)
    return t.side_name(side) if t.state is not None else n.s(side)


def _mq_count(d: dict[str, Any], key: str) -> int:
    v = d.get(key)
    return len(v) if isinstance(v, list) else int(d.get("count", 0) or 0)


def _mq_started(n: Teller, d: dict[str, Any]) -> str:
    t = _mq(n)
    spec = None
    content = t.content
    if content is None:
        try:
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


def _mq_drawn(n: Teller, d: dict[str, Any]) -> str:
    cards = d.get("cards")
    what = _mq(n).cards_words(cards) if isinstance(cards, list) else n_cards(_mq_count(d, ""))
    return f"{cap(_side(n, d.get('side')))} draws {what}"


def _mq_gained(n: Teller, d: dict[str, Any]) -> str:
    why = "from farming" if d.get("reason") == "farm" else f"({plain(d.get('reason'))})"
    return (
        f"{cap(_side(n, d.get('side')))} gains {d.get('amount')} resource {why}, "
        f"now {d.get('resource')}"
    )


def _mq_upkeep(n: Teller, d: dict[str, Any]) -> str:
    pid = d.get("perm")
    what = "" if not pid else f" for {_mq(n).perm_name(pid)}"
    return (
        f"{cap(_side(n, d.get('side')))} pays {d.get('amount')} upkeep{what}, "
        f"{d.get('resource')} left"
    )


def _mq_declared(n: Teller, d: dict[str, Any]) -> str:
    return (
        f"{cap(_side(n, d.get('side')))} declares: {_mq(n).frame_words(d)} (action {d.get('id')})"
    )


_FIZZLE = {
    "target": "its target is no longer there",
    "tile": "the tile is no longer free",
    "gone": "the permanent is gone",
    "paralysed": "the unit is paralysed",
}


def _mq_fizzled(n: Teller, d: dict[str, Any]) -> str:
    t = _mq(n)
    what = f"action {d.get('id')}"
    st = t.state
    if st is not None:
        for frame in st.stack:
            if frame.get("id") == d.get("id"):
                what = f"{t.frame_words(frame)} (action {d.get('id')})"
    why = _FIZZLE.get(str(d.get("reason")), plain(d.get("reason")))
    return f"{cap(what)} fizzles: {why}"


def _mq_entered(n: Teller, d: dict[str, Any]) -> str:
    t = _mq(n)
    name = f"{t.card_name(d.get('card'))} #{d.get('perm')}"
    on = f" on {t.perm_name(d.get('under'))}" if d.get("under") is not None else ""
    side = _side(n, d.get("owner"))
    whose = f"the {side[4:]}'s" if side.startswith("the ") else f"{side}'s"
    if t.card_name(d.get("card")) == side[4:].capitalize():
        whose = "the"  # "the Kraken", not "the Kraken's Kraken"
    return f"{cap(whose)} {name} enters at {tile_name(d.get('x'), d.get('y'))}{on}"


def _mq_moved(n: Teller, d: dict[str, Any]) -> str:
    t = _mq(n)
    pid = d.get("perm")
    st = t.state
    origin = ""
    if st is not None and type(pid) is int and pid in st.perms:
        origin = f" from {tile_name(*st.perms[pid].pos)}"
    into = f", boarding {t.perm_name(d.get('into'))}" if d.get("into") is not None else ""
    how = " along the street" if d.get("action") == "street" else ""
    return f"{t.perm_name(pid)} moves{how}{origin} to {tile_name(d.get('x'), d.get('y'))}{into}"


def _mq_attack(n: Teller, d: dict[str, Any]) -> str:
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

    def handler(n: Teller, d: dict[str, Any]) -> str:
        t = _mq(n)
        name = f"{t.card_name(d.get('card'))} #{d.get('perm')}"
        why = reasons.get(str(d.get("reason")), plain(d.get("reason")))
        return f"{name} of {_side(n, d.get('owner'))} is {verb} ({why})"

    return handler


def _mq_tokens(n: Teller, d: dict[str, Any]) -> str:
    count = d.get("count")
    token = plain(d.get("token"))
    tokens = "token" if count == 1 else "tokens"
    return f"{_mq(n).perm_name(d.get('perm'))} now has {count} {token} {tokens}"


def _mq_outcome(n: Teller, o: dict[str, Any]) -> str:
    ws = o.get("winners") or []
    who = " and ".join(_side(n, w) for w in ws) if isinstance(ws, list) else ""
    head = f"{cap(who)} {'wins' if len(ws) == 1 else 'win'}" if who else "Nobody wins"
    why = OUTCOME_REASONS.get(str(o.get("reason")), plain(o.get("reason")))
    return f"{head} in round {o.get('round')}: {why}"


def _muhq_decision(
    n: Teller, req: RequestSpec, who: str, picked: list[int], labels: list[str]
) -> str:
    what = ", ".join(labels) or "nothing"
    if req.kind == "discard":
        return f"{who} discards {what}" if labels else f"{who} keeps the hand"
    if req.kind == "draft_pick":
        return f"{who} picks {what.split(' (')[0]}"
    if req.kind in ("drop", "place_carried"):
        return f"{who} puts it at {what}"
    return f"{who}: {what}"


EVENTS: dict[str, Handler] = {
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


def _muhq_table(c: RequestContext) -> MuhqTable:
    """The folded table the words need (names of cards and permanents): the one given as the
    view (a console, a narrator), else an empty one (ids are shown as they are)."""
    view = c.seats.view
    return view if isinstance(view, MuhqTable) else MuhqTable(c.req.seat)


def _muhq_options(c: RequestContext, t: MuhqTable) -> list[str]:
    return [t.option_words(c.req.kind, o) for o in c.req.options]


def _muhq(title: str) -> Describer:
    def describer(c: RequestContext) -> RequestWords:
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
        return RequestWords(text, opts, [None] * len(opts), default_words(c, opts))

    return describer


def _muhq_top(t: MuhqTable, action: object) -> str:
    st = t.state
    if st is not None:
        for frame in reversed(st.stack):
            if frame.get("id") == action:
                return f"{t.side_name(frame.get('side'))}'s {t.frame_words(frame)}"
    return f"action {action}"


def _muhq_discard(c: RequestContext) -> RequestWords:
    t = _muhq_table(c)
    opts = _muhq_options(c, t)
    title = "End of your turn: discard any of your hand cards (an empty line keeps them all)."
    return RequestWords(title, opts, [None] * len(opts), default_words(c, opts, "discard"))


REQUESTS: dict[str, Describer] = {
    "draft_pick": _muhq("Draft: pick a card ({pack} in this pack, {picked} picked so far)."),
    "upkeep": _muhq(
        "Upkeep: pay {upkeep} for {perm}, or let it be destroyed? ({resource} resource)"
    ),
    "action": _muhq(
        "Your action phase ({resource} resource): play a card, activate a unit, "
        "trade two cards, or end the phase."
    ),
    "unit_action": _muhq("{perm}: what does it do?"),
    "priority": _muhq("On the stack: {top} ({stack} waiting): respond with a fast spell, or pass."),
    "buy": _muhq("Buying ({resource} resource): buy one card from your store, or nothing."),
    "discard": _muhq_discard,
    "drop": _muhq("{perm} is dropped from its stack at {tile}: where does it go?"),
    "place_carried": _muhq("{card} is carried: on which tile next to the unit does it go?"),
}


WORDS = GameWords(
    events=EVENTS,
    requests=REQUESTS,
    outcome=_mq_outcome,
    choice=_muhq_decision,
    table=MuhqTable,
)
