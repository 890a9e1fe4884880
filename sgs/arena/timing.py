"""Each bot's time per decision in an arena run: the seconds its `decide` took, decision by
decision, and the seconds it spent following the game (`on_event`), gathered from every chunk.
Wall-clock figures change from run to run and with the machine's load, so they live in
summary.json's `run` and in the text summary, never in the reproducible files (games.jsonl,
ratings.jsonl, report.md)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class DecisionTimes:
    by_bot: dict[str, array[float]] = field(default_factory=dict)  # each decide's seconds
    events: dict[str, float] = field(default_factory=dict)  # seconds in on_event, in all

    def add(self, bot: str, seconds: Iterable[float], events: float = 0.0) -> None:
        self.by_bot.setdefault(bot, array("d")).extend(seconds)
        self.events[bot] = self.events.get(bot, 0.0) + events

    def merge(self, other: DecisionTimes) -> None:
        for bot, seconds in other.by_bot.items():
            self.add(bot, seconds, other.events.get(bot, 0.0))

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per bot: decisions, milliseconds per decision in `decide` (mean, median, 90th
        percentile, the longest), and the mean with the time spent in `on_event` added."""
        out: dict[str, dict[str, Any]] = {}
        for bot in sorted(self.by_bot):
            ms = np.frombuffer(self.by_bot[bot], dtype=np.float64) * 1000.0
            if ms.size == 0:
                continue
            out[bot] = {
                "decisions": int(ms.size),
                "mean_ms": round(float(ms.mean()), 4),
                "median_ms": round(float(np.median(ms)), 4),
                "p90_ms": round(float(np.quantile(ms, 0.9)), 4),
                "max_ms": round(float(ms.max()), 3),
                "with_events_mean_ms": round(
                    (float(ms.sum()) + 1000.0 * self.events.get(bot, 0.0)) / ms.size, 4
                ),
            }
        return out
