"""`sgs.envs.goofspiel_v0`: PettingZoo's own API and seed tests, a whole episode whose log
verifies, and player_1's observation, asked right after player_0 bid, the same whatever
player_0 bid."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo.test import api_test, seed_test

from replays import verify
from user_agent.games.goofspiel.observe import MAX_OPTIONS


def env(**kwargs: Any) -> Any:
    from sgs.envs import goofspiel_v0

    return goofspiel_v0.env(**kwargs)


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on Dict observation spaces
        api_test(env(), num_cycles=300)
        seed_test(lambda: env(config={"cards": 5}), num_cycles=100)


def test_an_episode_ends_with_rewards_from_the_outcome_and_its_log_verifies(
    tmp_path: Path,
) -> None:
    e = env(log_dir=str(tmp_path), render_mode="ansi")
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert 1 <= len(legal) <= MAX_OPTIONS and legal.max() < MAX_OPTIONS
        e.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    assert steps == 26
    raw = e.unwrapped
    outcome = raw.game.outcome
    w = outcome["winner"]
    assert rewards == (
        {"player_0": 0.0, "player_1": 0.0}
        if w is None
        else {f"player_{s}": 1.0 if s == w else -1.0 for s in (0, 1)}
    )
    assert "round 13 of 13" in e.render()
    report = verify(raw.log_path)
    assert report.ok, report.message


def test_player_1_cannot_tell_player_0s_bid_from_its_observation() -> None:
    seen = set()
    for action in range(13):
        e = env()
        e.reset(seed=5)
        assert e.agent_selection == "player_0"
        e.step(action)
        assert e.agent_selection == "player_1"
        obs = e.observe("player_1")
        seen.add(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        mine = e.observe("player_0")["observation"]
        assert mine.sum() > 0
    assert len(seen) == 1
    # player_0's own observation does show its card: the encoder does see the bid
    firsts = set()
    for action in (0, 5):
        e = env()
        e.reset(seed=5)
        e.step(action)
        firsts.add(e.observe("player_0")["observation"].tobytes())
    assert len(firsts) == 2
