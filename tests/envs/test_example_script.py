"""examples/selfplay_lookahead.py runs and prints both policies' records."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "selfplay_lookahead.py"


@pytest.mark.parametrize(("game", "games"), [("harmony", "6"), ("carcassonne", "1")])
def test_the_example_plays_and_reports_win_rates(game: str, games: str) -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", game, "--games", games, "--candidates", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    rows = re.findall(
        r"(lookahead|random)\s+wins\s+(\d+)\s+draws\s+(\d+)\s+losses\s+(\d+)", out.stdout
    )
    assert [r[0] for r in rows] == ["lookahead", "random"]
    for _, w, d, lost in rows:
        assert int(w) + int(d) + int(lost) == int(games)
