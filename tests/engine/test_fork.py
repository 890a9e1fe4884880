"""`Game.fork` beyond the conformance suite (which forks every ruleset's games at several points,
tests/conformance): a fork shares nothing with its original, forks amid requests asked together,
of an unstarted and a finished game; and `Game.determinize` for a ruleset without the hook."""

from __future__ import annotations

import random
from typing import Any

import pytest
from forking import play, same_point, step
from registered import every_config
from toy_game import Toy

from game_agent.engine import EngineError, Game, fold
from game_agent.games import load
from game_agent.games.carcassonne import RULESET as CARCASSONNE
from game_agent.games.harmony import RULESET as HARMONY
from game_agent.games.sanguosha import RULESET as SANGUOSHA
from user_agent.bot import random_legal

CONFIGS = every_config()  # every registered game, each configuration of its manifest rows


@pytest.mark.parametrize(("name", "config"), CONFIGS, ids=[f"{g}-{c}" for g, c in CONFIGS])
def test_playing_a_fork_leaves_the_original_untouched(name: str, config: dict[str, Any]) -> None:
    g = Game(load(name), config, 7)
    g.start()
    rng = random.Random(7)
    play(g, rng, 30)
    before = g.fork()
    f = g.fork()
    play(f, random.Random(99))  # a different line, to the end
    assert f.finished
    same_point(g, before)
    assert g.config == before.config
    # and the original plays on as if nothing had happened
    other = before.fork()
    play(g, random.Random(5))
    play(other, random.Random(5))
    same_point(g, other)


def test_a_fork_shares_no_mutable_state() -> None:
    g = Game(SANGUOSHA, {"players": 5}, 3)
    g.start()
    play(g, random.Random(3), 60)
    f = g.fork()
    f.state.players[0].hand.append(-1)
    f.state.draw.clear()
    f.config["roles"].append("x")
    f.events.clear()
    f.decisions.clear()
    f.open.clear()
    assert -1 not in g.state.players[0].hand
    assert g.state.draw
    assert "x" not in g.config["roles"]
    assert g.events and g.decisions and g.open
    assert fold(SANGUOSHA, g.config, g.seats, g.events) == g.state


def test_forking_with_requests_asked_together() -> None:
    g = Game(SANGUOSHA, {"players": 5}, 11)
    g.start()
    rng = random.Random(11)
    while len(g.open) < 2:  # the lord chooses first, then the four others together
        step(g, rng)
    assert len(g.open) == 4
    f = g.fork()
    same_point(f, g)
    # answer two of the four, in a different order than asked, in both games
    for req in (g.open[2], g.open[0]):
        choice = random_legal(req, rng)
        g.resume(choice, seat=req.seat)
        f.resume(choice, seat=req.seat)
    assert len(g.open) == 2
    f2 = g.fork()  # forking in the middle of the together
    same_point(f2, g)
    same_point(f, g)
    state = rng.getstate()
    play(g, rng)
    rng.setstate(state)
    play(f2, rng)
    same_point(f2, g)


def test_fork_of_an_unstarted_and_of_a_finished_game() -> None:
    g = Game(CARCASSONNE, {"players": 2}, 4)
    f = g.fork()
    assert not f.events and f.start().request is not None
    g.start()
    play(g, random.Random(4))
    same_point(g.fork(), g)


def test_determinize_needs_the_ruleset_hook() -> None:
    g = Game(Toy(), {}, 1)
    g.start()
    with pytest.raises(EngineError, match=r"toy.*no determinize hook"):
        g.determinize(0, 1)


def test_harmony_determinized_is_a_fork() -> None:
    g = Game(HARMONY, {}, 2)
    g.start()
    play(g, random.Random(2), 6)
    assert not g.finished
    d = g.determinize(1, 123)
    assert d.determinized and not g.determinized
    same_point(d, g)
    same_point(d.fork(), d)
    assert d.fork().determinized
    with pytest.raises(EngineError, match="no seat 2"):
        g.determinize(2, 1)
