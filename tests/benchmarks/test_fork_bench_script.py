"""`benchmarks/fork_bench.py` runs and prints its table (small; no figure is checked: the
measured figures are in docs/research.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fork_bench.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_quick_sanguosha_measures_the_issue_points() -> None:
    out = run("--quick", "--game", "sanguosha", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "sanguosha identity 5p random: typical length" in out.stdout
    assert "points 175, 350" in out.stdout
    rows = [line for line in out.stdout.splitlines() if "identity 5p random" in line]
    assert len(rows) == 3  # the length line, then the two points
    head = next(line for line in out.stdout.splitlines() if line.startswith("game "))
    assert head.split()[5:9] == ["replay", "p90", "first", "fork"]


def test_a_game_without_a_determinize_hook_is_said_so() -> None:
    out = run("--game", "goofspiel", "--games", "2", "--reps", "1")
    assert out.returncode == 0, out.stderr
    assert "no hook" in out.stdout
