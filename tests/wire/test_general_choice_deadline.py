"""Requests asked together, over the wire: at a 5-player Sanguosha table served by `sgs serve`
(a real process), four people who let their general choice run out cost the table one
deadline, not four; each gets its own request at once, with its own deadline; the log records
the decisions in arrival order and verifies."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

from conftest import Procs, RawAgent

from game_agent.engine import Decision
from protocol.choices import RequestSpec
from replays import read_log, verify
from user_agent.bot import random_legal

DEADLINE = 1.5


class Person(threading.Thread):
    """A seat that thinks too long about its general (it never answers `choose_general` for a
    non-lord) and answers everything else at once."""

    def __init__(self, endpoint: str, seat: int, token: str) -> None:
        super().__init__(daemon=True)
        self.agent = RawAgent(endpoint)
        self.seat = seat
        self.token = token
        self.asked: list[tuple[float, dict[str, Any]]] = []  # (when, request) per request
        self.deadline_errors: list[float] = []
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            a = self.agent
            assert a.hello(self.seat, self.token)["t"] == "welcome"
            a.send({"t": "resync", "last_seq": -1})
            rng = random.Random(self.seat)
            end = time.monotonic() + 60
            while not a.bye and time.monotonic() < end:
                msg = a.recv(1.0)
                if msg is None:
                    continue
                if msg["t"] == "error" and msg["code"] == "deadline":
                    self.deadline_errors.append(time.monotonic())
                if msg["t"] != "request":
                    continue
                self.asked.append((time.monotonic(), msg))
                req = RequestSpec(**msg["request"])
                if req.kind == "choose_general" and req.info["reason"] == "identity":
                    continue  # still thinking when the deadline passes
                a.send({"t": "reply", "id": req.id, "choice": random_legal(req, rng)})
        except BaseException as exc:  # reported by the test
            self.failure = exc


def test_four_silent_general_choices_cost_one_deadline(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "5", "--seed", "11", "--deadline", str(DEADLINE)
    )
    people = [Person(served.endpoint, seat, served.tokens[seat]) for seat in range(5)]
    for p in people:
        p.start()
    for p in people:
        p.join(90)
        assert p.failure is None, p.failure
        assert p.agent.bye, f"seat {p.seat}: the game did not end"
    assert served.proc.wait() == 0

    choosers = [
        p
        for p in people
        if any(m["request"]["info"].get("reason") == "identity" for _t, m in p.asked)
    ]
    assert len(choosers) == 4  # every non-lord
    asked_at = [
        next(t for t, m in p.asked if m["request"]["kind"] == "choose_general") for p in choosers
    ]
    timed_out_at = [p.deadline_errors[0] for p in choosers]
    # all four requests were out before the first deadline passed: asked together
    assert max(asked_at) < min(timed_out_at)
    for p in choosers:
        first = next(m for _t, m in p.asked if m["request"]["kind"] == "choose_general")
        assert first["deadline"] > DEADLINE / 2  # its own full deadline, not what was left
    # one deadline for the four: they all ran out together (sequentially, 4 x 1.5 s apart)
    assert max(timed_out_at) - min(timed_out_at) < DEADLINE / 2

    log = read_log(served.log_path)
    decisions = [r for r in log.records if isinstance(r, Decision)]
    picks = [d for d in decisions if d.timeout][:4]
    assert sorted(d.seat for d in picks) == sorted(p.seat for p in choosers)
    requests = [r for r in log.records if isinstance(r, RequestSpec)]
    general_requests = [r for r in requests if r.kind == "choose_general"]
    first_pick = log.records.index(picks[0])
    # the four requests precede the first of the four decisions in the log
    assert all(log.records.index(r) < first_pick for r in general_requests)
    assert verify(served.log_path).ok
