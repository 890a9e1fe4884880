"""Bots for the wire tests: the random bot, slowed down by SGS_TEST_BOT_DELAY seconds per
decision (so a test can act mid-game). Its choices are the random bot's, seed for seed."""

from __future__ import annotations

import os
import time

from protocol.choices import Choice, RequestSpec
from user_agent.bot import View
from user_agent.bots.random_bot import RandomBot


class SlowRandom(RandomBot):
    def decide(self, request: RequestSpec, view: View) -> Choice:
        time.sleep(float(os.environ.get("SGS_TEST_BOT_DELAY", "0")))
        return super().decide(request, view)


class Crashing(RandomBot):
    """A bot whose process dies as soon as it is made (to test a server's bot supervision)."""

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        raise SystemExit(9)


class RacingRandom(RandomBot):
    """The random bot, whose answers to response windows (Nullification asks every seat at once)
    arrive in an order that varies with the seat and the request: a served log must not
    depend on it."""

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind == "respond":
            time.sleep(((request.seat * 7 + request.id) % 5) * 0.004)
        return super().decide(request, view)
