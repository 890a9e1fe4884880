"""The PettingZoo environments: PettingZoo's own API and seed tests, episodes, logs, rewards."""

from __future__ import annotations

import importlib
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from registered import configs

from replays import verify
from sgs.envs import entries
from sgs.runner import winners_of
from user_agent.actions import ActionError

# Every registered environment (`sgs.envs.entries()`), each configuration of its game's rows.
ENVS = [(name, config) for name, (game, _) in entries().items() for config in configs(game)]
IDS = [f"{m}-{c}" for m, c in ENVS]


def module(name: str) -> Any:
    return importlib.import_module(f"sgs.envs.{name}")


def play(
    env: Any, seed: int, policy_seed: int = 0, finals: dict[str, float] | None = None
) -> list[tuple[str, int, bytes]]:
    """A whole episode with random masked actions: (agent, action, observation bytes) per step;
    `finals` gets each agent's final reward, as `last()` gives it to a finished agent."""
    rng = np.random.default_rng(policy_seed)
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            if finals is not None:
                finals[agent] = float(reward)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        trace.append((agent, action, obs["observation"].tobytes()))
        env.step(action)
    return trace


@pytest.mark.parametrize(("name", "config"), ENVS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(name: str, config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on Dict observation spaces
        api_test(module(name).env(config=config), num_cycles=300)
        seed_test(lambda: module(name).env(config=config), num_cycles=100)


@pytest.mark.parametrize(("name", "config"), ENVS, ids=IDS)
def test_same_seed_same_episode_and_the_log_verifies(
    name: str, config: dict[str, Any], tmp_path: Path
) -> None:
    env = module(name).env(config=config, log_dir=str(tmp_path))
    rewards: dict[str, float] = {}
    a = play(env, seed=7, finals=rewards)
    raw = env.unwrapped
    assert rewards.keys() == set(raw.possible_agents)  # (env.rewards is {} by now: AEC)
    outcome = raw.game.outcome
    assert outcome is not None
    winners = set(winners_of(outcome))
    for agent, reward in rewards.items():
        seat = raw.agent_seat[agent]
        assert reward == (0.0 if not winners else 1.0 if seat in winners else -1.0)
    path = raw.log_path
    assert path is not None and Path(path).exists()
    report = verify(path)
    assert report.ok, report.message
    b = play(module(name).env(config=config), seed=7)
    assert a == b
    c = play(module(name).env(config=config), seed=8)
    assert c != a


def test_a_masked_out_action_is_refused_and_the_episode_goes_on() -> None:
    env = module("harmony_v0").env()
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ActionError, match="not allowed now"):
        env.step(illegal)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(legal)  # the same request is still pending and takes a legal action


def test_observations_of_other_seats_hide_their_cards() -> None:
    """Sanguosha: a seat's hand block counts exactly its own cards, step after step."""
    raw = module("sanguosha_v0").raw_env(config={"players": 5})
    raw.reset(seed=3)
    for _ in range(40):
        agent = raw.agent_selection
        obs = raw.observe(agent)
        enc = raw.encoder
        seat = raw.agent_seat[agent]
        own = obs["observation"][enc.hand : enc.hand + 32]
        assert own.sum() == len(raw.game.state.players[seat].hand)
        legal = np.flatnonzero(obs["action_mask"])
        raw.step(int(legal[0]))
        if raw.terminations[raw.agent_selection]:
            break
