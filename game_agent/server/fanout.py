"""The fan-out: the only path by which events leave the table.

For every event and every seat (and the spectator view, seat -1) it asks `view_for` — the one
place that decides what a seat may see — and numbers what the seat gets with that seat's own
sequence (0, 1, 2, ... without gaps; an event a seat is told nothing of takes no number). The
encoded messages are kept per seat, so a reconnecting agent gets exactly what it missed.
"""

from __future__ import annotations

from collections.abc import Iterable

from game_agent.engine import SPECTATOR, Event, view_for
from protocol.codec import encode
from protocol.messages import EventMsg


class Fanout:
    def __init__(self, seats: int) -> None:
        self.audience = [*range(seats), SPECTATOR]
        self._history: dict[int, list[bytes]] = {seat: [] for seat in self.audience}

    def add(self, events: Iterable[Event]) -> list[tuple[int, bytes]]:
        """Number the events for every seat; returns (seat, encoded event message) to send."""
        out: list[tuple[int, bytes]] = []
        for ev in events:
            for seat in self.audience:
                data = view_for(ev, seat)
                if data is None:
                    continue
                hist = self._history[seat]
                blob = encode(EventMsg(len(hist), ev.kind, data))
                hist.append(blob)
                out.append((seat, blob))
        return out

    def last_seq(self, seat: int) -> int:
        """The seq of the seat's latest event (-1 when it has none yet)."""
        return len(self._history[seat]) - 1

    def since(self, seat: int, last_seq: int) -> list[bytes]:
        """The seat's events after `last_seq` (which must be in -1..last_seq(seat))."""
        return self._history[seat][last_seq + 1 :]
