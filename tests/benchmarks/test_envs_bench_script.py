"""`benchmarks/envs_bench.py --baseline` and `benchmarks/profile_envs.py --parts` run and print
their tables (tiny runs; no figure is checked: the measured ones are in docs/profile.md)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def copy_of_the_code(into: Path) -> Path:
    """A plain copy of the packages, as `git archive REV | tar -x` leaves one."""
    with tarfile.open(into / "code.tar", "w") as tar:
        for package in ("sgs", "game_agent", "user_agent", "protocol", "replays"):
            tar.add(ROOT / package, arcname=package)
    base = into / "base"
    with tarfile.open(into / "code.tar") as tar:
        tar.extractall(base, filter="data")
    return base


def test_the_baseline_rows_play_beside_this_checkouts(tmp_path: Path) -> None:
    base = copy_of_the_code(tmp_path)
    out = run(
        "envs_bench.py",
        *("--seconds", "0.4", "--rounds", "2", "--only", "goofspiel_v0"),
        *("--baseline", str(base)),
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("load average (1, 5, 15 min) at the start:")
    assert "vs before" in lines[2]
    rows = [line for line in lines if line.startswith("sgs goofspiel_v0")]
    assert len(rows) == 2 and rows[1].startswith("sgs goofspiel_v0 (2p random) before")
    # this checkout's row has one number more (the ratio to the baseline), its label one word
    # less ("before")
    assert len(rows[0].split()) == len(rows[1].split())
    float(rows[0].split()[-1])


def test_a_directory_that_is_no_copy_of_the_code_is_refused(tmp_path: Path) -> None:
    out = run("envs_bench.py", "--seconds", "0.1", "--rounds", "1", "--baseline", str(tmp_path))
    assert out.returncode != 0
    assert "not a copy of the repository" in out.stderr


def test_parts_splits_a_step_into_encodings_folding_and_the_rest() -> None:
    out = run("profile_envs.py", "--parts", "1", "--steps", "600", "--game", "sanguosha_v0")
    assert out.returncode == 0, out.stderr
    for what in ("observation encodings", "folding the views", "the rest: engine"):
        assert what in out.stdout
