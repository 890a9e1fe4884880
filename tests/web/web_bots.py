"""Bots for the browser tests: Sanguosha's smart bot, slowed down by SGS_TEST_BOT_DELAY seconds
a decision (so that a page comes in mid-game). Its choices are the smart bot's, seed for seed.
`web_support.WEB_BOTS` puts this directory on the bot processes' path."""

from __future__ import annotations

import os
import time

from protocol.choices import Choice, RequestSpec
from user_agent.bot import View
from user_agent.games.sanguosha.smart import SmartBot


class SlowSmart(SmartBot):
    def decide(self, request: RequestSpec, view: View) -> Choice:
        time.sleep(float(os.environ.get("SGS_TEST_BOT_DELAY", "0")))
        return super().decide(request, view)
