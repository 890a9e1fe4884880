"""The smart bot over the wire: `sgs serve` starts real `sgs bot` processes (smart, random,
smart) on a free 127.0.0.1 port; the game ends, its log verifies, and it is byte for byte the
log the in-process runner writes for the same seed. And `sgs sim` runs it from the command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from replays import read_log, verify
from sgs.runner import play

REPO = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    env["SGS_LOG"] = "json"
    env.setdefault("SGS_TEST_BOT_DELAY", "0")
    return env


def _sgs(*args: str, timeout: float = 90.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_served_game_with_smart_bot_processes(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    done = _sgs(
        "serve", "--game", "sanguosha", "--players", "3", "--bots", "smart,random,smart",
        "--seed", "11", "--log-dir", str(logs),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "result: game over" in done.stdout
    (log,) = sorted(logs.glob("*.sgslog"))
    assert verify(log).ok
    ref = tmp_path / "runner.sgslog"
    play("sanguosha", {"players": 3}, 11, ["smart", "random", "smart"], ref)
    # Requests asked together (the general choice, Nullification windows) are logged in the
    # order their answers arrived, so compare the events and each request's answer.
    served, local = read_log(str(log)), read_log(str(ref))
    assert [(e.kind, e.data) for e in served.events] == [(e.kind, e.data) for e in local.events]
    answers = sorted((d.id, d.seat, str(d.choice)) for d in served.decisions)
    assert answers == sorted((d.id, d.seat, str(d.choice)) for d in local.decisions)


def test_sgs_sim_runs_smart_against_random() -> None:
    done = _sgs(
        "sim", "--game", "sanguosha", "--players", "4", "--bots", "smart,random",
        "--games", "6", "--seed", "3", "--json", "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout)
    assert summary["games"] == 6
