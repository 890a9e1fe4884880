"""The game state and the event applier (the only code that changes the state).

Folding a game's events onto `new_state(config, seats)` gives a state equal (==) to the live
one. The applier also folds the **public** forms of the secret events (a seat's view): a hidden
card is then the placeholder ``"?"`` (``UNKNOWN``) in a deck or hand, and a card that leaves a
hidden zone by name removes that card if the folder knew it, else one placeholder. So the
bots' views are this same state folded from a seat's own events.

Sides: the players are sides ``0 .. players-1`` (one per seat); in Kraken mode the Kraken is
side ``players`` and has no seat (the ruleset plays it, rules 17.3).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from protocol.games.muhq.content import Card, Content, MapSpec, load_texts
from protocol.records import Event

Pos = tuple[int, int]
UNKNOWN = "?"

MOVE, ATTACK, FULL, STREET = "move", "attack", "full", "street"


@dataclass
class Cards:
    """A side's cards (rules 5, 7): deck, hand, discard pile and store, and its resource."""

    deck: list[str] = field(default_factory=list)  # top first
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # public, no order (rules 7)
    store: list[str] = field(default_factory=list)  # face up, this player's only
    resource: int = 0
    bought: bool = False  # this turn


@dataclass
class Perm:
    """A permanent on the map (rules 11), or inside a stack on another (``under``)."""

    id: int
    card: str
    owner: int
    controller: int
    pos: Pos  # its tile; a stacked permanent has the tile of the one underneath
    under: int | None = None  # the permanent it is stacked on (crew, equipment)
    stack: list[int] = field(default_factory=list)  # permanents stacked on it
    damage: int = 0
    poison: int = 0
    paralysis: int = 0
    tapped: bool = False
    used: set[str] = field(default_factory=set)  # actions used this turn (move, attack, ...)
    durability: int = 0  # equipment


def _copy_perm(p: Perm) -> Perm:
    return Perm(
        p.id,
        p.card,
        p.owner,
        p.controller,
        p.pos,
        p.under,
        list(p.stack),
        p.damage,
        p.poison,
        p.paralysis,
        p.tapped,
        set(p.used),
        p.durability,
    )


@dataclass
class MuhqState:
    content: Content
    spec: MapSpec
    players: int
    kraken: bool
    sides: int  # players, plus the Kraken
    cards: list[Cards]
    perms: dict[int, Perm] = field(default_factory=dict)
    board: dict[Pos, int] = field(default_factory=dict)  # tile -> the bottom permanent
    next_id: int = 1
    round: int = 0
    turn: int = 0
    active: int = -1
    first_player: int = 0
    upkeeps: list[int] = field(default_factory=list)  # upkeeps each side has had
    stack: list[dict[str, Any]] = field(default_factory=list)  # the action stack, top last
    drafted: list[list[str]] = field(default_factory=list)  # during the draft
    actions: int = 0  # actions declared so far (an action's id)
    kraken_slain: bool = False  # Kraken mode: the Kraken unit has left the map
    # Permanents found defeated, waiting for `resolve.after_defeats` (empty between events of
    # a settlement's steps; not part of the folded state).
    doomed: list[int] = field(default_factory=list, compare=False)
    outcome: dict[str, Any] | None = None

    def copy(self) -> MuhqState:
        """An independent copy, equal to this one (the content and the map are shared: nothing
        changes them during a game)."""
        return MuhqState(
            self.content,
            self.spec,
            self.players,
            self.kraken,
            self.sides,
            [
                Cards(
                    list(c.deck), list(c.hand), list(c.discard), list(c.store), c.resource, c.bought
                )
                for c in self.cards
            ],
            {pid: _copy_perm(p) for pid, p in self.perms.items()},
            dict(self.board),
            self.next_id,
            self.round,
            self.turn,
            self.active,
            self.first_player,
            list(self.upkeeps),
            copy.deepcopy(self.stack),
            [list(d) for d in self.drafted],
            self.actions,
            self.kraken_slain,
            list(self.doomed),
            copy.deepcopy(self.outcome),
        )

    def card(self, cid: str) -> Card:
        return self.content.cards[cid]

    def perm_card(self, pid: int) -> Card:
        return self.content.cards[self.perms[pid].card]

    def units_of(self, side: int) -> list[Perm]:
        cards = self.content.cards
        return [
            p for p in self.perms.values() if p.controller == side and cards[p.card].type == "unit"
        ]


def new_state(config: Mapping[str, Any], content: Content, seats: int) -> MuhqState:
    spec = content.maps[config["map"]]
    rule = config.get("diagonal_rule") or spec.diagonal_rule
    if rule != spec.diagonal_rule:  # the option overrides the map's rule (rules 9, 21)
        spec = replace(spec, diagonal_rule=rule)
    kraken = spec.kraken
    sides = seats + (1 if kraken else 0)
    return MuhqState(
        content=content,
        spec=spec,
        players=seats,
        kraken=kraken,
        sides=sides,
        cards=[Cards() for _ in range(sides)],
        upkeeps=[0] * sides,
        drafted=[[] for _ in range(sides)],
    )


def started_state(data: Mapping[str, Any]) -> MuhqState:
    """The empty state a `game_started` event describes (its content files, map and options):
    what a seat's view or a report folds onto. Raises ConfigError for content it cannot load."""
    texts = tuple((str(n), str(t)) for n, t in data.get("content", ()))
    options = data.get("options") or {}
    config = {"map": data["map"], "diagonal_rule": options.get("diagonal_rule")}
    return new_state(config, load_texts(texts), int(data["players"]))


# --- helpers the applier shares ------------------------------------------------------------------


def _take(zone: list[str], card: str) -> None:
    """Remove `card` from a (possibly partly hidden) zone: by name, else one placeholder."""
    if card in zone:
        zone.remove(card)
    elif UNKNOWN in zone:
        zone.remove(UNKNOWN)
    else:
        raise ValueError(f"muhq: {card} is not in the zone {zone}")


def _place(s: MuhqState, p: Perm, under: int | None) -> None:
    s.perms[p.id] = p
    s.next_id = max(s.next_id, p.id + 1)
    if under is None:
        s.board[p.pos] = p.id
    else:
        p.under = under
        _set_pos(s, p, s.perms[under].pos)
        s.perms[under].stack.append(p.id)


def _lift(s: MuhqState, p: Perm) -> None:
    """Take `p` off its tile or out of the stack it is in (its own stack stays with it)."""
    if p.under is None:
        if s.board.get(p.pos) == p.id:
            del s.board[p.pos]
    else:
        s.perms[p.under].stack.remove(p.id)
        p.under = None


def _set_pos(s: MuhqState, p: Perm, pos: Pos) -> None:
    p.pos = pos
    for sid in p.stack:
        _set_pos(s, s.perms[sid], pos)


# --- the appliers --------------------------------------------------------------------------------


def _game_started(s: MuhqState, d: dict[str, Any]) -> None:
    s.first_player = d["first_player"]
    s.round = d.get("round", 0)
    for side, r in enumerate(d["resource"]):
        s.cards[side].resource = r
    for side, st in enumerate(d["stores"]):
        s.cards[side].store = list(st)
    for side, dis in enumerate(d["discards"]):
        s.cards[side].discard = list(dis)
    for side, n in enumerate(d["upkeeps"]):
        s.upkeeps[side] = n
    for u in d["permanents"]:
        _enter(s, u)


def _enter(s: MuhqState, d: Mapping[str, Any]) -> None:
    p = Perm(
        id=d["perm"],
        card=d["card"],
        owner=d["owner"],
        controller=d.get("controller", d["owner"]),
        pos=(d["x"], d["y"]),
        damage=d.get("damage", 0),
        poison=d.get("poison", 0),
        paralysis=d.get("paralysis", 0),
        tapped=d.get("tapped", False),
        durability=d.get("durability", 0),
    )
    _place(s, p, d.get("under"))


def _deck_set(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    c.deck = list(d["deck"]) if "deck" in d else [UNKNOWN] * d["count"]


def _hand_set(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    c.hand = list(d["hand"]) if "hand" in d else [UNKNOWN] * d["count"]


def _card_drafted(s: MuhqState, d: dict[str, Any]) -> None:
    s.drafted[d["side"]].append(d.get("card", UNKNOWN))


def _store_set(s: MuhqState, d: dict[str, Any]) -> None:
    s.cards[d["side"]].store = list(d["store"])
    s.drafted[d["side"]] = []


def _round_started(s: MuhqState, d: dict[str, Any]) -> None:
    s.round = d["round"]


def _turn_started(s: MuhqState, d: dict[str, Any]) -> None:
    side = d["side"]
    s.turn = d["turn"]
    s.active = side
    s.cards[side].bought = False
    for p in s.perms.values():  # gap G2: the active side's permanents untap
        if p.controller == side:
            p.tapped = False
            p.used.clear()


def _deck_refilled(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    c.deck = list(d["deck"]) if "deck" in d else [UNKNOWN] * d["count"]
    c.discard.clear()


def _cards_drawn(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    drawn = d.get("cards")
    n = len(drawn) if drawn is not None else d["count"]
    del c.deck[:n]
    c.hand.extend(drawn if drawn is not None else [UNKNOWN] * n)


def _resource(s: MuhqState, d: dict[str, Any]) -> None:
    s.cards[d["side"]].resource = d["resource"]
    if d["reason"] == "upkeep":
        s.upkeeps[d["side"]] += 1


def _upkeep_paid(s: MuhqState, d: dict[str, Any]) -> None:
    s.cards[d["side"]].resource = d["resource"]


def _cards_traded(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    for card in d["cards"]:
        _take(c.hand, card)
        c.discard.append(card)
    c.resource = d["resource"]


def _action_declared(s: MuhqState, d: dict[str, Any]) -> None:
    s.actions += 1
    if d["spend"] is not None:
        s.perms[d["perm"]].used.add(d["spend"])
    s.cards[d["side"]].resource -= d["cost"]  # a free action's cost (rules 6.2)
    card = d.get("card")
    if card is not None:  # a card played from hand is on the stack now
        _take(s.cards[d["side"]].hand, card)
        for extra in d["with"]:
            _take(s.cards[d["side"]].hand, extra)
    s.stack.append(dict(d))


def _pop(s: MuhqState, d: dict[str, Any]) -> dict[str, Any]:
    frame = s.stack.pop()
    if frame["id"] != d["id"]:
        raise ValueError(f"muhq: action {d['id']} is not on top of the stack")
    return frame


def _action_executed(s: MuhqState, d: dict[str, Any]) -> None:
    frame = _pop(s, d)
    card = frame["card"]
    if card is not None and s.content.cards[card].type == "spell":
        s.cards[frame["side"]].discard.append(card)


def _action_fizzled(s: MuhqState, d: dict[str, Any]) -> None:
    frame = _pop(s, d)
    side = frame["side"]
    for card in (frame["card"], *frame["with"]):
        if card is not None:  # a card whose action fizzled goes to the discard pile
            s.cards[side].discard.append(card)


def _permanent_entered(s: MuhqState, d: dict[str, Any]) -> None:
    _enter(s, d)


def _unit_selected(s: MuhqState, d: dict[str, Any]) -> None:
    s.perms[d["perm"]].used.add("selected")


def _unit_moved(s: MuhqState, d: dict[str, Any]) -> None:
    p = s.perms[d["perm"]]
    p.used.add(d["action"])
    _lift(s, p)
    into = d["into"]
    if into is not None:
        _place(s, p, into)
    else:
        _set_pos(s, p, (d["x"], d["y"]))
        s.board[p.pos] = p.id


def _action_used(s: MuhqState, d: dict[str, Any]) -> None:
    s.perms[d["perm"]].used.add(d["action"])


def _attack_resolved(s: MuhqState, d: dict[str, Any]) -> None:
    a = s.perms[d["attacker"]]
    a.used.add(ATTACK)
    a.damage += d["to_attacker"]
    s.perms[d["defender"]].damage += d["to_defender"]


def _damage_dealt(s: MuhqState, d: dict[str, Any]) -> None:
    s.perms[d["perm"]].damage += d["amount"]


def _tokens(s: MuhqState, d: dict[str, Any]) -> None:
    p = s.perms[d["perm"]]
    setattr(p, d["token"], d["count"])


def _leaves(s: MuhqState, d: dict[str, Any]) -> None:
    """Defeated or destroyed: off the map, onto the owner's discard pile (rules 10.1, 11.1).
    A stack on it has been dropped before (`stack_dropped` events)."""
    p = s.perms.pop(d["perm"])
    _lift(s, p)
    for sid in p.stack:  # the stack is dropped next (`stack_dropped`), one by one
        s.perms[sid].under = None
    s.cards[p.owner].discard.append(p.card)
    if s.kraken and p.card == s.spec.win.get("card"):
        s.kraken_slain = True


def _stack_dropped(s: MuhqState, d: dict[str, Any]) -> None:
    p = s.perms[d["perm"]]
    _lift(s, p)
    p.durability = d.get("durability", p.durability)
    _set_pos(s, p, (d["x"], d["y"]))
    s.board[p.pos] = p.id


def _durability(s: MuhqState, d: dict[str, Any]) -> None:
    s.perms[d["perm"]].durability = d["durability"]


def _unit_tapped(s: MuhqState, d: dict[str, Any]) -> None:
    s.perms[d["perm"]].tapped = True


def _equipped(s: MuhqState, d: dict[str, Any]) -> None:
    eq = s.perms[d["perm"]]
    unit = s.perms[d["unit"]]
    unit.used.add(d["action"])
    _lift(s, eq)
    _place(s, eq, unit.id)


def _swapped(s: MuhqState, d: dict[str, Any]) -> None:
    u = s.perms[d["perm"]]
    a = s.perms[d["artifact"]]
    u.used.add(d["action"])
    up, ap = u.pos, a.pos
    _set_pos(s, u, ap)
    _set_pos(s, a, up)
    s.board[ap] = u.id
    s.board[up] = a.id


def _carried(s: MuhqState, d: dict[str, Any]) -> None:
    u = s.perms[d["perm"]]
    a = s.perms[d["artifact"]]
    u.used.add(FULL)
    _lift(s, u)
    _lift(s, a)
    _set_pos(s, u, (d["x"], d["y"]))
    s.board[u.pos] = u.id
    _set_pos(s, a, (d["ax"], d["ay"]))
    s.board[a.pos] = a.id


def _card_bought(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    c.store.remove(d["card"])
    c.discard.append(d["card"])
    c.resource = d["resource"]
    c.bought = True


def _cards_discarded(s: MuhqState, d: dict[str, Any]) -> None:
    c = s.cards[d["side"]]
    for card in d["cards"]:
        _take(c.hand, card)
        c.discard.append(card)


def _card_revealed(s: MuhqState, d: dict[str, Any]) -> None:
    """The Kraken's draw (rules 17.3): its deck's top card, face up."""
    c = s.cards[d["side"]]
    del c.deck[:1]
    c.hand.append(d["card"])


def _redealt(s: MuhqState, d: dict[str, Any]) -> None:
    """A determinized sample's new deal of what a seat had not seen (`determinize.py`); its
    public form names nothing and changes nothing."""
    if "decks" not in d:
        return
    for c, deck, hand in zip(s.cards, d["decks"], d["hands"], strict=True):
        c.deck = list(deck)
        c.hand = list(hand)


def _nothing(s: MuhqState, d: dict[str, Any]) -> None:
    return None


def _game_over(s: MuhqState, d: dict[str, Any]) -> None:
    s.outcome = d["outcome"]


_APPLY: dict[str, Callable[[MuhqState, dict[str, Any]], None]] = {
    "game_started": _game_started,
    "deck_set": _deck_set,
    "hand_set": _hand_set,
    "card_drafted": _card_drafted,
    "store_set": _store_set,
    "round_started": _round_started,
    "turn_started": _turn_started,
    "deck_refilled": _deck_refilled,
    "cards_drawn": _cards_drawn,
    "resource_gained": _resource,
    "upkeep_paid": _upkeep_paid,
    "cards_traded": _cards_traded,
    "action_declared": _action_declared,
    "action_executed": _action_executed,
    "action_fizzled": _action_fizzled,
    "permanent_entered": _permanent_entered,
    "unit_selected": _unit_selected,
    "unit_moved": _unit_moved,
    "action_used": _action_used,
    "attack_resolved": _attack_resolved,
    "damage_dealt": _damage_dealt,
    "token_changed": _tokens,
    "permanent_defeated": _leaves,
    "permanent_destroyed": _leaves,
    "stack_dropped": _stack_dropped,
    "durability_changed": _durability,
    "unit_tapped": _unit_tapped,
    "equipped": _equipped,
    "swapped": _swapped,
    "carried": _carried,
    "card_bought": _card_bought,
    "cards_discarded": _cards_discarded,
    "card_revealed": _card_revealed,
    "draft_started": _nothing,
    "redealt": _redealt,
    "game_over": _game_over,
}


def apply(state: MuhqState, event: Event) -> None:
    try:
        fn = _APPLY[event.kind]
    except KeyError:
        raise ValueError(f"muhq: unknown event {event.kind!r}") from None
    fn(state, event.data)
