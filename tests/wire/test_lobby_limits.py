"""An open lobby that strangers cannot exhaust (issue 20, items 1, 2 and 4), through real
`sgs serve --lobby` processes: joins past the per-source caps are refused with `source_busy`,
tables whose agents never prove a seat dissolve leaving no files, a fleet larger than the cap
still plays every game (its agents prove their seats), missing seats take their defaults at
once, a table nobody is at is abandoned (in its log, its seats file and `sgs status`) and never
resumed, and a seats file cannot make the server import a module."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import Procs, RawAgent, wait_for
from test_lobby import free_port, lobby, logs_in, start_fleet

from game_agent.server.seats import read_sidecar, sidecar_path, write_sidecar
from protocol.version import PROTOCOL_VERSION
from replays import read_log, verify

CEILING = 120.0  # conditions that must come true, on however busy a machine


def join_msg(game: str, players: int = 0) -> dict[str, Any]:
    return {"t": "join", "version": PROTOCOL_VERSION, "game": game, "mode": "",
            "players": players, "name": "stranger"}  # fmt: skip


def status(procs: Procs, endpoint: str) -> dict[str, Any]:
    p = procs.start(["status", "--connect", endpoint, "--json"])
    assert p.wait(CEILING) == 0, p.output()
    out: dict[str, Any] = json.loads("\n".join(p.lines))
    return out


def answers_of(agents: list[RawAgent], *types: str) -> dict[str, int]:
    """Read every agent until each has answered once with one of `types`; -> counts by kind
    (an error counts under its code)."""
    counts: dict[str, int] = {}
    for a in agents:
        msg = a.recv_type(*types, timeout=CEILING)
        key = msg["code"] if msg["t"] == "error" else msg["t"]
        counts[key] = counts.get(key, 0) + 1
    return counts


# The same caps hold for a lobby over worker processes: the front counts every worker's tables.
OVER = pytest.mark.parametrize("workers", [(), ("--workers", "2")], ids=["one process", "workers"])


@OVER
def test_a_join_flood_from_one_address_is_capped_and_leaves_no_files(
    procs: Procs, tmp_path: Path, workers: tuple[str, ...]
) -> None:
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, log_dir, port, "--max-unproven", "16", *workers)
    agents = [RawAgent(endpoint) for _ in range(200)]
    try:
        for a in agents:
            a.send(join_msg("sanguosha", 2))
        counts = answers_of(agents, "seated", "error")
        # 16 places for unproven seats: 8 two-seat tables; every other join is refused
        assert counts == {"seated": 16, "source_busy": 184}, counts
        assert "source_busy" in {e["code"] for a in agents for e in a.errors}
        # (on a machine slow enough, some may have dissolved already: 15 s after they opened)
        states = [t["state"] for t in status(procs, endpoint)["tables"]]
        assert len(states) <= 8 and set(states) <= {"waiting"}, states
        assert list(log_dir.glob("*")) == [], "a table that is not playing has files"
        # Nobody proves a seat: the tables dissolve unplayed, leaving nothing behind.
        wait_for(lambda: status(procs, endpoint)["tables"] == [], CEILING, "tables to dissolve")
        assert list(log_dir.glob("*")) == []
        # ... and the address may open tables again.
        again = RawAgent(endpoint)
        agents.append(again)
        again.send(join_msg("sanguosha", 2))
        assert again.recv_type("queued", "error", timeout=CEILING)["t"] == "queued"
    finally:
        for a in agents:
            a.close()
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()


@OVER
def test_a_fleet_larger_than_the_cap_plays_every_game(
    procs: Procs, tmp_path: Path, workers: tuple[str, ...]
) -> None:
    """Agents that prove their seats free their places: 24 seats from one process against a
    cap of 4 unproven seats per address all play (refused joins are tried again). Over
    workers, each proof is told to the front, which counts the places."""
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, log_dir, port, "--max-unproven", "4", "--linger", "0.5", *workers)
    fleet = start_fleet(procs, endpoint, 24, "random", 3, "--games", "24")
    assert fleet.wait(CEILING * 2) == 0, fleet.output()
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()
    logs = logs_in(log_dir)
    assert len(logs) == 12
    for path in logs:
        assert verify(str(path)).ok
        assert not any(d.timeout for d in read_log(str(path)).decisions)


Pair = tuple[RawAgent, RawAgent]


def seat_pair(endpoint: str, game: str = "harmony") -> tuple[Pair, str, list[str]]:
    """Two raw agents queued into one two-seat table: -> (seat 0's, seat 1's), the table, the
    seats' tokens."""
    a, b = RawAgent(endpoint), RawAgent(endpoint)
    a.send(join_msg(game))
    assert a.recv_type("queued", timeout=CEILING)["t"] == "queued"
    b.send(join_msg(game))
    sa, sb = a.recv_type("seated", timeout=CEILING), b.recv_type("seated", timeout=CEILING)
    assert sa["table"] == sb["table"]
    tokens = [""] * 2
    tokens[sa["seat"]], tokens[sb["seat"]] = sa["token"], sb["token"]
    pair = (a, b) if sa["seat"] == 0 else (b, a)
    return pair, sa["table"], tokens


def play_defaults(agent: RawAgent, until: Any) -> int:
    """Answer every request with its default until `until()` or the game's bye; -> replies."""
    n = 0
    end = time.monotonic() + CEILING
    while not agent.bye and not until():
        assert time.monotonic() < end, "the game did not go on"
        msg = agent.recv(0.2)
        if msg is not None and msg["t"] == "request":
            req = msg["request"]
            agent.send({"t": "reply", "id": req["id"], "choice": req["default"]})
            n += 1
    return n


def test_a_seat_that_never_connects_takes_its_defaults_at_once(
    procs: Procs, tmp_path: Path
) -> None:
    """Seat 1's agent is seated and never says hello: the table starts at the fill timeout
    and seat 1 answers nothing, yet with 600-s deadlines the game still runs to its end."""
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, log_dir, port, "--fill-timeout", "1", "--deadline", "600")
    (a, b), table, tokens = seat_pair(endpoint)
    try:
        assert a.hello(0, tokens[0], table=table)["t"] == "welcome"
        a.send({"t": "resync", "last_seq": -1})
        play_defaults(a, lambda: False)
        assert a.bye
    finally:
        a.close()
        b.close()
    server.expect(f"table {table!r} finished", CEILING)
    (path,) = logs_in(log_dir)
    absent = [d for d in read_log(str(path)).decisions if d.seat == 1]
    assert absent and all(d.timeout for d in absent)
    assert verify(str(path)).ok
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()


def test_a_table_nobody_is_at_is_abandoned_and_never_resumed(procs: Procs, tmp_path: Path) -> None:
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    args = ("--fill-timeout", "1", "--deadline", "600", "--abandon-after", "2")
    server = lobby(procs, log_dir, port, *args)
    (a, b), table, tokens = seat_pair(endpoint)
    try:
        assert a.hello(0, tokens[0], table=table)["t"] == "welcome"
        a.send({"t": "resync", "last_seq": -1})
        play_defaults(a, lambda: len(a.requests) >= 3)
    finally:
        a.close()  # the last agent goes: nobody is at the table
        b.close()
    left = time.monotonic()
    server.expect(f"table {table!r} abandoned", CEILING)
    took = time.monotonic() - left
    assert took >= 2.0  # not before --abandon-after has passed
    (path,) = logs_in(log_dir)
    assert read_sidecar(str(path))["end"] == "abandoned"
    log = read_log(str(path))
    assert log.ending is not None and log.ending[0] == "abandoned"
    report = verify(str(path))
    assert report.ok and "abandoned" in report.message, report.message
    shown = procs.start(["replay", str(path)])
    assert shown.wait(CEILING) == 0, shown.output()
    assert shown.lines[-1].startswith("== the table was abandoned before the game ended")
    seen = status(procs, endpoint)
    assert [(t["name"], t["state"]) for t in seen["tables"]] == [(table, "abandoned")]
    server.popen.terminate()
    assert server.wait(CEILING) == 0, server.output()
    again = lobby(procs, log_dir, port, *args)
    # `status` is answered once the loop runs, after every resume: nothing came back
    assert status(procs, endpoint)["tables"] == []
    again.popen.terminate()
    assert again.wait(CEILING) == 0, again.output()
    assert not any(line.startswith("resume:") for line in again.lines), again.lines


def test_a_crashed_table_whose_agents_never_return_is_abandoned_once(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = lobby(procs, log_dir, port, "--deadline", "600")
    (a, b), table, tokens = seat_pair(endpoint)
    try:
        for agent, seat in ((a, 0), (b, 1)):
            assert agent.hello(seat, tokens[seat], table=table)["t"] == "welcome"
            agent.send({"t": "resync", "last_seq": -1})

        def asked() -> bool:
            a.recv(0.05)
            b.recv(0.05)
            return bool(a.requests or b.requests)

        wait_for(asked, CEILING, "the first request")
    finally:
        a.close()
        b.close()
    server.popen.kill()
    server.wait(CEILING)
    args = ("--fill-timeout", "1", "--abandon-after", "1")
    second = lobby(procs, log_dir, port, *args)
    second.expect("resume: table", CEILING)
    second.expect(f"table {table!r} abandoned", CEILING)
    second.popen.terminate()
    assert second.wait(CEILING) == 0, second.output()
    (path,) = logs_in(log_dir)
    assert verify(str(path)).ok
    third = lobby(procs, log_dir, port, *args)
    assert status(procs, endpoint)["tables"] == []  # answered after every resume
    third.popen.terminate()
    assert third.wait(CEILING) == 0, third.output()
    assert not any(line.startswith("resume:") for line in third.lines), third.lines


def test_a_seats_file_cannot_make_the_server_import_a_module(procs: Procs, tmp_path: Path) -> None:
    """`"game": "this:s"` would print the Zen of Python if it were imported."""
    log_dir = tmp_path / "logs"
    served = procs.serve("--game", "harmony", "--bots", "random,-", "--seed", "4",
                         "--deadline", "600", log_dir=log_dir)  # fmt: skip
    wait_for(lambda: os.path.exists(sidecar_path(served.log_path)), CEILING, "the seats file")
    served.proc.popen.kill()
    served.proc.wait(CEILING)
    saved = read_sidecar(served.log_path)
    write_sidecar(served.log_path, {**saved, "game": "this:s", "lobby": True})
    resume = procs.start(["serve", "--resume", served.log_path])
    assert resume.wait(CEILING) == 4, resume.output()
    assert "Beautiful is better than ugly" not in resume.output()
    assert "never makes the server import code" in resume.output()
    port = free_port()
    lob = lobby(procs, log_dir, port)
    lob.expect("resume: ", CEILING)
    lob.popen.terminate()
    assert lob.wait(CEILING) == 0, lob.output()
    assert "Beautiful is better than ugly" not in lob.output()
    assert any("refused" in line and "this:s" in line for line in lob.lines), lob.lines
