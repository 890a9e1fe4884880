"""How the final rewards reach an agent, and the `Game` behind an environment (docs/research.md).

The environments keep PettingZoo's AEC bookkeeping: the step that ends the game sets every
agent's reward in `env.rewards`; then each finished agent's `step(None)` removes it from
`env.rewards` (PettingZoo's `_was_dead_step`) and zeroes the others' there, while `last()`
still gives each its final reward. After the episode `env.rewards` is `{}`. The same is checked
of PettingZoo's own AEC implementation (`parallel_to_aec`), so that a change of PettingZoo's
semantics shows here.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from game_agent.engine import Game
from sgs.envs import SgsEnv
from sgs.runner import winners_of

Trace = list[tuple[str, float, dict[str, float]]]


def finish(env: Any, seed: int) -> tuple[dict[str, float], Trace]:
    """Play an episode with the first legal action: (env.rewards right after the step that
    ended it, [(agent, last()'s reward, env.rewards) at each finished agent's turn])."""
    env.reset(seed=seed)
    at_end: dict[str, float] = {}
    trace: Trace = []
    for agent in env.agent_iter():
        _, reward, term, trunc, _ = env.last()
        if term or trunc:
            if not trace:
                at_end = dict(env.rewards)
            trace.append((agent, float(reward), dict(env.rewards)))
            env.step(None)
        else:
            env.step(first_legal(env))
    return at_end, trace


def first_legal(env: Any) -> int:
    obs = env.observe(env.agent_selection)
    return int(np.flatnonzero(obs["action_mask"])[0]) if isinstance(obs, dict) else 0


def check_aec_rewards(env: Any, at_end: dict[str, float], trace: Trace) -> None:
    agents = list(env.possible_agents)
    assert sorted(a for a, _, _ in trace) == sorted(agents)  # each finished agent stepped once
    assert at_end.keys() == set(agents)
    for i, (agent, reward, rewards) in enumerate(trace):
        assert reward == at_end[agent]  # last() gives the final reward
        if i == 0:
            assert rewards == at_end
        else:  # the agents already stepped are gone, the others' step rewards cleared
            assert rewards == {a: 0 for a, _, _ in trace[i:]}
    assert env.rewards == {} and env.agents == []


class _OneStep(ParallelEnv):  # type: ignore[misc]
    """The smallest game: one simultaneous step, `a` wins."""

    metadata: dict[str, Any] = {"name": "one_step", "render_modes": []}
    possible_agents = ["a", "b"]
    render_mode = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        self.agents = list(self.possible_agents)
        return {a: 0 for a in self.agents}, {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(2)

    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(2)

    def step(self, actions: dict[str, int]) -> Any:
        rewards = {"a": 1.0, "b": -1.0}
        self.agents = []
        done = dict.fromkeys(rewards, True)
        infos: dict[str, dict[str, Any]] = {a: {} for a in rewards}
        return {a: 0 for a in rewards}, rewards, done, dict.fromkeys(rewards, False), infos


def test_pettingzoo_itself_empties_rewards_after_the_episode() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = parallel_to_aec(_OneStep())
        at_end, trace = finish(env, seed=1)
    assert at_end == {"a": 1.0, "b": -1.0}
    check_aec_rewards(env, at_end, trace)


@pytest.mark.parametrize(
    ("name", "config"),
    [("harmony_v0", {}), ("sanguosha_v0", {"players": 5}), ("carcassonne_v0", {"players": 3})],
)
def test_final_rewards_come_through_last_as_in_pettingzoo(
    name: str, config: dict[str, Any]
) -> None:
    env = importlib.import_module(f"sgs.envs.{name}").env(config=config)
    at_end, trace = finish(env, seed=3)
    check_aec_rewards(env, at_end, trace)
    game = env.game
    assert isinstance(game, Game) and game.outcome is not None
    winners = set(winners_of(game.outcome))
    for agent, seat in env.agent_seat.items():
        assert at_end[agent] == (0.0 if not winners else 1.0 if seat in winners else -1.0)


def test_env_game_is_the_engines_game() -> None:
    env: SgsEnv = importlib.import_module("sgs.envs.harmony_v0").env()
    assert env.game is None  # before reset
    env.reset(seed=5)
    game = env.game
    assert isinstance(game, Game) and game.seed == 5
    assert env.agent_selection == env.possible_agents[game.pending.seat]  # type: ignore[union-attr]
    fork = game.fork()
    assert isinstance(fork, Game) and fork is not game
    assert [e.kind for e in fork.events] == [e.kind for e in game.events]
    env.step(first_legal(env))
    assert env.game is game  # the same game all episode; reset makes a new one
    env.reset(seed=6)
    assert env.game is not game
