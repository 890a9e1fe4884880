"""`Sanguosha.copy_state` (snapshots and forks copy the state with it): the copy equals the state
and shares nothing that changes, the skill index included (a skill a seat gains in a fork must not
reach the game the fork came from)."""

from __future__ import annotations

import random

from game_agent.engine import Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.state import State
from user_agent.bot import random_legal


def played(seed: int, steps: int) -> Game:
    g = Game(RULESET, {"players": 5}, seed)
    g.start()
    rng = random.Random(seed)
    while g.open and len(g.decisions) < steps:
        req = rng.choice(g.open)
        g.resume(random_legal(req, rng), seat=req.seat)
    return g


def test_a_copy_equals_the_state_and_shares_nothing_that_changes() -> None:
    g = played(4, 120)
    st: State = g.state
    c: State = RULESET.copy_state(st)
    assert c == st
    c.players[0].hand.append(-1)
    c.players[1].marks["x"] = 1
    c.players[2].equip["weapon"] = -2
    c.draw.pop()
    c.history.append({"seat": 0})
    c.turn_stack.append(9)
    assert c != st
    assert -1 not in st.players[0].hand and "x" not in st.players[1].marks
    assert st.players[2].equip.get("weapon") != -2
    assert st.turn_stack != c.turn_stack


def test_the_skill_index_is_copied_not_shared() -> None:
    g = played(5, 60)
    st: State = g.state
    c: State = RULESET.copy_state(st)
    mine, theirs = index_of(st), index_of(c)
    assert mine is not theirs
    assert theirs.present == mine.present and list(theirs.triggers) == list(mine.triggers)
    gained = next(
        s for s in sorted(RULESET.skills) if s not in mine.present and RULESET.skills[s].triggers
    )
    theirs.include([gained])
    assert gained in theirs.present and gained not in mine.present
    assert len(list(theirs.triggers)) > len(list(mine.triggers))
