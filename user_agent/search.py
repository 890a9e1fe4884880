"""What a game gives a search bot (`mcts`, `sgs.search`): how to value a sample of the game
and how to play one cheaply. A game's client names its `SearchHooks` in `ClientGame.search`.

A *sample* is a determinized game (`Bot.sampler.sample(seed)`: the engine's `Game`, typed `Any`
here so that the SDK loads no engine): everything in it is what the bot's seat knows, and the
rest dealt again at random. The hooks read the sample's current state and open requests only,
never its past events (those are the live game's, secrets included).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from protocol.choices import Choice, RequestSpec

# sample -> a value per seat in [0, 1]: how likely that seat is to win from here (a heuristic).
Evaluate = Callable[[Any], list[float]]
# (sample, its open request, rng, memo) -> a legal reply: the cheap policy of the playouts.
# `memo` is a dict that lives for one decision's search: a hook may keep answers in it under
# keys that fix them (Carcassonne: the board and the tile), so that a position met in many
# samples is weighed once. It must not outlive the decision (games must not depend on which
# games a process played before).
Playout = Callable[[Any, RequestSpec, random.Random, dict[Any, Any]], Choice]
# (sample, its open request, memo) -> a score per option of a `choice` request (higher: tried
# first), for progressive widening; None: the request's options in their order.
Prior = Callable[[Any, RequestSpec, dict[Any, Any]], list[float] | None]


@dataclass(frozen=True)
class SearchHooks:
    evaluate: Evaluate
    playout: Playout
    prior: Prior | None = None
    # "module:Class" of a bot of the game that folds the seat's view beside the search: its reply
    # is the first candidate at the root, and the reply for requests not searched.
    base: str | None = None
    # the request kinds searched (empty: every kind); the others are the base bot's
    searched: frozenset[str] = frozenset()
    # decisions played out after the tree before the evaluation (the default `depth` option)
    depth: int = 20
    # request kinds the playout policy answers before any evaluation, past `depth` too: the
    # follow-ups of a move that the evaluation should not see half made (Carcassonne's deploy)
    finish: frozenset[str] = frozenset()
    # whether the prior orders every node's children (else the root's only: it can be dear)
    prior_everywhere: bool = True
    # iterations per decision when the bot's spec gives no budget
    iterations: int = 100
    # the defaults of the options `c` (UCB's exploration: rewards are in [0, 1]) and `keep`
    # (the lead is played unless a reply is better on average by more than this)
    c: float = 0.7
    keep: float = 0.0
    widen: float = 2.0  # the default of the option `widen`
