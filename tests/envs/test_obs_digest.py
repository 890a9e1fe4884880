"""The observations are pinned: every environment's seeded episodes give the same bytes as when
the digests below were recorded (on main at 76b8013, before the encoders were made faster;
muhq_v0's on main at 15e4572, where it first appeared).

Per configuration, episodes with seeds ``0 .. episodes - 1`` play masked random actions
(`numpy.random.default_rng(1000 + seed)`). The digest (blake2b) takes, in order, at every turn
of `agent_iter()`: the agent, `last()`'s observation vector, mask, reward, termination and
truncation; at every step whose index is a multiple of 3 also `observe()` of every agent in a
rotating order (other seats' observations, whose table parts are cached apart, and the acting
seat's observed twice). A change to an encoding must change its environment's version
(``_v1``) and docs/research.md, and record new digests here:

    .venv/bin/python tests/envs/test_obs_digest.py      # prints the table below
"""

from __future__ import annotations

import hashlib
import importlib
import struct
from typing import Any

import numpy as np
import pytest

from sgs.envs import entries

# (environment, config, episodes): every environment, each manifest configuration of random bots
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("harmony_v0", {}, 40),
    ("sanguosha_v0", {"players": 5}, 16),
    ("sanguosha_v0", {"players": 8}, 4),
    ("sanguosha_v0", {"mode": "1v1"}, 8),
    ("sanguosha_v0", {"players": 2}, 6),
    ("carcassonne_v0", {"players": 2}, 8),
    ("carcassonne_v0", {"players": 4}, 4),
    ("muhq_v0", {}, 4),
    ("goofspiel_v0", {}, 40),
    ("goofspiel_v0", {"cards": 5}, 40),
]

EXPECTED: dict[str, str] = {  # digest, steps
    "harmony_v0": "61205aa2190c1ccb23ddb9bf4f01f67a 1710",
    "sanguosha_v0-players=5": "0eb44e770bb16f8413d190e088641e83 7140",
    "sanguosha_v0-players=8": "43e0d20c69de3ecabfdccb6c3f56f5f6 3602",
    "sanguosha_v0-mode=1v1": "5da28aa7dc4635e06057c31a591a6942 3974",
    "sanguosha_v0-players=2": "b6a383c5efe2c774d4301fc98fe6cb5b 819",
    "carcassonne_v0-players=2": "257dd82ae96501d53572b3a6bfd2563a 728",
    "carcassonne_v0-players=4": "2569029fcd55ad7b6baa6b672800a236 439",
    "muhq_v0": "b1298fc293cb145eda0101217720fea3 3028",  # recorded on main at 15e4572
    "goofspiel_v0": "cc48f8a14cfb9f597b2f16862aa1f82b 1040",
    "goofspiel_v0-cards=5": "bf34b6f43367f1fd4ef282811256057b 400",
}


def case_id(name: str, config: dict[str, Any]) -> str:
    return name + "".join(f"-{k}={v}" for k, v in sorted(config.items()))


def digest(name: str, config: dict[str, Any], episodes: int) -> tuple[str, int]:
    """The digest of `episodes` seeded episodes, and how many steps they took."""
    env = importlib.import_module(f"sgs.envs.{name}").env(config=config)
    h = hashlib.blake2b(digest_size=16)
    steps = 0
    for seed in range(episodes):
        rng = np.random.default_rng(1000 + seed)
        env.reset(seed=seed)
        kept: list[tuple[Any, bytes]] = []  # earlier observations must not change later
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            h.update(agent.encode())
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            h.update(struct.pack("<d??", float(reward), bool(term), bool(trunc)))
            if steps % 3 == 0:
                agents = env.possible_agents
                for k in range(len(agents)):
                    other = agents[(steps + k) % len(agents)]
                    o = env.observe(other)
                    h.update(other.encode())
                    h.update(o["observation"].tobytes())
                    h.update(o["action_mask"].tobytes())
            if steps % 50 == 0:
                kept.append((obs, obs["observation"].tobytes() + obs["action_mask"].tobytes()))
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        for obs, raw in kept:
            assert obs["observation"].tobytes() + obs["action_mask"].tobytes() == raw
    return h.hexdigest(), steps


def test_every_environment_is_pinned() -> None:
    assert {name for name, _, _ in CASES} == set(entries())


@pytest.mark.parametrize(
    ("name", "config", "episodes"), CASES, ids=[case_id(n, c) for n, c, _ in CASES]
)
def test_observations_match_the_recorded_digest(
    name: str, config: dict[str, Any], episodes: int
) -> None:
    got, steps = digest(name, config, episodes)
    assert f"{got} {steps}" == EXPECTED[case_id(name, config)]


if __name__ == "__main__":
    for name, config, episodes in CASES:
        got, steps = digest(name, config, episodes)
        print(f'    "{case_id(name, config)}": "{got} {steps}",')
