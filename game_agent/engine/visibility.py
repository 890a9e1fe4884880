"""The one place that decides what a seat may see of an event.

Every path out of the game agent (in-process bots, the network fan-out, the spectator stream,
`sgs replay --seat`) calls `view_for`. Seat -1 is a spectator: public forms only.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine.events import Event

SPECTATOR = -1


def view_for(event: Event, seat: int) -> dict[str, Any] | None:
    """The data `seat` may see of `event`, or None when the seat is told nothing of it."""
    if event.seats is None or seat in event.seats:
        return event.data
    return event.public
