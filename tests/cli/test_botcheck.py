"""`sgs botcheck` through the real command: deliberately wrong bots (tests/cli/wrong_bots.py) are
caught with the right lines and exit 1; every bundled bot of every game is clean (exit 0) and
meets every request kind but those its game never asks; `--exec` plays a small Python wire bot
(tests/cli/wire_bot.py) over real sockets, clean and wrong; usage errors are one line, exit 2;
a terminal gets a progress bar."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{HERE}"}  # wrong_bots, wire_bot
WIRE_BOT = f"{sys.executable} {HERE / 'wire_bot.py'}"


def botcheck(*argv: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", "botcheck", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        env=ENV,
    )


def checked(tmp_path: Path, *argv: str) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    out = tmp_path / "report.json"
    done = botcheck(*argv, "--json", str(out))
    assert done.returncode in (0, 1), done.stderr
    return done, json.loads(out.read_text())


# --- wrong bots are caught ---------------------------------------------------------------------


def test_a_single_int_on_a_subset_request_is_a_wrong_form(tmp_path: Path) -> None:
    done, report = checked(
        tmp_path, "--game", "sanguosha", "--bot", "wrong_bots:SingleIntOnSubset",
        "--games", "2", "--no-positions", "--show", "1",
    )  # fmt: skip
    assert done.returncode == 1
    out = done.stdout
    assert "wrong form" in out
    assert "reply: 0: a 'subset' request takes a list of integer indices" in out
    assert "legal: a strictly increasing list of" in out
    assert "applied: the default" in out
    problems = report["problems"]
    assert problems and {p["form"] for p in problems} == {"subset"}
    assert {p["category"] for p in problems} == {"wrong form"}
    # each problem names its request in words, with its options and where it happened
    p = problems[0]
    assert p["request"] and p["options"] and p["where"].startswith("seed ")
    # counts per kind add up to the problems; only subset kinds have any
    per_kind = report["per_kind"]
    assert sum(sum(c["problems"].values()) for c in per_kind.values()) == len(problems)
    assert per_kind["play"]["problems"] == {}
    # --show 1: one problem printed per kind, then how many more
    for kind in {p["kind"] for p in problems}:
        n = sum(1 for p in problems if p["kind"] == kind)
        assert f"problems with {kind} requests: {n}" in out
        if n > 1:
            assert f"  and {n - 1} more" in out
    assert out.rstrip().endswith(f"not clean: {len(problems)} problems ({len(problems)} replies)")


def test_nil_on_targets_goes_back_and_forth_and_nil_on_discard_is_not_allowed(
    tmp_path: Path,
) -> None:
    done, report = checked(
        tmp_path, "--game", "sanguosha", "--bot", "wrong_bots:NilOnTargets",
        "--games", "1", "--no-positions", "--players", "2",
    )  # fmt: skip
    assert done.returncode == 1
    by = {(p["kind"], p["category"]) for p in report["problems"]}
    assert ("discard", "nil not allowed") in by
    assert ("targets", "back and forth") in by
    assert "reply: nil: this request cannot be cancelled (nil is not allowed)" in done.stdout
    assert "requests in a row with nothing happening" in done.stdout
    # nil is legal on a targets request (go back): never reported as "nil not allowed"
    assert ("targets", "nil not allowed") not in by


def test_an_index_past_the_options_is_out_of_range(tmp_path: Path) -> None:
    done, report = checked(
        tmp_path, "--game", "sanguosha", "--bot", "wrong_bots:OutOfRange",
        "--games", "1", "--no-positions", "--players", "2",
    )  # fmt: skip
    assert done.returncode == 1
    assert {p["category"] for p in report["problems"]} == {"out of range"}
    assert "is out of range 0.." in done.stdout
    assert {p["form"] for p in report["problems"]} == {"choice"}


def test_a_bot_that_raises_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    done, report = checked(tmp_path, "--game", "goofspiel", "--bot", "wrong_bots:Raises",
                           "--games", "2")  # fmt: skip
    assert done.returncode == 1
    raised = [p for p in report["problems"] if p["category"] == "raised"]
    assert len(raised) == 2  # once per game: its third request
    assert raised[0]["reason"] == "RuntimeError: the bot lost its way"
    assert report["games"] == 2


# --- the bundled bots are clean ----------------------------------------------------------------

BUNDLED = [
    ("sanguosha", "random", "5"),
    ("sanguosha", "smart", "5"),
    ("harmony", "random", "2"),
    ("harmony", "greedy", "2"),
    ("harmony", "medium", "2"),
    ("carcassonne", "random", "2"),
    ("carcassonne", "greedy", "2"),
    ("muhq", "random", "2"),
    ("muhq", "greedy", "2"),
    ("goofspiel", "random", "2"),
    ("goofspiel", "greedy", "2"),
]


@pytest.mark.parametrize(("game", "bot", "games"), BUNDLED)
def test_bundled_bots_are_clean_and_meet_every_kind(
    tmp_path: Path, game: str, bot: str, games: str
) -> None:
    done, report = checked(tmp_path, "--game", game, "--bot", bot, "--games", games)
    assert done.returncode == 0, done.stdout
    assert report["clean"] and report["problems"] == [] and report["errors"] == []
    assert done.stdout.rstrip().endswith("clean: every reply was legal and in time")
    # every kind is met, but those the game never asks, each with why
    assert set(report["never_met"]) <= {"trigger"}, report["never_met"]
    assert all(why for why in report["never_met"].values())
    assert report["replies"] == sum(c["met"] for c in report["per_kind"].values())


# --- a program on the wire -------------------------------------------------------------------


def test_exec_plays_a_wire_bot_program(tmp_path: Path) -> None:
    done, report = checked(tmp_path, "--game", "harmony", "--exec", WIRE_BOT, "--games", "2")
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert report["games"] == 2 and report["replies"] > 0 and report["clean"]
    assert report["per_kind"]["place_piece"]["met"] == report["replies"]


def test_exec_fills_in_the_connection_on_the_command_line(tmp_path: Path) -> None:
    """`{seat}` in the command line is the seat the program plays (the bot exits 3 if not)."""
    done, report = checked(tmp_path, "--game", "goofspiel", "--exec", f"{WIRE_BOT} ok {{seat}}",
                           "--games", "2")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert report["games"] == 2 and report["errors"] == []
    done, report = checked(tmp_path, "--game", "goofspiel", "--exec", f"{WIRE_BOT} ok 7",
                           "--games", "1")  # fmt: skip
    assert done.returncode == 1
    # it exits before it takes its seat: the game fails, or (when the other seat was quicker)
    # is played with the seat's defaults; either way the report names the exit
    assert len(report["errors"]) == 1 and "exited with code 3" in report["errors"][0]


def test_exec_catches_a_wrong_wire_bot_and_the_deadline_defaults(tmp_path: Path) -> None:
    done, report = checked(
        tmp_path, "--game", "sanguosha", "--players", "2", "--exec", f"{WIRE_BOT} single-int",
        "--games", "1", "--no-positions", "--deadline", "0.3",
    )  # fmt: skip
    assert done.returncode == 1
    cats = {p["category"] for p in report["problems"]}
    assert {"wrong form", "deadline"} <= cats
    wrong = next(p for p in report["problems"] if p["category"] == "wrong form")
    assert wrong["applied"] == "refused (illegal_reply); the request stood"
    assert wrong["form"] == "subset"
    late = next(p for p in report["problems"] if p["category"] == "deadline")
    assert late["reason"] == "no legal reply within the deadline (0.3 s)"
    assert late["applied"].startswith("the default")


def test_exec_positions_run_the_program_at_every_seat(tmp_path: Path) -> None:
    done, report = checked(tmp_path, "--game", "muhq", "--exec", WIRE_BOT, "--games", "0")
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert sorted(report["positions"]) == ["carry", "draft", "drop"]
    assert report["per_kind"]["place_carried"]["met"] >= 1
    assert report["per_kind"]["drop"]["met"] >= 1


def test_exec_a_program_that_exits_at_once_fails_each_game_without_waiting(
    tmp_path: Path,
) -> None:
    done, report = checked(tmp_path, "--game", "harmony", "--exec", "false", "--games", "2",
                           "--no-positions")  # fmt: skip
    assert done.returncode == 1
    assert report["errors"] == [
        "seed 1: the program exited with code 1 before the game ended",
        "seed 2: the program exited with code 1 before the game ended",
    ]
    assert "games and positions that failed: 2" in done.stdout
    # in a position the program holds every seat: every one exited, the table is not waited on
    done, report = checked(tmp_path, "--game", "muhq", "--exec", "false", "--games", "0")
    assert done.returncode == 1
    assert len(report["errors"]) == 3 and report["positions"] == []
    done = botcheck("--game", "harmony", "--exec", "/nonexistent/bot", "--games", "1")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: cannot start /nonexistent/bot: No such file or directory"
    ]


# --- usage errors, progress ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--game", "harmony"], "one of the arguments --bot --exec is required"),
        (["--bot", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["--bot", "random", "--games", "-1"], "--games must be in 0..100000"),
        (["--bot", "random", "--deadline", "0"], "--deadline must be more than 0"),
        (["--bot", "random", "--show", "5000"], "--show must be in 0..1000"),
        (["--exec", " "], "--exec takes a command line"),
        (["--exec", "'unclosed"], "--exec: No closing quotation"),
        (["--bot", "random", "--positions", "/nonexistent.toml"], "cannot read"),
        (["--bot", "random", "--game", "nogame"], "unknown game 'nogame'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(argv: list[str], says: str) -> None:
    done = botcheck(*argv)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], lines


def test_a_bad_positions_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "p.toml"
    bad.write_text('[[position]]\nname = "x"\nlead = [{ kind = "play", pick = 1 }]\n')
    done = botcheck("--game", "harmony", "--bot", "random", "--positions", str(bad))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"error: {bad}: position 0: a lead move takes kind, reply or option"
    )


def test_a_terminal_gets_a_progress_bar() -> None:
    primary, secondary = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", "botcheck", "--game", "harmony", "--bot", "random",
         "--games", "30"],
        stdout=subprocess.PIPE,
        stderr=secondary,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        env={**ENV, "COLUMNS": "120", "TERM": "xterm"},
    )  # fmt: skip
    os.close(secondary)
    shown = b""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if select.select([primary], [], [], 0.5)[0]:
                try:
                    chunk = os.read(primary, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                shown += chunk
            elif proc.poll() is not None:
                break
        out, _ = proc.communicate(timeout=60)
    finally:
        os.close(primary)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    assert b"games" in shown and b"/30" in shown
    assert b"clean" in out
