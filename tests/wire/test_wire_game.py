"""Whole games over the wire: bot processes, the spectator stream, the human console."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import Procs

from replays import read_log, verify
from sgs.runner import play


def test_served_game_with_bot_processes_matches_the_in_process_runner(
    procs: Procs, tmp_path: Path
) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,random", "--seed", "7")
    assert served.tokens == {}  # every seat is a bot process
    assert served.proc.wait() == 0, served.proc.output()
    out = "\n".join(served.proc.lines)
    assert "result: game over" in out and "winners: " in out
    assert verify(served.log_path).ok
    # Same seed, same bots, same header names: the same bytes as the in-process host writes.
    ref = tmp_path / "runner.sgslog"
    play("harmony", {}, 7, ["greedy", "random"], ref)
    assert Path(served.log_path).read_bytes() == ref.read_bytes()


def test_console_plays_a_seat_from_typed_lines(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "5")
    typed = tmp_path / "typed.txt"
    typed.write_text("hello\n99 1 1\n" + "d\n" * 40)
    with open(typed) as stdin:
        args = ["play", "--connect", served.endpoint, "--seat", "1", "--token", served.tokens[1]]
        console = procs.start(args, stdin=stdin)
        assert console.wait() == 0, console.output()
    assert served.proc.wait() == 0, served.proc.output()
    out = "\n".join(console.lines)
    assert "your decision" in out and "axis 0:" in out
    assert "! type numbers" in out  # "hello" is refused locally
    assert "out of range" in out  # so is an index outside the options
    assert "game over" in out and "the game is over" in out
    log = read_log(served.log_path)
    assert all(not d.timeout for d in log.decisions)
    assert verify(served.log_path).ok


def test_make_demo_serves_bot_processes_and_verifies(tmp_path: Path) -> None:
    import sys

    from conftest import REPO, WAIT, child_env

    done = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "demo", "--log-dir", str(tmp_path), "--seed", "9"],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "over the wire, seed 9 (" in done.stdout
    assert "OK, " in done.stdout and "replay log: " in done.stdout
