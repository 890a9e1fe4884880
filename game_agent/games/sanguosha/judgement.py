"""Judgements (§2.5): reveal the top card, retrial window, the card takes effect, then discard."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game_agent.engine import Settlement
from game_agent.games.sanguosha import hooks
from game_agent.games.sanguosha.cards import DESC, RANK, SUIT, color_of
from game_agent.games.sanguosha.state import State, action_order
from game_agent.games.sanguosha.zones import clear_processing, ensure

if TYPE_CHECKING:
    from game_agent.engine import Game


@dataclass(slots=True)
class Judgement:
    """Payload of `retrial` (Guicai may replace `card`) and `judge_finished` (Tiandu)."""

    seat: int
    reason: str
    card: int
    good: bool = False


def is_red(cid: int) -> bool:
    return color_of(SUIT[cid]) == "red"


def is_heart(cid: int) -> bool:
    return SUIT[cid] == "heart"


def lightning_hits(cid: int) -> bool:
    return SUIT[cid] == "spade" and 2 <= RANK[cid] <= 9


def judge(g: Game, seat: int, reason: str, good: Callable[[int], bool]) -> Settlement:
    """A judgement frame (push with `yield judge(...)`); returns whether the result is `good`."""
    st: State = g.state
    ensure(g, 1)
    cid = st.draw[0]
    g.emit("judge", {"seat": seat, "card": DESC[cid], "reason": reason})
    j = Judgement(seat, reason, cid)
    start = st.current if st.current >= 0 and st.players[st.current].alive else seat
    order = action_order(st, start)
    if hooks.TRIGGERS.ready(g, hooks.RETRIAL, j, order):
        yield hooks.TRIGGERS.run(g, hooks.RETRIAL, j, order)
    j.good = good(j.card)
    g.emit("judge_result", {"seat": seat, "card": DESC[j.card], "reason": reason, "good": j.good})
    if hooks.TRIGGERS.ready(g, hooks.JUDGE_FINISHED, j, [seat]):
        yield hooks.TRIGGERS.run(g, hooks.JUDGE_FINISHED, j, [seat])
    yield from clear_processing(g, [j.card], "judged")
    return j.good
