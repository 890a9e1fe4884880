"""`sgs arena` on the process backend when a worker dies: the pool is started again and the
chunks that had not finished are played again, so the files are those of an undisturbed run; a
chunk whose worker dies every time (more than `RETRIES` times) ends the run with exit 1, one
line on stderr, and the games finished before it written out. Real processes, real SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from arena_bots import DIE_SEED
from arena_support import ROOT, SGS

from sgs.arena.backends import RETRIES
from sgs.arena.tournament import plan
from sgs.runner import bot_seed

HERE = Path(__file__).resolve().parent
GAMES = 80
TRIES = 3  # a busy machine may finish a run before a worker could be killed: run it again
ARGS = ["--game", "sanguosha", "--players", "5", "--games", str(GAMES), "--seed", "4"]


def arena(out: Path, bots: str, **env: str) -> subprocess.Popen[str]:
    e = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)]), **env}
    return subprocess.Popen(
        [SGS, "arena", *ARGS, "--bots", bots, "--workers", "2", "--out", str(out), "--quiet"],
        cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def pool_workers(parent: int) -> list[int]:
    """The arena's pool processes (spawned interpreters), by pid."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and b"spawn_main" in cmdline:
            out.append(int(entry))
    return out


def test_a_killed_pool_worker_costs_only_a_rerun(tmp_path: Path) -> None:
    undisturbed = tmp_path / "undisturbed"
    p = arena(undisturbed, "random,smart")
    _, err = p.communicate(timeout=600)
    assert p.returncode == 0, err[-2000:]
    want = (undisturbed / "games.jsonl").read_bytes()
    for attempt in range(TRIES):
        disturbed = tmp_path / f"disturbed-{attempt}"
        p = arena(disturbed, "random,smart")
        killed = None
        while killed is None and p.poll() is None:
            workers = pool_workers(p.pid)
            if workers:
                killed = workers[0]
                os.kill(killed, signal.SIGKILL)
            time.sleep(0.02)
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-2000:]
        if killed is not None:
            break
    assert killed is not None, f"in {TRIES} runs, every one ended before a worker was killed"
    assert "arena worker died" in err
    assert (disturbed / "games.jsonl").read_bytes() == want
    summary = json.loads((disturbed / "summary.json").read_text())
    assert summary["games"] == GAMES and not summary["interrupted"]


def test_a_chunk_whose_worker_always_dies_ends_the_run_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    bots = "arena_bots:DiesInOneGame,random"
    sys.path.insert(0, str(HERE))
    t = plan("sanguosha", {"players": 5}, bots.split(","), GAMES, 4)
    doomed = t.specs[GAMES // 2]
    seat = doomed.seats.index("arena_bots:DiesInOneGame")
    whole = arena(tmp_path / "whole", bots)  # the same run where nothing dies
    _, err = whole.communicate(timeout=600)
    assert whole.returncode == 0, err[-2000:]
    every = (tmp_path / "whole" / "games.jsonl").read_text().splitlines()
    p = arena(tmp_path / "out", bots, **{DIE_SEED: str(bot_seed(doomed.seed, seat))})
    out, err = p.communicate(timeout=600)
    assert p.returncode == 1, err[-2000:]
    said = [x for x in err.splitlines() if x.startswith("sgs arena: error:")]
    assert len(said) == 1, err[-2000:]
    assert f"died {RETRIES + 1} times" in said[0] and "finished before are in" in said[0]
    assert "Traceback" not in err
    lines = (tmp_path / "out" / "games.jsonl").read_text().splitlines()
    assert set(lines) <= set(every)  # the games kept are those of the whole run, byte for byte
    kept = [json.loads(x) for x in lines]
    indexes = [g["index"] for g in kept]
    assert indexes == sorted(indexes) and doomed.index not in indexes
    assert 0 < len(kept) < GAMES  # the chunks finished before the failure were written
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["interrupted"] and summary["games"] == len(kept)
    assert "interrupted" in out
