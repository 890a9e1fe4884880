"""Sanguosha's part of the replay report: a turn is a player's turn (`turn`)."""

from __future__ import annotations

from typing import Any

from user_agent.replay import ReportHooks
from user_agent.words.narrate import Narrator


class SanguoshaReport(ReportHooks):
    turn_event = "turn"

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        who = narrator.s(data.get("seat"))
        return f"== Turn {turn} (round {data.get('round')}): {who} =="


REPORT = SanguoshaReport()
