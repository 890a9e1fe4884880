"""One game-agent process, many tables: `sgs serve --lobby` filled by `sgs bot --lobby --seats N`
processes, a status command, and a kill -9 of the server with several tables open."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from conftest import PATIENT, WAIT, Proc, Procs, wait_for
from wire_support import free_port

from game_agent.server.seats import read_sidecar
from replays import LogError, read_log, verify


def can_bind(port: int) -> bool:
    """Whether a listener (ZeroMQ's sets SO_REUSEADDR) can take the port now."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def lobby(procs: Procs, log_dir: Path, port: int, *extra: str) -> Proc:
    server = procs.start(
        [
            "serve",
            "--lobby",
            "--log-dir",
            str(log_dir),
            "--bind",
            f"tcp://127.0.0.1:{port}",
            "--pub-bind",
            f"tcp://127.0.0.1:{free_port()}",
            *extra,
        ]
    )
    server.expect("lobby on ")
    return server


def start_fleet(
    procs: Procs, endpoint: str, seats: int, bot: str, seed: int, *extra: str, **env: str
) -> Proc:
    """`sgs bot --lobby` for Harmony: `seats` sessions in one process."""
    args = ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", str(seats)]
    return procs.start([*args, "--bot", bot, "--seed", str(seed), *PATIENT, *extra], **env)


def logs_in(log_dir: Path) -> list[Path]:
    return sorted(log_dir.glob("*.sgslog"))


def test_one_server_runs_twenty_tables_for_two_bot_processes(procs: Procs, tmp_path: Path) -> None:
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, log_dir, port, "--linger", "0.5")
    fleets = [
        start_fleet(procs, endpoint, 20, bot, i) for i, bot in enumerate(("random", "greedy"))
    ]
    for fleet in fleets:
        assert fleet.wait(2 * WAIT) == 0, fleet.output()
    status = procs.start(["status", "--connect", endpoint, "--json", "--timeout", str(WAIT)])
    assert status.wait() == 0, status.output()
    tables = json.loads("\n".join(status.lines))
    assert tables["queues"] == []
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    logs = logs_in(log_dir)
    assert len(logs) == 20
    for path in logs:
        assert verify(str(path)).ok, verify(str(path)).message
        assert read_sidecar(str(path))["finished"] is True
        assert not any(d.timeout for d in read_log(str(path)).decisions)
    # the tables mixed both processes' bots: some table has a bot of each
    assert any(line.startswith("table ") for line in server.lines)


def test_kill_9_with_tables_open_then_restart_finishes_every_table(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    timing = ("--heartbeat", "0.2", "--liveness", "1")
    server = lobby(procs, log_dir, port, *timing, "--linger", "0.5")
    # The agents notice the restart by their heartbeats (the new server does not know them),
    # not by a silence, so they keep the patience of a busy machine (conftest.PATIENT).
    slow = {"SGS_TEST_BOT_DELAY": "0.2"}
    fleets = [
        start_fleet(procs, endpoint, 6, "wire_bots:SlowRandom", i, "--heartbeat", "0.2", **slow)
        for i in range(2)
    ]

    def in_play(path: Path) -> bool:
        try:  # a table being opened has its log a moment before its seats file
            return not read_sidecar(str(path))["finished"] and bool(read_log(str(path)).decisions)
        except (ValueError, LogError):
            return False

    # Six tables, of which some are under way (a decision each) and unfinished: the moment to
    # kill, whatever the machine's speed (a game's decisions take 0.2 s each or more).
    wait_for(
        lambda: len(logs_in(log_dir)) == 6 and sum(map(in_play, logs_in(log_dir))) >= 3,
        what="six tables, some in play",
    )
    server.popen.kill()  # kill -9, mid-game
    server.wait()
    unfinished = [p for p in logs_in(log_dir) if not read_sidecar(str(p))["finished"]]
    assert len(unfinished) >= 2, "the kill came too late to test anything"
    wait_for(lambda: can_bind(port), what="the port to be free again")
    again = lobby(procs, log_dir, port, *timing, "--linger", "0.5")
    for _ in unfinished:
        again.expect("resume: table")
    for fleet in fleets:
        assert fleet.wait() == 0, fleet.output()
    wait_for(
        lambda: all(read_sidecar(str(p))["finished"] for p in logs_in(log_dir)),
        what="every table to finish",
    )
    again.popen.terminate()
    assert again.wait() == 0, again.output()
    for path in logs_in(log_dir):
        report = verify(str(path))
        assert report.ok, report.message
    for path in unfinished:
        assert read_sidecar(str(path))["epoch"] == 1


def test_tables_from_a_config_file_wait_for_their_seats(procs: Procs, tmp_path: Path) -> None:
    config = tmp_path / "tables.toml"
    config.write_text(
        '[[table]]\nname = "final"\ngame = "harmony"\n\n'
        '[[table]]\ngame = "sanguosha"\nmode = "1v1"\n'
    )
    log_dir = tmp_path / "logs"
    port = free_port()
    server = lobby(procs, log_dir, port, "--tables", str(config), "--linger", "0.5")
    seats: list[tuple[str, int, str]] = []
    table = ""
    while len(seats) < 4:
        line = server.expect("")
        if line.startswith("table "):
            table = line.split("'")[1]
        elif line.strip().startswith("seat "):
            token = line.split("SGS_TOKEN=")[1].split()[0]
            seats.append((table, int(line.split()[1].rstrip(":")), token))
    assert [s[0] for s in seats[:2]] == ["final", "final"]
    bots = [
        procs.start(
            [
                "bot",
                "--connect",
                f"tcp://127.0.0.1:{port}",
                "--table",
                name,
                "--seat",
                str(seat),
                "--bot",
                "random",
            ],
            SGS_TOKEN=token,
        )
        for name, seat, token in seats
    ]
    for bot in bots:
        assert bot.wait() == 0, bot.output()
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    logs = logs_in(log_dir)
    assert len(logs) == 2 and all(verify(str(p)).ok for p in logs)


def test_a_fleet_whose_first_home_is_dead_plays_every_seat_at_the_next(
    procs: Procs, tmp_path: Path
) -> None:
    """`--connect DEAD,LIVE` (DEAD: a free port nobody binds): every session's first try goes
    to DEAD and gets no answer; after that one failed try (its --liveness) the next try starts
    at LIVE, a real lobby, and every seat plays its game to the end."""
    log_dir = tmp_path / "logs"
    port = free_port()
    live, dead = f"tcp://127.0.0.1:{port}", f"tcp://127.0.0.1:{free_port()}"
    server = lobby(procs, log_dir, port, "--linger", "0.5")
    # The lobby loads a game at its first join. Played once first, so it answers the homes'
    # joins well within their short --liveness (a join abandoned before its answer may still be
    # seated, tests/wire_support.PATIENT).
    warm = start_fleet(procs, live, 2, "random", 0)
    assert warm.wait() == 0, warm.output()
    homes = ("--connect", f"{dead},{live}", "--liveness", "3", "--heartbeat", "0.2")
    seats = ("--lobby", "--game", "harmony", "--seats", "4", "--seed", "7")
    # --give-up: a fleet that never left DEAD stops (exit 4) well before WAIT
    fleet = procs.start(["bot", *homes, *seats, "--give-up", str(WAIT / 2)])
    assert fleet.wait() == 0, fleet.output()
    assert next(x for x in fleet.lines if x.startswith("fleet: ")).startswith("fleet: 4 games")
    finished = [r for r in fleet.stderr_records() if r.get("event") == "game finished"]
    assert len(finished) == 4 and {r["result"] for r in finished} <= {"won", "lost", "draw"}
    # each session's try at DEAD went unanswered, and its next try was at LIVE
    moved_on = [
        r
        for r in fleet.stderr_records()
        if r.get("event") == "handshake retry" and r.get("endpoint") == live
    ]
    assert sum(r["why"].startswith("join unanswered") for r in moved_on) >= 4, moved_on
    # A fleet's next games start at the home that seated it last: a second fleet's first four
    # joins try DEAD first, its next eight start at LIVE (each would otherwise cost one more).
    again = procs.start(["bot", *homes, *seats, "--games", "12", "--give-up", str(WAIT / 2)])
    assert again.wait() == 0, again.output()
    assert next(x for x in again.lines if x.startswith("fleet: ")).startswith("fleet: 12 games")
    unanswered = [
        r
        for r in again.stderr_records()
        if r.get("event") == "handshake retry" and r["why"].startswith("join unanswered")
    ]
    assert len(unanswered) < 12, unanswered
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    logs = logs_in(log_dir)
    assert len(logs) == 3 + 6  # the warm-up's table, the fleet's two, the second fleet's six
    for path in logs:
        assert verify(str(path)).ok, verify(str(path)).message
        assert read_sidecar(str(path))["finished"] is True
