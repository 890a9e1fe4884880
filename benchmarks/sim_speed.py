"""`sgs sim`'s decisions per second against RLCard's UNO, for one or more checkouts side by side.

    .venv/bin/python benchmarks/sim_speed.py --tree /work/main --tree . [--rounds 10]
                                             [--seconds 2] [--players 5] [--bots random]

Each target runs in its own long-lived worker process, started once (imports are not timed):

- `uno`: RLCard's UNO (`rlcard.make("uno")`, `RandomAgent`, `env.run`), the row of
  `envs_bench.py`: a step is one action;
- `sim TREE`: `sgs.runner.play("sanguosha", {"players": N}, seed, BOTS)` with the Python of
  `TREE/.venv` and TREE's code (what `sgs sim` plays in-process), whole games with seeds 1, 2,
  3, ... continued from slice to slice: a decision is one reply to a request.

The targets take turns: in each round every target plays whole games for `--seconds`, one
target at a time, so a slower or faster spell of a shared machine falls on all of them alike.
A target's rate is its decisions (steps for UNO) over the time of its finished games; ratios are
against UNO's.

`--instructions GAMES` times nothing: it counts each tree's instructions per decision with
valgrind's callgrind (a count that a busy machine does not move): the instructions of playing
seeds 1..GAMES+1 minus those of seed 1 alone (imports and start-up cancel), over the decisions of
seeds 2..GAMES+1. Every tree plays the same seeds, and the log pins (tests/sanguosha/
test_log_pins.py) say their games are the same, so the trees differ only in speed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

# A worker: reads "SECONDS" lines, plays whole games for that long, answers one JSON line.
UNO_WORKER = """
import json, sys, time
import rlcard
from rlcard.agents import RandomAgent
env = rlcard.make("uno", config={"seed": 1})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
print("ready", flush=True)
for line in sys.stdin:
    end = time.perf_counter() + float(line)
    steps = games = 0
    spent = 0.0
    while time.perf_counter() < end:
        t0 = time.perf_counter()
        trajectories, _ = env.run(is_training=False)
        spent += time.perf_counter() - t0
        steps += sum((len(t) - 1) // 2 for t in trajectories)
        games += 1
    print(json.dumps([steps, games, spent]), flush=True)
"""

SIM_WORKER = """
import json, sys, time
from sgs.runner import play
players, bots = int(sys.argv[1]), sys.argv[2].split(",")
seed = 1
print("ready", flush=True)
for line in sys.stdin:
    end = time.perf_counter() + float(line)
    made = games = 0
    spent = 0.0
    while time.perf_counter() < end:
        t0 = time.perf_counter()
        played = play("sanguosha", {"players": players}, seed, bots)
        spent += time.perf_counter() - t0
        made += len(played.game.decisions)
        games += 1
        seed += 1
    print(json.dumps([made, games, spent]), flush=True)
"""


COUNT = """
import sys
from sgs.runner import play
players, bots, games = int(sys.argv[1]), sys.argv[2].split(","), int(sys.argv[3])
print(sum(len(play("sanguosha", {"players": players}, s, bots).game.decisions)
          for s in range(1, games + 1)))
"""


def instructions(tree: Path, players: int, bots: str, games: int) -> tuple[int, int]:
    """(instructions per decision, decisions) of seeds 2..games+1 under callgrind."""
    python = str(tree / ".venv" / "bin" / "python")
    counts = []
    for n in (1, games + 1):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c",
             COUNT, str(players), bots, str(n)],
            cwd=tree, capture_output=True, text=True, check=True,
        )  # fmt: skip
        collected = [ln for ln in done.stderr.splitlines() if "Collected :" in ln]
        counts.append((int(collected[-1].split()[-1]), int(done.stdout.strip())))
    (ir1, d1), (irn, dn) = counts
    return (irn - ir1) // (dn - d1), dn - d1


class Worker:
    def __init__(self, name: str, argv: list[str], cwd: str) -> None:
        self.name = name
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != "ready":
            raise SystemExit(f"sim_speed: worker {name} did not start")
        self.steps = self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        steps, games, spent = json.loads(self.proc.stdout.readline())
        self.steps += steps
        self.games += games
        self.seconds += spent

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} cpus)"


def git_head(tree: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h %s"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()[:60]


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--tree", action="append", default=[], help="a checkout with its .venv")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=2.0, help="per target per round")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--bots", default="random")
    ap.add_argument(
        "--instructions", type=int, default=0, metavar="GAMES",
        help="count instructions per decision under callgrind instead of timing",
    )  # fmt: skip
    args = ap.parse_args()
    if not 1 <= args.rounds <= 1000 or not 0.1 <= args.seconds <= 600:
        ap.error("--rounds is 1..1000 and --seconds 0.1..600")
    trees = [Path(t).resolve() for t in (args.tree or ["."])]
    if args.instructions:
        if not 1 <= args.instructions <= 1000:
            ap.error("--instructions is 1..1000 games")
        print("| tree | instructions per decision | decisions |\n|---|---:|---:|")
        for tree in trees:
            ir, made = instructions(tree, args.players, args.bots, args.instructions)
            print(f"| {tree.name} ({git_head(tree)}) | {ir:,} | {made:,} |")
        return 0
    workers = [Worker("RLCard uno (2p), RandomAgent, env.run", [sys.executable, "-c", UNO_WORKER],
                      os.getcwd())]  # fmt: skip
    for tree in trees:
        python = tree / ".venv" / "bin" / "python"
        if not python.exists():
            ap.error(f"{tree}: no .venv/bin/python")
        argv = [str(python), "-c", SIM_WORKER, str(args.players), args.bots]
        workers.append(Worker(f"sim {tree.name} ({git_head(tree)})", argv, str(tree)))
    print(f"sim_speed: {args.rounds} rounds x {args.seconds} s per target; load {load()}")
    for _ in range(args.rounds):
        for w in workers:
            w.run(args.seconds)
    end_load = load()
    for w in workers:
        w.close()
    uno = workers[0].rate
    print("| target | games | steps | steps/s | vs UNO |\n|---|---:|---:|---:|---:|")
    for w in workers:
        print(f"| {w.name} | {w.games:,} | {w.steps:,} | {w.rate:,.0f} | {w.rate / uno:.2f} |")
    print(f"load at the end {end_load}; sim rows: decisions of {args.players}-player identity, "
          f"bots {args.bots}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
