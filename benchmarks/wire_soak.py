"""Wire soak: many full tables over ZeroMQ, each a real `sgs serve` process with one bot
process per seat; every game must finish, exit 0, and leave a log that verifies.

    .venv/bin/python benchmarks/wire_soak.py --games 200 --seed 1 [--game sanguosha]

Sanguosha tables cycle over identity with 2-10 players and 1v1. Prints progress and a summary;
exits 1 if any table failed (with the seed, so it can be re-run alone).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from replays import verify  # noqa: E402


def table_args(game: str, i: int) -> list[str]:
    if game != "sanguosha":
        return ["--game", game]
    if i % 10 == 9:
        return ["--game", game, "--mode", "1v1"]
    return ["--game", game, "--players", str(2 + i % 9)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="sanguosha")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per table")
    args = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    failures: list[str] = []
    decisions = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.games):
            seed = args.seed + i
            log_dir = os.path.join(tmp, str(seed))
            cmd = [sys.executable, "-m", "sgs.cli", "--log-level", "warning", "serve",
                   *table_args(args.game, i), "--bots", "random", "--seed", str(seed),
                   "--log-dir", log_dir, "--linger", "1"]  # fmt: skip
            try:
                done = subprocess.run(
                    cmd, capture_output=True, text=True, timeout=args.timeout, env=env, check=False
                )
            except subprocess.TimeoutExpired:
                failures.append(f"seed {seed}: the table did not finish in {args.timeout:g} s")
                continue
            logs = list(Path(log_dir).glob("*.sgslog"))
            if done.returncode != 0 or len(logs) != 1:
                failures.append(f"seed {seed}: exit {done.returncode}: {done.stderr[-500:]}")
                continue
            report = verify(str(logs[0]))
            if not report.ok:
                failures.append(f"seed {seed}: {report.message}")
            decisions += report.decisions
            if (i + 1) % max(1, args.games // 10) == 0:
                took = time.perf_counter() - started
                print(
                    f"{i + 1}/{args.games} tables, {decisions} decisions, {took:.0f} s", flush=True
                )
    took = time.perf_counter() - started
    print(f"{args.games - len(failures)}/{args.games} tables finished with a verified log; "
          f"{decisions} networked decisions in {took:.0f} s")  # fmt: skip
    for f in failures:
        print("FAILED", f)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
