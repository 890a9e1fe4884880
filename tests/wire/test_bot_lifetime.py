"""Bot processes do not outlive their server: the `sgs bot` children of `sgs serve --bots` stop
when it dies (even by kill -9) or stops, and any agent gives up after `--give-up` seconds
without a server (issue 20, item 8). Through real processes; every wait is for a condition,
with a generous ceiling."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Procs, Served, wait_for

from user_agent.client import GIVE_UP, PARENT_GONE, Client
from user_agent.parent import PARENT_ENV, parent_from_env

# Slow bots (a decision every 0.2 s), so the game is still on when the test acts on it.
TABLE = ("--game", "sanguosha", "--players", "5", "--bots", "wire_bots:SlowRandom")
SLOW = {"SGS_TEST_BOT_DELAY": "0.2"}
CEILING = 60.0  # how long the bots may take to notice (they need a second or two)


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie that nobody reaped yet counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def records(served: Served, event: str) -> list[dict[str, Any]]:
    """The server's stderr records named `event` (its bots write to the same stderr)."""
    return [r for r in served.proc.stderr_records() if r.get("event") == event]


def bot_pids(served: Served, count: int) -> list[int]:
    wait_for(lambda: len(records(served, "bot started")) >= count, what="the bots to start")
    return [int(r["pid"]) for r in records(served, "bot started")]


def playing(served: Served) -> None:
    """Until every seat is taken: the bots connected, the game is on."""
    wait_for(lambda: bool(records(served, "all seats taken")), CEILING, "the game to be playing")


@pytest.fixture
def strays() -> Iterator[list[int]]:
    """Pids of grandchildren (a server's bots) to kill if a test leaves them running."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        if alive(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def test_the_bots_of_a_killed_server_stop_with_it(procs: Procs, strays: list[int]) -> None:
    served = procs.serve(*TABLE, "--deadline", "600", **SLOW)
    pids = bot_pids(served, 5)
    strays.extend(pids)
    playing(served)
    server_pid = served.proc.popen.pid
    os.kill(server_pid, signal.SIGKILL)
    served.proc.popen.wait(10)
    # Before the fix they reconnected to nothing for more than a minute (liveness + give-up).
    wait_for(lambda: not any(alive(p) for p in pids), CEILING, "the bots to stop")
    gone = records(served, "parent gone: stopping")
    assert sorted(r["seat"] for r in gone) == [0, 1, 2, 3, 4], served.proc.output()
    assert all(r["parent"] == server_pid for r in gone)


def test_resume_starts_the_saved_bots_again_and_sigterm_stops_them(
    procs: Procs, strays: list[int]
) -> None:
    served = procs.serve(*TABLE, "--deadline", "600", **SLOW)
    strays.extend(bot_pids(served, 5))
    playing(served)
    os.kill(served.proc.popen.pid, signal.SIGKILL)
    served.proc.popen.wait(10)

    # The old bots died with the server; the seats file says which bots to start again.
    again = procs.resume(served.log_path, **SLOW)
    assert [line for line in again.proc.lines if "bot process" in line] == [
        f"seat {s}: bot process wire_bots:SlowRandom" for s in range(5)
    ]
    pids = bot_pids(again, 5)
    strays.extend(pids)
    playing(again)
    again.proc.popen.send_signal(signal.SIGTERM)
    assert again.proc.wait(CEILING) == 143, again.proc.output()
    wait_for(lambda: not any(alive(p) for p in pids), CEILING, "the resumed server's bots to stop")
    # The server stopped them (SIGTERM while it was alive): none thought its parent dead.
    assert sorted(r["pid"] for r in records(again, "bot stopped")) == sorted(pids)
    assert not records(again, "parent gone: stopping")


def test_a_bot_gives_up_on_a_server_that_is_gone(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--heartbeat", "0.2", "--liveness", "1")
    bot = procs.bot(served, 0, "random", 1, None, "--give-up", "2", "--heartbeat", "0.2",
                    "--liveness", "1")  # fmt: skip
    wait_for(lambda: bool(records(served, "agent joined")), what="the bot to connect")
    os.kill(served.proc.popen.pid, signal.SIGKILL)
    served.proc.popen.wait(10)
    assert bot.wait(CEILING) == 4, bot.output()  # the documented exit code of giving up
    errors = [r for r in bot.stderr_records() if r.get("level") == "error"]
    assert [r["event"] for r in errors] == ["gave up"], bot.output()
    assert "for 2 s: giving up (--give-up 2; 0: retry forever)" in errors[0]["reason"]


def test_a_console_and_a_fleet_give_up_on_a_lobby_that_is_gone(
    procs: Procs, tmp_path: Path
) -> None:
    server = procs.start(["serve", "--lobby", "--log-dir", str(tmp_path / "logs")])
    endpoint = server.expect("lobby on ").replace(";", "").split()[2]
    quick = ("--give-up", "2", "--heartbeat", "0.2", "--liveness", "1")
    join = ("--connect", endpoint, "--lobby", "--game", "sanguosha", "--players", "5", *quick)
    console = procs.start(["play", *join])
    console.expect("queued for sanguosha: 1 of 5 players waiting")
    fleet = procs.start(["bot", *join, "--seats", "2"])
    console.expect("queued for sanguosha: 3 of 5 players waiting")  # all three in the queue
    os.kill(server.popen.pid, signal.SIGKILL)
    server.popen.wait(10)
    assert console.wait(CEILING) == 4, console.output()
    assert console.stderr_path.read_text().strip().splitlines()[-1] == (
        f"error: no answer from {endpoint} for 2 s: giving up (--give-up 2; 0: retry forever)"
    )
    assert fleet.wait(CEILING) == 4, fleet.output()
    assert "(failed: give_up 2)" in fleet.lines[-1], fleet.output()
    errors = [r for r in fleet.stderr_records() if r.get("event") == "gave up"]
    assert len(errors) == 1 and errors[0]["sessions"] == 2, fleet.output()


def test_a_bot_refuses_a_negative_give_up(procs: Procs) -> None:
    p = procs.start(["bot", "--connect", "tcp://127.0.0.1:9", "--seat", "0", "--token", "t",
                     "--give-up", "-1"])  # fmt: skip
    assert p.wait() == 2
    assert p.stderr_path.read_text().strip() == (
        "error: --give-up must be 0 (retry forever) or more seconds"
    )


# --- the client's clocks, in process (nothing listens on the endpoint) ------------------------


def unanswered(**kw: Any) -> Client:
    client = Client("tcp://127.0.0.1:9", 0, "0" * 32, heartbeat=0.2, liveness=1.0, **kw)
    client.open()
    return client


def test_give_up_zero_retries_forever_and_otherwise_stops_in_time() -> None:
    forever = unanswered(give_up=0)
    bounded = unanswered(give_up=5)
    try:
        start = time.monotonic()
        for later in (0.5, 4.0, 6.0, 3600.0):
            forever.on_timer(start + later)
            bounded.on_timer(start + later)
            if later < 5:
                assert bounded.failure is None
        assert forever.failure is None and forever.wakeup() < float("inf")
        assert bounded.failure is not None and bounded.failure.code == GIVE_UP
        assert str(bounded.failure) == "no answer from tcp://127.0.0.1:9 for 5 s: giving up"
    finally:
        forever.close()
        bounded.close()
    with pytest.raises(ValueError, match="give_up"):
        Client("tcp://127.0.0.1:9", give_up=-1)


def test_a_client_stops_when_its_parent_is_gone() -> None:
    ours = unanswered(parent_pid=os.getppid())
    orphan = unanswered(parent_pid=os.getpid())  # never this process's parent
    try:
        later = time.monotonic() + 0.5
        ours.on_timer(later)
        orphan.on_timer(later)
        assert ours.failure is None
        assert orphan.failure is not None and orphan.failure.code == PARENT_GONE
        assert orphan.wakeup() == float("inf")
    finally:
        ours.close()
        orphan.close()


def test_the_parent_pid_is_read_once_and_not_passed_on() -> None:
    env = {PARENT_ENV: " 4242 ", "OTHER": "x"}
    assert parent_from_env(env) == 4242
    assert env == {"OTHER": "x"}  # this process's own children do not inherit it
    assert parent_from_env(env) is None  # started by hand: not watched
    for bad in ("x", "1", "-5"):
        with pytest.raises(ValueError, match=PARENT_ENV):
            parent_from_env({PARENT_ENV: bad})
