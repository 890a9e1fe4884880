"""The settlements of a game: the rounds, the sealed bids and the result (docs/goofspiel.md).

The stack is ``root`` while a round settles, and ``root`` + one ``bid`` strand per seat while
the bids are asked (`g.together`: both seats at once). The prize deck's order is never held in
the state nor named by an event: each round turns a prize drawn at random from those left
(which deals the same as shuffling the deck first), or, in a scenario, the next prize of its
fixed order.
"""

from __future__ import annotations

from collections.abc import Sequence

from game_agent.engine import Game, Settlement
from game_agent.games.goofspiel.state import GoofspielState


def root(g: Game) -> Settlement:
    n = g.config["cards"]
    sc = g.config["scenario"]
    if sc is None:
        hand = list(range(1, n + 1))
        g.emit(
            "game_started",
            {
                "cards": n,
                "round": 1,
                "hands": [hand, list(hand)],
                "prizes": list(hand),
                "scores": [0, 0],
                "played": [],
            },
        )
    else:
        g.emit(
            "game_started",
            {
                "cards": n,
                "round": len(sc["played"]) + 1,
                "hands": [list(h) for h in sc["hands"]],
                "prizes": sorted(sc["deck"]),
                "scores": list(sc["scores"]),
                "played": list(sc["played"]),
            },
        )
    yield from rounds(g, None if sc is None else list(sc["deck"]))


def rounds(g: Game, prizes: Sequence[int] | None) -> Settlement:
    """The rounds left; `prizes`: a scenario's prizes still to come, in order (None: drawn at
    random). A checkpoint before each."""
    st: GoofspielState = g.state
    order = None if prizes is None else list(prizes)
    while st.prizes:
        yield g.checkpoint(rounds, None if order is None else tuple(order))
        r = st.round + 1
        prize = st.prizes[g.rng.below(len(st.prizes))] if order is None else order.pop(0)
        g.emit("prize_revealed", {"round": r, "prize": prize})
        bids = yield g.together([bid(g, 0, r, prize), bid(g, 1, r, prize)])
        reveal(g, r, prize, bids)
    end(g)


def bid(g: Game, seat: int, r: int, prize: int) -> Settlement:
    """One seat's sealed bid: only the bidder is told which card; the other seat and the
    spectators are told that a bid was made."""
    hand = list(g.state.hands[seat])
    i = yield g.ask(seat, "bid", hand, 0, info={"round": r, "prize": prize})
    card: int = hand[i]
    g.emit(
        "bid_made",
        {"round": r, "seat": seat, "card": card},
        seats=(seat,),
        public={"round": r, "seat": seat},
    )
    return card


def reveal(g: Game, r: int, prize: int, bids: list[int]) -> None:
    """Both bids face up: the higher takes the prize's value; on a tie the prize is discarded."""
    scores = list(g.state.scores)
    winner: int | None = None
    if bids[0] != bids[1]:
        winner = 0 if bids[0] > bids[1] else 1
        scores[winner] += prize
    g.emit(
        "bids_revealed",
        {"round": r, "prize": prize, "bids": list(bids), "winner": winner, "scores": scores},
    )


def end(g: Game) -> None:
    """After the last prize: the higher total wins; equal totals are a draw."""
    a, b = g.state.scores
    winner = None if a == b else (0 if a > b else 1)
    g.end({"winner": winner, "reason": "draw" if winner is None else "total", "scores": [a, b]})
