"""Clocks of a table: the pending request's deadline and the heartbeat/liveness schedule.

All times are `time.monotonic()` seconds; nothing here is written to the log.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Deadline:
    """When the pending request takes its default. `at` None = no deadline."""

    request_id: int
    seat: int
    at: float | None

    def remaining(self, now: float) -> float:
        """Seconds left, as sent in `request.deadline` (0 means no deadline)."""
        if self.at is None:
            return 0.0
        return max(self.at - now, 0.001)

    def due(self, now: float) -> bool:
        return self.at is not None and now >= self.at


def deadline_for(request_id: int, seat: int, now: float, seconds: float, present: bool) -> Deadline:
    """A request's deadline. An absent (disconnected) seat under `--deadline 0` takes the
    default at once; otherwise the deadline is the same whether or not the seat is connected, so
    an agent that comes back in time still answers."""
    if seconds > 0:
        return Deadline(request_id, seat, now + seconds)
    return Deadline(request_id, seat, None if present else now)


@dataclass
class Heartbeats:
    """Send a heartbeat every `interval`; a peer silent for `liveness` is gone."""

    interval: float
    liveness: float
    next_beat: float = 0.0

    def beat_due(self, now: float) -> bool:
        if now >= self.next_beat:
            self.next_beat = now + self.interval
            return True
        return False

    def silent(self, last_heard: float, now: float) -> bool:
        return now - last_heard > self.liveness
