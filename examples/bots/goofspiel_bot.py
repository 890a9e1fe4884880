"""A Goofspiel bot for docs/bots.md: bid the card ranked as the prize is ranked.

Run it from the repository root:  sgs sim --game goofspiel --bots examples.bots.goofspiel_bot:Bot
or from this directory:           sgs sim --game goofspiel --bots goofspiel_bot:Bot
"""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot as BaseBot
from user_agent.bot import View, random_legal
from user_agent.games.goofspiel.view import GoofspielView


class Bot(BaseBot):
    name = "guide-goofspiel"
    game = "goofspiel"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        # the host passes the game's view (a GoofspielView); make one when run without it
        super().__init__(seat, seed, view if view is not None else GoofspielView(seat))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind != "bid" or not isinstance(view, GoofspielView):
            return random_legal(request, self.rng)  # a kind this bot does not know
        hand: list[int] = self.options(request)  # the card values of my hand, ascending
        prize = int(request.info["prize"])
        # the prizes still to come, this one included: the best prize gets my best card,
        # the smallest my smallest
        prizes = sorted([prize, *view.prizes])
        rank = prizes.index(prize) / max(len(prizes) - 1, 1)  # 0.0 (smallest) .. 1.0 (best)
        want = round(rank * (len(hand) - 1))
        # the other seat has bid already or not: its bid is sealed, so only its hand counts;
        # when my card would lose to its best card anyway, throw my smallest instead
        theirs = view.hands[1 - self.seat]
        if theirs and hand[want] < max(theirs) and prize <= prizes[len(prizes) // 2]:
            return 0
        return want
