"""Environment steps per second: the PettingZoo environments against RLCard, side by side.

    .venv/bin/python benchmarks/envs_bench.py [--seconds 10]

Every row plays whole games with uniformly random legal actions and builds the acting player's
observation at every step:

- RLCard's UNO and Dou Dizhu (`rlcard.make`, `RandomAgent`, `env.run`): a step is one action;
  RLCard extracts the state (observation and legal actions) for every step it plays;
- every environment of `sgs.envs.entries()` (each registered game that has one), configured as
  its game's first manifest row of random bots (`game_agent.games.manifest(game).rows`): a step
  is one `env.step` after `env.last()`, with the action drawn from the observation's
  `action_mask`; the wrapped `env()` (order enforcing), as a user runs it.

The rows are interleaved: each plays `--seconds / --rounds` at a time, round after round, so a
slower or faster spell of the machine falls on every row alike. Ratios are against RLCard's
UNO. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def rlcard_game(name: str) -> Callable[[float], tuple[int, int]]:
    def run(seconds: float) -> tuple[int, int]:
        import rlcard
        from rlcard.agents import RandomAgent

        env = rlcard.make(name, config={"seed": 1})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            trajectories, _ = env.run(is_training=False)
            steps += sum((len(t) - 1) // 2 for t in trajectories)
            games += 1
        return steps, games

    return run


def sgs_env(module: str, config: dict[str, Any]) -> Callable[[float], tuple[int, int]]:
    def run(seconds: float) -> tuple[int, int]:
        import importlib

        env = getattr(importlib.import_module("sgs.envs"), module).env(config=config)
        rng = np.random.default_rng(0)
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            env.reset(seed=games)
            games += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps, games

    return run


def sgs_rows() -> list[tuple[str, Callable[[float], tuple[int, int]]]]:
    from game_agent.games import manifest
    from sgs.envs import entries

    rows = []
    for name, (game, _entry) in entries().items():
        row = next((r for r in manifest(game).rows if r.bots == "random"), None)
        label, config = (row.label, dict(row.config)) if row else ("default", {})
        rows.append((f"sgs {name} ({label})", sgs_env(name, config)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="per row, in all")
    ap.add_argument("--rounds", type=int, default=10, help="slices per row, interleaved")
    args = ap.parse_args()
    rows = [
        ("RLCard uno (2p)", rlcard_game("uno")),
        ("RLCard doudizhu (3p)", rlcard_game("doudizhu")),
        *sgs_rows(),
    ]
    totals = {name: [0.0, 0.0, 0.0] for name, _ in rows}  # steps, games, seconds
    for _ in range(args.rounds):
        for name, fn in rows:
            t0 = time.perf_counter()
            steps, games = fn(args.seconds / args.rounds)
            total = totals[name]
            total[0] += steps
            total[1] += games
            total[2] += time.perf_counter() - t0
    base = None
    print(
        f"{'environment, random actions':40} {'games':>6} {'steps':>9} {'steps/s':>9} {'ratio':>6}"
    )
    for name, _ in rows:
        played, steps_made, seconds = totals[name][1], totals[name][0], totals[name][2]
        rate = steps_made / seconds
        base = base or rate
        print(f"{name:40} {played:6.0f} {steps_made:9.0f} {rate:9.0f} {rate / base:6.2f}")


if __name__ == "__main__":
    main()
