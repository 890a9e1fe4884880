"""The `sgs` command as Python users expect it (issue 9, section 4)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BOT = """from user_agent.bots.random_bot import RandomBot


class MyBot(RandomBot):
    pass
"""


def test_sim_imports_a_bot_module_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "mypkg" / "mybot.py").write_text(BOT)
    done = subprocess.run(
        # The installed script, not `python -m`, which would put the cwd on sys.path by itself.
        [
            str(Path(sys.executable).parent / "sgs"),
            "sim",
            "--games",
            "2",
            "--bots",
            "mypkg.mybot:MyBot",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "mypkg.mybot:MyBot" in done.stdout


def test_sim_log_dir_refuses_to_overwrite_an_existing_log(tmp_path: Path) -> None:
    sgs = [sys.executable, "-m", "sgs.cli", "sim", "--games", "2", "--log-dir", str(tmp_path)]
    first = subprocess.run(sgs, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(before) == 2
    again = subprocess.run(sgs, capture_output=True, text=True, timeout=120)
    assert again.returncode == 2
    lines = again.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), again.stderr
    assert lines[0].endswith("exists; sim never overwrites a log")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
