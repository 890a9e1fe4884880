"""The search tree of one decision: a node per decision reached, its children by action key.

A node is a point of play reached by a sequence of moves (information-set MCTS: the same node
in every sample that reaches it), and the seat acting there picks its child by UCB1 on its own
results. Children that a sample does not offer (another seat's cards differ between samples)
are skipped there; each child counts how often it was offered (`avail`), and that count, not
the parent's visits, goes under the logarithm (Cowling et al.'s ISMCTS). Progressive widening:
a node visited n times considers only its first ceil(widen * sqrt(n + 1)) children in the
order it first saw them (the prior's order)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sgs.search.actions import Key


@dataclass(slots=True)
class Child:
    visits: int = 0
    total: float = 0.0  # the acting seat's rewards summed
    avail: int = 0
    node: Node | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Node:
    visits: int = 0
    children: dict[Key, Child] = field(default_factory=dict)
    order: list[Key] = field(default_factory=list)  # the children in the order first seen

    def know(self, keys: list[Key]) -> None:
        for k in keys:
            if k not in self.children:
                self.children[k] = Child()
                self.order.append(k)

    def select(self, offered: set[Key], c: float, widen: float) -> Key:
        """The child to descend into, among those `offered` by this sample."""
        limit = (
            len(self.order) if widen <= 0 else max(1, math.ceil(widen * (self.visits + 1) ** 0.5))
        )
        considered: list[Key] = []
        for k in self.order:
            if k in offered:
                considered.append(k)
                if len(considered) >= limit:
                    break
        children = self.children
        best: Key | None = None
        best_score = -math.inf
        for k in considered:
            ch = children[k]
            ch.avail += 1
            if ch.visits == 0:
                score = math.inf
            else:
                score = ch.mean + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best, best_score = k, score
        assert best is not None
        return best

    def most_visited(self) -> Key | None:
        """The child played: the most visited, then the best mean, then the first seen."""
        best: Key | None = None
        for k in self.order:
            ch = self.children[k]
            if ch.visits == 0:
                continue
            if best is None:
                best = k
                continue
            b = self.children[best]
            if (ch.visits, ch.mean) > (b.visits, b.mean):
                best = k
        return best
