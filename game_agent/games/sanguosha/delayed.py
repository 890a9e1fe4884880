"""Delayed tricks and the judge phase (§2.5, §6 rows 10-13).

A delayed trick is placed in a judgement area remembering what it is used as (`Player.judge_as`:
Guose's ♦ card is an Indulgence there); the judge phase settles each card by that name through
its `CardRule.judged`. Indulgence targets another seat, Lightning its user; neither goes to a
judgement area that already holds one used as the same name.
"""

from __future__ import annotations

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.card import Aim, CardRule, CardUse
from game_agent.games.sanguosha.cards import VCard, converted
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.judgement import is_heart, judge, lightning_hits
from game_agent.games.sanguosha.nullification import window
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.tricks import one_other
from game_agent.games.sanguosha.use import put_from_processing
from game_agent.games.sanguosha.zones import clear_processing, move


def place(g: Game, use: CardUse) -> Settlement:
    """Lightning goes to the user's judgement area, Indulgence to the target's."""
    yield from put_from_processing(g, use.card, "judge", use.targets[0], "place", use.card.name)


def holds(st: State, seat: int, name: str) -> bool:
    """Whether `seat`'s judgement area already holds a delayed trick used as `name`."""
    return name in st.players[seat].judge_as.values()


def not_holding(st: State, user: int, vc: VCard, t: int) -> bool:
    return not holds(st, t, vc.name)


def lightning_targets(st: State, user: int, vc: VCard) -> Aim | None:
    if holds(st, user, vc.name) or index_of(st).prohibited(st, user, user, vc.name):
        return None
    return Aim([user], pick=False)


def can_hold(st: State, seat: int, name: str) -> bool:
    p = st.players[seat]
    if not p.alive or holds(st, seat, name):
        return False
    return not index_of(st).prohibited(st, -1, seat, name)


def move_lightning(g: Game, cid: int, holder: int) -> Settlement:
    """§6 row 11: to the next living seat that can hold it; if none, it stays with the holder."""
    st: State = g.state
    for seat in others_in_order(st, holder):
        if can_hold(st, seat, "lightning"):
            yield from move(
                g, [cid], "processing", None, "judge", seat, "lightning_moves", as_="lightning"
            )
            return
    if st.players[holder].alive:
        yield from move(
            g, [cid], "processing", None, "judge", holder, "lightning_stays", as_="lightning"
        )
    else:
        yield from clear_processing(g, [cid])


def indulgence_judged(g: Game, seat: int, cid: int, cancelled: bool) -> Settlement:
    if not cancelled:
        j = yield judge(g, seat, "indulgence", is_heart)
        if not j.good:
            g.emit("phase_skip", {"seat": seat, "phase": "play", "reason": "indulgence"})
    yield from clear_processing(g, [cid])


def lightning_judged(g: Game, seat: int, cid: int, cancelled: bool) -> Settlement:
    hit = False
    if not cancelled:
        j = yield judge(g, seat, "lightning", lightning_hits)
        hit = j.good
    if hit:
        yield damage(g, Damage(None, seat, 3, "thunder", converted("lightning", (cid,), "")))
        yield from clear_processing(g, [cid])
    else:
        yield from move_lightning(g, cid, seat)


def judge_phase(g: Game, seat: int) -> Settlement:
    """§6 row 12: last placed first; stop when the holder dies (§6 row 13)."""
    st: State = g.state
    p = st.players[seat]
    lost = p.lost
    for cid in list(reversed(p.judge)):
        if not p.alive or p.lost != lost or st.turn_over:
            return
        if cid not in p.judge:
            continue
        name = p.judge_as[cid]
        yield from move(g, [cid], "judge", seat, "processing", None, "judge_phase")
        vc = converted(name, (cid,), "")  # the card as what it is used as
        cancelled = yield from window(g, vc, seat, None)
        if cancelled:
            g.emit("cancelled", {"card": vc.desc(), "target": seat})
        rule = index_of(st).cards.get(name)
        if rule is not None and rule.judged is not None:
            yield from rule.judged(g, seat, cid, cancelled)
        else:  # a delayed trick from an expansion without a rule here: discard it
            yield from clear_processing(g, [cid])


CARDS = {
    "indulgence": CardRule(targets=one_other(not_holding), place=place, judged=indulgence_judged),
    "lightning": CardRule(targets=lightning_targets, place=place, judged=lightning_judged),
}
