"""Equipment (§2.6): placing it, and every weapon, armor and horse as a skill bundle.

An equipment card's effect is a `Skill` owned through the equipment area (the id is the card's
name; the horses' is their slot, since all three of a kind do the same). Weapons and armor
trigger at the §4.13 timings; horses, Crossbow and Halberd are static modifiers; Spear is a
conversion. An armor is inactive for a target while a Qinggang Slash resolves on it
(`CardUse.ignore_armor`, §6 rows 31-32).
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha.basic import SlashEffect
from game_agent.games.sanguosha.card import CardRule, CardUse, yourself
from game_agent.games.sanguosha.cards import DESC, NAME, VCard, converted
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.judgement import is_red, judge
from game_agent.games.sanguosha.pick import HAND_AND_EQUIP, pick_card
from game_agent.games.sanguosha.responses import Asked, ask_card
from game_agent.games.sanguosha.skill import ANY_MODE, Skill, ViewAs, announce
from game_agent.games.sanguosha.state import State, card_count
from game_agent.games.sanguosha.timings import (
    CARD_ASKED,
    DAMAGE_CAUSED,
    SLASH_EFFECTED,
    SLASH_MISSED,
    TARGET_SPECIFIED,
)
from game_agent.games.sanguosha.use import Targeted, use_card
from game_agent.games.sanguosha.zones import discard, draw, move, where
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.skills import SkillText


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


CARDS = {
    k.name: CardRule(targets=yourself, place=equip) for k in KINDS.values() if k.type == "equip"
}


# --- horses, Crossbow, Halberd: static modifiers --------------------------------------------


def _minus_horse(st: State, seat: int, other: int, spent: frozenset[int]) -> int:
    return 0 if st.players[seat].equip["minus_horse"] in spent else -1


def _plus_horse(st: State, seat: int, other: int, spent: frozenset[int]) -> int:
    return 1


def _crossbow(st: State, seat: int, vc: VCard) -> int:
    """§6 row 15: a Slash made of the Crossbow itself obeys the normal limit."""
    return 0 if st.players[seat].equip["weapon"] in vc.subcards else 1_000


def halberd_targets(st: State, seat: int, vc: VCard) -> int:
    """§6 row 16: +2 targets if the Slash is made of all remaining hand cards."""
    p = st.players[seat]
    if vc.name != "slash" or not vc.subcards or not p.hand:
        return 0
    hand = set(p.hand)
    if all(c in hand for c in vc.subcards) and hand <= set(vc.subcards):
        return 2
    return 0


# --- Serpent Spear: two hand cards as a Slash ------------------------------------------------


def _hand(st: State, seat: int) -> list[int]:
    return list(st.players[seat].hand)


# --- armor -----------------------------------------------------------------------------------


def _eight_can(g: Game, seat: int, a: Asked) -> bool:
    return a.seat == seat and a.name == "dodge" and a.provided is None and not a.ignore_armor


def _eight_settle(g: Game, seat: int, a: Asked) -> Settlement:
    announce(g, seat, "eight_diagram")
    j = yield judge(g, seat, "eight_diagram", is_red)
    if j.good:
        a.provided = converted("dodge", (), "eight_diagram")


def _nioh_can(g: Game, seat: int, se: SlashEffect) -> bool:
    return se.target == seat and se.use.card.color == "black" and seat not in se.use.ignore_armor


def _nioh_settle(g: Game, seat: int, se: SlashEffect) -> Settlement:
    se.no_effect = True
    g.emit("no_effect", {"seat": seat, "card": se.use.card.desc(), "reason": "nioh_shield"})
    return
    yield


# --- weapons ---------------------------------------------------------------------------------


def _qinggang_can(g: Game, seat: int, t: Targeted) -> bool:
    st: State = g.state
    return (
        t.use.user == seat and t.use.card.name == "slash" and "armor" in st.players[t.target].equip
    )


def _qinggang_settle(g: Game, seat: int, t: Targeted) -> Settlement:
    announce(g, seat, "qinggang_sword")
    t.use.ignore_armor.add(t.target)
    return
    yield


def _swords_can(g: Game, seat: int, t: Targeted) -> bool:
    st: State = g.state
    if t.use.user != seat or t.use.card.name != "slash":
        return False
    a, b = st.players[seat].gender, st.players[t.target].gender
    return bool(a and b and a != b)


def _swords_settle(g: Game, seat: int, t: Targeted) -> Settlement:
    st: State = g.state
    announce(g, seat, "double_swords")
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
    )


def _ice_settle(g: Game, seat: int, d: Damage) -> Settlement:
    st: State = g.state
    announce(g, seat, "ice_sword")
    d.prevented = True
    for _ in range(2):
        if card_count(st.players[d.target], judge=False) == 0:
            break
        cid = yield from pick_card(g, seat, d.target, "ice_sword", HAND_AND_EQUIP)
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
    )


def _kylin_settle(g: Game, seat: int, d: Damage) -> Settlement:
    st: State = g.state
    t = st.players[d.target]
    horses_ = [t.equip[s] for s in ("plus_horse", "minus_horse") if s in t.equip]
    options: list[Any] = [DESC[c] for c in horses_] + [{"kind": "decline"}]
    i = yield g.ask(seat, "kylin_bow", options, len(options) - 1, info={"target": d.target})
    if i < len(horses_):
        announce(g, seat, "kylin_bow")
        yield from move(g, [horses_[i]], "equip", d.target, "discard", None, "kylin_bow")


def _blade_can(g: Game, seat: int, se: SlashEffect) -> bool:
    """The follow-up Slash needs a legal target, distance aside: an empty-handed Kongcheng
    who dodged with his last card cannot be chosen."""
    st: State = g.state
    return (
        se.use.user == seat
        and st.players[se.target].alive
        and not index_of(st).prohibited(st, seat, se.target, "slash")
    )


def _blade_settle(g: Game, seat: int, se: SlashEffect) -> Settlement:
    """Offer another Slash on the same target: no distance check, not counted (§6 row 17).

    The engine never re-enters a trigger that is settling, so a follow-up Slash that is dodged
    again is offered again here, in a loop, rather than by a nested Blade trigger.
    """
    st: State = g.state
    while True:
        vc = yield from ask_card(g, seat, "slash", "use", "blade", target=se.target)
        if vc is None:
            return
        announce(g, seat, "blade")
        follow = CardUse(seat, vc, [se.target])
        yield use_card(g, follow)
        missed = se.target in follow.extra.get("missed", ())
        if not missed or not index_of(st).owns(st, seat, "blade") or not _blade_can(g, seat, se):
            return


def _axe_cards(st: State, seat: int) -> list[int]:
    p = st.players[seat]
    return list(p.hand) + [c for c in p.equip.values() if NAME[c] != "axe"]


def _axe_can(g: Game, seat: int, se: SlashEffect) -> bool:
    return se.use.user == seat and len(_axe_cards(g.state, seat)) >= 2


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
    announce(g, seat, "axe")
    yield from discard(g, seat, [cards[i] for i in sel], "axe")
    se.hit = True


def _equipment_skill(sid: str, kind: str, text: str, *triggers: Trigger, **mods: Any) -> Skill:
    title = KINDS[sid].title if sid in KINDS else sid.replace("_", " ").title()
    return Skill(SkillText(sid, title, "", kind, text), triggers=triggers, **mods)


SKILLS: tuple[Skill, ...] = (
    _equipment_skill(
        "crossbow", "compulsory", "Any number of Slashes in your play phase.",
        slash_limit=_crossbow,
    ),
    _equipment_skill(
        "double_swords", "optional",
        "After your Slash targets a player of the other gender, that player discards a hand "
        "card or lets you draw 1.",
        Trigger("double_swords", TARGET_SPECIFIED, _swords_can, _swords_settle),
    ),
    _equipment_skill(
        "qinggang_sword", "compulsory", "Your Slash ignores its target's armor.",
        Trigger("qinggang_sword", TARGET_SPECIFIED, _qinggang_can, _qinggang_settle, True),
    ),
    _equipment_skill(
        "ice_sword", "optional",
        "Instead of your Slash's damage, discard two of the target's cards.",
        Trigger("ice_sword", DAMAGE_CAUSED, _ice_can, _ice_settle),
    ),
    _equipment_skill(
        "blade", "optional", "When your Slash is dodged, you may use another on the target.",
        Trigger("blade", SLASH_MISSED, _blade_can, _blade_settle, asks=True),
    ),
    _equipment_skill(
        "spear", "conversion", "Use or play two hand cards as a Slash.",
        views=(ViewAs("slash", ANY_MODE, _hand, 2),),
    ),
    _equipment_skill(
        "axe", "optional", "When your Slash is dodged, discard two cards to make it hit.",
        Trigger("axe", SLASH_MISSED, _axe_can, _axe_settle, asks=True),
    ),
    _equipment_skill(
        "halberd", "compulsory",
        "A Slash made of your last hand cards may take up to two more targets.",
        extra_targets=halberd_targets,
    ),
    _equipment_skill(
        "kylin_bow", "optional",
        "When your Slash deals damage, discard one of the target's horses.",
        Trigger("kylin_bow", DAMAGE_CAUSED, _kylin_can, _kylin_settle, asks=True),
    ),
    _equipment_skill(
        "eight_diagram", "optional", "When you need a Dodge, judge: red gives you one.",
        Trigger("eight_diagram", CARD_ASKED, _eight_can, _eight_settle),
    ),
    _equipment_skill(
        "nioh_shield", "compulsory", "Black Slashes have no effect on you.",
        Trigger("nioh_shield", SLASH_EFFECTED, _nioh_can, _nioh_settle, compulsory=True),
    ),
    _equipment_skill(
        "plus_horse", "compulsory", "Other players' distance to you is increased by 1.",
        distance_to=_plus_horse,
    ),
    _equipment_skill(
        "minus_horse", "compulsory", "Your distance to other players is decreased by 1.",
        distance_from=_minus_horse,
    ),
)  # fmt: skip

# Each equipment skill and the slot it is owned through.
SLOTS_OF: dict[str, str] = {
    s.id: (s.id if s.id in ("plus_horse", "minus_horse") else KINDS[s.id].slot) for s in SKILLS
}
