"""Legal options at an idle point of the play phase (agent spec 2.1) and target follow-ups.

The `play` request lists every usable hand card (and every enabled conversion) with its legal
targets, as its `CardRule.targets` answers (`card.Aim`); picking one opens a follow-up (`targets`
subset with min/max, or two picks in turn such as Collateral's, or a conversion's sub-cards), each
with cancel=True as the way back. Nothing is enumerated as a product of choices; no card is named
here.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import Aim, CardUse
from game_agent.games.sanguosha.cards import DESC, NAME, REAL, VCard, converted, real
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.responses import choose_subcards
from game_agent.games.sanguosha.skill import PLAY, Active, ViewAs
from game_agent.games.sanguosha.state import State


def targets_for(st: State, user: int, vc: VCard) -> Aim | None:
    """Whom `vc` may target now (its `CardRule.targets`), or None when it cannot be used now."""
    rule = index_of(st).cards.get(vc.name)
    if rule is None or rule.targets is None:
        return None
    return rule.targets(st, user, vc)


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


def play_options(
    g: Game, seat: int, aims: dict[int, Aim] | None = None
) -> tuple[list[dict[str, Any]], list[Action]]:
    """The play menu: its options and the action of each. `aims`, if given, receives the
    targets of each usable hand card (for `choose_use`, while nothing has happened since)."""
    st: State = g.state
    options: list[dict[str, Any]] = []
    actions: list[Action] = []
    rules = index_of(st)
    card_rules = rules.cards
    # A real hand card spends no equipment, so its targets depend on its name only.
    seen: dict[str, Aim | None] = {}
    for cid in st.players[seat].hand:
        name = NAME[cid]
        if name in seen:
            tgt = seen[name]
        else:
            rule = card_rules.get(name)
            tgt = (
                None if rule is None or rule.targets is None else rule.targets(st, seat, REAL[cid])
            )
            seen[name] = tgt
        if tgt is None:
            continue
        options.append({"kind": "card", "card": DESC[cid], "skill": "", "targets": tgt.seats})
        actions.append(cid)
        if aims is not None:
            aims[cid] = tgt
    for skill, v in rules.views_for(st, seat, PLAY):
        tgt = targets_for(st, seat, VCard(v.card, "none", "none", 0, (), skill))
        if tgt is not None and _payable(st, seat, skill, v):
            options.append(
                {"kind": "view_as", "card": {"name": v.card}, "skill": skill, "targets": tgt.seats}
            )
            actions.append((skill, v))
    for skill, a in rules.actives_for(st, seat):
        options.append({"kind": "skill", "card": None, "skill": skill, "targets": []})
        actions.append((skill, a))
    return options, actions


def choose_use(
    g: Game, seat: int, action: int | tuple[str, ViewAs], aim: Aim | None = None
) -> Settlement:
    """Follow-ups for one chosen option; -> CardUse, or None to go back to the play menu.
    `aim`: a hand card's targets as the play menu computed them, if nothing happened since.

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
    use = yield from choose_targets(g, seat, vc, aim if isinstance(action, int) else None)
    if use is None or produce is None:
        return use
    made = yield from choose_subcards(g, seat, produce[0], produce[1])
    if made is None:
        return None
    use.card = made
    return use


def choose_targets(g: Game, seat: int, vc: VCard, aim: Aim | None = None) -> Settlement:
    """The target follow-ups of one card; -> CardUse, or None (back). `aim`: its targets, if
    they were just computed."""
    st: State = g.state
    if aim is None:
        aim = targets_for(st, seat, vc)
    if aim is None:
        return None
    cands = aim.seats
    if not aim.pick:
        return CardUse(seat, vc, list(cands), counted=aim.counted)
    card = vc.desc()
    if aim.then is None:
        sel = yield g.ask(
            seat,
            "targets",
            cands,
            None,
            form="subset",
            min=1,
            max=min(aim.most, len(cands)),
            cancel=True,
            info={"card": card, "step": aim.steps[0]},
        )
        if sel is None:
            return None
        return CardUse(seat, vc, [cands[i] for i in sel], counted=aim.counted)
    while True:  # a first target, then a second (Collateral: wielder, victim); cancel at the
        # second goes back one step
        sel = yield g.ask(
            seat,
            "targets",
            cands,
            None,
            form="subset",
            min=1,
            max=1,
            cancel=True,
            info={"card": card, "step": aim.steps[0]},
        )
        if sel is None:
            return None
        first = cands[sel[0]]
        seconds = aim.then(st, seat, first)
        j = yield g.ask(
            seat,
            "targets",
            seconds,
            None,
            form="subset",
            min=1,
            max=1,
            cancel=True,
            info={"card": card, "step": aim.steps[1]},
        )
        if j is not None:
            return CardUse(seat, vc, [first], victim=seconds[j[0]], counted=aim.counted)
