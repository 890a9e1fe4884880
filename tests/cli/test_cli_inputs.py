"""Bad command-line input gets one `error:` line and exit 2, through the `sgs` command."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest
import zmq

from sgs.cli import main
from sgs.options import endpoint_problem

COMMANDS = {
    "bot": ["bot", "--seat", "0", "--token", "t"],
    "play": ["play", "--seat", "0", "--token", "t"],
    "watch": ["watch"],
    "status": ["status"],
}


HUNG = 120.0  # seconds: a child still running by then is taken for hung, however busy the machine


def sgs(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *argv],
        capture_output=True,
        text=True,
        timeout=HUNG,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("addr", ["127.0.0.1:5555", "nonsense", "tcp://host:port"])
def test_a_bad_endpoint_is_one_error_line_and_exit_2(command: str, addr: str) -> None:
    done = sgs(*COMMANDS[command], "--connect", addr)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ")
    assert addr in lines[0]
    assert "tcp://HOST:PORT" in lines[0] and "ipc://PATH" in lines[0]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("addr", ["tcp://127.0.0.1:5555", "tcp://*:1", "ipc:///tmp/x.sock"])
def test_valid_endpoints_pass(addr: str) -> None:
    assert endpoint_problem(addr) is None


@pytest.mark.parametrize("addr", ["tcp://127.0.0.1", "tcp://:5", "tcp://h:0", "ipc://", "x:/y"])
def test_invalid_endpoints_are_named(addr: str) -> None:
    assert endpoint_problem(addr) is not None


@pytest.mark.parametrize("game", ["harmony", "sanguosha"])
def test_a_broken_scenario_names_the_file_and_the_line(game: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("a = 1\nb = 2\nc = [\nd = 3\n", encoding="utf-8")
    done = sgs("sim", "--game", game, "--scenario", str(bad))
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"error: {bad}: ")
    assert "line 4" in lines[0]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("bot", "says"),
    [("TYPO", "unknown bot 'TYPO'"), ("nosuch.mod:Bot", "no module 'nosuch'")],
)
@pytest.mark.parametrize(
    "how",
    [["--seat", "0", "--token", "t"], ["--lobby", "--game", "harmony"]],
    ids=["seat", "lobby"],
)
def test_a_bad_bot_fails_before_any_hello(bot: str, says: str, how: list[str]) -> None:
    ctx = zmq.Context()
    server = ctx.socket(zmq.ROUTER)
    server.setsockopt(zmq.LINGER, 0)
    port = server.bind_to_random_port("tcp://127.0.0.1")
    try:
        # it ends on its own (a bot that waited on the server would be killed as hung)
        done = sgs("bot", *how, "--bot", bot, "--connect", f"tcp://127.0.0.1:{port}")
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
        assert says in lines[0]
        assert not server.poll(300, zmq.POLLIN), "the bot said hello to the server"
    finally:
        server.close(0)
        ctx.term()


DIST = "sgs-sanguosha-server"


def test_the_installed_distribution_is_mit_licensed_and_provides_sgs() -> None:
    dist = importlib.metadata.distribution(DIST)
    meta = dist.metadata
    assert meta["Name"] == DIST
    assert (meta["License-Expression"] or meta["License"]) == "MIT"
    assert any(req.startswith("rich") for req in dist.requires or [])
    scripts = [e for e in dist.entry_points if e.group == "console_scripts"]
    assert [(e.name, e.value) for e in scripts] == [("sgs", "sgs.cli:main")]
    assert scripts[0].load() is main
