"""A table's clock: the pending request's deadline.

All times are `time.monotonic()` seconds; nothing here is written to the log. How a deadline is
set (one per decision, defaults at once for a seat that is away after its one deadline of the
absence) is the table's business (table.py, `_open`).
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
    """A request's deadline: `seconds` from now, or none (`seconds` 0) for a present seat; an
    absent seat under no deadlines takes the default at once."""
    if seconds > 0:
        return Deadline(request_id, seat, now + seconds)
    return Deadline(request_id, seat, None if present else now)
