"""The loop every soak shares: random legal replies from a seeded generator, the game written to
a replay log as the hosts write it, and that log verified (re-executed from seed + decisions).

`before(game, request)`, when given, runs before each reply: a soak's checks at every decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from game_agent.engine import Game, RequestSpec, Ruleset
from replays import LogWriter, header_for, verify
from user_agent.bot import random_legal


def play_random(
    ruleset: Ruleset,
    config: Mapping[str, Any],
    seed: int,
    log_path: str | None = None,
    before: Callable[[Game, RequestSpec], None] | None = None,
) -> Game:
    """Play one game to the end; raises AssertionError when its log does not verify."""
    g = Game(ruleset, config, seed)
    rng = random.Random(seed * 7919 + 1)
    writer = None if log_path is None else LogWriter(log_path, header_for(g, ["random"] * g.seats))
    step = g.start()
    while True:
        if writer is not None:
            writer.put_step(step.events, step.asked)
        if step.request is None:
            break
        if before is not None:
            before(g, step.request)
        step = g.resume(random_legal(step.request, rng))
        if writer is not None:
            writer.decision(g.decisions[-1])
    if writer is not None:
        writer.close()
        report = verify(writer.path)
        if not report.ok:
            raise AssertionError(report.message)
    return g
