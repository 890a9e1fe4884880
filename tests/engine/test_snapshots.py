"""Forks from snapshots (game_agent/engine/game.py, "Forking and determinization"): a game that has
been forked keeps a snapshot at each checkpoint, and later forks start there instead of replaying
the game from its seed. Every registered game marks checkpoints; here, at many random points of
each manifest configuration, a fork from a snapshot must equal the game replayed from its seed, in
everything (events, decisions, requests, open requests, state) and in what it does next with the
same replies, and so must forks of forks and forks of samples. `running_fold` values must follow
the game they belong to, never a fork's divergent history."""

from __future__ import annotations

import random
from typing import Any

import pytest
from forking import play, step
from forking import same_point as at_same_point
from registered import every_config
from toy_game import Toy

from game_agent.engine import EngineError, Game, Settlement
from game_agent.games import load

CONFIGS = every_config()


class Counted:
    """A ruleset that counts how often a game is started from its root (a replay from the seed)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.roots = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def root(self, g: Game) -> Settlement:
        self.roots += 1
        return self._inner.root(g)  # type: ignore[no-any-return]


def same_point(a: Game, b: Game) -> None:
    """`forking.same_point`, and the request numbering too."""
    at_same_point(a, b)
    assert a.asked_after == b.asked_after
    assert [a.asked(s) for s in range(a.seats)] == [b.asked(s) for s in range(b.seats)]


def replayed(g: Game) -> Game:
    r = Game(g.ruleset, g.config, g.seed)
    r.replay(g.decisions)
    return r


def play_both(a: Game, b: Game, seed: int) -> None:
    """The same random replies to both, to the end: they must stay at the same point."""
    ra, rb = random.Random(seed), random.Random(seed)
    while a.open:
        step(a, ra)
        step(b, rb)
    same_point(a, b)


@pytest.mark.parametrize(("name", "config"), CONFIGS, ids=[f"{g}-{c}" for g, c in CONFIGS])
def test_forks_from_snapshots_are_the_game_replayed(name: str, config: dict[str, Any]) -> None:
    ruleset = Counted(load(name))
    for seed in (1, 2):
        g = Game(ruleset, config, seed)  # type: ignore[arg-type]
        g.start()
        rng = random.Random(seed)
        play(g, rng, 3)
        same_point(g.fork(), g)  # the first fork replays, and arms the snapshots
        forks = snapshots = 0
        while g.open:
            # the points thin out as the game goes on (each fork replays the game so far to
            # compare): every decision is within a few of one early on, about 40 points in 500
            # decisions, 85 in 2,000, so a long game costs seconds, not a minute
            play(g, rng, rng.randint(1, 4) + forks // 2)
            if not g.open:
                break
            roots = ruleset.roots
            f = g.fork()
            # Until the game's first checkpoint a fork replays (there is no snapshot yet); once
            # one came from a snapshot, all do: a forked game keeps one at every checkpoint.
            if ruleset.roots == roots:
                snapshots += 1
            else:
                assert not snapshots, "a fork replayed from the seed after one from a snapshot"
            same_point(f, replayed(g))
            same_point(f, g)
            ff = f.fork()  # a fork of a fork, at the same point: from the same snapshot
            same_point(ff, g)
            forks += 1
            if forks % 3 == 0:
                play_both(f, ff, seed + forks)
        assert forks >= 2 and snapshots >= forks - 3
        ref = replayed(g)
        same_point(g.fork(), ref)  # and of a finished game


@pytest.mark.parametrize("name", sorted({n for n, _ in CONFIGS if hasattr(load(n), "determinize")}))
def test_forks_of_samples_follow_the_sample(name: str) -> None:
    config = next(c for n, c in CONFIGS if n == name)
    g = Game(load(name), config, 5)
    g.start()
    rng = random.Random(5)
    taken = 0
    while g.open and taken < 6:
        play(g, rng, rng.randint(1, 4))
        if not g.open:
            break
        try:
            d = g.determinize(g.open[0].seat, rng.randrange(1 << 32))
        except EngineError:
            continue  # not a point where this game takes samples (another seat's request open)
        taken += 1
        same_point(d.fork(), d)
        play(d, random.Random(taken), 10)
        if d.open:
            f = d.fork()
            same_point(f, d)
            assert f.determinized
            play_both(f, d, taken)
    assert taken >= 2


def test_running_folds_follow_their_own_game() -> None:
    def kinds(g: Game) -> list[str]:
        return g.running_fold("kinds", list, lambda v, e: v.append(e.kind), list)

    g = Game(load("sanguosha"), {"players": 5}, 9)
    g.start()
    rng = random.Random(9)
    play(g, rng, 40)
    assert kinds(g) == [e.kind for e in g.events]
    f = g.fork()
    play(f, random.Random(1), 30)  # diverges
    play(g, random.Random(2), 30)
    assert kinds(f) == [e.kind for e in f.events]
    assert kinds(g) == [e.kind for e in g.events]
    assert g.open
    seat = g.open[0].seat
    for s in range(3):  # samples leave what they folded behind for the game they came from
        try:
            d = g.determinize(seat, s)
        except EngineError:
            break
        assert kinds(d) == [e.kind for e in d.events]
        assert kinds(g) == [e.kind for e in g.events]


class Nested(Toy):
    """The toy game with a checkpoint yielded by a child frame, which the engine refuses."""

    def root(self, g: Game) -> Settlement:
        yield self._child(g)

    def _child(self, g: Game) -> Settlement:
        yield g.checkpoint(self._child)


def test_only_the_bottom_frame_may_checkpoint() -> None:
    g = Game(Nested(), {}, 1)
    with pytest.raises(EngineError, match="only the bottom frame may"):
        g.start()


def test_a_ruleset_without_checkpoints_still_forks() -> None:
    g = Game(Toy(), {"rounds": 5}, 3)
    g.start()
    rng = random.Random(3)
    play(g, rng, 4)
    for _ in range(3):
        f = g.fork()
        same_point(f, replayed(g))
        play(g, rng, 1)
