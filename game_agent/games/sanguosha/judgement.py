"""Judgements (§2.5): reveal the top card, retrial window, the card takes effect, then discard.

`judge` returns the `Judgement`: its final `card` and whether the result was `good`, so a skill
can act on the card itself (Luoshen, Tiandu take it at `judge_finished`; whatever is still in
the processing area afterwards goes to the discard pile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC, RANK, SUIT, color_of
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import JUDGE_FINISHED, RETRIAL
from game_agent.games.sanguosha.zones import clear_processing, ensure, moved


@dataclass(slots=True)
class Judgement:
    """Payload of `retrial` (Guicai replaces `card`) and `judge_finished` (Tiandu, Luoshen)."""

    seat: int
    reason: str
    card: int
    good: bool = False

    def about(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason, "judgement": DESC[self.card]}


def is_red(cid: int) -> bool:
    return color_of(SUIT[cid]) == "red"


def is_black(cid: int) -> bool:
    return color_of(SUIT[cid]) == "black"


def is_heart(cid: int) -> bool:
    return SUIT[cid] == "heart"


def not_heart(cid: int) -> bool:
    return SUIT[cid] != "heart"


def lightning_hits(cid: int) -> bool:
    return SUIT[cid] == "spade" and 2 <= RANK[cid] <= 9


def judge(g: Game, seat: int, reason: str, good: Callable[[int], bool]) -> Settlement:
    """A judgement frame (push with `yield judge(...)`); returns the `Judgement`."""
    st: State = g.state
    ensure(g, 1)
    cid = st.draw[0]
    data = {"seat": seat, "card": DESC[cid], "reason": reason}
    yield from moved(g, "judge", data, [cid], [("draw", None)], "processing", None, reason)
    j = Judgement(seat, reason, cid)
    yield from fire(g, RETRIAL, j, order_from_current(st, seat))
    j.good = good(j.card)
    g.emit("judge_result", {"seat": seat, "card": DESC[j.card], "reason": reason, "good": j.good})
    yield from fire(g, JUDGE_FINISHED, j, [seat])
    yield from clear_processing(g, [j.card], "judged")
    return j
