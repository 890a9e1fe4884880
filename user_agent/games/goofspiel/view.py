"""Goofspiel: the table as a seat sees it, folded from that seat's events only.

Both hands are public (every bid is shown when the round ends), as are the scores and the
prizes still in the deck (not their order). What a seat may not know is the other seat's bid
until the reveal: the view then holds only that a bid was made (`bid_made`). Seat -1 is a
spectator: it knows no bid before the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Round:
    """One auctioned prize: the bids, and who took it (None: a tie, the prize is discarded)."""

    round: int
    prize: int
    bids: tuple[int, int]
    winner: int | None


class GoofspielView:
    KINDS = frozenset(("game_started", "prize_revealed", "bid_made", "bids_revealed", "game_over"))

    def __init__(self, seat: int, seats: int = 2) -> None:
        self.seat = seat
        self.seats = seats
        self.cards = 0
        self.round = 0
        self.hands: list[list[int]] = [[], []]  # ascending
        self.prizes: list[int] = []  # still in the deck, ascending
        self.scores = [0, 0]
        self.prize: int | None = None  # on the table this round
        self.bid: int | None = None  # this seat's own sealed bid
        self.has_bid = [False, False]  # who has bid this round (not what)
        self.history: list[Round] = []
        self.played: list[int] = []  # prizes auctioned before the history starts (a scenario)
        self.outcome: dict[str, Any] | None = None

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "prize_revealed":
            self.round = data["round"]
            self.prize = data["prize"]
            self.prizes.remove(data["prize"])
            self.bid = None
            self.has_bid = [False, False]
        elif kind == "bid_made":
            self.has_bid[data["seat"]] = True
            if data["seat"] == self.seat:
                self.bid = data["card"]
        elif kind == "bids_revealed":
            b0, b1 = data["bids"]
            for seat, card in enumerate((b0, b1)):
                self.hands[seat].remove(card)
            self.history.append(Round(data["round"], data["prize"], (b0, b1), data["winner"]))
            self.scores = list(data["scores"])
            self.prize = None
            self.bid = None
            self.has_bid = [False, False]
        elif kind == "game_started":
            self.cards = data["cards"]
            self.round = data["round"] - 1
            self.hands = [list(h) for h in data["hands"]]
            self.prizes = list(data["prizes"])
            self.scores = list(data["scores"])
            self.played = list(data["played"])
        elif kind == "game_over":
            self.outcome = data["outcome"]

    @property
    def me(self) -> int:
        """The seat the table is drawn from (seat 0 for a spectator)."""
        return self.seat if self.seat in (0, 1) else 0

    def render(self) -> str:
        """The table as a few lines of text."""
        me, opp = self.me, 1 - self.me
        prize = "-" if self.prize is None else str(self.prize)
        lines = [
            f"round {self.round} of {self.cards}: prize {prize}; "
            f"left in the deck {_cards(self.prizes)}",
            f"seat {me}: {self.scores[me]} points, hand {_cards(self.hands[me])}"
            + ("" if self.bid is None else f", bid {self.bid}"),
            f"seat {opp}: {self.scores[opp]} points, hand {_cards(self.hands[opp])}"
            + (", has bid" if self.has_bid[opp] else ""),
        ]
        if self.history:
            last = self.history[-1]
            took = "a tie, discarded" if last.winner is None else f"seat {last.winner} took it"
            lines.append(f"last: prize {last.prize}, bids {last.bids[0]}-{last.bids[1]}, {took}")
        return "\n".join(lines)


def _cards(cards: list[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def make_view(seat: int, seats: int) -> GoofspielView:
    return GoofspielView(seat, seats)
