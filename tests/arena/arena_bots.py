"""Bots for the arena's lost-worker tests (imported by name, `arena_bots:DiesInOneGame`, in the
arena's worker processes: tests/arena is on their PYTHONPATH)."""

from __future__ import annotations

import os

from user_agent.bot import View
from user_agent.bots.random_bot import RandomBot

DIE_SEED = "SGS_TEST_DIE_BOT_SEED"  # the bot seed (sgs.runner.bot_seed) of the seat that dies


class DiesInOneGame(RandomBot):
    """The random bot, except in the one game and seat whose bot seed is $SGS_TEST_DIE_BOT_SEED:
    there it ends its own process at once, as the out-of-memory killer would, every time that
    game is played."""

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view)
        if str(seed) == os.environ.get(DIE_SEED):
            os._exit(9)
