"""A Goofspiel bot for docs/bots.md: outbid the other seat's matching card, throw the smallest.

Both hands are public (every bid is shown when its round ends), so the view knows which cards
the other seat still holds. A bidder who bids each prize's own value is beaten by one more;
the smallest prize left is not worth a card, so it gets my smallest.

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
        if view.prizes and prize < min(view.prizes):
            return 0  # the smallest prize left: my smallest card
        theirs = view.hands[1 - self.seat]  # the other seat's cards still in hand
        want = prize + 1 if prize in theirs else prize
        # the smallest card of mine worth `want`, else my smallest (`choice`: reply an index)
        return next((i for i, card in enumerate(hand) if card >= want), 0)
