"""Requests asked together (`g.together`): several seats hold an open request at once; the
frame resumes when every strand has returned; decisions are recorded in the order they are made
and re-execution (replay, verify, resume) reproduces the same events. A log holds them in
canonical order (each answers the earliest open request, `replays.format`): a format-4 log in
arrival order is damaged, a format-3 one verifies with a warning."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from toy_game import Toy

from game_agent.engine import (
    Decision,
    EngineError,
    Game,
    IllegalReply,
    RequestSpec,
    Settlement,
)
from replays import read_log, verify
from replays.reader import NOT_CANONICAL
from replays.reexecution import canonical_bytes, reexecute
from replays.writer import LogWriter, header_for


class Duo(Toy):
    """Each round both seats pick at once; a pick of 3 asks the seat to confirm it (a strand
    with two questions). `end_in_strand` ends the game inside a strand."""

    name = "duo"

    def __init__(self, end_in_strand: bool = False, nested: bool = False) -> None:
        self.end_in_strand = end_in_strand
        self.nested = nested

    def root(self, g: Game) -> Settlement:
        for r in range(g.config["rounds"]):
            g.emit("add", {"seat": 0, "n": 0})
            picks = yield g.together([self.pick(g, 0, r), self.pick(g, 1, r)])
            for seat, n in enumerate(picks):
                g.emit("add", {"seat": seat, "n": n})
        t = g.state.totals
        g.end({"winner": None if t[0] == t[1] else (0 if t[0] > t[1] else 1), "totals": t})

    def pick(self, g: Game, seat: int, r: int) -> Settlement:
        value = g.rng.below(100)
        g.emit("secret", {"seat": seat, "value": value}, seats=(seat,), public={"seat": seat})
        if self.nested:
            yield g.together([])
        while True:
            i = yield g.ask(seat, "pick", [1, 2, 3], 0, info={"round": r})
            if i < 2:
                return i + 1
            if self.end_in_strand:
                g.end({"winner": seat, "totals": [0, 0]})
            ok = yield g.ask(seat, "discard", ["keep", "back"], 0, cancel=False)
            if ok == 0:
                return 3


def test_both_seats_are_asked_at_once_and_the_frame_gets_results_in_given_order() -> None:
    g = Game(Duo(), {"rounds": 1}, 7)
    step = g.start()
    assert [(r.seat, r.kind) for r in step.asked] == [(0, "pick"), (1, "pick")]
    assert [r.seat for r in step.open] == [0, 1] and g.pending is step.open[0]
    # seat 1 answers first: nothing settles until seat 0 has answered too
    step = g.resume(0, seat=1)
    assert step.events == [] and step.asked == () and [r.seat for r in step.open] == [0]
    step = g.resume(1, seat=0)
    adds = [e.data for e in step.events if e.kind == "add"]
    assert adds == [{"seat": 0, "n": 2}, {"seat": 1, "n": 1}]
    assert step.finished and g.outcome is not None and g.outcome["totals"] == [2, 1]
    # arrival order, each decision naming its seat and its seat's request id
    assert [(d.seat, d.id, d.choice) for d in g.decisions] == [(1, 0, 0), (0, 0, 1)]
    assert g.asked_after == [0, 0]


def test_a_strand_asks_its_seat_again_while_the_other_waits() -> None:
    g = Game(Duo(), {"rounds": 1}, 7)
    g.start()
    step = g.resume(2, seat=0)  # seat 0 picks 3: it must confirm
    assert [(r.seat, r.kind, r.id) for r in step.asked] == [(0, "discard", 1)]
    assert [(r.seat, r.kind) for r in step.open] == [(1, "pick"), (0, "discard")]
    step = g.resume(1, seat=0)  # back: asked to pick again
    assert [(r.seat, r.kind, r.id) for r in step.asked] == [(0, "pick", 2)]
    g.resume(0, seat=1)
    step = g.resume(2, seat=0)
    step = g.resume(0, seat=0)
    assert g.outcome is not None and g.outcome["totals"] == [3, 1]


def test_wrong_seat_illegal_reply_and_one_open_request_per_seat() -> None:
    g = Game(Duo(), {"rounds": 1}, 7)
    g.start()
    with pytest.raises(IllegalReply):
        g.resume(5, seat=1)
    assert [r.seat for r in g.open] == [0, 1]  # the request still stands
    g.resume(0, seat=1)
    with pytest.raises(EngineError, match="seat 1 has no open request"):
        g.resume(0, seat=1)

    class Twice(Duo):
        def root(self, g: Game) -> Settlement:
            yield g.together([self.pick(g, 0, 0), self.pick(g, 0, 1)])

    with pytest.raises(EngineError, match="seat 0 was asked pick while its pick is still open"):
        Game(Twice(), {}, 1).start()


def test_strands_do_not_nest() -> None:
    with pytest.raises(EngineError, match="cannot start another together"):
        Game(Duo(nested=True), {}, 1).start()


def test_strands_that_ask_nothing_return_at_once() -> None:
    class Quiet(Duo):
        def root(self, g: Game) -> Settlement:
            got = yield g.together([self.value(1), self.value(2)])
            empty = yield g.together([])
            g.end({"winner": None, "totals": [*got, len(empty)]})

        def value(self, n: int) -> Settlement:
            return n
            yield

    g = Game(Quiet(), {}, 1)
    step = g.start()
    assert step.finished and g.outcome == {"winner": None, "totals": [1, 2, 0]}


def test_the_game_can_end_inside_a_strand() -> None:
    g = Game(Duo(end_in_strand=True), {"rounds": 2}, 3)
    g.start()
    step = g.resume(2, seat=1)
    assert step.finished and g.outcome is not None and g.outcome["winner"] == 1
    assert g.open == [] and g.pending is None and g.stack_names() == []


def random_game(seed: int, rounds: int = 6) -> Game:
    """Answers arrive in a random order (the arrival order a wire would give)."""
    g = Game(Duo(), {"rounds": rounds}, seed)
    rng = random.Random(seed)
    g.start()
    while g.open:
        req = rng.choice(g.open)
        g.resume(rng.randrange(len(req.options)), seat=req.seat)
    return g


def test_replaying_the_arrival_order_gives_the_same_events() -> None:
    for seed in range(20):
        g = random_game(seed)
        again = Game(Duo(), {"rounds": 6}, seed)
        again.replay(g.decisions)
        assert again.events == g.events and again.outcome == g.outcome
    # the arrival order matters: seat 1 first differs from seat 0 first in the records only
    orders = {tuple(d.seat for d in random_game(s).decisions) for s in range(20)}
    assert len(orders) > 1


def canonical_game(seed: int, rounds: int = 6) -> Game:
    """Random answers, each to the earliest open request (what the hosts do)."""
    g = Game(Duo(), {"rounds": rounds}, seed)
    rng = random.Random(seed)
    g.start()
    while g.open:
        req = g.open[0]
        g.resume(rng.randrange(len(req.options)), seat=req.seat)
    return g


def write_log(g: Game, path: Path, version: int = 4) -> None:
    """What a host writes: each step's events and asked requests, then each decision."""
    w = LogWriter(path, {**header_for(g, ["a", "b"]), "format": version})
    again = Game(Duo(), g.config, g.seed)
    step = again.start()
    for d in g.decisions:
        w.put_step(step.events, step.asked)
        step = again.resume(d.choice, seat=d.seat, timeout=d.timeout)
        w.decision(again.decisions[-1])
    w.put_step(step.events, step.asked)
    w.close()


def asked_while_others_wait(records: list[Any]) -> int:
    """How many requests were logged after a decision while another request was open (a
    strand's follow-up question: it comes after every request still open)."""
    n = opened = 0
    after_decision = False
    for rec in records:
        if isinstance(rec, RequestSpec):
            n += after_decision and opened > 0
            opened += 1
            after_decision = False
        elif isinstance(rec, Decision):
            opened -= 1
            after_decision = True
    return n


def test_a_log_of_requests_asked_together_verifies_by_both_roads(tmp_path: Path) -> None:
    follow_ups = 0  # a strand's second question, asked while the other seat's is open
    for seed in range(5):
        g = canonical_game(seed)
        path = tmp_path / f"duo-{seed}.sgslog"
        write_log(g, path)
        assert path.read_bytes() == canonical_bytes(header_for(g, ["a", "b"]), g)
        log = read_log(str(path))
        assert log.damage is None and log.disorder is None
        follow_ups += asked_while_others_wait(log.records)
        fast = verify(str(path), Duo())
        slow = verify(str(path), Duo(), detailed=True)
        assert fast.ok and slow.ok, (fast.message, slow.message)
        assert fast.warning is None and slow.warning is None
        rx = reexecute(log, Duo())
        assert rx.divergence is None and rx.game.events == g.events
    assert follow_ups > 3


def test_a_log_in_arrival_order_is_not_canonical(tmp_path: Path) -> None:
    """Answers logged in the order they arrived (what servers did before format 4): a format-4
    log is damaged where the first one answers a later request than the earliest open one; a
    format-3 log reads, re-executes and verifies as before, with a warning."""
    g = next(g for s in range(20) if (g := random_game(s)).decisions[0].seat == 1)
    v4, v3 = tmp_path / "v4.sgslog", tmp_path / "v3.sgslog"
    write_log(g, v4)
    write_log(g, v3, version=3)
    log = read_log(str(v4))
    assert log.damage is not None and log.damage.kind == NOT_CANONICAL and log.damage.mid_file
    assert "not in canonical order" in log.damage.reason
    assert "request 0 of seat 1 while request 0 of seat 0" in log.damage.reason
    assert log.decisions == [] and log.damage.offset == log.good_bytes
    for report in (verify(str(v4), Duo()), verify(str(v4), Duo(), detailed=True)):
        assert (
            not report.ok and f"not in canonical order at byte {log.good_bytes}" in report.message
        )
    old = read_log(str(v3))
    assert old.damage is None and old.disorder is not None
    assert old.disorder.reason == log.damage.reason  # same layout, same offset
    assert reexecute(old, Duo()).divergence is None
    for report in (verify(str(v3), Duo()), verify(str(v3), Duo(), detailed=True)):
        assert report.ok and report.warning is not None, report.message
        assert "not in canonical order" in report.warning


def test_a_decision_for_the_wrong_seat_diverges(tmp_path: Path) -> None:
    """Swap the choices of the first two decisions (both seats asked at once): re-execution
    gives other events than the log holds."""
    for seed in range(20):
        g = canonical_game(seed)
        if g.decisions[0].choice != g.decisions[1].choice:
            break
    path = tmp_path / "duo.sgslog"
    write_log(g, path)
    log = read_log(str(path))
    at = [i for i, r in enumerate(log.records) if isinstance(r, Decision)][:2]
    ra, rb = log.records[at[0]], log.records[at[1]]
    assert isinstance(ra, Decision) and isinstance(rb, Decision) and ra.seat != rb.seat
    log.records[at[0]] = Decision(ra.id, ra.seat, rb.choice, False, ra.at)
    log.records[at[1]] = Decision(rb.id, rb.seat, ra.choice, False, rb.at)
    assert reexecute(log, Duo()).divergence is not None
    assert reexecute(read_log(str(path)), Duo()).divergence is None
