"""A log's messages against the JSON Schema of the contract (`protocol.contract`).

From a log, every message of the game as the wire would carry it: each event in its full form
(against its kind's `<Game><Kind>Data`) and as each seat and a spectator would receive it (the
`event` message, `view_for` deciding the form, with that stream's own `seq`, against
`<Game>ServerMessage`; a form given to seats outside the audience also against its kind's
`<Game><Kind>PublicData`, or `<Game><Kind>Data` where the kind has no public form), each request
(the `request` message, against `<Game>ServerMessage`) and each decision (the `reply` message,
against `AgentMessage`, and its choice against the reply of its request's form). Used by
tests/protocol/test_contract_schema.py and benchmarks/contract_validation.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from protocol.choices import RequestSpec
from protocol.contract import Validators, camel
from protocol.records import SPECTATOR, Decision, Event, view_for
from replays.reader import Log, read_log

DEADLINE = 30.0  # the `deadline` of a request message made from a log (the server's default)
KEPT = 20  # failures kept whole (the rest are counted)


@dataclass
class Checked:
    """What was validated, by message type, and what failed."""

    counts: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    games: int = 0

    def add(self, other: Checked) -> None:
        self.counts.update(other.counts)
        self.failed.update(other.failed)
        self.failures += other.failures[: max(KEPT - len(self.failures), 0)]
        self.games += other.games


class LogChecker:
    """Validates logs against one contract; the validators are made once and reused."""

    def __init__(self, validators: Validators | None = None, every_seat: bool = True) -> None:
        """`every_seat`: validate the `event` message of every seat and of the spectator stream
        one by one; False: one message per form of each event (the full one, the public one)
        with the seq of the first stream that gets it; the others differ from it in `seq` only
        (counted under "event (same form)")."""
        self.v = validators or Validators()
        self.every_seat = every_seat

    def _check(self, out: Checked, what: str, name: str, instance: Any, where: str) -> None:
        out.counts[what] += 1
        error = next(iter(self.v[name].iter_errors(instance)), None)
        if error is not None:
            out.failed[what] += 1
            if len(out.failures) < KEPT:
                at = "/".join(str(p) for p in error.absolute_path)
                out.failures.append(f"{where}: {what} vs {name} at /{at}: {error.message[:300]}")

    def check_path(self, path: str) -> Checked:
        return self.check(read_log(path))

    def check(self, log: Log) -> Checked:
        game = str(log.header["game"])
        seats = len(log.header["seats"])
        p = camel(game)
        served = f"{p}ServerMessage"
        out = Checked(games=1)
        seqs = dict.fromkeys([*range(seats), SPECTATOR], 0)
        requests: dict[tuple[int, int], RequestSpec] = {}
        for i, rec in enumerate(log.records):
            where = f"{log.path} record {i}"
            if isinstance(rec, Event):
                self._event(out, p, served, rec, seqs, f"{where} ({rec.kind})")
            elif isinstance(rec, RequestSpec):
                requests[(rec.seat, rec.id)] = rec
                msg = {"t": "request", "request": rec.to_wire(), "deadline": DEADLINE}
                self._check(out, "request", served, msg, f"{where} ({rec.kind})")
            elif isinstance(rec, Decision):
                self._reply(out, rec, requests.get((rec.seat, rec.id)), where)
        return out

    def _event(
        self,
        out: Checked,
        p: str,
        served: str,
        ev: Event,
        seqs: dict[int, int],
        where: str,
    ) -> None:
        full = f"{p}{camel(ev.kind)}Data"
        if f"{p}{camel(ev.kind)}Event" not in self.v.schema["$defs"]:
            out.counts["event (full)"] += 1
            out.failed["event (full)"] += 1
            out.failures.append(f"{where}: the contract has no {p} event {ev.kind!r}")
            return
        self._check(out, "event (full)", full, ev.data, where)
        public = f"{p}{camel(ev.kind)}PublicData"
        if public not in self.v.schema["$defs"]:
            public = full
        seen: list[object] = []  # the forms validated (every_seat False)
        for seat in seqs:
            data = view_for(ev, seat)
            if data is None:
                continue
            msg = {"t": "event", "seq": seqs[seat], "kind": ev.kind, "data": data}
            seqs[seat] += 1
            if not self.every_seat and any(form is data for form in seen):
                out.counts["event (same form)"] += 1
                continue
            seen.append(data)
            what = "event (spectator)" if seat == SPECTATOR else "event (seat)"
            self._check(out, what, served, msg, f"{where} seat {seat}")
            if ev.seats is not None and seat not in ev.seats:
                self._check(out, "event (public form)", public, data, f"{where} seat {seat}")

    def _reply(self, out: Checked, d: Decision, req: RequestSpec | None, where: str) -> None:
        msg = {"t": "reply", "id": d.id, "choice": d.choice}
        self._check(out, "reply", "AgentMessage", msg, where)
        if req is None:
            out.failed["reply"] += 1
            out.failures.append(f"{where}: a decision of seat {d.seat} to no request {d.id}")
        elif d.choice is not None:
            self._check(out, "reply (form)", f"{camel(req.form)}Reply", d.choice, where)
