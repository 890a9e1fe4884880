"""The real `sgs arena` command: its files, its Ctrl-C, its one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from arena_support import SGS, sgs

from sgs.cli import main


def test_writes_report_charts_and_game_lines(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = sgs(
        [
            "arena",
            "--game",
            "harmony",
            "--bots",
            "random,greedy",
            "--games",
            "6",
            "--seed",
            "5",
            "--out",
            str(out),
            "--log-dir",
            str(tmp_path / "logs"),
            "--quiet",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "win rates per bot and seat" in done.stdout and "OpenSkill" in done.stdout
    names = {p.name for p in out.iterdir()}
    assert names == {
        "report.md",
        "win_rates.png",
        "ratings.png",
        "games.jsonl",
        "ratings.jsonl",
        "summary.json",
    }
    for png in ("win_rates.png", "ratings.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = (out / "report.md").read_text()
    assert "](win_rates.png)" in report and "](ratings.png)" in report and "| greedy |" in report
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [g["index"] for g in games] == list(range(6))
    assert {"seed", "seats", "roles", "generals", "outcome", "winners", "decisions", "log"} <= set(
        games[0]
    )
    assert all(Path(g["log"]).exists() for g in games)
    assert len(list((tmp_path / "logs").iterdir())) == 6
    summary = json.loads((out / "summary.json").read_text())
    assert summary["by_bot"]["greedy"]["games"] == 6 and not summary["interrupted"]


def in_process(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's complaints
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_default_out_dir_and_refusal_to_overwrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    args = [
        "arena",
        "--game",
        "harmony",
        "--games",
        "2",
        "--seed",
        "9",
        "--quiet",
        "--workers",
        "1",
    ]
    code, _, err = in_process(args, capsys)
    assert code == 0, err
    report = (tmp_path / "arena-harmony-9" / "report.md").read_text()
    again = in_process(args, capsys)
    assert again[0] == 2
    assert again[2].strip().splitlines() == [
        "error: arena-harmony-9 is not empty; give --force to overwrite, or another --out"
    ]
    assert (tmp_path / "arena-harmony-9" / "report.md").read_text() == report
    assert in_process([*args, "--force"], capsys)[0] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--bots", "nosuch"], "unknown bot 'nosuch'"),
        (["--backend", "dask"], "invalid choice: 'dask'"),
        (["--lineup", "teams"], "--lineup teams needs"),
        (["--lineup", "paired"], "--lineup paired needs two different bots to exchange, not 1"),
        (["--lineup", "paired", "--bots", "random,greedy,medium"], "not 3 (random,greedy,medium)"),
        (["--ray-address", "x:1"], "--ray-address needs --backend ray"),
        (["--option", "nosuchoption=1"], "nosuchoption"),
        (["--gmaes", "3"], "unrecognized arguments: --gmaes 3"),
    ],
)
def test_bad_arguments_are_one_error_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = in_process(["arena", "--game", "harmony", "--quiet", *args], capsys)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], err
    assert not any(tmp_path.iterdir())


def test_a_bad_argument_from_the_real_command(tmp_path: Path) -> None:
    done = sgs(["arena", "--bots", "nosuch"], tmp_path)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown bot 'nosuch': use one of ")


def test_ctrl_c_writes_a_partial_report_and_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [
            SGS,
            "arena",
            "--game",
            "sanguosha",
            "--players",
            "5",
            "--bots",
            "random",
            "--games",
            "100000",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stderr is not None
        assert "progress" in proc.stderr.readline()  # the first progress line: games finished
        proc.send_signal(signal.SIGINT)
        started = time.monotonic()
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, stderr
    assert time.monotonic() - started < 30
    assert "Traceback" not in stderr
    first = stdout.splitlines()[0]
    assert first.startswith("interrupted: ") and first.endswith(" of 100000 games finished")
    finished = int(first.split()[1])
    assert 0 < finished < 100000
    assert len((out / "games.jsonl").read_text().splitlines()) == finished
    assert "interrupted" in (out / "report.md").read_text()
    assert json.loads((out / "summary.json").read_text())["interrupted"] is True


def test_the_command_module_stays_light() -> None:
    """Every `sgs` command imports every command module: matplotlib, openskill and ray wait
    until `sgs arena` runs."""
    code = (
        "import sys, sgs.commands.arena as a, sgs.arena.backends as b; "
        "assert a.BACKENDS == b.BACKENDS; "
        "print(sorted(m for m in ('matplotlib', 'openskill', 'ray') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


HASH_BOT = """from user_agent.bots.random_bot import RandomBot


class HashBot(RandomBot):
    # Plays differently under each string-hash seed.

    def decide(self, request, view):
        for _ in range(list({"a", "b", "c", "d", "e", "f", "g", "h"}).index("a")):
            self.rng.random()
        return super().decide(request, view)
"""


def where_a_goes(hash_seed: str) -> str:
    code = "print(list({'a','b','c','d','e','f','g','h'}).index('a'))"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout


def test_games_do_not_depend_on_the_callers_hash_seed(tmp_path: Path) -> None:
    assert where_a_goes("1") != where_a_goes("2")  # the bot below would play differently
    (tmp_path / "arena_hashbot.py").write_text(HASH_BOT)
    outputs = []
    for hash_seed, workers in (("1", "1"), ("2", "2")):
        out = tmp_path / f"out{hash_seed}"
        done = subprocess.run(
            [
                SGS,
                "arena",
                "--game",
                "harmony",
                "--bots",
                "arena_hashbot:HashBot,random",
                "--games",
                "8",
                "--workers",
                workers,
                "--out",
                str(out),
                "--quiet",
            ],
            cwd=tmp_path,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs.append((out / "games.jsonl").read_text())
    assert outputs[0] == outputs[1]
