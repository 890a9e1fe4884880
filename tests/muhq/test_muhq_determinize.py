"""`Game.determinize` for muhq: a sample deals again what the seat has not seen (deck orders,
the other players' hands) and keeps everything it has seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game_agent.engine import SPECTATOR, EngineError, Game, fold, view_for
from game_agent.games.muhq import RULESET
from game_agent.games.muhq.audit import problems
from protocol.games.muhq.state import MuhqState


def started(config: dict[str, object], seed: int, steps: int) -> Game:
    g = Game(RULESET, config, seed)
    g.start()
    rng = random.Random(seed)
    for _ in range(steps):
        req = g.pending
        if req is None:
            break
        g.resume(rng.randrange(len(req.options)) if req.form == "choice" else [])
    return g


def finish(g: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not g.finished:
        req = g.pending
        assert req is not None
        g.resume(rng.randrange(len(req.options)) if req.form == "choice" else [])


@pytest.mark.parametrize(("mode", "seed"), [("duel", 1), ("duel", 2), ("kraken", 3), ("kraken", 4)])
def test_a_sample_keeps_what_the_seat_has_seen(mode: str, seed: int) -> None:
    g = started({"mode": mode}, seed, random.Random(seed).randrange(40, 160))
    assert not g.finished
    seat = g.open[0].seat
    d = g.determinize(seat, 99)
    a: MuhqState = g.state
    b: MuhqState = d.state
    assert d.determinized and d.open == g.open
    assert b.perms == a.perms and b.board == a.board and b.stack == a.stack
    for side, (x, y) in enumerate(zip(a.cards, b.cards, strict=True)):
        assert (x.discard, x.store, x.resource) == (y.discard, y.store, y.resource)
        assert len(x.hand) == len(y.hand) and len(x.deck) == len(y.deck)
        assert Counter(x.hand + x.deck) == Counter(y.hand + y.deck)  # the side's cards
        if side == seat or side >= a.players:
            assert x.hand == y.hand  # seen: the own hand, the Kraken's revealed card
            assert Counter(x.deck) == Counter(y.deck)
    ev = d.events[-1]
    assert ev.kind == "redealt" and ev.seats == ()
    for s in (*range(g.seats), SPECTATOR):
        assert view_for(ev, s) == {"sides": a.sides}  # the public form names no card
    assert fold(RULESET, d.config, d.seats, d.events) == d.state


def test_samples_differ_by_seed_and_repeat_by_seed() -> None:
    g = started({}, 5, 0)
    rng = random.Random(5)
    while True:  # a point where the other side's hand and deck can be dealt differently
        st: MuhqState = g.state
        seat = g.open[0].seat
        pool = st.cards[1 - seat].hand + st.cards[1 - seat].deck
        if st.cards[1 - seat].hand and len(set(pool)) > 1 and len(pool) > 3:
            break
        req = g.pending
        assert req is not None and not g.finished
        g.resume(rng.randrange(len(req.options)) if req.form == "choice" else [])
    deals = {str([(c.hand, c.deck) for c in g.determinize(seat, s).state.cards]) for s in range(6)}
    assert len(deals) > 1
    again = [(c.hand, c.deck) for c in g.determinize(seat, 3).state.cards]
    assert again == [(c.hand, c.deck) for c in g.determinize(seat, 3).state.cards]


def test_a_sample_plays_to_the_end_keeping_every_invariant() -> None:
    for seed in range(4):
        g = started({"mode": "kraken" if seed % 2 else "duel"}, seed, 60)
        d = g.determinize(g.open[0].seat, seed + 100)
        finish(d, seed)
        assert problems(d) == []
        assert fold(RULESET, d.config, d.seats, d.events) == d.state


def test_refused_during_the_draft_and_for_another_seats_open_request() -> None:
    g = started({"draft": True}, 1, 3)
    with pytest.raises(EngineError, match="not during the draft"):
        g.determinize(g.open[0].seat, 1)
    g = started({}, 2, 30)
    other = 1 - g.open[0].seat
    with pytest.raises(EngineError, match="open request on its hand"):
        g.determinize(other, 1)
