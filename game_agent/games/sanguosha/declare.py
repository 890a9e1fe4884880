"""Face-down declarations (agent spec §3.2: "place a card face down and ask its kind"): a player
puts a hand card face down and declares what it is; the others, in action order, may question
it. The first who questions has it shown. The caller decides what truth and lies cost.

The face-down card is in the `facedown` zone: the move there is hidden (only its owner sees the
card), the declaration is public, and the card is shown only if someone questions it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.questions import ask_label
from game_agent.games.sanguosha.state import State, others_in_order
from game_agent.games.sanguosha.zones import move


@dataclass(frozen=True, slots=True)
class Declared:
    card: int
    claim: str
    questioner: int | None  # the first seat that questioned it, if any

    @property
    def true(self) -> bool:
        return NAME[self.card] == self.claim


def declare(g: Game, seat: int, card: int, claim: str, reason: str) -> Settlement:
    """Put `card` face down declaring it is a `claim`; -> `Declared`. A questioned card is shown
    by moving it face up to the processing area; an unquestioned one stays face down for the
    caller (use it, or move it on)."""
    st: State = g.state
    yield from move(g, [card], "hand", seat, "facedown", None, reason)
    g.emit("declare", {"seat": seat, "claim": claim, "reason": reason})
    for other in others_in_order(st, seat):
        about = {"seat": seat, "claim": claim, "reason": reason}
        prompt = f"seat {seat} says its face-down card is a {claim}: question it?"
        i = yield from ask_label(g, other, reason, prompt, ["believe", "question"], 0, about=about)
        if i == 1:
            g.emit("choice", {"seat": other, "kind": "question", "value": reason})
            yield from move(g, [card], "facedown", None, "processing", None, "questioned")
            return Declared(card, claim, other)
    return Declared(card, claim, None)
