"""Information-set MCTS: each iteration takes a new sample of the live game (a determinization
for the bot's seat), walks the tree down it (each node: the acting seat's UCB on its own
results), adds one node, plays `depth` decisions with the game's cheap playout policy, and
values the end with the game's heuristic (or the outcome, when the game ended): a reward per
seat, each node crediting its acting seat's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog

from game_agent.engine import EngineError
from protocol.choices import Choice, RequestSpec, check_choice
from sgs.search.actions import Key, candidates, key_of
from sgs.search.budget import Budget
from sgs.search.sampler import SampleRefused
from sgs.search.tree import Node
from user_agent.bot import Sampler
from user_agent.search import SearchHooks

log = structlog.get_logger("sgs.search")

SEED_BITS = 63
MAX_FINISH = 16  # follow-ups (`SearchHooks.finish`) played past the depth at most


@dataclass
class Result:
    choice: Choice  # None when no sample could be taken (the caller falls back)
    iterations: int
    refused: str | None = None  # why no sample could be taken
    root: Node | None = None


def terminal(outcome: dict[str, Any], seats: int) -> list[float]:
    winners = outcome.get("winners")
    if not isinstance(winners, list):
        w = outcome.get("winner")
        winners = [] if w is None or isinstance(w, str) else [w]
    if not winners:
        return [0.5] * seats
    won = {int(s) for s in winners}
    return [1.0 if s in won else 0.0 for s in range(seats)]


class Search:
    """One decision's search for `seat` on `request` (the live game's open request)."""

    def __init__(
        self,
        seat: int,
        request: RequestSpec,
        sampler: Sampler,
        hooks: SearchHooks,
        budget: Budget,
        rng: random.Random,
        first: Choice | None = None,
    ) -> None:
        self.seat = seat
        self.request = request
        self.sampler = sampler
        self.hooks = hooks
        self.budget = budget
        self.rng = rng
        self.root = Node()
        self.memo: dict[Any, Any] = {}  # the hooks' memo for this decision
        self.live = candidates(request, rng)
        self.led = first is not None and check_choice(request, first) is None
        if first is not None and self.led:
            fk = key_of(request, first)
            self.live = [first, *[c for c in self.live if key_of(request, c) != fk]]
        self.by_key = {key_of(request, c): c for c in self.live}
        self.root_keys = list(self.by_key)

    def run(self, clock: Callable[[], float] = time.perf_counter) -> Result:
        if len(self.live) == 1:
            return Result(self.live[0], 0)
        deadline = None if self.budget.time is None else clock() + self.budget.time
        done = 0
        while True:
            if deadline is None:
                if done >= self.budget.iterations:
                    break
            elif done and clock() >= deadline:
                break
            seed = self.rng.getrandbits(SEED_BITS)
            try:
                sample = self.sampler.sample(seed)
            except SampleRefused as exc:
                if not done:
                    return Result(None, 0, refused=str(exc))
                break
            try:
                self.iterate(sample)
            except EngineError as exc:  # a sample the rules cannot play on: skip it
                log.debug("sample dropped", error=str(exc))
            done += 1
        best = self.root.most_visited()
        if best is not None and self.budget.keep > 0 and self.root_keys:
            lead = self.root.children.get(self.root_keys[0])
            margin = self.root.children[best].mean - self.budget.keep
            if lead is not None and lead.visits and lead.mean >= margin:
                best = self.root_keys[0]
        choice = self.by_key.get(best) if best is not None else None
        return Result(self.live[0] if choice is None else choice, done, root=self.root)

    def iterate(self, g: Any) -> None:
        hooks, budget = self.hooks, self.budget
        prng = random.Random(self.rng.getrandbits(SEED_BITS))
        path: list[tuple[Node, Key, int]] = []
        node: Node | None = self.root
        req: RequestSpec | None = next((r for r in g.open if r.seat == self.seat), None)
        while node is not None and req is not None and not g.finished:
            if node is self.root:
                if node.visits == 0:
                    self._order_root(g, req)
                keys = self.root_keys
                by_key = self.by_key
            else:
                by_key = self._offered(g, req, node, prng)
                keys = list(by_key)
            node.know(keys)
            k = node.select(set(keys), budget.c, budget.widen)
            node.visits += 1
            g.resume(by_key[k], seat=req.seat)
            path.append((node, k, req.seat))
            child = node.children[k]
            fresh = child.node is None
            if fresh:
                child.node = Node()
            node = None if fresh else child.node
            req = g.pending
        played = 0
        while (req := g.pending) is not None:
            if played >= budget.depth and req.kind not in hooks.finish:
                break
            choice = hooks.playout(g, req, prng, self.memo)
            if check_choice(req, choice) is not None:
                choice = req.default
            g.resume(choice, seat=req.seat)
            played += 1
            if played > budget.depth + MAX_FINISH:
                break
        outcome = g.outcome
        rewards = terminal(outcome, g.seats) if outcome is not None else hooks.evaluate(g)
        for n, k, seat in path:
            ch = n.children[k]
            ch.visits += 1
            ch.total += rewards[seat]

    def _order_root(self, g: Any, req: RequestSpec) -> None:
        """The root's children in the prior's order (read on the first sample), the base bot's
        reply first."""
        prior = self.hooks.prior
        if prior is None or req.form != "choice":
            return
        scores = prior(g, req, self.memo)
        if scores is None:
            return
        lead = self.root_keys[:1] if self.led else []
        rest = self.root_keys[len(lead) :]
        keyed = {key_of(req, i): scores[i] for i in range(len(req.options))}
        rest.sort(key=lambda k: -keyed.get(k, 0.0))
        self.root_keys = [*lead, *rest]

    def _offered(
        self, g: Any, req: RequestSpec, node: Node, rng: random.Random
    ) -> dict[Key, Choice]:
        cands = candidates(req, rng)
        prior = self.hooks.prior if self.hooks.prior_everywhere else None
        if prior is not None and req.form == "choice" and len(cands) > 1:
            # the prior orders the children this node has not seen yet (a new tile, new cards)
            new = any(key_of(req, c) not in node.children for c in cands)
            scores = prior(g, req, self.memo) if new else None
            if scores is not None:
                cands.sort(key=lambda c: -scores[c] if isinstance(c, int) else 0.0)
        return {key_of(req, c): c for c in cands}
