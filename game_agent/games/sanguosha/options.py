"""Legal options at an idle point of the play phase (agent spec 2.1) and target follow-ups.

The `play` request lists every usable hand card (and every enabled conversion) with its legal
targets; picking one opens a follow-up (`targets` subset with min/max, or Collateral's two steps,
or a conversion's sub-cards), each with cancel=True as the way back. Nothing is enumerated as a
product of choices.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import DESC, NAME, VCard, converted, real
from game_agent.games.sanguosha.delayed import holds
from game_agent.games.sanguosha.distance import attack_range, distance, distances_from
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.responses import choose_subcards
from game_agent.games.sanguosha.skill import PLAY, Active, ViewAs
from game_agent.games.sanguosha.state import State, action_order, card_count, others_in_order
from protocol.games.sanguosha.catalogue import KINDS

# How a card picks targets: "self" (the user), "others"/"all" (fixed, in action order),
# "choose" (a follow-up subset), "collateral" (wielder, then victim).


def prohibited(st: State, user: int, target: int, name: str) -> bool:
    return index_of(st).prohibited(st, user, target, name)


def slash_limit_ok(st: State, seat: int, vc: VCard) -> bool:
    used: int = st.players[seat].marks.get("slash_used", 0)
    return used < 1 + index_of(st).slash_extra(st, seat, vc)


def slash_targets(st: State, user: int, vc: VCard, check_range: bool = True) -> list[int]:
    spent = frozenset(vc.subcards)
    reach = attack_range(st, user, spent)
    dist = distances_from(st, user, spent)
    return [
        t
        for t, d in dist.items()
        if (not check_range or d <= reach) and not prohibited(st, user, t, "slash")
    ]


def max_targets(st: State, user: int, vc: VCard) -> int:
    return 1 + index_of(st).target_extra(st, user, vc)


def snatch_in_reach(st: State, user: int, vc: VCard, t: int) -> bool:
    if distance(st, user, t, frozenset(vc.subcards)) <= 1:
        return True
    return index_of(st).reaches(st, user, vc, t)


def collateral_victims(st: State, user: int, wielder: int) -> list[int]:
    """§6 row 25: the victim may be the user; checked against the wielder's attack range."""
    reach = attack_range(st, wielder)
    return [
        v
        for v, d in distances_from(st, wielder).items()
        if d <= reach and not prohibited(st, wielder, v, "slash")
    ]


def targets_for(st: State, user: int, vc: VCard) -> tuple[str, list[int]] | None:
    """(how, candidates) or None when the card cannot be used now."""
    name = vc.name
    k = KINDS[name]
    p = st.players[user]
    if name == "slash":
        if not slash_limit_ok(st, user, vc):
            return None
        c = slash_targets(st, user, vc)
        return ("choose", c) if c else None
    if name == "peach":
        return ("self", [user]) if p.hp < p.max_hp else None
    if k.sub == "response" or name == "dodge":
        return None
    if k.type == "equip":
        return ("self", [user])
    if name == "lightning":
        if holds(st, user, name) or prohibited(st, user, user, name):
            return None
        return ("self", [user])
    if name == "ex_nihilo":
        return ("self", [user])
    if k.sub == "aoe":
        return (
            "others",
            [t for t in others_in_order(st, user) if not prohibited(st, user, t, name)],
        )
    if k.sub == "global":
        return ("all", [t for t in action_order(st, user) if not prohibited(st, user, t, name)])
    judge_ok = st.mode != "1v1"  # 1v1: Snatch and Dismantlement cannot take judgement cards
    cands: list[int] = []
    for t in others_in_order(st, user):
        if prohibited(st, user, t, name):
            continue
        tp = st.players[t]
        if name == "duel":
            cands.append(t)
        elif name in ("dismantlement", "snatch"):
            if card_count(tp, judge_ok) > 0 and (
                name != "snatch" or snatch_in_reach(st, user, vc, t)
            ):
                cands.append(t)
        elif name == "indulgence":
            if not holds(st, t, name):
                cands.append(t)
        elif name == "collateral" and "weapon" in tp.equip and collateral_victims(st, user, t):
            cands.append(t)
    if not cands:
        return None
    return ("collateral" if name == "collateral" else "choose", cands)


Action = int | tuple[str, ViewAs] | tuple[str, Active]


def _payable(st: State, seat: int, skill: str, v: ViewAs) -> bool:
    """Whether some sub-card makes a usable card. Only a spent equipped card (a weapon, a -1
    horse, the Crossbow itself) can change a card's legality, so one hand candidate suffices."""
    if v.cards is None or v.count != 1:
        return True
    cands = v.cards(st, seat)
    hand = st.players[seat].hand
    return any(c in hand for c in cands) or any(
        targets_for(st, seat, converted(v.card, (c,), skill)) is not None for c in cands
    )


def play_options(g: Game, seat: int) -> tuple[list[dict[str, Any]], list[Action]]:
    st: State = g.state
    options: list[dict[str, Any]] = []
    actions: list[Action] = []
    # A real hand card spends no equipment, so its targets depend on its name only.
    seen: dict[str, tuple[str, list[int]] | None] = {}
    for cid in st.players[seat].hand:
        name = NAME[cid]
        if name in seen:
            tgt = seen[name]
        else:
            tgt = seen[name] = targets_for(st, seat, real(cid))
        if tgt is None:
            continue
        options.append({"kind": "card", "card": DESC[cid], "skill": "", "targets": tgt[1]})
        actions.append(cid)
    rules = index_of(st)
    for skill, v in rules.views_for(st, seat, PLAY):
        tgt = targets_for(st, seat, VCard(v.card, "none", "none", 0, (), skill))
        if tgt is not None and _payable(st, seat, skill, v):
            options.append(
                {"kind": "view_as", "card": {"name": v.card}, "skill": skill, "targets": tgt[1]}
            )
            actions.append((skill, v))
    for skill, a in rules.actives_for(st, seat):
        options.append({"kind": "skill", "card": None, "skill": skill, "targets": []})
        actions.append((skill, a))
    return options, actions


def choose_use(g: Game, seat: int, action: int | tuple[str, ViewAs]) -> Settlement:
    """Follow-ups for one chosen option; -> CardUse, or None to go back to the play menu.

    A conversion that produces its card by a settlement (Jijiang) has its targets chosen
    first, on the card it will be; the others choose their sub-cards first (they may change
    the range: §6 row 14)."""
    produce: tuple[str, ViewAs] | None = None
    if isinstance(action, int):
        vc = real(action)
    elif action[1].produce is not None:
        produce = action
        vc = VCard(action[1].card, "none", "none", 0, (), action[0])
    else:
        st: State = g.state

        def usable(vc: VCard) -> bool:
            return targets_for(st, seat, vc) is not None

        got = yield from choose_subcards(g, seat, action[0], action[1], usable)
        if got is None:
            return None
        vc = got
    use = yield from choose_targets(g, seat, vc)
    if use is None or produce is None:
        return use
    made = yield from choose_subcards(g, seat, produce[0], produce[1])
    if made is None:
        return None
    use.card = made
    return use


def choose_targets(g: Game, seat: int, vc: VCard) -> Settlement:
    """The target follow-ups of one card; -> CardUse, or None (back)."""
    st: State = g.state
    tgt = targets_for(st, seat, vc)
    if tgt is None:
        return None
    how, cands = tgt
    counted = vc.name == "slash"
    if how in ("self", "others", "all"):
        return CardUse(seat, vc, list(cands), counted=counted)
    card = vc.desc()
    if how == "choose":
        hi = max_targets(st, seat, vc) if vc.name == "slash" else 1
        sel = yield g.ask(
            seat,
            "targets",
            cands,
            None,
            form="subset",
            min=1,
            max=min(hi, len(cands)),
            cancel=True,
            info={"card": card, "step": "target"},
        )
        if sel is None:
            return None
        return CardUse(seat, vc, [cands[i] for i in sel], counted=counted)
    while True:  # Collateral: wielder, then victim; cancel at the victim goes back one step
        sel = yield g.ask(
            seat,
            "targets",
            cands,
            None,
            form="subset",
            min=1,
            max=1,
            cancel=True,
            info={"card": card, "step": "wielder"},
        )
        if sel is None:
            return None
        wielder = cands[sel[0]]
        victims = collateral_victims(st, seat, wielder)
        j = yield g.ask(
            seat,
            "targets",
            victims,
            None,
            form="subset",
            min=1,
            max=1,
            cancel=True,
            info={"card": card, "step": "victim"},
        )
        if j is not None:
            return CardUse(seat, vc, [wielder], victim=victims[j[0]])
