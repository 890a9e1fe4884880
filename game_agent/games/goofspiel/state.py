"""The game state and the event applier (the only code that changes the state).

Folding a game's events onto `new_state()` gives a state equal (==) to the live one. The state
holds no prize order: the flow turns each prize when its round starts (see `flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Event


@dataclass
class GoofspielState:
    cards: int = 0
    round: int = 0  # the round in progress (0 before the first)
    hands: list[list[int]] = field(default_factory=lambda: [[], []])  # ascending
    prizes: list[int] = field(default_factory=list)  # still in the deck, ascending
    played: list[int] = field(default_factory=list)  # prizes auctioned so far, in order
    scores: list[int] = field(default_factory=lambda: [0, 0])
    prize: int | None = None  # the prize on the table this round
    bids: list[int | None] = field(default_factory=lambda: [None, None])  # sealed this round
    outcome: dict[str, Any] | None = None


def new_state() -> GoofspielState:
    return GoofspielState()


def _game_started(s: GoofspielState, d: dict[str, Any]) -> None:
    s.cards = d["cards"]
    s.round = d["round"] - 1
    s.hands = [list(h) for h in d["hands"]]
    s.prizes = list(d["prizes"])
    s.played = list(d["played"])
    s.scores = list(d["scores"])


def _prize_revealed(s: GoofspielState, d: dict[str, Any]) -> None:
    s.round = d["round"]
    s.prize = d["prize"]
    s.prizes.remove(d["prize"])
    s.bids = [None, None]


def _bid_made(s: GoofspielState, d: dict[str, Any]) -> None:
    s.bids[d["seat"]] = d["card"]


def _bids_revealed(s: GoofspielState, d: dict[str, Any]) -> None:
    for seat, card in enumerate(d["bids"]):
        s.hands[seat].remove(card)
    s.played.append(d["prize"])
    s.scores = list(d["scores"])
    s.prize = None
    s.bids = [None, None]


def _game_over(s: GoofspielState, d: dict[str, Any]) -> None:
    s.outcome = d["outcome"]


_APPLY: dict[str, Callable[[GoofspielState, dict[str, Any]], None]] = {
    "game_started": _game_started,
    "prize_revealed": _prize_revealed,
    "bid_made": _bid_made,
    "bids_revealed": _bids_revealed,
    "game_over": _game_over,
}


def apply(state: GoofspielState, event: Event) -> None:
    try:
        fn = _APPLY[event.kind]
    except KeyError:
        raise ValueError(f"goofspiel: unknown event {event.kind!r}") from None
    fn(state, event.data)
