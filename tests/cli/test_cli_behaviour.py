"""The `sgs` command as Python users expect it (issue 9, section 4)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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


def on_a_terminal(argv: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run `sgs ARGV` with stderr on a pseudo-terminal; the process and what stderr showed."""
    primary, secondary = pty.openpty()
    shown = b""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sgs.cli", *argv],
            stdout=subprocess.PIPE,
            stderr=secondary,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=180,
            cwd=cwd,
            env={**os.environ, "COLUMNS": "120", "TERM": "xterm", "PYTHONPATH": str(ROOT)},
        )
        os.close(secondary)
        secondary = -1
        while select.select([primary], [], [], 0.5)[0]:
            try:
                chunk = os.read(primary, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if secondary >= 0:
            os.close(secondary)
        os.close(primary)
    return done, shown.decode(errors="replace")


def test_a_bot_fleet_with_a_total_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    serve = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", "serve", "--lobby", "--log-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert serve.stdout is not None
        first = serve.stdout.readline()  # lobby on ENDPOINT; spectators on ...
        assert first.startswith("lobby on "), first
        endpoint = first.removeprefix("lobby on ").split(";")[0]
        argv = ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "2"]
        done, shown = on_a_terminal([*argv, "--games", "4", "--log-level", "warning"], tmp_path)
        assert done.returncode == 0, shown
        assert done.stdout.startswith("fleet: 4 games"), done.stdout
        assert "games/s" in shown and "ETA" in shown and "/4" in shown, shown[-2000:]
        quiet, shown = on_a_terminal([*argv, "--games", "2", "--quiet"], tmp_path)
        assert quiet.returncode == 0, shown
        assert "games/s" not in shown and "ETA" not in shown
    finally:
        serve.send_signal(signal.SIGTERM)
        try:
            serve.wait(30)
        except subprocess.TimeoutExpired:
            serve.kill()
            serve.wait()
