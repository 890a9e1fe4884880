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

from conftest import WAIT, Procs, RawAgent

from game_agent.engine import Decision
from protocol.choices import RequestSpec
from replays import read_log, verify
from user_agent.bot import random_legal

DEADLINE = 1.5


class Person(threading.Thread):
    """A seat that thinks too long about its general (it never answers `choose_general` for a
    non-lord) and answers everything else at once.

    The server's heartbeats are its clock: they carry the server's time, one value per beat
    for every seat, and a connection's messages arrive in the order they were sent, so the
    last heartbeat before the `deadline` notice names the server's beat after which the
    deadline ran out; no clock of the test's is read."""

    def __init__(self, endpoint: str, seat: int, token: str, ready: threading.Barrier) -> None:
        super().__init__(daemon=True)
        self.agent = RawAgent(endpoint)
        self.seat = seat
        self.token = token
        self.ready = ready
        self.asked: list[dict[str, Any]] = []  # every request, in order
        self.beat: float | None = None  # the time of the last heartbeat received
        self.deadline_beats: list[float | None] = []  # `beat` when each deadline notice came
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            a = self.agent
            assert a.hello(self.seat, self.token)["t"] == "welcome"
            a.send({"t": "resync", "last_seq": -1})
            # Once the resync is handled (the answer to a status after it has come), the seat's
            # requests leave the moment they are asked; the game goes on only when every seat
            # is there (the one asked first waits for the others).
            pending = a.until_answered()
            self.ready.wait(WAIT)
            rng = random.Random(self.seat)
            end = time.monotonic() + WAIT
            beaten = 0.0
            while not a.bye and time.monotonic() < end:
                if time.monotonic() - beaten >= 0.5:  # a person who thinks is still there
                    a.heartbeat()
                    beaten = time.monotonic()
                msg = pending.pop(0) if pending else a.recv(0.5)
                if msg is None:
                    continue
                if msg["t"] == "heartbeat":
                    self.beat = msg["time"]
                elif msg["t"] == "error" and msg["code"] == "deadline":
                    self.deadline_beats.append(self.beat)
                if msg["t"] != "request":
                    continue
                self.asked.append(msg)
                req = RequestSpec(**msg["request"])
                if req.kind == "choose_general" and req.info["reason"] == "identity":
                    continue  # still thinking when the deadline passes
                a.send({"t": "reply", "id": req.id, "choice": random_legal(req, rng)})
        except BaseException as exc:  # reported by the test
            self.failure = exc


def test_four_silent_general_choices_cost_one_deadline(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "5", "--seed", "11", "--deadline", str(DEADLINE),
        "--heartbeat", "0.25",
    )  # fmt: skip
    ready = threading.Barrier(5)
    people = [Person(served.endpoint, seat, served.tokens[seat], ready) for seat in range(5)]
    for p in people:
        p.start()
    for p in people:
        p.join(3 * WAIT)
        assert p.failure is None, p.failure
        assert p.agent.bye, f"seat {p.seat}: the game did not end"
    assert served.proc.wait() == 0, served.proc.output()

    choosers = [
        p for p in people if any(m["request"]["info"].get("reason") == "identity" for m in p.asked)
    ]
    assert len(choosers) == 4  # every non-lord
    for p in choosers:
        first = next(m for m in p.asked if m["request"]["kind"] == "choose_general")
        assert first["deadline"] > DEADLINE / 2  # its own full deadline, not what was left
        assert p.deadline_beats, f"seat {p.seat} was never told its deadline passed"
    # one deadline for the four: they all ran out after the same beat of the server's clock
    # (one after another, they would be a deadline, several beats, apart)
    assert len({p.deadline_beats[0] for p in choosers}) == 1, [p.deadline_beats for p in choosers]

    log = read_log(served.log_path)
    decisions = [r for r in log.records if isinstance(r, Decision)]
    picks = [d for d in decisions if d.timeout][:4]
    assert sorted(d.seat for d in picks) == sorted(p.seat for p in choosers)
    requests = [r for r in log.records if isinstance(r, RequestSpec)]
    general_requests = [r for r in requests if r.kind == "choose_general"]
    first_pick = log.records.index(picks[0])
    # asked together: the four requests precede the first of the four decisions in the log
    assert all(log.records.index(r) < first_pick for r in general_requests)
    assert verify(served.log_path).ok
