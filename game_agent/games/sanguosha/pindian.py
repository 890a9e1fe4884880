"""Point fights (pindian 拼点, agent spec §3.2): two players each put a hand card face down,
both are shown at once, and the higher rank wins (a tie is no win for the one who asked).

Each side chooses in its own request (nobody sees the other's card before the reveal); one
public `pindian` event then shows both cards, which go to the processing area; the `pindian`
timing lets skills change the numbers (`Pindian.points`) before the result; the cards then go
to the discard pile. The caller settles what winning means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC, RANK
from game_agent.games.sanguosha.index import fire
from game_agent.games.sanguosha.questions import ask_cards
from game_agent.games.sanguosha.state import State, order_from_current
from game_agent.games.sanguosha.timings import PINDIAN
from game_agent.games.sanguosha.zones import clear_processing, moved


@dataclass(slots=True)
class Pindian:
    """Payload of the `pindian` timing and the result: `points[seat]` may be changed."""

    seat: int
    target: int
    reason: str
    cards: dict[int, int] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)

    @property
    def won(self) -> bool:
        """Whether the seat that asked for the fight won it (strictly higher)."""
        return self.points[self.seat] > self.points[self.target]

    def about(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "target": self.target,
            "reason": self.reason,
            "cards": {str(s): DESC[c] for s, c in self.cards.items()},
        }


def can_pindian(st: State, seat: int, target: int) -> bool:
    return seat != target and bool(st.players[seat].hand) and bool(st.players[target].hand)


def pindian(g: Game, seat: int, target: int, reason: str) -> Settlement:
    """A point fight (push with `yield pindian(...)`); returns the `Pindian`. Both sides need
    a hand card (`can_pindian`): asking otherwise is a ruleset bug."""
    st: State = g.state
    if not can_pindian(st, seat, target):
        raise ValueError(f"a point fight needs a hand card on both sides ({seat} vs {target})")
    chosen: dict[int, int] = {}
    for s, other in ((seat, target), (target, seat)):
        hand = list(st.players[s].hand)
        prompt = f"point fight with seat {other}: which hand card (its rank counts)?"
        about = {"seat": seat, "target": target, "reason": reason}
        pick = yield from ask_cards(g, s, reason, prompt, hand, cancel=False, about=about)
        chosen[s] = pick[0]
    a, b = chosen[seat], chosen[target]
    data = {
        "seat": seat,
        "target": target,
        "card": DESC[a],
        "target_card": DESC[b],
        "reason": reason,
    }
    origins: list[tuple[str, int | None]] = [("hand", seat), ("hand", target)]
    yield from moved(g, "pindian", data, [a, b], origins, "processing", None, reason)
    fight = Pindian(seat, target, reason, {seat: a, target: b}, {seat: RANK[a], target: RANK[b]})
    yield from fire(g, PINDIAN, fight, order_from_current(st, seat))
    winner = seat if fight.won else (target if fight.points[target] > fight.points[seat] else None)
    g.emit("pindian_result", {"seat": seat, "target": target, "winner": winner, "reason": reason})
    yield from clear_processing(g, [a, b], reason)
    return fight
