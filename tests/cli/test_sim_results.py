"""`sgs sim` results people can read, through the real command: wins per role, per bot and per
seat; one JSON line per game (`--jsonl`) that adds up to the summary; progress on stderr; Ctrl-C
stops after the current game with a partial summary and exit 130."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
IDENTITY = ("lord", "loyalist", "rebel", "renegade")
OTHER = "user_agent.bots.random_bot:RandomBot"  # a second bot spec for Sanguosha


def sgs(*argv: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
    )


def jsonl_and_summary(tmp_path: Path, *argv: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    lines = tmp_path / "games.jsonl"
    done = sgs("sim", *argv, "--jsonl", str(lines), "--json")
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in lines.read_text().splitlines()]
    return games, json.loads(done.stdout)


def test_identity_mode_per_role_per_bot_and_per_seat_add_up(tmp_path: Path) -> None:
    argv = ["--game", "sanguosha", "--players", "6", "--games", "12", "--seed", "7"]
    games, summary = jsonl_and_summary(tmp_path, *argv, "--bots", f"random,{OTHER}", "--log-dir",
                                       str(tmp_path / "logs"), "--quiet")  # fmt: skip
    n = 12
    assert summary["games"] == n and summary["requested"] == n and not summary["interrupted"]
    assert [g["seed"] for g in games] == list(range(7, 7 + n))
    by_role = summary["by_role"]
    assert list(by_role) == list(IDENTITY)
    for g in games:  # one lord per game; 6 players: 1 lord, 1 loyalist, 3 rebels, 1 renegade
        assert Counter(g["roles"]) == {"lord": 1, "loyalist": 1, "rebel": 3, "renegade": 1}
        assert g["seats"] == ["random", OTHER] * 3
        assert len(g["generals"]) == 6 and all(g["generals"])
        assert g["outcome"]["winners"] == g["winners"]
        assert g["decisions"] > 0 and Path(g["log"]).is_file()
    assert by_role["lord"]["games"] == n
    assert sum(r["games"] for r in by_role.values()) == 6 * n
    # the role records are the JSON lines counted again
    for role in IDENTITY:
        seats = [(g, s) for g in games for s, r in enumerate(g["roles"]) if r == role]
        wins = sum(s in g["winners"] for g, s in seats)
        assert by_role[role]["games"] == len(seats) and by_role[role]["wins"] == wins
        assert by_role[role]["win_rate"] == round(100 * wins / len(seats), 1)
    # a lord win is a loyalist win; every game is won by a side or drawn
    assert by_role["lord"]["wins"] == by_role["loyalist"]["wins"]
    assert sum(summary["won_by"].values()) + summary["draws"] == n
    assert summary["won_by"].get("lord", 0) == by_role["lord"]["wins"]
    # per bot: seat-games and wins, and the same again per role
    for spec in ("random", OTHER):
        bot = summary["by_bot"][spec]
        assert bot["games"] == 3 * n
        assert bot["wins"] == sum(
            s in g["winners"] for g in games for s in range(6) if g["seats"][s] == spec
        )
        assert sum(r["games"] for r in bot["by_role"].values()) == bot["games"]
        assert sum(r["wins"] for r in bot["by_role"].values()) == bot["wins"]
    for role in IDENTITY:
        assert (
            sum(
                summary["by_bot"][b]["by_role"].get(role, {}).get("games", 0)
                for b in summary["by_bot"]
            )
            == by_role[role]["games"]
        )
    # per seat
    for seat in range(6):
        rec = summary["by_seat"][str(seat)]
        assert rec["games"] == n
        assert rec["wins"] == sum(seat in g["winners"] for g in games)
    assert summary["decisions"] == sum(g["decisions"] for g in games)


@pytest.mark.parametrize(
    ("argv", "seats"),
    [
        (["--game", "harmony", "--bots", "greedy,random"], 2),
        (["--game", "sanguosha", "--mode", "1v1"], 2),
    ],
    ids=["harmony", "1v1"],
)
def test_per_bot_and_per_seat_with_rates(tmp_path: Path, argv: list[str], seats: int) -> None:
    games, summary = jsonl_and_summary(tmp_path, *argv, "--games", "10", "--quiet")
    assert len(games) == summary["games"] == 10
    draws = sum(not g["winners"] for g in games)
    assert summary["draws"] == draws
    assert sum(r["wins"] for r in summary["by_seat"].values()) == 10 - draws
    for seat in range(seats):
        rec = summary["by_seat"][str(seat)]
        assert rec["wins"] == sum(seat in g["winners"] for g in games)
        assert rec["win_rate"] == round(10 * rec["wins"], 1)
    for spec, bot in summary["by_bot"].items():
        assert bot["wins"] == sum(g["seats"][w] == spec for g in games for w in g["winners"])
    if "1v1" in argv:  # the two sides, warm and cool, each once per game
        assert all(sorted(g["roles"]) == ["cool", "warm"] for g in games)
        assert {k: v["games"] for k, v in summary["by_role"].items()} == {"warm": 10, "cool": 10}
    else:
        assert summary["by_role"] == {} and all(g["roles"] is None for g in games)


def test_the_text_summary_shows_roles_bots_and_seats_with_percentages() -> None:
    done = sgs("sim", "--game", "sanguosha", "--games", "6", "--bots", f"random,{OTHER}", "-q")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(f"6 sanguosha games (identity, 5 seats), seeds 1..6, bots random,{OTHER}")
    for heading in ("by role", "by bot", "by seat"):
        assert any(line.strip().startswith(heading) for line in out.splitlines()), out
    lord = next(line for line in out.splitlines() if line.strip().startswith("lord "))
    assert lord.split()[1] == "6" and lord.endswith("%")
    assert "won by: " in out and "draws: " in out and "decisions/s" in out
    assert done.stderr == ""  # --quiet: no progress


def test_jsonl_dash_writes_games_to_stdout_and_the_summary_to_stderr() -> None:
    done = sgs("sim", "--games", "3", "--jsonl", "-", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert [g["seed"] for g in games] == [1, 2, 3]
    assert json.loads(done.stderr)["games"] == 3


def test_without_a_terminal_progress_is_log_lines_on_stderr() -> None:
    done = sgs("sim", "--game", "sanguosha", "--games", "150", "--log-json")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stderr.splitlines()]
    progress = [e for e in events if e["event"] == "progress"]
    assert progress, done.stderr
    assert all(e["of"] == 150 and 0 < e["games"] <= 150 and e["eta_seconds"] >= 0 for e in progress)


def test_on_a_terminal_progress_is_a_rich_bar_with_rate_and_eta() -> None:
    primary, secondary = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sgs.cli", "sim", "--game", "sanguosha", "--games", "40"],
            stdout=subprocess.PIPE,
            stderr=secondary,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=180,
            cwd=ROOT,
            env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
        )
        os.close(secondary)
        secondary = -1
        shown = b""
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
    assert done.returncode == 0
    text = shown.decode(errors="replace")
    assert "games/s" in text and "ETA" in text and "/40" in text, text[-2000:]
    assert "40 sanguosha games" in done.stdout


def test_ctrl_c_stops_after_the_current_game_with_a_partial_summary(tmp_path: Path) -> None:
    lines = tmp_path / "games.jsonl"
    argv = ["sim", "--game", "sanguosha", "--games", "100000", "--jsonl", str(lines)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", *argv, "--log-dir", str(tmp_path / "logs"), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # the first progress line: games are being played
        assert json.loads(line)["event"] == "progress", line
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["requested"] == 100000
    finished = summary["games"]
    assert 0 < finished < 100000
    games = [json.loads(g) for g in lines.read_text().splitlines()]
    assert len(games) == finished  # every finished game, and no cut one
    assert sum(r["games"] for r in summary["by_role"].values()) == 5 * finished
    logs = sorted((tmp_path / "logs").iterdir())
    assert len(logs) == finished  # the game being played when Ctrl-C came was finished


def test_ctrl_c_text_summary_says_how_many_of_n() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", "sim", "--game", "harmony", "--games", "1000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stderr is not None
        assert "progress" in proc.stderr.readline()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    first, second = out.splitlines()[:2]
    finished = int(first.split()[1])
    assert first == f"interrupted: {finished} of 1000000 games finished"
    assert second.startswith(f"{finished} harmony games, seeds 1..{finished}, ")
    assert "draws: " in out


SLOW_BOT = """import time

from user_agent.bots.random_bot import RandomBot


class Slow(RandomBot):
    def decide(self, request, view):
        time.sleep(0.05)
        return super().decide(request, view)
"""


def test_a_second_ctrl_c_stops_the_game_at_once_and_leaves_no_log(tmp_path: Path) -> None:
    (tmp_path / "slowbot.py").write_text(SLOW_BOT)
    logs = tmp_path / "logs"
    argv = ["sim", "--game", "sanguosha", "--games", "5", "--bots", "slowbot:Slow"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", *argv, "--log-dir", str(logs), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        deadline = time.monotonic() + 60
        while not (logs / "sanguosha-1.sgslog").exists():  # the first game has begun
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        time.sleep(0.3)  # a slow game: still the first one
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["games"] == 0
    assert list(logs.iterdir()) == []  # the cut game's log is gone
