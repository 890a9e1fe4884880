"""The bundled Carcassonne bots and the read-only preview the greedy bot weighs moves with."""

from __future__ import annotations

import copy
import random

import pytest

from game_agent.engine import Game
from game_agent.games.carcassonne import RULESET
from game_agent.games.carcassonne.audit import problems, recount
from game_agent.games.carcassonne.state import CarcState
from sgs.runner import play
from user_agent.bots import resolve
from user_agent.bots.random_bot import RandomBot
from user_agent.games.carcassonne.greedy import GreedyBot


@pytest.mark.parametrize("seed", range(3))
def test_preview_equals_placing_the_tile(seed: int) -> None:
    """For every legal placement of a few turns, the preview's features equal the features
    after really adding the tile to a copy of the board; nothing changes in the original."""
    g = Game(RULESET, RULESET.configure({"players": 2}), seed)
    rng = random.Random(seed)
    g.start()
    turns = 0
    while not g.finished and turns < 25:
        req = g.pending
        assert req is not None
        if req.kind == "place_tile":
            turns += 1
            st: CarcState = g.state
            before = copy.deepcopy(st.regions)
            for x, y, r in req.options[:: max(1, len(req.options) // 6)]:
                joined, cloisters = st.regions.preview((x, y), req.info["tile"], r)
                after = copy.deepcopy(st.regions)
                after.add_tile((x, y), req.info["tile"], r)
                for j in joined:
                    roots = {after.find(((x, y), name)) for name in j.segments}
                    assert len(roots) == 1, "segments grouped apart after placing"
                    region = after.regions[roots.pop()]
                    assert (j.type, j.pennants) == (region.type, region.pennants)
                    if j.type != "field":
                        assert (j.tiles, j.open) == (len(region.tiles), region.open)
                    else:
                        cities = {after.find(c) for c in region.cities}
                        assert j.cities >= len(cities)
                    assert sorted(j.followers) == sorted(region.seats())
                done = [q for q in after.cloisters_near((x, y)) if q != (x, y)]
                assert sorted(cloisters) == sorted(
                    q for q in done if after.regions[(q, "CL")].open == 0
                )
                grouped = sorted(n for j in joined for n in j.segments)
                assert grouped == sorted(s.name for s in after.tiles[(x, y)].segments)
            assert st.regions == before
        g.resume(rng.randrange(len(req.options)))


def test_registry_names_the_carcassonne_bots() -> None:
    assert resolve("greedy", "carcassonne") is GreedyBot
    assert resolve("random", "carcassonne") is RandomBot


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_games_are_sound_and_deterministic(players: int) -> None:
    config = RULESET.configure({"players": players})
    a = play("carcassonne", config, 11, ["greedy", "random"])
    assert problems(a.game.events, players, 7) == []
    assert recount(a.game.events) == a.game.state.scores
    again = play("carcassonne", config, 11, ["greedy", "random"])
    assert again.game.events == a.game.events


def test_greedy_beats_random_in_most_two_player_games() -> None:
    """A small version of the 1,000-game figure in docs/carcassonne.md (greedy wins ~all)."""
    wins = 0
    config = RULESET.configure({"players": 2})
    for seed in range(10):
        seat = seed % 2
        specs = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        played = play("carcassonne", config, seed, specs)
        wins += played.winners == [seat]
    assert wins >= 8
