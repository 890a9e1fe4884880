"""Guards found in review: guessable routing ids, tokens on command lines, replies before the
table starts, bot processes that die."""

from __future__ import annotations

from conftest import Procs, RawAgent

from game_agent.server.table import MIN_IDENTITY_BYTES
from replays import read_log
from sgs.commands.serve import TableOptions, bot_command


def test_a_short_chosen_routing_id_cannot_take_a_seat(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--seed", "3")
    weak = RawAgent(served.endpoint, identity=b"seat0-bot")
    strong = RawAgent(served.endpoint, identity=b"x" * MIN_IDENTITY_BYTES)
    try:
        weak.send({"t": "hello", "version": 2, "table": "", "seat": 0,
                   "token": served.tokens[0], "name": "weak"})  # fmt: skip
        assert "at least" in weak.expect_error("weak_identity")["message"]
        assert strong.hello(0, served.tokens[0])["t"] == "welcome"
    finally:
        weak.close()
        strong.close()
        served.proc.kill()


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


def test_bot_tokens_stay_off_the_command_line() -> None:
    cmd = bot_command("tcp://127.0.0.1:1", 0, "s3cr3t-token", "random", 1, TableOptions())
    assert "s3cr3t-token" not in " ".join(cmd) and "--token" not in cmd


def test_a_seat_whose_bot_process_dies_takes_its_defaults_at_once(procs: Procs) -> None:
    # With the default 30 s deadline, a game would take minutes if the server waited for the
    # dead bot; it notices the process exit and applies the seat's defaults at once.
    served = procs.serve(
        "--game", "harmony", "--bots", "wire_bots:Crashing,random", "--seed", "5",
        "--linger", "0.5",
    )  # fmt: skip
    assert served.proc.wait(60) == 0
    assert any(r.get("event") == "agent process exited; its seat takes defaults"
               for r in served.proc.stderr_records())  # fmt: skip
    decisions = read_log(served.log_path).decisions
    assert decisions and all(d.timeout == (d.seat == 0) for d in decisions)
