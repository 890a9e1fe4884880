"""`sgs arena` games per second with 1 worker against 2, side by side in one run.

    .venv/bin/python benchmarks/arena_bench.py [--games N] [--bots smart,random] [--rounds R]

Runs the real command (process backend) on the same seed with `--workers 1` and `--workers 2`,
alternating R rounds so that a noisy machine affects both alike, and reports the best games per
second of each and their ratio; the per-game results of the two must be identical (checked).
Wall time includes starting the command and its pool. Nothing here is asserted in the tests.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SGS = [sys.executable, "-m", "sgs.cli"]
REPO = Path(__file__).resolve().parents[1]


def one(games: int, bots: str, workers: int, out: Path) -> float:
    args = ["arena", "--game", "sanguosha", "--players", "5", "--bots", bots]
    args += ["--games", str(games), "--seed", "1", "--workers", str(workers)]
    args += ["--out", str(out), "--force", "--quiet"]
    t = time.perf_counter()
    subprocess.run([*SGS, *args], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--bots", default="smart,random")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    best = {1: float("inf"), 2: float("inf")}
    with tempfile.TemporaryDirectory() as tmp:
        outs = {w: Path(tmp) / f"w{w}" for w in best}
        for _ in range(args.rounds):
            for w in best:
                best[w] = min(best[w], one(args.games, args.bots, w, outs[w]))
        same = (outs[1] / "games.jsonl").read_bytes() == (outs[2] / "games.jsonl").read_bytes()
    rate = {w: args.games / t for w, t in best.items()}
    print(
        f"sgs arena, 5-player Sanguosha, {args.bots}, {args.games} games (best of "
        f"{args.rounds}): 1 worker {rate[1]:.1f} games/s ({best[1]:.1f} s), 2 workers "
        f"{rate[2]:.1f} games/s ({best[2]:.1f} s) = {rate[2] / rate[1]:.2f}x; "
        f"per-game results identical: {same}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
