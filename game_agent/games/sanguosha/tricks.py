"""Non-delayed tricks (§2.3): their targets and effects. Each effect runs after its target's
Nullification window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import Aim, CardRule, CardUse, Targets, yourself
from game_agent.games.sanguosha.cards import DESC, VCard
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.distance import attack_range, distance, distances_from
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.pick import AREAS, HAND_AND_EQUIP, pick_card
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.responses import ask_card, respond
from game_agent.games.sanguosha.state import State, action_order, card_count, others_in_order
from game_agent.games.sanguosha.use import use_card
from game_agent.games.sanguosha.zones import clear_processing, draw, move, top_cards, where


def target_zones(st: State) -> tuple[str, ...]:
    """1v1 (2013 rules): Snatch and Dismantlement cannot take judgement-area cards."""
    return HAND_AND_EQUIP if st.mode == "1v1" else AREAS


# --- targets --------------------------------------------------------------------------------


def _targetable(st: State, user: int, seats: list[int], name: str) -> list[int]:
    """Those of `seats` that may be chosen as targets of a `name` card used by `user`."""
    rules = index_of(st)
    if not rules.prohibit:  # no prohibiting skill at this table
        return seats
    return [t for t in seats if not rules.prohibited(st, user, t, name)]


def others(st: State, user: int, vc: VCard) -> Aim | None:
    """An AoE: every other seat that may be targeted, in action order."""
    return Aim(_targetable(st, user, others_in_order(st, user), vc.name), pick=False)


def everyone(st: State, user: int, vc: VCard) -> Aim | None:
    """A global trick: every seat that may be targeted, the user first."""
    return Aim(_targetable(st, user, action_order(st, user), vc.name), pick=False)


def one_other(ok: Callable[[State, int, VCard, int], bool]) -> Targets:
    """One other seat that may be targeted and passes `ok(state, user, card, target)`."""

    def targets(st: State, user: int, vc: VCard) -> Aim | None:
        seats = [
            t
            for t in _targetable(st, user, others_in_order(st, user), vc.name)
            if ok(st, user, vc, t)
        ]
        return Aim(seats) if seats else None

    return targets


def anyone(st: State, user: int, vc: VCard, t: int) -> bool:
    return True


def has_cards(st: State, user: int, vc: VCard, t: int) -> bool:
    """1v1: judgement-area cards do not count (they cannot be taken, `target_zones`)."""
    return card_count(st.players[t], st.mode != "1v1") > 0


def snatch_in_reach(st: State, user: int, vc: VCard, t: int) -> bool:
    if not has_cards(st, user, vc, t):
        return False
    if distance(st, user, t, frozenset(vc.subcards)) <= 1:
        return True
    return index_of(st).reaches(st, user, vc, t)


def snatch_targets(st: State, user: int, vc: VCard) -> Aim | None:
    """`one_other(snatch_in_reach)`, with the user's distances measured once."""
    if not st.players[user].alive:
        return one_other(snatch_in_reach)(st, user, vc)
    near = distances_from(st, user, frozenset(vc.subcards))
    rules = index_of(st)
    seats = [
        t
        for t in _targetable(st, user, others_in_order(st, user), vc.name)
        if has_cards(st, user, vc, t) and (near[t] <= 1 or rules.reaches(st, user, vc, t))
    ]
    return Aim(seats) if seats else None


def collateral_victims(st: State, user: int, wielder: int) -> list[int]:
    """§6 row 25: the victim may be the user; checked against the wielder's attack range."""
    reach = attack_range(st, wielder)
    rules = index_of(st)
    return [
        v
        for v, d in distances_from(st, wielder).items()
        if d <= reach and not rules.prohibited(st, wielder, v, "slash")
    ]


def has_victim(st: State, user: int, vc: VCard, t: int) -> bool:
    return "weapon" in st.players[t].equip and bool(collateral_victims(st, user, t))


def collateral_targets(st: State, user: int, vc: VCard) -> Aim | None:
    """A wielder, then the victim he is to Slash."""
    aim = one_other(has_victim)(st, user, vc)
    if aim is None:
        return None
    return Aim(aim.seats, then=collateral_victims, steps=("wielder", "victim"))


# --- effects --------------------------------------------------------------------------------


def dismantlement(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    if not st.players[use.user].alive:
        return
    cid = yield from pick_card(g, use.user, t, "dismantlement", target_zones(st))
    if cid is not None:
        zone = where(st.players[t], cid)
        yield from move(g, [cid], zone, t, "discard", None, "dismantlement")


def snatch(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    if not st.players[use.user].alive:
        return
    cid = yield from pick_card(g, use.user, t, "snatch", target_zones(st))
    if cid is not None:
        zone = where(st.players[t], cid)
        yield from move(g, [cid], zone, t, "hand", use.user, "snatch")


def duel(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    asked, other = t, use.user
    while True:
        need = use.dodges.get(asked, 1)  # Slashes `asked` must play each time (Wushuang)
        answered = True
        for _ in range(need):
            vc = None
            if st.players[asked].alive:
                vc = yield from ask_card(g, asked, "slash", "play", "duel", source=other)
            if vc is None:
                answered = False
                break
            yield from respond(g, asked, vc, "play", "duel")
        if not answered:
            yield damage(g, Damage(other, asked, 1, "normal", use.card, use.user))
            return
        asked, other = other, asked


def aoe(name: str, wanted: str) -> Any:
    def effect(g: Game, use: CardUse, t: int) -> Settlement:
        vc = yield from ask_card(g, t, wanted, "play", name, source=use.user)
        if vc is not None:
            yield from respond(g, t, vc, "play", name)
            return
        yield damage(g, Damage(use.user, t, 1, "normal", use.card, use.user))

    return effect


def ex_nihilo(g: Game, use: CardUse, t: int) -> Settlement:
    yield from draw(g, t, 2, "ex_nihilo")


def god_salvation(g: Game, use: CardUse, t: int) -> Settlement:
    yield from recover(g, t, 1, use.user, use.card)


def unwounded(st: State, use: CardUse, t: int) -> bool:
    """§6 row 5: unwounded God Salvation targets are skipped before any window."""
    p = st.players[t]
    return p.hp >= p.max_hp


def grace_reveal(g: Game, use: CardUse) -> Settlement:
    """§6 row 6: reveal as many cards as there are targets."""
    ids = list(top_cards(g, len(use.targets)))
    use.extra["grace"] = ids
    yield from move(g, ids, "draw", None, "processing", None, "amazing_grace")


def grace_take(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    left = [c for c in use.extra["grace"] if c in st.processing]
    if not left:
        return
    i = 0
    if len(left) > 1:
        i = yield g.ask(t, "amazing_grace", [DESC[c] for c in left], 0, info={})
    yield from move(g, [left[i]], "processing", None, "hand", t, "amazing_grace")


def grace_rest(g: Game, use: CardUse) -> Settlement:
    yield from clear_processing(g, list(use.extra.get("grace", ())), "amazing_grace")


def collateral(g: Game, use: CardUse, wielder: int) -> Settlement:
    """§6 rows 24-25: a dead victim -> the weapon goes to the user; no weapon -> only asked.
    A victim who cannot be chosen by the time it resolves (an empty-handed Kongcheng) is
    treated like a dead one: the wielder cannot Slash him (QSanguosha asks for a Slash "to" him,
    which such a target refuses)."""
    st: State = g.state
    victim = use.victim
    w = st.players[wielder]
    has_weapon = "weapon" in w.equip
    if (
        victim is not None
        and st.players[victim].alive
        and not index_of(st).prohibited(st, wielder, victim, "slash")
    ):
        vc = yield from ask_card(g, wielder, "slash", "use", "collateral", target=victim)
        if vc is not None:
            yield use_card(g, CardUse(wielder, vc, [victim]))
            return
    if has_weapon and "weapon" in w.equip and st.players[use.user].alive:
        cid = w.equip["weapon"]
        yield from move(g, [cid], "equip", wielder, "hand", use.user, "collateral")


CARDS = {
    "dismantlement": CardRule(targets=one_other(has_cards), effect=dismantlement),
    "snatch": CardRule(targets=snatch_targets, effect=snatch),
    "duel": CardRule(targets=one_other(anyone), effect=duel),
    "savage_assault": CardRule(targets=others, effect=aoe("savage_assault", "slash")),
    "archery_attack": CardRule(targets=others, effect=aoe("archery_attack", "dodge")),
    "ex_nihilo": CardRule(targets=yourself, effect=ex_nihilo),
    "god_salvation": CardRule(targets=everyone, effect=god_salvation, skip=unwounded),
    "amazing_grace": CardRule(
        targets=everyone, effect=grace_take, before=grace_reveal, after=grace_rest
    ),
    "collateral": CardRule(targets=collateral_targets, effect=collateral),
}
