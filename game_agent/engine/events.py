"""Events: the only way state changes, and what every seat is told.

An event has a kind (a name in the game's protocol schema) and its full data. Its audience is
given by `seats`: None means everyone may see the full form; otherwise only those seats see it and
every other seat (and spectators) gets `public` instead, or nothing when `public` is None. The
redacted form names no hidden card: only counts and zones (see `visibility.py`).
"""

from __future__ import annotations

from typing import Any


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
