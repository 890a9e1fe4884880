"""The random legal bot: any game, any request, uniformly among the legal replies."""

from __future__ import annotations

from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot, View, random_legal


class RandomBot(Bot):
    name = "random"
    uses_view = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.form == "choice" and request.options:
            return self.rng.randrange(len(request.options))  # as `random_legal` draws it
        return random_legal(request, self.rng)
