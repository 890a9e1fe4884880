"""The fan-out: the only path by which events leave the table.

For every event and every seat (and the spectator view, seat -1) it asks `view_for` — the one
place that decides what a seat may see — and numbers what the seat gets with that seat's own
sequence (0, 1, 2, ... without gaps; an event a seat is told nothing of takes no number). The
encoded messages are kept per seat, so a reconnecting agent gets exactly what it missed.
"""

from __future__ import annotations

from collections.abc import Iterable

from game_agent.engine import SPECTATOR, Event, view_for
from protocol.codec import pack

# An `event` message is the map {"t": "event", "seq": n, "kind": k, "data": d} (the field order
# of protocol.messages.EventMsg). Its bytes are spliced from pieces so that a view shared by
# several seats is packed once, not once per seat; a test checks they equal codec.encode's.
_HEAD = b"\x84" + pack("t") + pack("event") + pack("seq")
_KIND = pack("kind")
_DATA = pack("data")


class Fanout:
    def __init__(self, seats: int) -> None:
        self.audience = [*range(seats), SPECTATOR]
        self._history: dict[int, list[bytes]] = {seat: [] for seat in self.audience}

    def add(self, events: Iterable[Event]) -> list[tuple[int, bytes]]:
        """Number the events for every seat; returns (seat, encoded event message) to send."""
        out: list[tuple[int, bytes]] = []
        for ev in events:
            tail_of: dict[int, bytes] = {}  # id(view) -> packed kind + data, per event
            for seat in self.audience:
                data = view_for(ev, seat)
                if data is None:
                    continue
                tail = tail_of.get(id(data))
                if tail is None:
                    tail = tail_of[id(data)] = _KIND + pack(ev.kind) + _DATA + pack(data)
                hist = self._history[seat]
                blob = _HEAD + pack(len(hist)) + tail
                hist.append(blob)
                out.append((seat, blob))
        return out

    def last_seq(self, seat: int) -> int:
        """The seq of the seat's latest event (-1 when it has none yet)."""
        return len(self._history[seat]) - 1

    def since(self, seat: int, last_seq: int) -> list[bytes]:
        """The seat's events after `last_seq` (which must be in -1..last_seq(seat))."""
        return self._history[seat][last_seq + 1 :]
