"""The soak script itself, small: `benchmarks/carcassonne_soak.py --games 24` (the 10,000-game
run's figures are in docs/carcassonne.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_small_soak_passes_every_check() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "carcassonne_soak.py"), "--games", "24"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "OK: 24 games" in out.stdout
    assert "24 logs verified" in out.stdout
    assert "games by players: {2: 6, 3: 6, 4: 6, 5: 6}" in out.stdout
