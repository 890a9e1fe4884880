"""`sgs replay --verify DIR` against `sgs sim` of the same games, command against command (issue
25: verifying 200 five-player logs in one call, over every core, >= 1.0x sim's decisions/s).

    .venv/bin/python benchmarks/verify_dir_bench.py [--games 200] [--rounds 3] [--seed 1]

`sgs sim --log-dir` writes the logs once (5-player identity Sanguosha, random bots). Then each
round runs, in an order that rotates from round to round: `sgs sim` of the same seeds without
logs (one process, as users run it), `sgs replay --verify DIR` (every core) and the same with
`--jobs 1`. A command's figure is its best round's wall time, start-up included; decisions per
second divide the games' decisions (as the logs hold them) by it. The 1-minute load is printed
with each round.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIM = ["--game", "sanguosha", "--players", "5", "--bots", "random", "-q"]


def sgs(*args: str) -> tuple[float, str]:
    t0 = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args], capture_output=True, text=True, check=False
    )
    took = time.perf_counter() - t0
    if run.returncode != 0:
        raise SystemExit(f"sgs {' '.join(args)} failed ({run.returncode}): {run.stderr[-500:]}")
    return took, run.stdout + run.stderr


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="sgs-verify-bench-"))
    logs = root / "logs"
    games = ["--games", str(args.games), "--seed", str(args.seed)]
    _, out = sgs("sim", *SIM, *games, "--log-dir", str(logs))
    _, out = sgs("replay", "--verify", str(logs), "--jobs", "1")
    decisions = int(out.split("OK; ")[1].split(" decisions")[0].replace(",", ""))
    cores = len(os.sched_getaffinity(0))
    commands = {
        "sgs sim (no logs)": ["sim", *SIM, *games],
        f"sgs replay --verify DIR ({cores} cores)": ["replay", "--verify", str(logs)],
        "sgs replay --verify DIR --jobs 1": ["replay", "--verify", str(logs), "--jobs", "1"],
    }
    names = list(commands)
    best = dict.fromkeys(names, float("inf"))
    print(f"{args.games} five-player games, {decisions:,} decisions; best of {args.rounds} rounds")
    for r in range(args.rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            took, _ = sgs(*commands[name])
            best[name] = min(best[name], took)
        print(f"  round {r + 1}: load {os.getloadavg()[0]:.2f}", flush=True)
    sim = best[names[0]]
    for name in names:
        rate, ratio = decisions / best[name], sim / best[name]
        print(f"  {name:38s} {best[name]:7.2f} s {rate:9,.0f} decisions/s {ratio:5.2f}x sim")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
