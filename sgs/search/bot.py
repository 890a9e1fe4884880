"""`mcts`: the information-set MCTS bot of every game whose client manifest names search hooks
(`ClientGame.search`). In-process only: it searches on samples of the live game that the host
gives it (`Bot.sampler`); over the wire there is none and the bot is refused.

The spec carries its budget (`sgs.search.budget`): `mcts`, `mcts:iterations=200`,
`mcts:time=0.5`, `mcts:iterations=500:depth=0:c=1.0`. With an iteration budget the bot is
deterministic given its seed and its view; with a time budget it is not.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, ClassVar

from protocol.choices import Choice, RequestSpec
from sgs.search.budget import Budget, parse
from sgs.search.mcts import Search
from user_agent.bot import Bot, View, random_legal
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.search import SearchHooks


class MctsBot(Bot):
    name = "mcts"
    wants_sampler = True
    hooks: ClassVar[SearchHooks | None] = None
    budget: ClassVar[Budget] = Budget(iterations=100)
    base_class: ClassVar[type[Bot] | None] = None

    @classmethod
    def configure(cls, game: str, options: Mapping[str, str]) -> type[Bot]:
        c = client(game)
        if c is None or c.search is None:
            raise ValueError(f"game {game!r} names no search hooks (ClientGame.search)")
        hooks: SearchHooks = resolve(c.search)
        default = Budget(
            iterations=hooks.iterations,
            depth=hooks.depth,
            c=hooks.c,
            keep=hooks.keep,
            widen=hooks.widen,
        )
        budget = parse(options, default)
        base: type[Bot] | None = resolve(hooks.base) if hooks.base else None
        label = ":".join(["mcts", *(f"{k}={v}" for k, v in options.items())])
        attrs = {"hooks": hooks, "budget": budget, "base_class": base, "name": label}
        return type(cls.__name__, (cls,), attrs)

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view)
        base = type(self).base_class
        # The base bot folds the same view (the only fold of it): its reply leads the search.
        self.base = None if base is None else base(seat, seed, view)
        if self.base is not None:
            self.view = self.base.view
        self.searched = 0  # decisions searched
        self.fallbacks = 0  # decisions where no sample could be taken
        self.iterations = 0
        self.seconds: list[float] = []  # the (wall) time of each decision searched
        self.cpu_seconds: list[float] = []  # and its process CPU time

    def on_event(self, kind: str, data: dict[str, Any]) -> None:
        if self.base is not None:
            self.base.on_event(kind, data)
        else:
            super().on_event(kind, data)

    def decide(self, request: RequestSpec, view: View) -> Choice:
        hooks = type(self).hooks
        assert hooks is not None, "MctsBot is configured through user_agent.bots.resolve"
        first = self.base.decide(request, view) if self.base is not None else None
        if hooks.searched and request.kind not in hooks.searched:
            return first if self.base is not None else random_legal(request, self.rng)
        if self.sampler is None:
            raise RuntimeError("mcts needs a sampler: play it in-process (sgs sim, sgs arena)")
        started, cpu = time.perf_counter(), time.process_time()
        search = Search(self.seat, request, self.sampler, hooks, type(self).budget, self.rng, first)
        result = search.run()
        if result.iterations:
            self.searched += 1
            self.iterations += result.iterations
            self.seconds.append(time.perf_counter() - started)
            self.cpu_seconds.append(time.process_time() - cpu)
        if result.choice is None:
            self.fallbacks += 1
            return first if self.base is not None else random_legal(request, self.rng)
        return result.choice
