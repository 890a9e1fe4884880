"""The conformance suite: what every registered ruleset must keep, checked on every row of its
manifest with the row's bots, a few seeds each (see `conformance_support`).

- fold: the state rebuilt from the events alone equals the live state;
- determinism: the same seed and decisions give the same log, byte for byte; `replays.verify`
  re-executes the written log to the last byte;
- each seat's stream: what `view_for` tells a seat of the log's events, folded into a fresh
  client view, equals the view the seat kept during the game;
- the visibility audit: every event matches its schema; an event whose audience excludes a seat
  gives it only its public form, and a public form carries exactly the schema's redacted fields;
- fork: `Game.fork()` at several points equals the original (events, decisions, requests, open
  requests, state), the fork fed the same replies ends in the same bytes, and so does a fork of
  a fork;
- determinize (where the ruleset has the hook): the sample keeps everything the seat has seen
  (the history of events, the open requests), what it adds tells no seat a secret (an audience
  of none, a public form of the redacted fields), its events fold into its state, and the same
  seed deals the same sample.

The same check over the real wire (`sgs serve` and agents): test_wire_conformance.py.
"""

from __future__ import annotations

import pytest
from conformance_support import (
    CASES,
    DETERMINIZABLE,
    SEEDS,
    Case,
    audience,
    fold_view,
    play,
    played,
    record_bytes,
)
from forking import same_point

from benchmarks.fingerprint import canonical
from game_agent.engine import EngineError, Game, fold
from game_agent.games import load
from protocol.fields import check_fields
from protocol.records import view_for
from protocol.registry import get_schema
from replays import read_log, verify

cases = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
seeds = pytest.mark.parametrize("seed", SEEDS)


@cases
@seeds
def test_fold_equals_the_live_state(case: Case, seed: int) -> None:
    g = played(case, seed).game
    assert g.finished
    assert fold(g.ruleset, g.config, g.seats, g.events) == g.state


@cases
@seeds
def test_the_same_seed_and_decisions_give_the_same_log_bytes(case: Case, seed: int) -> None:
    first = played(case, seed)
    again = play(case, seed, first.log.with_name(f"{first.log.stem}-again.sgslog"))
    assert again.log.read_bytes() == first.log.read_bytes()
    # and the decisions alone, fed back, give the same events
    log = read_log(str(first.log))
    g = Game(load(case.game), log.header["config"], log.header["seed"])
    g.replay(log.decisions)
    assert record_bytes(g) == record_bytes(first.game)


@cases
@seeds
def test_the_written_log_verifies(case: Case, seed: int) -> None:
    path = str(played(case, seed).log)
    for detailed in (False, True):
        report = verify(path, detailed=detailed)
        assert report.ok, report


@cases
@seeds
def test_each_seats_stream_folds_into_the_view_it_kept(case: Case, seed: int) -> None:
    p = played(case, seed)
    events = read_log(str(p.log)).events
    assert events == p.game.events
    for bot in p.bots:
        folded = fold_view(case.game, bot.seat, p.game.seats, events)
        assert canonical(folded) == canonical(bot.view), f"seat {bot.seat}"


@cases
@seeds
def test_no_seat_is_told_more_than_its_audience_allows(case: Case, seed: int) -> None:
    g = played(case, seed).game
    schema = get_schema(g.ruleset.name)
    restricted = 0
    for ev in g.events:
        check_fields(f"{ev.kind} event", ev.data, schema.event_fields(ev.kind))
        if ev.seats is None:
            assert ev.public is None, f"{ev.kind}: a public form on an event everyone sees"
            continue
        restricted += 1
        for seat in audience(g.seats):
            if seat not in ev.seats:
                assert view_for(ev, seat) is ev.public, (ev.kind, seat)
        if ev.public is not None:
            assert ev.kind in schema.redacted, f"{ev.kind}: a public form with no redacted fields"
            check_fields(f"{ev.kind} public form", ev.public, schema.redacted[ev.kind])
    assert restricted or not schema.redacted, "a game with redacted forms that hid nothing"


def fork_points(g: Game) -> list[int]:
    n = len(g.decisions)
    return sorted({1, n // 3, (2 * n) // 3, n - 1} - {0})


@cases
@seeds
def test_a_fork_is_the_original(case: Case, seed: int) -> None:
    original = played(case, seed).game
    decisions = original.decisions
    g = Game(load(case.game), original.config, original.seed)
    g.start()
    forks: list[tuple[int, Game]] = []
    for i, d in enumerate(decisions):
        if i in fork_points(original):
            f = g.fork()
            same_point(f, g)
            assert f.state is not g.state
            forks.append((i, f))
            if len(forks) == 2:  # a fork of a fork
                ff = forks[0][1].fork()
                for d2 in decisions[forks[0][0] : i]:
                    ff.resume(d2.choice, seat=d2.seat, timeout=d2.timeout)
                same_point(ff, g)
                forks.append((i, ff))
        g.resume(d.choice, seat=d.seat, timeout=d.timeout)
    assert forks
    for at, f in forks:
        for d in decisions[at:]:
            f.resume(d.choice, seat=d.seat, timeout=d.timeout)
        assert f.finished
        assert record_bytes(f) == record_bytes(original), f"the fork at decision {at}"


@pytest.mark.parametrize("case", DETERMINIZABLE, ids=[c.id for c in DETERMINIZABLE])
@seeds
def test_determinize_keeps_what_the_seat_has_seen(case: Case, seed: int) -> None:
    original = played(case, seed).game
    schema = get_schema(original.ruleset.name)
    g = Game(load(case.game), original.config, original.seed)
    g.start()
    sampled = 0
    for i, d in enumerate(original.decisions):
        if i in fork_points(original):
            seat = g.open[0].seat
            try:
                s = g.determinize(seat, 1000 + i)
            except EngineError:  # the ruleset refuses to sample at this point
                s = None
            if s is not None:
                sampled += 1
                n = len(g.events)
                assert s.determinized and not g.determinized
                assert s.events[:n] == g.events and s.decisions == g.decisions
                assert s.open == g.open
                for ev in s.events[n:]:  # what the sample added tells nobody a secret
                    assert ev.seats == (), ev
                    if ev.public is not None:
                        check_fields(ev.kind, ev.public, schema.redacted[ev.kind])
                again = g.determinize(seat, 1000 + i)
                assert record_bytes(again) == record_bytes(s) and again.state == s.state
                assert fold(s.ruleset, s.config, s.seats, s.events) == s.state
        g.resume(d.choice, seat=d.seat, timeout=d.timeout)
    assert sampled, "the ruleset refused every point"
