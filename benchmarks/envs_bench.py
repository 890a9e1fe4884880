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
UNO. `--only NAME,...` keeps the sgs rows whose environment is named (RLCard's rows stay).

`--baseline DIR` measures another version of the code side by side, in the same run: DIR is a
plain copy of the repository at that version (`git archive REV | tar -x -C DIR`), whose
packages a worker process imports ahead of this checkout's (``PYTHONPATH=DIR``, the same
.venv). Each sgs row then has a `before` twin, played by the worker through the same loop and
interleaved with the others (one row runs at a time); this checkout's rows then play in a
worker process of their own too, so that both sides run alike. A last column gives this
checkout's rate over the baseline's. The load average is printed at the start and at the
end. Nothing here is asserted anywhere.

    git archive main | tar -x -C /tmp/base   # into an empty directory
    .venv/bin/python benchmarks/envs_bench.py --baseline /tmp/base --only sanguosha_v0
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def sgs_rows() -> list[tuple[str, str, Callable[[float], tuple[int, int]]]]:
    """(environment, row label, its runner) for every environment of `sgs.envs.entries()`."""
    from game_agent.games import manifest
    from sgs.envs import entries

    rows = []
    for name, (game, _entry) in entries().items():
        row = next((r for r in manifest(game).rows if r.bots == "random"), None)
        label, config = (row.label, dict(row.config)) if row else ("default", {})
        rows.append((name, f"sgs {name} ({label})", sgs_env(name, config)))
    return rows


class Worker:
    """A worker process importing the packages of one copy of the code: it plays one row's
    slice per request (``NAME SECONDS`` on a line) and answers ``STEPS GAMES``."""

    def __init__(self, directory: str) -> None:
        if not os.path.isfile(os.path.join(directory, "sgs", "envs", "core.py")):
            raise SystemExit(f"error: {directory}: not a copy of the repository (no sgs/envs)")
        env = {**os.environ, "PYTHONPATH": os.path.abspath(directory)}
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def row(self, name: str) -> Callable[[float], tuple[int, int]]:
        def run(seconds: float) -> tuple[int, int]:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(f"{name} {seconds}\n")
            self.proc.stdin.flush()
            steps, games = self.proc.stdout.readline().split()
            return int(steps), int(games)

        return run

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def worker() -> None:
    """The baseline's side: rows by environment name, played on request."""
    rows = {name: fn for name, _label, fn in sgs_rows()}
    for line in sys.stdin:
        name, seconds = line.split()
        steps, games = rows[name](float(seconds))
        print(steps, games, flush=True)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="per row, in all")
    ap.add_argument("--rounds", type=int, default=10, help="slices per row, interleaved")
    ap.add_argument("--only", default="", help="sgs environments to measure (comma separated)")
    ap.add_argument("--baseline", metavar="DIR", help="a copy of the code to compare with")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker()
        return
    only = {n for n in args.only.split(",") if n}
    rows: list[tuple[str, str, Callable[[float], tuple[int, int]]]] = [
        ("RLCard uno (2p)", "", rlcard_game("uno")),
        ("RLCard doudizhu (3p)", "", rlcard_game("doudizhu")),
    ]
    # with a baseline, both sides play in a worker process each, alike
    baseline = Worker(args.baseline) if args.baseline else None
    current = Worker(ROOT) if args.baseline else None
    for name, label, fn in sgs_rows():
        if only and name not in only:
            continue
        rows.append((label, name, fn if current is None else current.row(name)))
        if baseline is not None:
            rows.append((f"{label} before", name, baseline.row(name)))
    print(f"load average (1, 5, 15 min) at the start: {load()}")
    totals = {label: [0.0, 0.0, 0.0] for label, _, _ in rows}  # steps, games, seconds
    for _ in range(args.rounds):
        for label, _name, fn in rows:
            t0 = time.perf_counter()
            steps, games = fn(args.seconds / args.rounds)
            total = totals[label]
            total[0] += steps
            total[1] += games
            total[2] += time.perf_counter() - t0
    for w in (current, baseline):
        if w is not None:
            w.close()
    print(f"load average (1, 5, 15 min) at the end: {load()}")
    rate = {label: totals[label][0] / totals[label][2] for label, _, _ in rows}
    base = rate[rows[0][0]]
    head = (
        f"{'environment, random actions':48} {'games':>6} {'steps':>9} {'steps/s':>9} {'vs UNO':>6}"
    )
    print(head + (f" {'vs before':>9}" if baseline else ""))
    for label, _name, _fn in rows:
        steps_made, played = totals[label][0], totals[label][1]
        line = f"{label:48} {played:6.0f} {steps_made:9.0f} {rate[label]:9.0f}"
        line += f" {rate[label] / base:6.2f}"
        before = rate.get(f"{label} before")
        if before is not None:
            line += f" {rate[label] / before:9.2f}"
        print(line)


if __name__ == "__main__":
    main()
