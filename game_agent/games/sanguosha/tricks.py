"""Non-delayed tricks (§2.3). Each effect runs after its target's Nullification window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.recovery import recover
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.use import (
    AFTER,
    BEFORE,
    EFFECTS,
    SKIP,
    CardUse,
    ask_card,
    respond,
    use_card,
)
from game_agent.games.sanguosha.zones import clear_processing, draw, move, top_cards, where

if TYPE_CHECKING:
    from game_agent.engine import Game


def pick_card(g: Game, chooser: int, owner: int, judge_ok: bool, reason: str) -> Settlement:
    """`chooser` picks one card of `owner`'s areas: a hand card blind (random), equipment and
    judgement cards face up (§2.1.7). -> card id or None if there is none."""
    st: State = g.state
    p = st.players[owner]
    options: list[dict[str, Any]] = []
    ids: list[int | None] = []
    if p.hand:
        options.append({"zone": "hand", "count": len(p.hand), "card": None})
        ids.append(None)
    for cid in p.equip.values():
        options.append({"zone": "equip", "count": 1, "card": DESC[cid]})
        ids.append(cid)
    if judge_ok:
        for cid in p.judge:
            options.append({"zone": "judge", "count": 1, "card": DESC[cid]})
            ids.append(cid)
    if not options:
        return None
    i = 0
    if len(options) > 1:
        i = yield g.ask(chooser, "pick_card", options, 0, info={"owner": owner, "reason": reason})
    picked = ids[i]
    if picked is None:
        picked = p.hand[g.rng.below(len(p.hand))]
    return picked


def judge_ok(st: State) -> bool:
    """1v1 (2013 rules): Snatch and Dismantlement cannot take judgement-area cards."""
    return st.mode != "1v1"


def dismantlement(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    if not st.players[use.user].alive:
        return
    cid = yield from pick_card(g, use.user, t, judge_ok(st), "dismantlement")
    if cid is not None:
        zone = where(st.players[t], cid)
        yield from move(g, [cid], zone, t, "discard", None, "dismantlement")


def snatch(g: Game, use: CardUse, t: int) -> Settlement:
    st: State = g.state
    if not st.players[use.user].alive:
        return
    cid = yield from pick_card(g, use.user, t, judge_ok(st), "snatch")
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
            respond(g, asked, vc, "play", "duel")
        if not answered:
            yield damage(g, Damage(other, asked, 1, "normal", use.card))
            return
        asked, other = other, asked


def aoe(name: str, wanted: str) -> Any:
    def effect(g: Game, use: CardUse, t: int) -> Settlement:
        vc = yield from ask_card(g, t, wanted, "play", name, source=use.user)
        if vc is not None:
            respond(g, t, vc, "play", name)
            return
        yield damage(g, Damage(use.user, t, 1, "normal", use.card))

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
    """§6 rows 24-25: a dead victim -> the weapon goes to the user; no weapon -> only asked."""
    st: State = g.state
    victim = use.victim
    w = st.players[wielder]
    has_weapon = "weapon" in w.equip
    if victim is not None and st.players[victim].alive:
        vc = yield from ask_card(g, wielder, "slash", "use", "collateral", target=victim)
        if vc is not None:
            yield use_card(g, CardUse(wielder, vc, [victim]))
            return
    if has_weapon and "weapon" in w.equip and st.players[use.user].alive:
        cid = w.equip["weapon"]
        yield from move(g, [cid], "equip", wielder, "hand", use.user, "collateral")


EFFECTS["dismantlement"] = dismantlement
EFFECTS["snatch"] = snatch
EFFECTS["duel"] = duel
EFFECTS["savage_assault"] = aoe("savage_assault", "slash")
EFFECTS["archery_attack"] = aoe("archery_attack", "dodge")
EFFECTS["ex_nihilo"] = ex_nihilo
EFFECTS["god_salvation"] = god_salvation
SKIP["god_salvation"] = unwounded
EFFECTS["amazing_grace"] = grace_take
BEFORE["amazing_grace"] = grace_reveal
AFTER["amazing_grace"] = grace_rest
EFFECTS["collateral"] = collateral
