"""`sgs serve --lobby --workers N`: a front process and N worker processes, with real sockets.

Agents know only the front: a join there seats them at a table a worker owns (the hello is
answered `moved`, the client follows), `status` at the front lists every worker's tables, the
front's spectator stream carries them, and a worker killed mid-game is started again and its
tables resume from their logs, every log verifying."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

from conftest import WAIT, Proc, Procs, RawAgent, wait_for
from test_lobby import free_port, logs_in, start_fleet

from game_agent.server.seats import read_sidecar
from protocol.version import PROTOCOL_VERSION
from replays import LogError, read_log, verify


def front(procs: Procs, log_dir: Path, workers: int, *extra: str) -> tuple[Proc, str, str]:
    port = free_port()
    server = procs.start(
        ["serve", "--lobby", "--workers", str(workers), "--log-dir", str(log_dir),
         "--bind", f"tcp://127.0.0.1:{port}", *extra]
    )  # fmt: skip
    line = server.expect("lobby on ")
    pub = line.split("spectators on ")[1].split(";")[0]
    for _ in range(workers):
        server.expect("worker ")
    return server, f"tcp://127.0.0.1:{port}", pub


def worker_pids(server: Proc) -> dict[int, int]:
    out = {}
    for line in server.lines:
        m = re.match(r"worker (\d+) \(pid (\d+)\): tables on", line)
        if m:
            out[int(m.group(1))] = int(m.group(2))
    return out


def test_tables_spread_over_two_workers_and_every_log_verifies(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    server, endpoint, _ = front(procs, log_dir, 2, "--linger", "0.5")
    fleets = [
        start_fleet(procs, endpoint, 20, bot, i) for i, bot in enumerate(("random", "greedy"))
    ]
    for f in fleets:
        assert f.wait(2 * WAIT) == 0, f.output()

    def closed() -> list[bool]:  # per log on disk: its seats file says the game finished
        out = []
        for path in logs_in(log_dir):
            try:
                out.append(read_sidecar(str(path)).get("end") == "finished")
            except ValueError:  # not written yet
                out.append(False)
        return out

    try:
        wait_for(lambda: sum(closed()) >= 20, what="20 tables closed")
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {closed()}\n{server.output()}") from None
    server.drain()
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    assert not any(os.path.exists(f"/proc/{pid}") for pid in worker_pids(server).values())
    finished = [x for x in server.lines if re.match(r"table '.*' \(worker \d\) finished", x)]
    owners = {int(re.search(r"\(worker (\d)\)", x).group(1)) for x in finished}  # type: ignore[union-attr]
    assert owners == {0, 1}, finished  # both workers held tables
    logs = logs_in(log_dir)
    assert len(logs) == 20
    for path in logs:
        assert verify(str(path)).ok, verify(str(path)).message
        assert read_sidecar(str(path))["finished"] is True


def test_the_front_moves_hellos_and_spectators_and_shows_every_table(
    procs: Procs, tmp_path: Path
) -> None:
    server, endpoint, _ = front(procs, tmp_path / "logs", 2, "--heartbeat", "0.2")
    seated = []
    agents = [RawAgent(endpoint) for _ in range(2)]
    for a in agents:
        a.send({"t": "join", "version": PROTOCOL_VERSION, "game": "harmony", "mode": "",
                "players": 0, "name": "raw"})  # fmt: skip
    for a in agents:
        seated.append(a.recv_type("seated"))
    table = seated[0]["table"]
    assert {s["table"] for s in seated} == {table}
    # A hello at the front is answered `moved`: the worker's endpoints, nothing else.
    a = agents[0]
    a.send({"t": "hello", "version": PROTOCOL_VERSION, "table": table, "seat": 0,
            "nonce": "a" * 32, "name": "raw"})  # fmt: skip
    moved = a.recv_type("moved")
    assert moved["table"] == table and moved["endpoint"] != endpoint
    assert moved["endpoint"] in {line.split("tables on ")[1].split(";")[0]
                                 for line in server.lines if "tables on" in line}  # fmt: skip
    # Followed: the worker does the handshake with the token the front handed out.
    there = [RawAgent(moved["endpoint"]) for _ in range(2)]
    for s, agent in zip(seated, there, strict=True):
        welcome = agent.hello(s["seat"], s["token"], table=table)
        assert welcome["table"] == table
    # The catch-up of a spectator at the front is moved too.
    spectator = RawAgent(endpoint, keepalive=False)
    spectator.send({"t": "spectate", "version": PROTOCOL_VERSION, "table": table, "last_seq": -1})
    assert spectator.recv_type("moved")["endpoint"] == moved["endpoint"]

    def listed() -> bool:
        status = procs.start(["status", "--connect", endpoint, "--json", "--timeout", str(WAIT)])
        assert status.wait() == 0, status.output()
        rows = json.loads("\n".join(status.lines))["tables"]
        return any(r["name"] == table and r["seated"] == 2 for r in rows)

    wait_for(listed, what="the front's status to list the worker's table with both seated")
    server.popen.terminate()
    assert server.wait() == 0, server.output()


def test_a_killed_worker_is_started_again_and_its_tables_finish(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    timing = ("--heartbeat", "0.2", "--liveness", "1")
    server, endpoint, _ = front(procs, log_dir, 2, *timing, "--linger", "0.5")
    slow = {"SGS_TEST_BOT_DELAY": "0.2"}
    fleets = [
        start_fleet(procs, endpoint, 6, "wire_bots:SlowRandom", i, "--heartbeat", "0.2", **slow)
        for i in range(2)
    ]

    def in_play(path: Path) -> bool:
        try:
            return not read_sidecar(str(path))["finished"] and bool(read_log(str(path)).decisions)
        except (ValueError, LogError):
            return False

    wait_for(
        lambda: len(logs_in(log_dir)) == 6 and sum(map(in_play, logs_in(log_dir))) >= 3,
        what="six tables, some in play",
    )
    victim = worker_pids(server)[0]
    os.kill(victim, signal.SIGKILL)  # kill -9 one worker, mid-game
    line = server.expect("worker 0 exited")
    resumed = int(re.search(r"(\d+) of its \d+ tables resume", line).group(1))  # type: ignore[union-attr]
    assert resumed >= 1, line
    for f in fleets:
        assert f.wait(2 * WAIT) == 0, f.output()
    wait_for(
        lambda: all(read_sidecar(str(p))["finished"] for p in logs_in(log_dir)),
        what="every table to finish",
    )
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    epochs = []
    for path in logs_in(log_dir):
        report = verify(str(path))
        assert report.ok, report.message
        epochs.append(read_sidecar(str(path))["epoch"])
    assert epochs.count(1) == resumed  # each of the dead worker's tables came back once


def test_workers_need_a_lobby_and_a_reachable_address(procs: Procs, tmp_path: Path) -> None:
    for args, words in (
        (["--workers", "2"], "--workers needs --lobby"),
        (["--lobby", "--workers", "2", "--bind", "tcp://0.0.0.0:*"], "not a wildcard"),
        (["--lobby", "--workers", "65"], "--workers must be"),
    ):
        p = procs.start(["serve", "--log-dir", str(tmp_path / "logs"), *args])
        assert p.wait() == 2, p.output()
        err = p.stderr_path.read_text()
        assert words in err and "Traceback" not in err, err
