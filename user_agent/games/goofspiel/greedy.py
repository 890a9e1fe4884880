"""A greedy Goofspiel bot that does not simulate the game: it bids in proportion to the prize.

Reading only its view, it ranks the prize among the prizes still to come (this one included)
and bids the card of the same rank in its own hand: the best card for the best prize, the
lowest for the lowest. Against a bidder who spends cards at random this wins most prizes that
matter and throws its low cards on the small ones. Deterministic (it never draws).
"""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot, View, random_legal
from user_agent.games.goofspiel.view import GoofspielView


def matching_bid(prize: int, prizes_left: list[int], hand: list[int]) -> int:
    """The index in `hand` (ascending) of the card ranked as `prize` among `prizes_left`
    (the prizes still to auction, `prize` included), scaled to the hand's size."""
    ranked = sorted(prizes_left)
    rank = ranked.index(prize)
    if len(hand) == len(ranked):
        return rank
    return round(rank * (len(hand) - 1) / max(len(ranked) - 1, 1))


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else GoofspielView(seat))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, GoofspielView):
            view = self.view
        if request.kind != "bid" or not isinstance(view, GoofspielView):
            return random_legal(request, self.rng)
        prize = int(request.info["prize"])
        return matching_bid(prize, [prize, *view.prizes], list(request.options))
