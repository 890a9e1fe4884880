"""scripts/ai_table.sh, the maker of docs/ai-table.md, end to end on a few games."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from arena_support import ROOT


def test_the_script_writes_the_runs_their_hashes_and_the_table(tmp_path: Path) -> None:
    env = {**os.environ, "GAMES": "4", "PLAYERS": "5", "WORKERS": "1", "OUT": str(tmp_path)}
    done = subprocess.run(
        ["sh", str(ROOT / "scripts" / "ai_table.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    run = tmp_path / "sanguosha-5p-smart-random"
    check = subprocess.run(
        ["sha256sum", "-c", "SHA256SUMS"], cwd=run, capture_output=True, text=True, check=False
    )
    assert check.returncode == 0 and check.stdout.count(": OK") == 5, check.stdout
    table = (tmp_path / "table.md").read_text()
    assert "| 5 | smart vs random | renegade | 2 |" in table
    assert "| 5 | smart vs random | 4 | 2 | smart |" in table
