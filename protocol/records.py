"""The records both sides and the log share: events, decisions, and who may see what.

Events are the only way state changes, and what every seat is told.

An event has a kind (a name in the game's protocol schema) and its full data. Its audience is
given by `seats`: None means everyone may see the full form; otherwise only those seats see it and
every other seat (and spectators) gets `public` instead, or nothing when `public` is None. The
redacted form names no hidden card: only counts and zones (its fields are the schema's
`redacted` form; `view_for` below picks the form a seat gets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.choices import Choice

SPECTATOR = -1


class Event:
    __slots__ = ("data", "kind", "public", "seats")

    def __init__(
        self,
        kind: str,
        data: dict[str, Any],
        seats: tuple[int, ...] | None = None,
        public: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.data = data
        self.seats = seats
        self.public = public

    def __repr__(self) -> str:
        aud = "" if self.seats is None else f" to {list(self.seats)}"
        return f"Event({self.kind}{aud} {self.data})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.data == other.data
            and self.seats == other.seats
            and self.public == other.public
        )

    __hash__ = None  # type: ignore[assignment]

    def to_record(self) -> list[Any]:
        """The omniscient form stored in the log: kind, data, audience, public form."""
        return [self.kind, self.data, None if self.seats is None else list(self.seats), self.public]

    @classmethod
    def from_record(cls, rec: list[Any]) -> Event:
        kind, data, seats, public = rec
        return cls(kind, data, None if seats is None else tuple(seats), public)


def view_for(event: Event, seat: int) -> dict[str, Any] | None:
    """The data `seat` may see of `event`, or None when the seat is told nothing of it.

    The one place that decides what a seat may see: every path out of the game agent (in-process
    bots, the network fan-out, the spectator stream, `sgs replay --seat`) calls it. Seat -1 is a
    spectator: public forms only.
    """
    if event.seats is None or seat in event.seats:
        return event.data
    return event.public


@dataclass(slots=True)
class Decision:
    """A reply the engine accepted: to the seat's request number `id`. `at` is the number of
    events emitted before it. A record: nothing changes it once made (not frozen only because a
    frozen dataclass costs twice as much to build, once per decision)."""

    id: int
    seat: int
    choice: Choice
    timeout: bool
    at: int
