"""Goofspiel in words: one sentence per event (None for what a person need not read), per
request and per option (plain functions; `seat_name(seat)` names a seat), and `WORDS`, the
`GameWords` the shared driver reads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from user_agent.words.game import GameWords, Handler
from user_agent.words.requests import RequestContext, RequestWords
from user_agent.words.shapes import Teller

SeatName = Callable[[int], str]


def default_seat_name(seat: int) -> str:
    return f"seat {seat}"


def event(kind: str, data: dict[str, Any], seat_name: SeatName = default_seat_name) -> str | None:
    """The event as a sentence. A `bid_made` without `card` is another seat's sealed bid."""
    if kind == "game_started":
        a, b = data["scores"]
        start = f"{data['cards']} cards each"
        if data["played"]:
            start += (
                f", from round {data['round']} ({seat_name(0)} {a}, {seat_name(1)} {b}; "
                f"prizes left {', '.join(map(str, data['prizes']))})"
            )
        return f"Goofspiel starts: {start}."
    if kind == "prize_revealed":
        return f"Round {data['round']}: the prize is {data['prize']}."
    if kind == "bid_made":
        who = seat_name(data["seat"])
        if "card" in data:
            return f"{who} bids {data['card']} in secret."
        return f"{who} has made a sealed bid."
    if kind == "bids_revealed":
        b0, b1 = data["bids"]
        shown = f"{seat_name(0)} bid {b0}, {seat_name(1)} bid {b1}"
        w = data["winner"]
        if w is None:
            return f"{shown}: a tie, the prize {data['prize']} is discarded."
        a, b = data["scores"]
        return f"{shown}: {seat_name(w)} takes {data['prize']} (now {a} to {b})."
    if kind == "game_over":
        out = data["outcome"]
        a, b = out["scores"]
        if out["winner"] is None:
            return f"Game over: a draw, {a} to {b}."
        return f"Game over: {seat_name(out['winner'])} wins, {a} to {b}."
    return None


def request(kind: str, info: dict[str, Any]) -> str:
    """What the seat is asked."""
    if kind == "bid":
        return f"Round {info['round']}: bid a card for the prize {info['prize']}."
    return kind.replace("_", " ")


def option(kind: str, value: Any) -> str:
    """One option of a request."""
    if kind == "bid":
        return f"bid {value}"
    return str(value)


# --- as the shared driver reads them ---------------------------------------------------------


def _handler(kind: str) -> Handler:
    def told(n: Teller, data: dict[str, Any]) -> str | None:
        return event(kind, data, n.s)

    return told


def _bid(c: RequestContext) -> RequestWords:
    options = [option("bid", v) for v in c.req.options]
    return RequestWords(request("bid", c.info), options, [None] * len(options), options[0])


def _outcome(n: Teller, o: dict[str, Any]) -> str:
    return event("game_over", {"outcome": o}, n.s) or "The game is over."


WORDS = GameWords(
    events={
        kind: _handler(kind)
        for kind in ("game_started", "prize_revealed", "bid_made", "bids_revealed")
    },
    requests={"bid": _bid},
    outcome=_outcome,
)
