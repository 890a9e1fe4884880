"""An encoder's `update_state` (the table part rewritten in place, only where it changed) equals
`encode_state` of the same view into zeros: at every step of seeded episodes of every
environment, for every seat observed so far, and on a Carcassonne board that outgrows the
window (tiles outside it, centres that jump, followers that come and go)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import pytest

from sgs.envs import entries
from user_agent.games.carcassonne.observe import CarcassonneObs
from user_agent.games.carcassonne.view import CarcassonneView

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("harmony_v0", {}, 10),
    ("sanguosha_v0", {"players": 5}, 4),
    ("sanguosha_v0", {"players": 8}, 1),
    ("sanguosha_v0", {"mode": "1v1"}, 3),
    ("carcassonne_v0", {"players": 2}, 3),
    ("carcassonne_v0", {"players": 4}, 2),
    ("muhq_v0", {}, 2),
    ("goofspiel_v0", {}, 10),
]


def test_every_environment_is_checked() -> None:
    assert {name for name, _, _ in CASES} == set(entries())


@pytest.mark.parametrize(
    ("name", "config", "episodes"), CASES, ids=[f"{n}-{c}" for n, c, _ in CASES]
)
def test_updated_table_parts_equal_fresh_encodings(
    name: str, config: dict[str, Any], episodes: int
) -> None:
    env = importlib.import_module(f"sgs.envs.{name}").env(config=config)
    enc = env.encoder
    compared = 0
    for seed in range(episodes):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            for seat, part in enumerate(env.state_parts):
                if env.stale[seat]:
                    continue  # not observed since its view changed
                fresh = np.zeros(enc.state_size, dtype=np.float32)
                enc.encode_state(env.views[seat], seat, fresh)
                assert part.tobytes() == fresh.tobytes(), (seed, seat)
                compared += 1
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
    assert compared > 100


def test_carcassonne_board_outgrowing_the_window_is_drawn_as_afresh() -> None:
    rnd = random.Random(5)
    enc = CarcassonneObs({}, 2, 256)
    for _game in range(20):
        view = CarcassonneView(0, 2)
        view.apply(
            "game_started",
            {"players": 2, "first_player": 0, "followers": 7, "farm_scoring": "per_farm_3",
             "scenario": None, "tiles": [["D", 0, 0, 0]], "followers_placed": [],
             "scores": [0, 0]},
        )  # fmt: skip
        parts = [np.zeros(enc.state_size, dtype=np.float32) for _ in range(2)]
        x = y = 0
        for turn in range(60):
            # a walk that leaves the 21-square window now and then, sometimes with a jump
            step = 9 if rnd.random() < 0.1 else 1
            x += rnd.choice((-step, 0, step))
            y += rnd.choice((-step, 0, step))
            if (x, y) not in view.tiles:
                letter = rnd.choice("ABCDEFGHIJKLMNOPQRSTUVWX")
                view.apply(
                    "tile_placed",
                    {"seat": turn % 2, "tile": letter, "x": x, "y": y, "rotation": turn % 4},
                )
                if rnd.random() < 0.5 and view.supply[turn % 2]:
                    view.apply(
                        "follower_deployed",
                        {"seat": turn % 2, "x": x, "y": y, "segment": "s0", "feature": "road",
                         "role": "thief"},
                    )  # fmt: skip
            if view.followers and rnd.random() < 0.3:
                fx, fy, seg = rnd.choice(sorted(view.followers))
                view.apply(
                    "follower_returned",
                    {"seat": view.followers[(fx, fy, seg)], "x": fx, "y": fy, "segment": seg},
                )
            for seat in (0, 1):
                if rnd.random() < 0.6:  # seats observe at different times
                    enc.update_state(view, seat, parts[seat])
                    fresh = np.zeros(enc.state_size, dtype=np.float32)
                    enc.encode_state(view, seat, fresh)
                    assert parts[seat].tobytes() == fresh.tobytes(), (turn, seat)
