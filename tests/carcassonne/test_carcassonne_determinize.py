"""`Game.determinize` for Carcassonne: the remaining stack is shuffled again, everything else
(the board, the followers, the scores, the drawn tile, which tiles are left) is kept."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game_agent.engine import SPECTATOR, Game, fold, view_for
from game_agent.games.carcassonne import RULESET
from game_agent.games.carcassonne.audit import problems, recount
from game_agent.games.carcassonne.state import CarcState


def started(seed: int, players: int, steps: int) -> Game:
    g = Game(RULESET, {"players": players}, seed)
    g.start()
    rng = random.Random(seed)
    for _ in range(steps):
        req = g.pending
        assert req is not None
        g.resume(rng.randrange(len(req.options)))
    return g


def finish(g: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not g.finished:
        req = g.pending
        assert req is not None
        g.resume(rng.randrange(len(req.options)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4), (5, 5)])
def test_a_sample_keeps_all_but_the_stack_order(players: int, seed: int) -> None:
    g = started(seed, players, random.Random(seed).randrange(2, 60))
    seat = g.open[0].seat
    d = g.determinize(seat, 77)
    a: CarcState = g.state
    b: CarcState = d.state
    assert d.determinized
    assert Counter(b.stack) == Counter(a.stack) and len(b.stack) == len(a.stack)
    for attr in ("regions", "followers", "supply", "scores", "discarded", "tile", "placed"):
        assert getattr(b, attr) == getattr(a, attr), attr
    assert (b.turn, b.seat, b.first_player) == (a.turn, a.seat, a.first_player)
    assert d.open == g.open
    ev = d.events[-1]
    assert ev.kind == "stack" and ev.seats == ()
    for watcher in [*range(players), SPECTATOR]:
        assert view_for(ev, watcher) == {"count": len(a.stack)}
    assert fold(RULESET, d.config, d.seats, d.events) == d.state
    finish(d, seed)  # `problems` reads a finished game (a drawn tile is placed or discarded)
    assert problems(d.events, players, 7) == []


def test_seeds_give_samples() -> None:
    g = started(9, 4, 10)
    seat = g.open[0].seat
    a, b, c = (g.determinize(seat, s) for s in (3, 3, 4))
    assert a.events == b.events and a.state == b.state
    assert a.state.stack != c.state.stack
    assert a.state.stack != g.state.stack


@pytest.mark.parametrize("seed", range(6))
def test_determinized_games_play_on_to_the_end(seed: int) -> None:
    players = 2 + seed % 4
    g = started(seed, players, random.Random(seed).randrange(1, 80))
    d = g.determinize(g.open[0].seat, seed)
    d = d.fork().determinize((seed + 1) % players, seed + 1)  # a sample of a sample
    finish(d, seed)
    assert fold(RULESET, d.config, d.seats, d.events) == d.state
    assert problems(d.events, players, 7) == []
    assert recount(d.events) == d.state.scores
    assert sum(e.kind == "stack" for e in d.events) == 3


def test_the_audit_catches_a_new_order_that_is_not_the_rest_of_the_stack() -> None:
    g = started(2, 2, 6)
    d = g.determinize(0, 1)
    finish(d, 2)
    events = list(d.events)
    i = max(k for k, e in enumerate(events) if e.kind == "stack")
    ev = events[i]
    bad = [*ev.data["order"][1:], "A" if ev.data["order"][0] != "A" else "B"]
    events[i] = type(ev)("stack", {"order": bad}, ev.seats, ev.public)
    found = problems(events, 2, 7)
    assert any("new stack order" in p for p in found)
