"""Guards found in review: secrets on command lines and in file modes, replies before the table
starts, bot processes that die."""

from __future__ import annotations

import os

from conftest import Procs, RawAgent

from game_agent.server import TableOptions
from replays import read_log
from sgs.commands.serve import bot_command


def test_no_reply_is_taken_before_every_seat_is_there(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--seed", "4")
    agent = RawAgent(served.endpoint)
    try:
        assert agent.hello(0, served.tokens[0])["t"] == "welcome"
        agent.send({"t": "resync", "last_seq": -1})
        agent.send({"t": "reply", "id": 0, "choice": [0, 0, 0]})
        assert "waits for every seat" in agent.expect_error("not_started")["message"]
    finally:
        agent.close()
        served.proc.kill()


def test_bot_secrets_stay_off_the_command_line(procs: Procs) -> None:
    """No token and no seed on a command line (every local user can read them); the log and its
    seats file are readable by their owner only, and their names do not carry the seed."""
    cmd = bot_command("tcp://127.0.0.1:1", 0, "random", TableOptions())
    assert "--token" not in cmd and "--seed" not in cmd
    served = procs.serve("--game", "harmony", "--bots", "random", "--seed", "424242",
                         "--linger", "0.5")  # fmt: skip
    assert served.proc.wait() == 0, served.proc.output()
    for path in (served.log_path, served.log_path + ".seats.json"):
        assert os.stat(path).st_mode & 0o077 == 0, path
    assert "424242" not in served.log_path


def test_a_seat_whose_bot_process_dies_takes_its_defaults_at_once(procs: Procs) -> None:
    # With the default 30 s deadline, a game would take minutes if the server waited for the
    # dead bot; it notices the process exit and applies the seat's defaults at once.
    served = procs.serve(
        "--game", "harmony", "--bots", "wire_bots:Crashing,random", "--seed", "5",
        "--linger", "0.5",
    )  # fmt: skip
    assert served.proc.wait() == 0, served.proc.output()
    assert any(r.get("event") == "agent process exited; its seat takes defaults"
               for r in served.proc.stderr_records())  # fmt: skip
    decisions = read_log(served.log_path).decisions
    assert decisions and all(d.timeout == (d.seat == 0) for d in decisions)
