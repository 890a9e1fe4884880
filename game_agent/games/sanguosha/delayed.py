"""Delayed tricks and the judge phase (§2.5, §6 rows 10-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.cards import NAME, real
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.judgement import is_heart, judge, lightning_hits
from game_agent.games.sanguosha.nullification import window
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.use import PLACE, CardUse, put_from_processing
from game_agent.games.sanguosha.zones import clear_processing, move

if TYPE_CHECKING:
    from game_agent.engine import Game


def place(g: Game, use: CardUse) -> Settlement:
    """Lightning goes to the user's judgement area, Indulgence to the target's."""
    yield from put_from_processing(g, use.card, "judge", use.targets[0], "place")


def can_hold(st: State, seat: int, name: str) -> bool:
    p = st.players[seat]
    if not p.alive or any(NAME[c] == name for c in p.judge):
        return False
    return not any(f(st, -1, seat, name) for f in hooks.PROHIBITS)


def move_lightning(g: Game, cid: int, holder: int) -> Settlement:
    """§6 row 11: to the next living seat that can hold it; if none, it stays with the holder."""
    st: State = g.state
    for seat in others_in_order(st, holder):
        if can_hold(st, seat, "lightning"):
            yield from move(g, [cid], "processing", None, "judge", seat, "lightning_moves")
            return
    if st.players[holder].alive:
        yield from move(g, [cid], "processing", None, "judge", holder, "lightning_stays")
    else:
        yield from clear_processing(g, [cid])


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
        yield from move(g, [cid], "judge", seat, "processing", None, "judge_phase")
        vc = real(cid)
        cancelled = yield from window(g, vc, seat, None)
        if cancelled:
            g.emit("cancelled", {"card": vc.desc(), "target": seat})
        name = NAME[cid]
        if name == "indulgence":
            if not cancelled:
                ok = yield judge(g, seat, "indulgence", is_heart)
                if not ok:
                    g.emit("phase_skip", {"seat": seat, "phase": "play", "reason": "indulgence"})
            yield from clear_processing(g, [cid])
        elif name == "lightning":
            hit = False
            if not cancelled:
                hit = yield judge(g, seat, "lightning", lightning_hits)
            if hit:
                yield damage(g, Damage(None, seat, 3, "thunder", vc))
                yield from clear_processing(g, [cid])
            else:
                yield from move_lightning(g, cid, seat)
        else:  # a delayed trick from an expansion without a rule here: discard it
            yield from clear_processing(g, [cid])


PLACE["lightning"] = place
PLACE["indulgence"] = place
