"""`sgs arena --backend ray` on a Ray cluster of two nodes (two real raylets on this machine,
`ray.cluster_utils.Cluster`), through the real command: the games spread over both nodes, and a
worker killed in the middle of the tournament costs only the chunk it was playing, which Ray runs
again (at most `sgs.arena.backends.RETRIES` times), so the results equal an undisturbed run's,
game for game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ray import cluster_utils

pytestmark = pytest.mark.surface

GAMES = 240
ARENA = ["arena", "--game", "harmony", "--bots", "random,random", "--games", str(GAMES)]
KEPT = ("index", "seed", "seats", "outcome", "winners", "decisions")  # no timings


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    c = cluster_utils.Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False}
    )
    c.add_node(num_cpus=1)
    c.wait_for_nodes()
    yield c
    c.shutdown()


def arena(cluster: Any, out: Path) -> subprocess.Popen[str]:
    argv = [*ARENA, "--seed", "5", "--backend", "ray", "--ray-address", cluster.address]
    return subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", *argv, "--out", str(out), "-q", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )


def chunk_workers() -> dict[int, int]:
    """Ray worker processes playing arena chunks now -> their parent (a node's raylet)."""
    out: dict[int, int] = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if b"ray::play_chunk" in cmd:
            out[int(pid)] = int(stat.rsplit(")", 1)[1].split()[1])
    return out


def games(out: Path) -> list[dict[str, Any]]:
    lines = (out / "games.jsonl").read_text().splitlines()
    return [{k: json.loads(line)[k] for k in KEPT} for line in lines]


def finish(p: subprocess.Popen[str]) -> None:
    _, stderr = p.communicate(timeout=600)
    assert p.returncode == 0, stderr[-2000:]


def test_a_killed_worker_costs_nothing_but_a_rerun(cluster: Any, tmp_path: Path) -> None:
    undisturbed = tmp_path / "undisturbed"
    p = arena(cluster, undisturbed)
    parents: set[int] = set()
    while p.poll() is None:  # watch where the chunks run
        parents |= set(chunk_workers().values())
        time.sleep(0.05)
    finish(p)
    assert len(parents) == 2, f"chunks ran under {len(parents)} raylet(s), not both nodes"

    disturbed = tmp_path / "disturbed"
    p = arena(cluster, disturbed)
    killed = None
    while killed is None and p.poll() is None:
        running = chunk_workers()
        if running:
            killed = next(iter(running))
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.05)
    finish(p)
    assert killed is not None, "the tournament ended before a worker could be killed"
    assert games(disturbed) == games(undisturbed)
    assert [g["index"] for g in games(disturbed)] == list(range(GAMES))
    summary = json.loads((disturbed / "summary.json").read_text())
    assert summary["games"] == GAMES and not summary["interrupted"]
