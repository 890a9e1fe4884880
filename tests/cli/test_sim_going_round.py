"""A bot that goes round in circles (nil, "go back", at every Sanguosha `targets` request, then
the same card again) makes `sgs sim` stop with one line naming what happened, not hang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sgs.runner import IDLE_LIMIT

BOT = """
from user_agent.bot import Bot


class Circles(Bot):
    name = "circles"
    uses_view = False

    def decide(self, request, view):
        if request.kind == "targets":
            return None  # go back, every time
        if request.kind == "play":
            return 0  # and pick the first card again
        return request.default
"""


def test_a_bot_going_round_in_circles_stops_sim_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "circles.py").write_text(BOT)
    sgs = str(Path(sys.executable).parent / "sgs")
    argv = [sgs, "sim", "--game", "sanguosha", "--players", "2", "--bots", "circles:Circles"]
    done = subprocess.run(
        [*argv, "--games", "3", "--seed", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("error: seed 1: ")
    assert f"{IDLE_LIMIT} decisions in a row and nothing happened" in lines[0]
    assert "play, targets" in lines[0] and "sgs botcheck" in lines[0]
