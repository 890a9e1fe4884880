"""One error style through the real `sgs` command: a user error ends it with exactly one line on
stderr, `error: MESSAGE`, and exit 2, whether argparse or the command found it; and the logging
options work before or after the subcommand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sgs.cli import build_parser

FLEET = ["bot", "--connect", "tcp://127.0.0.1:9", "--lobby", "--game", "harmony"]
COMMANDS = (
    "arena", "bot", "botcheck", "demo", "keys", "play", "reference", "replay", "serve", "sim",
    "status", "watch", "web",
)  # fmt: skip
REQUIRED = {  # what each command needs before argparse gets to an unknown option
    "botcheck": ["--bot", "random"],
    "bot": ["--connect", "tcp://127.0.0.1:9"],
    "play": ["--connect", "tcp://127.0.0.1:9"],
    "status": ["--connect", "tcp://127.0.0.1:9"],
    "watch": ["--connect", "tcp://127.0.0.1:9"],
    "replay": ["x.sgslog"],
    "web": ["--connect", "tcp://127.0.0.1:9"],
}


def sgs(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def one_error_line(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert done.returncode == code, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


def test_every_command_is_known_to_the_test() -> None:
    sub = build_parser().get_default("commands")
    assert sorted(sub) == sorted(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_option_is_one_error_line_naming_the_commands_help(command: str) -> None:
    line = one_error_line(sgs(command, *REQUIRED.get(command, []), "--no-such-option"))
    assert "unrecognized arguments: --no-such-option" in line
    assert f"sgs {command} --help" in line


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["sim", "--games"], "argument --games: expected one argument"),
        (["sim", "--games", "many"], "invalid int value: 'many'"),
        (["status"], "required: --connect"),
        (["replay"], "required: file"),
        (["nosuch"], "invalid choice: 'nosuch'"),
        ([], "required: COMMAND"),
    ],
)
def test_argparse_errors_are_one_error_line(argv: list[str], says: str) -> None:
    assert says in one_error_line(sgs(*argv))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["sim", "--games", "0"], "--games must be at least 1"),
        (["sim", "--bots", ","], "--bots names no bot"),
        (["sim", "--game", "chess"], "unknown game 'chess'"),
        (["sim", "--bots", "nobot"], "unknown bot 'nobot'"),
        (["sim", "--bots", "user_agent.bot:Nope"], "module 'user_agent.bot' has no 'Nope' (its"),
        (["sim", "--bots", "sgs.runner:play"], "is not a Bot subclass (subclass user_agent.bot"),
        (["sim", "--seed", "-1"], "seed"),
        (["sim", "--option", "nonsense"], "KEY=VALUE"),
        (["serve", "--lobby", "--seed", "3"], "--seed describe one table"),
        (["serve", "--tables", "t.toml"], "--tables needs --lobby"),
        (["serve", "--game", "chess"], "unknown game 'chess'"),
        (["web"], "required: --connect"),
        (["web", "--connect", "nonsense"], "nonsense"),
        (["web", "--connect", "tcp://127.0.0.1:9", "--bind", "8080"], "expected HOST:PORT"),
        (["web", "--connect", "tcp://127.0.0.1:9", "--bind", "example.org:80"], "IP address"),
        (["web", "--connect", "tcp://127.0.0.1:9", "--replays", "/no/such/dir"], "not a directory"),
        (["web", "--connect", "tcp://127.0.0.1:9", "--max-sessions", "0"], "--max-sessions"),
        (["bot", "--connect", "tcp://127.0.0.1:9", "--lobby"], "--lobby needs --game"),
        (["bot", "--connect", "tcp://127.0.0.1:9"], "give --seat N"),
        (["bot", "--connect", "tcp://127.0.0.1:9", "--seat", "0"], "give --token"),
        ([*FLEET, "--seats", "0"], "--seats must be 1 to 4096"),
        ([*FLEET, "--seats", "4097"], "--seats must be 1 to 4096"),
        (
            [
                "bot",
                "--connect",
                "tcp://127.0.0.1:9",
                "--seat",
                "0",
                "--token",
                "t",
                "--server-key",
                "x",
            ],
            "--server-key and --client-key go together",
        ),
        (["status", "--connect", "nonsense"], "bad endpoint 'nonsense'"),
        (["reference", "--kind", "play"], "--kind needs --game"),
        (["reference", "--game", "sanguosha", "--kind", "plya"], "no request kind 'plya'"),
        (["reference", "--check", "--game", "harmony"], "--check and --write take the whole"),
        (["reference", "--check", "--write"], "not allowed with argument"),
    ],
)
def test_command_errors_are_one_error_line(argv: list[str], says: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sgs.cli", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
        env={**_env(), "SGS_TOKEN": ""},
    )
    assert says in one_error_line(done)


def _env() -> dict[str, str]:
    import os

    root = str(Path(__file__).resolve().parents[2])
    return {**os.environ, "PYTHONPATH": root}


@pytest.mark.parametrize(
    "argv",
    [
        ["bot", "--lobby", "--game", "harmony"],
        ["bot", "--seat", "0", "--token", "t"],
        ["play", "--lobby", "--game", "harmony"],
    ],
)
def test_a_bad_endpoint_among_several_homes_is_one_error_line_naming_it(argv: list[str]) -> None:
    line = one_error_line(sgs(*argv, "--connect", "tcp://127.0.0.1:1,nonsense"))
    assert line.startswith("error: bad endpoint 'nonsense': a valid endpoint is tcp://"), line
    assert "127.0.0.1" not in line  # the good one is not blamed


def test_more_than_sixteen_homes_is_one_error_line() -> None:
    homes = ",".join(f"tcp://127.0.0.1:{port}" for port in range(1, 18))
    line = one_error_line(sgs("bot", "--connect", homes, "--lobby", "--game", "harmony"))
    assert line == "error: --connect: at most 16 endpoints, separated by commas (got 17)"


def test_a_log_sim_would_overwrite_is_an_error_line(tmp_path: Path) -> None:
    (tmp_path / "harmony-2.sgslog").write_bytes(b"mine")
    line = one_error_line(sgs("sim", "--games", "3", "--log-dir", str(tmp_path)))
    assert line == f"error: {tmp_path / 'harmony-2.sgslog'} exists; sim never overwrites a log"
    assert [p.name for p in tmp_path.iterdir()] == ["harmony-2.sgslog"]


def test_an_engine_failure_is_not_a_user_error_and_keeps_its_traceback(tmp_path: Path) -> None:
    (tmp_path / "crashbot.py").write_text(
        "from user_agent.bots.random_bot import RandomBot\n\n\n"
        "class Crash(RandomBot):\n"
        "    def decide(self, request, view):\n"
        "        raise RuntimeError('bot bug')\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "sgs.cli", "sim", "--games", "1", "--bots", "crashbot:Crash"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=_env(),
    )
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "RuntimeError: bot bug" in done.stderr
    assert not any(line.startswith("error: ") for line in done.stderr.splitlines())


@pytest.mark.parametrize("command", COMMANDS)
def test_logging_options_are_accepted_before_and_after_every_subcommand(command: str) -> None:
    parser = build_parser()
    rest = REQUIRED.get(command, [])
    before = parser.parse_args(["--log-level", "debug", "--log-json", command, *rest])
    after = parser.parse_args([command, *rest, "--log-level", "debug", "--log-json"])
    neither = parser.parse_args([command, *rest])
    assert (before.log_level, before.log_json) == ("debug", True)
    assert (after.log_level, after.log_json) == ("debug", True)
    assert (neither.log_level, neither.log_json) == (None, False)
    # given before, not overridden by the subcommand's own (unused) option
    mixed = parser.parse_args(["--log-level", "warning", command, *rest, "--log-json"])
    assert (mixed.log_level, mixed.log_json) == ("warning", True)


@pytest.mark.parametrize("where", ["before", "after"])
def test_log_level_and_json_after_the_subcommand_take_effect(where: str, tmp_path: Path) -> None:
    serve = ["serve", "--game", "harmony", "--bots", "random,random", "--log-dir", str(tmp_path)]

    def run(*logging: str) -> subprocess.CompletedProcess[str]:
        argv = [*logging, *serve] if where == "before" else [*serve, *logging]
        done = sgs(*argv, timeout=120)
        assert done.returncode == 0, done.stderr
        return done

    quiet = run("--log-level", "warning")
    assert "listening" not in quiet.stderr and "bot started" not in quiet.stderr
    loud = run("--log-level", "info", "--log-json")
    events = [json.loads(line) for line in loud.stderr.splitlines() if line.startswith("{")]
    assert {"listening", "bot started"} <= {e.get("event") for e in events}
    assert all(e.get("level") != "debug" for e in events)
