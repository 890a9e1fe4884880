"""Secrecy by knowledge: an audit of what each seat is told against what it can know.

The other audits check each event against the audience it declares, so a hidden move emitted
publicly would pass them. This one restates the visibility rules independently, from the
physical facts of the omniscient events, and tracks for every seat (and spectators, seat -1) the
cards whose whereabouts it may know:

- a card that goes to a face-up zone (discard pile, processing area, out of the game, an
  equipment or judgement area), or is used, played, judged, shown in a point fight or revealed,
  is known to everybody;
- a card that enters or leaves a seat's hand is known to that seat;
- a card a seat looked at (`peek`: Guanxing, Yiji) is known to that seat;
- a seat keeps following a card it knows wherever it goes (Yiji's giver knows whom he gave the
  cards he saw; a Guanxing viewer knows what the next draws are);
- cards shuffled into the draw pile are known to nobody.

Every event a seat receives (its `view_for`) and every request it is asked may name only cards
the seat knows at that moment (after the event's own effect); a card descriptor (a map with
"id" and "name") naming any other card is a leak, and so is any draw-pile `order` field. The
audit is a test tool: the soak and `make test` run it over many games and expect no leak.

One case it does not catch (kept on purpose, it is rare and narrow): a seat that knew a card sat
in another's hand, from a face-up move into that hand, keeps following it through later hidden
moves even when it could not tell which card moved (a blind Snatch of one of several cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game_agent.engine import SPECTATOR, Event, Game, view_for
from protocol.choices import RequestSpec

FACE_UP = frozenset(("discard", "processing", "removed", "equip", "judge"))


def card_ids(value: Any) -> set[int]:
    """Every card id named by a card descriptor (a map with "id" and "name") inside `value`."""
    found: set[int] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is dict:
            if "id" in v and "name" in v and type(v["id"]) is int:
                found.add(v["id"])
            stack.extend(v.values())
        elif type(v) is list:
            stack.extend(v)
    return found


class KnowledgeAudit:
    """Feed it every event in order (`event`) and every request (`request`); read `leaks`."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.watchers = [*range(seats), SPECTATOR]
        self.known: dict[int, set[int]] = {s: set() for s in self.watchers}
        self.leaks: list[str] = []
        self.events = 0

    # --- knowledge updates ----------------------------------------------------------------------

    def _everyone(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        for k in self.known.values():
            k.update(ids)

    def _moved(self, ids: list[int], frm: str, from_seat: Any, to: str, to_seat: Any) -> None:
        if to in FACE_UP:
            self._everyone(ids)
            return
        for s in (from_seat if frm == "hand" else None, to_seat if to == "hand" else None):
            if s is not None:
                self.known[s].update(ids)
        if to in ("draw", "draw_bottom") and frm == "discard":
            self._forget(ids)  # a reshuffle-like move: nobody knows the positions

    def _forget(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        for k in self.known.values():
            k.difference_update(ids)

    def copy(self) -> KnowledgeAudit:
        """An independent audit at the same point (what each seat knows, the leaks so far)."""
        new = KnowledgeAudit.__new__(KnowledgeAudit)
        new.seats = self.seats
        new.watchers = self.watchers
        new.known = {s: set(k) for s, k in self.known.items()}
        new.leaks = list(self.leaks)
        new.events = self.events
        return new

    def learn(self, ev: Event) -> None:
        """Update what each seat knows by one event (no check: `event` learns and checks)."""
        self._learn(ev)
        self.events += 1

    def _learn(self, ev: Event) -> None:
        d = ev.data
        kind = ev.kind
        if kind == "draw":
            self.known[d["seat"]].update(c["id"] for c in d["cards"])
        elif kind == "move":
            ids = [c["id"] for c in d["cards"]]
            self._moved(ids, d["from"], d["from_seat"], d["to"], d["to_seat"])
        elif kind in ("use", "respond"):
            self._everyone(c["id"] for c in d["subcards"])
        elif kind == "judge":
            self._everyone([d["card"]["id"]])
        elif kind == "pindian":
            self._everyone([d["card"]["id"], d["target_card"]["id"]])
        elif kind == "reveal":
            self._everyone(c["id"] for c in d["cards"])
        elif kind == "peek":
            self.known[d["seat"]].update(c["id"] for c in d["cards"])
        elif kind in ("reshuffle", "deck"):
            self._forget(d["order"])

    # --- checks --------------------------------------------------------------------------------

    def _check(self, seat: int, data: Any, what: str) -> None:
        if type(data) is dict and "order" in data:
            self.leaks.append(f"{what}: seat {seat} was sent a draw-pile order")
        unknown = card_ids(data) - self.known[seat]
        if unknown:
            self.leaks.append(f"{what}: seat {seat} was told of unknown cards {sorted(unknown)}")

    def event(self, ev: Event) -> None:
        self._learn(ev)
        for seat in self.watchers:
            seen = view_for(ev, seat)
            if seen is not None:
                self._check(seat, seen, f"event #{self.events} {ev.kind}")
        self.events += 1

    def request(self, req: RequestSpec) -> None:
        what = f"request {req.kind} (seat {req.seat} #{req.id})"
        self._check(req.seat, {"options": req.options, "info": req.info}, what)


def audit_game(g: Game) -> list[str]:
    """The leaks of a played game: every event, and every request checked at the point it was
    asked (a request asked after k decisions was sent with the step that ended where decision
    k was made, or at the end)."""
    a = KnowledgeAudit(g.seats)
    ends = [d.at for d in g.decisions] + [len(g.events)]
    asked = [(ends[k], r) for k, r in zip(g.asked_after, g.requests, strict=True)]
    i = 0
    for n, ev in enumerate(g.events):
        while i < len(asked) and asked[i][0] <= n:
            a.request(asked[i][1])
            i += 1
        a.event(ev)
    for _at, req in asked[i:]:
        a.request(req)
    return a.leaks
