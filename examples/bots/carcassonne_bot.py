"""A Carcassonne bot for docs/bots.md: place where my features grow, deploy off the fields.

`place_tile`: every option is a legal placement (x, y, rotation). The view's `regions` (the
board's features, folded from the events) previews what each of the tile's features would
become; a placement scores the features it touches: a feature it completes is worth its points
to whoever holds it (plus for me, minus for the others), an open feature of mine gains a point
per tile, and filling the squares around a cloister counts too.
`deploy`: a follower goes on a city, a cloister or a road of the tile just placed (`info.segments`
names each segment's feature), never on a field, and the last one is kept for a city.

Run it from the repository root:
    sgs sim --game carcassonne --bots examples.bots.carcassonne_bot:Bot
or from this directory:
    sgs sim --game carcassonne --bots carcassonne_bot:Bot
"""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from protocol.games.carcassonne.asks import Placement
from user_agent.bot import Bot as BaseBot
from user_agent.bot import View, random_legal
from user_agent.games.carcassonne.view import CarcassonneView

PREFERENCE = {"city": 3, "cloister": 2, "road": 1}  # fields: never


class Bot(BaseBot):
    name = "guide-carcassonne"
    game = "carcassonne"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else CarcassonneView(seat, 2))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, CarcassonneView):
            return random_legal(request, self.rng)
        if request.kind == "place_tile":
            return self.place(request, view)
        if request.kind == "deploy":
            return self.deploy(request, view)
        return random_legal(request, self.rng)

    def place(self, request: RequestSpec, view: CarcassonneView) -> int:
        tile = str(request.info["tile"])
        scores: list[float] = []
        for p in self.options(request):
            assert isinstance(p, Placement)
            joined, cloisters = view.regions.preview((p.x, p.y), tile, p.rotation)
            score = 0.5 * view.regions.neighbours((p.x, p.y)) + 2.0 * len(cloisters)
            for f in joined:
                if not f.followers or f.type == "field":
                    continue
                mine = f.followers.count(self.seat) >= max(
                    f.followers.count(s) for s in set(f.followers)
                )
                points = (2 if f.type == "city" else 1) * (f.tiles + f.pennants)
                value = points if f.open == 0 else f.tiles * 0.5
                score += value if mine else -value
            scores.append(score)
        top = max(scores)
        return self.rng.choice([i for i, s in enumerate(scores) if s == top])

    def deploy(self, request: RequestSpec, view: CarcassonneView) -> int:
        segments: list[str] = self.options(request)  # segment names, the last one "skip"
        features: dict[str, str] = request.info["segments"]  # segment -> road/city/...
        supply = int(request.info["supply"])
        ranked = [(PREFERENCE.get(features.get(s, ""), 0), i) for i, s in enumerate(segments[:-1])]
        ranked = [r for r in ranked if r[0] > 0 and (supply > 1 or r[0] == 3)]
        if not ranked:
            return len(segments) - 1  # "skip"
        return max(ranked)[1]
