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

GAMES = 120
ARENA = ["arena", "--game", "sanguosha", "--players", "5", "--bots", "random,random"]
ARENA += ["--games", str(GAMES)]
TRIES = 3  # runs of the undisturbed tournament until its chunks were seen under both raylets
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


def raylets(cluster: Any) -> set[int]:
    """The process ids of the cluster's raylets (one per node)."""
    nodes = [cluster.head_node, *cluster.worker_nodes]
    return {info.process.pid for n in nodes for info in n.all_processes.get("raylet", [])}


def chunk_workers(cluster: Any) -> dict[int, int]:
    """Ray worker processes of this cluster playing arena chunks now -> their parent (a node's
    raylet). Another Ray on the machine (a test running beside this one) is not looked at."""
    mine = raylets(cluster)
    out: dict[int, int] = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if b"ray::play_chunk" in cmd and parent in mine:
            out[int(pid)] = parent
    return out


def games(out: Path) -> list[dict[str, Any]]:
    lines = (out / "games.jsonl").read_text().splitlines()
    return [{k: json.loads(line)[k] for k in KEPT} for line in lines]


def finish(p: subprocess.Popen[str]) -> None:
    _, stderr = p.communicate(timeout=600)
    assert p.returncode == 0, stderr[-2000:]


def test_a_killed_worker_costs_nothing_but_a_rerun(cluster: Any, tmp_path: Path) -> None:
    # On a busy machine a run may end before the second node's first worker has started; the
    # same tournament is then run again (its records must not change either).
    first: list[dict[str, Any]] | None = None
    for attempt in range(TRIES):
        undisturbed = tmp_path / f"undisturbed-{attempt}"
        p = arena(cluster, undisturbed)
        parents: set[int] = set()
        while p.poll() is None:  # watch where the chunks run
            parents |= set(chunk_workers(cluster).values())
            time.sleep(0.05)
        finish(p)
        first = first or games(undisturbed)
        assert games(undisturbed) == first
        if len(parents) == 2:
            break
    assert len(parents) == 2, f"in {TRIES} runs, chunks ran under one raylet only"

    disturbed = tmp_path / "disturbed"
    p = arena(cluster, disturbed)
    killed = None
    while killed is None and p.poll() is None:
        running = chunk_workers(cluster)
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
