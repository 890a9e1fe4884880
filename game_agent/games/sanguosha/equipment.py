"""Equipment (§2.6): placing it, and every weapon, armor and horse as hooks and triggers.

Weapons and armor register engine `Trigger`s at the §4.13 timings; horses and Crossbow/Halberd
are static modifiers; Spear is a view-as conversion. An armor is inactive for a target while a
Qinggang Slash resolves on it (`CardUse.ignore_armor`, §6 rows 31-32).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_agent.engine import Settlement, Trigger
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.basic import SlashEffect
from game_agent.games.sanguosha.cards import DESC, KINDS, NAME, VCard, converted
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.judgement import is_red, judge
from game_agent.games.sanguosha.state import State, card_count, gender, has_equip
from game_agent.games.sanguosha.tricks import pick_card
from game_agent.games.sanguosha.use import PLACE, Asked, CardUse, Targeted, ask_card, use_card
from game_agent.games.sanguosha.zones import discard, draw, move, where

if TYPE_CHECKING:
    from game_agent.engine import Game


def equip(g: Game, use: CardUse) -> Settlement:
    st: State = g.state
    seat = use.user
    p = st.players[seat]
    for cid in use.card.subcards:
        slot = KINDS[NAME[cid]].slot
        old = p.equip.get(slot)
        if old is not None:
            yield from move(g, [old], "equip", seat, "discard", None, "replaced")
        if cid in st.processing:
            yield from move(g, [cid], "processing", None, "equip", seat, "equip")


for _k in KINDS.values():
    if _k.type == "equip":
        PLACE[_k.name] = equip


def skill(g: Game, seat: int, name: str) -> None:
    g.emit("skill", {"seat": seat, "name": name})


# --- horses, Crossbow, Halberd: static modifiers --------------------------------------------


def horses(st: State, a: int, b: int, spent: frozenset[int]) -> int:
    d = 0
    m = st.players[a].equip.get("minus_horse")
    if m is not None and m not in spent:
        d -= 1
    if "plus_horse" in st.players[b].equip:
        d += 1
    return d


def crossbow(st: State, seat: int, vc: VCard) -> int:
    """§6 row 15: a Slash made of the Crossbow itself obeys the normal limit."""
    w = st.players[seat].equip.get("weapon")
    if w is not None and NAME[w] == "crossbow" and w not in vc.subcards:
        return 1_000
    return 0


def halberd(st: State, seat: int, vc: VCard) -> int:
    """§6 row 16: +2 targets if the Slash is made of all remaining hand cards."""
    p = st.players[seat]
    if not has_equip(p, "halberd") or not vc.subcards or not p.hand:
        return 0
    hand = set(p.hand)
    if all(c in hand for c in vc.subcards) and hand <= set(vc.subcards):
        return 2
    return 0


hooks.DISTANCE_MODS.append(horses)
hooks.SLASH_LIMIT_MODS.append(crossbow)
hooks.TARGET_MODS.append(halberd)


# --- Serpent Spear: two hand cards as a Slash ------------------------------------------------


def _spear_enabled(st: State, seat: int, mode: str) -> bool:
    return has_equip(st.players[seat], "spear")


def _hand(st: State, seat: int) -> list[int]:
    return list(st.players[seat].hand)


SPEAR = hooks.ViewAs("spear", "slash", _spear_enabled, _hand, 2)
hooks.VIEW_AS.append(SPEAR)


# --- armor -----------------------------------------------------------------------------------


def _eight_can(g: Game, seat: int, a: Asked) -> bool:
    return (
        a.seat == seat
        and a.name == "dodge"
        and a.provided is None
        and not a.ignore_armor
        and has_equip(g.state.players[seat], "eight_diagram")
    )


def _eight_settle(g: Game, seat: int, a: Asked) -> Settlement:
    skill(g, seat, "eight_diagram")
    ok = yield judge(g, seat, "eight_diagram", is_red)
    if ok:
        a.provided = converted("dodge", (), "eight_diagram")


def _nioh_can(g: Game, seat: int, se: SlashEffect) -> bool:
    return (
        se.target == seat
        and se.use.card.color == "black"
        and seat not in se.use.ignore_armor
        and has_equip(g.state.players[seat], "nioh_shield")
    )


def _nioh_settle(g: Game, seat: int, se: SlashEffect) -> Settlement:
    se.no_effect = True
    g.emit("no_effect", {"seat": seat, "card": se.use.card.desc(), "reason": "nioh_shield"})
    return
    yield


# --- weapons ---------------------------------------------------------------------------------


def _qinggang_can(g: Game, seat: int, t: Targeted) -> bool:
    st: State = g.state
    return (
        t.use.user == seat
        and t.use.card.name == "slash"
        and "armor" in st.players[t.target].equip
        and has_equip(st.players[seat], "qinggang_sword")
    )


def _qinggang_settle(g: Game, seat: int, t: Targeted) -> Settlement:
    skill(g, seat, "qinggang_sword")
    t.use.ignore_armor.add(t.target)
    return
    yield


def _swords_can(g: Game, seat: int, t: Targeted) -> bool:
    st: State = g.state
    if t.use.user != seat or t.use.card.name != "slash":
        return False
    a, b = gender(st.players[seat]), gender(st.players[t.target])
    return bool(a and b and a != b) and has_equip(st.players[seat], "double_swords")


def _swords_settle(g: Game, seat: int, t: Targeted) -> Settlement:
    st: State = g.state
    skill(g, seat, "double_swords")
    target = st.players[t.target]
    if target.hand:
        i = yield g.ask(
            t.target, "double_swords", ["discard", "let_draw"], 1, info={"source": seat}
        )
        if i == 0:
            sel = yield g.ask(
                t.target,
                "discard",
                [DESC[c] for c in target.hand],
                [0],
                form="subset",
                min=1,
                max=1,
                info={"count": 1, "reason": "double_swords"},
            )
            cid = target.hand[sel[0]]
            g.emit("choice", {"seat": t.target, "kind": "double_swords", "value": "discard"})
            yield from discard(g, t.target, [cid], "double_swords")
            return
    g.emit("choice", {"seat": t.target, "kind": "double_swords", "value": "let_draw"})
    yield from draw(g, seat, 1, "double_swords")


def _ice_can(g: Game, seat: int, d: Damage) -> bool:
    st: State = g.state
    return (
        d.source == seat
        and d.by_slash
        and not d.prevented
        and card_count(st.players[d.target], judge=False) > 0
        and has_equip(st.players[seat], "ice_sword")
    )


def _ice_settle(g: Game, seat: int, d: Damage) -> Settlement:
    st: State = g.state
    skill(g, seat, "ice_sword")
    d.prevented = True
    for _ in range(2):
        if card_count(st.players[d.target], judge=False) == 0:
            break
        cid = yield from pick_card(g, seat, d.target, False, "ice_sword")
        if cid is not None:
            zone = where(st.players[d.target], cid)
            yield from move(g, [cid], zone, d.target, "discard", None, "ice_sword")


def _kylin_can(g: Game, seat: int, d: Damage) -> bool:
    st: State = g.state
    t = st.players[d.target]
    return (
        d.source == seat
        and d.by_slash
        and not d.prevented
        and ("plus_horse" in t.equip or "minus_horse" in t.equip)
        and has_equip(st.players[seat], "kylin_bow")
    )


def _kylin_settle(g: Game, seat: int, d: Damage) -> Settlement:
    st: State = g.state
    t = st.players[d.target]
    horses_ = [t.equip[s] for s in ("plus_horse", "minus_horse") if s in t.equip]
    options: list[Any] = [DESC[c] for c in horses_] + [{"kind": "decline"}]
    i = yield g.ask(seat, "kylin_bow", options, len(options) - 1, info={"target": d.target})
    if i < len(horses_):
        skill(g, seat, "kylin_bow")
        yield from move(g, [horses_[i]], "equip", d.target, "discard", None, "kylin_bow")


def _blade_can(g: Game, seat: int, se: SlashEffect) -> bool:
    st: State = g.state
    return (
        se.use.user == seat and st.players[se.target].alive and has_equip(st.players[seat], "blade")
    )


def _blade_settle(g: Game, seat: int, se: SlashEffect) -> Settlement:
    """Offer another Slash on the same target: no distance check, not counted (§6 row 17).

    The engine never re-enters a trigger that is settling, so a follow-up Slash that is dodged
    again is offered again here, in a loop, rather than by a nested Blade trigger.
    """
    while True:
        vc = yield from ask_card(g, seat, "slash", "use", "blade", target=se.target)
        if vc is None:
            return
        skill(g, seat, "blade")
        follow = CardUse(seat, vc, [se.target])
        yield use_card(g, follow)
        if se.target not in follow.extra.get("missed", ()) or not _blade_can(g, seat, se):
            return


def _axe_cards(st: State, seat: int) -> list[int]:
    p = st.players[seat]
    return list(p.hand) + [c for c in p.equip.values() if NAME[c] != "axe"]


def _axe_can(g: Game, seat: int, se: SlashEffect) -> bool:
    st: State = g.state
    return (
        se.use.user == seat
        and has_equip(st.players[seat], "axe")
        and len(_axe_cards(st, seat)) >= 2
    )


def _axe_settle(g: Game, seat: int, se: SlashEffect) -> Settlement:
    st: State = g.state
    cards = _axe_cards(st, seat)
    sel = yield g.ask(
        seat,
        "axe",
        [DESC[c] for c in cards],
        None,
        form="subset",
        min=2,
        max=2,
        cancel=True,
        info={"target": se.target},
    )
    if sel is None:
        return
    skill(g, seat, "axe")
    yield from discard(g, seat, [cards[i] for i in sel], "axe")
    se.hit = True


for _t in (
    Trigger("eight_diagram", hooks.CARD_ASKED, _eight_can, _eight_settle),
    Trigger("nioh_shield", hooks.SLASH_EFFECTED, _nioh_can, _nioh_settle, compulsory=True),
    Trigger("qinggang_sword", hooks.TARGET_SPECIFIED, _qinggang_can, _qinggang_settle, True),
    Trigger("double_swords", hooks.TARGET_SPECIFIED, _swords_can, _swords_settle),
    Trigger("ice_sword", hooks.DAMAGE_CAUSED, _ice_can, _ice_settle),
    # Kylin Bow, Blade and Axe carry their own decline option, so they need no extra question.
    Trigger("kylin_bow", hooks.DAMAGE_CAUSED, _kylin_can, _kylin_settle, compulsory=True),
    Trigger("blade", hooks.SLASH_MISSED, _blade_can, _blade_settle, compulsory=True),
    Trigger("axe", hooks.SLASH_MISSED, _axe_can, _axe_settle, compulsory=True),
):
    hooks.add_trigger(_t)
