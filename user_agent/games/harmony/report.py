"""Harmony's part of the replay report: a turn is a round (`round_started`, said under its
header)."""

from __future__ import annotations

from typing import Any

from user_agent.replay import ReportHooks
from user_agent.words.narrate import Narrator


class HarmonyReport(ReportHooks):
    turn_event = "round_started"
    turn_event_said = True

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        return f"== Round {data.get('round')} =="


REPORT = HarmonyReport()
