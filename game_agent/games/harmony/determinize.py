"""The determinize hook (`game_agent.engine.Determinizable`): Harmony has no hidden
information (the board, both reserves and the first player are public), so a determinized game
is a plain fork: nothing is dealt again and no event is emitted."""

from __future__ import annotations

from game_agent.engine import Game, Rng


def determinize(g: Game, seat: int, rng: Rng) -> None:
    return None
