"""Goofspiel (the game of sealed bids): the event types and request kinds (docs/goofspiel.md).

Vocabulary shared by both sides (no rules here): seats 0 and 1; a card is its value 1..N, the
same numbers in each hand and in the prize deck. Rounds are numbered from 1.

Events (full form; the public form, where it differs, is in `REDACTED`):

``game_started``   cards (N), round (the first round to play), hands ([seat 0's, seat 1's]
                   cards in hand, ascending), prizes (the prize values still in the deck,
                   ascending: their order is secret and no event names one before it is
                   turned), scores, played (the prizes already auctioned, in order)
``prize_revealed`` round, prize (the deck's top card, turned face up)
``bid_made``       round, seat, card; seen by the bidder only. The other seat and spectators
                   get ``round, seat``: that a bid was made, not which card
``bids_revealed``  round, prize, bids ([seat 0's, seat 1's]), winner (seat, or None on a tie:
                   the prize is discarded), scores (after the round)
``game_over``      outcome: winner (seat or None), reason ("total" or "draw"), scores

Request: ``bid`` (form ``choice``): options = the seat's cards in hand, ascending; default 0
(the lowest); info = {"round": r, "prize": p}. Both seats are asked at once.
"""

from __future__ import annotations

from typing import Any

from protocol.registry import Ask, GameSchema, register_schema

MIN_CARDS = 3
MAX_CARDS = 13

EVENTS: dict[str, dict[str, Any]] = {
    "game_started": {
        "cards": int,
        "round": int,
        "hands": [[int]],
        "prizes": [int],
        "scores": [int],
        "played": [int],
    },
    "prize_revealed": {"round": int, "prize": int},
    "bid_made": {"round": int, "seat": int, "card": int},
    "bids_revealed": {
        "round": int,
        "prize": int,
        "bids": [int],
        "winner": (int, None),
        "scores": [int],
    },
}

REDACTED: dict[str, dict[str, Any]] = {
    "bid_made": {"round": int, "seat": int},
}

REQUESTS: dict[str, dict[str, Any]] = {
    "bid": {"round": int, "prize": int},
}

ASKS: dict[str, Ask] = {
    "bid": Ask(
        info={
            "round": "the round, 1..",
            "prize": "the value of the prize card turned up",
        },
        decides="which card of your hand to bid on the prize turned up (both seats bid at once)",
        form="choice",
        option=int,
        default="index 0: your lowest card",
        reply="the index of the card's value in `options` (your hand, ascending)",
    ),
}

SCHEMA = register_schema(
    GameSchema("goofspiel", "1", EVENTS, REQUESTS, redacted=REDACTED, asks=ASKS)
)
