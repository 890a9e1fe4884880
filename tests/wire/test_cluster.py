"""Lobby servers sharing one Redis (`sgs serve --lobby --redis URL`), with a real `redis-server`
and real server and bot processes on 127.0.0.1.

A join at any server seats the agent at a table one server owns; `status` at any server lists
every table; a server killed with SIGKILL mid-game has its tables claimed and finished by the
others; a Redis that goes away (and comes back empty) loses no decision and gives no log a
second writer. Every log verifies."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT, Proc, Procs, RawAgent, wait_for
from redis_support import RedisServer
from test_lobby import free_port, logs_in

from game_agent.server.seats import read_sidecar
from protocol.version import PROTOCOL_VERSION
from replays import LogError, read_log, verify

LEASE = "0.9"  # seconds: renewed every 0.3 s; a dead server's tables are claimed ~1.5 s after
TIMING = ("--heartbeat", "0.2", "--liveness", "1", "--linger", "0.5", "--lease", LEASE)
DELAY = 1.0  # seconds a fleet's bot takes to decide


@pytest.fixture
def redis_server(tmp_path: Path) -> Any:
    r = RedisServer(tmp_path / "redis")
    r.start()
    yield r
    r.stop()


def lobby_server(procs: Procs, url: str, log_dir: Path, *extra: str) -> tuple[Proc, str]:
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    server = procs.start(
        ["serve", "--lobby", "--redis", url, "--durability", "disk", "--bind", endpoint,
         "--log-dir", str(log_dir), *TIMING, *extra]
    )  # fmt: skip
    server.expect("lobby on ")
    return server, endpoint


def fleet(procs: Procs, connect: str, seats: int, seed: int) -> Proc:
    """`seats` SlowRandom Harmony agents in one process, joining at `connect`. A decision takes
    DELAY s, so a game (8 to 20 decisions) lasts long enough for every table to be in play at
    once on a busy machine; the liveness is the default's, so a join that a busy server answers
    late is not tried again elsewhere (which can leave a seat nobody takes at a table)."""
    return procs.start(
        ["bot", "--connect", connect, "--lobby", "--game", "harmony", "--seats", str(seats),
         "--bot", "wire_bots:SlowRandom", "--seed", str(seed), "--heartbeat", "0.2",
         "--liveness", "5"],
        SGS_TEST_BOT_DELAY=str(DELAY),
    )  # fmt: skip


def in_play(path: Path) -> bool:
    try:
        return not read_sidecar(str(path))["finished"] and bool(read_log(str(path)).decisions)
    except (ValueError, LogError):
        return False


def finished(path: Path) -> bool:
    try:
        return bool(read_sidecar(str(path))["finished"])
    except ValueError:
        return False


def seen(log_dir: Path, *procs: Proc) -> Callable[[], str]:
    """What a timed-out wait saw: each log's state, then every process's output."""

    def state(path: Path) -> str:
        return "finished" if finished(path) else f"{decisions(path)} decisions"

    def told() -> str:
        tables = {p.name: state(p) for p in logs_in(log_dir)}
        return f"{tables}\n" + "\n".join(p.output() for p in procs)

    return told


def status_names(endpoint: str) -> set[str]:
    agent = RawAgent(endpoint)
    try:
        agent.send({"t": "status", "version": PROTOCOL_VERSION})
        tables = agent.recv_type("tables")
    finally:
        agent.close()
    return {str(t["name"]) for t in tables["tables"] if t.get("state") == "playing"}


def decisions(path: Path) -> int:
    try:
        return len(read_log(str(path)).decisions)
    except LogError:
        return -1


def server_id(server: Proc) -> str:
    line = next(x for x in server.lines if x.startswith("lobby on "))
    return line.split(" as server ")[1]


def owners(redis_server: RedisServer) -> dict[str, str]:
    """table -> the server ID holding its lease."""
    r = redis_server.client()
    out = {}
    for name in r.smembers("sgs:tables"):
        lease = r.get(f"sgs:lease:{name}")
        if lease:
            out[str(name)] = str(lease).split(":")[0]
    return out


def summary(f: Proc) -> str:
    return next(line for line in f.lines if line.startswith("fleet:"))


def test_agents_joining_at_two_servers_share_tables_and_status(
    procs: Procs, tmp_path: Path, redis_server: RedisServer
) -> None:
    log_dir = tmp_path / "logs"
    (a, at_a), (b, at_b) = (lobby_server(procs, redis_server.url, log_dir) for _ in range(2))
    # 3 agents at each server, tables of 2: at least one table seats an agent of each, so
    # every session finishing shows a join at one server seated at the other's table
    fleets = [fleet(procs, at_a, 3, 1), fleet(procs, at_b, 3, 2)]
    told = seen(log_dir, a, b, *fleets)
    wait_for(lambda: sum(map(in_play, logs_in(log_dir))) == 3, what=lambda: f"3 in play: {told()}")
    playing = {p.name.removesuffix(".sgslog") for p in logs_in(log_dir) if in_play(p)}
    # each server lists every table, its own and the other's (rows at most a beat old)
    wait_for(lambda: status_names(at_a) == playing == status_names(at_b),
             what=f"both servers to list {playing}")  # fmt: skip
    for f in fleets:
        assert f.wait(WAIT) == 0, f.output()
        assert " 0 sessions failed, 0 rewinds" in summary(f), summary(f)
    wait_for(lambda: all(map(finished, logs_in(log_dir))), what="every table to finish")
    for s in (a, b):
        s.popen.terminate()
        assert s.wait() == 0, s.output()
    logs = logs_in(log_dir)
    assert len(logs) == 3
    for path in logs:
        assert verify(str(path)).ok, verify(str(path)).message
    said = sum(x.count(" finished: ") for s in (a, b) for x in s.lines)
    assert said == 3  # each table was finished by exactly one owner
    assert redis_server.client().scard("sgs:tables") == 0  # finished tables leave the directory


def test_a_killed_server_s_tables_are_claimed_and_finished_by_the_others(
    procs: Procs, tmp_path: Path, redis_server: RedisServer
) -> None:
    log_dir = tmp_path / "logs"
    servers = [lobby_server(procs, redis_server.url, log_dir) for _ in range(3)]
    ends = [endpoint for _, endpoint in servers]
    # each fleet's home list starts at another server, so every server forms tables
    fleets = [fleet(procs, ",".join(ends[i:] + ends[:i]), 4, i) for i in range(len(servers))]
    told = seen(log_dir, *(s for s, _ in servers), *fleets)
    wait_for(lambda: sum(map(in_play, logs_in(log_dir))) == 6, what=lambda: f"6 in play: {told()}")
    held = owners(redis_server)
    ids = [server_id(s) for s, _ in servers]
    victim = max(range(len(ids)), key=lambda i: list(held.values()).count(ids[i]))
    doomed = {name for name, sid in held.items() if sid == ids[victim]}
    assert doomed, held
    victim_proc = servers[victim][0]
    os.kill(victim_proc.popen.pid, signal.SIGKILL)  # kill -9, mid-game
    victim_proc.wait()
    # what the dead owner wrote, before anyone claims a table (a lease must lapse first)
    written = {name: (log_dir / f"{name}.sgslog").read_bytes() for name in doomed}
    for f in fleets:
        assert f.wait(2 * WAIT) == 0, f.output() + "\n".join(s.output() for s, _ in servers)
        assert " 0 sessions failed" in summary(f), summary(f)
    wait_for(lambda: all(map(finished, logs_in(log_dir))), what="every table to finish")
    survivors = [s for i, (s, _) in enumerate(servers) if i != victim]
    for s in survivors:
        s.popen.terminate()
        assert s.wait() == 0, s.output()
    claimed = [x for s in survivors for x in s.lines if x.startswith("resume: table ")]
    assert {x.split("'")[1] for x in claimed} == set(doomed), (claimed, doomed)
    logs = logs_in(log_dir)
    assert len(logs) == 6
    for path in logs:
        report = verify(str(path))
        assert report.ok, report.message
        name = path.name.removesuffix(".sgslog")
        # each of the dead server's tables came back once (epoch 1), the others never left
        assert read_sidecar(str(path))["epoch"] == (1 if name in doomed else 0), name
    for name, before in written.items():
        # the resumed log keeps, byte for byte, every whole record its first owner wrote
        copy = tmp_path / f"{name}.before.sgslog"
        copy.write_bytes(before)
        damage = read_log(str(copy)).damage
        kept = before if damage is None else before[: damage.offset]
        assert (log_dir / f"{name}.sgslog").read_bytes().startswith(kept), name


def test_redis_going_away_and_coming_back_empty_loses_no_decision(
    procs: Procs, tmp_path: Path, redis_server: RedisServer
) -> None:
    log_dir = tmp_path / "logs"
    servers = [lobby_server(procs, redis_server.url, log_dir) for _ in range(2)]
    fleets = [fleet(procs, endpoint, 4, i) for i, (_, endpoint) in enumerate(servers)]
    told = seen(log_dir, *(s for s, _ in servers), *fleets)
    wait_for(lambda: sum(map(in_play, logs_in(log_dir))) == 4, what=lambda: f"4 in play: {told()}")
    held = set(owners(redis_server).values())
    holders = [s for s, _ in servers if server_id(s) in held]
    redis_server.stop()  # everything it held is gone: queues, directory, leases
    for s, _ in servers:
        s.expect("redis: unreachable")

    def paused(s: Proc) -> bool:
        return any(r.get("event") == "tables paused: the lease is not certain"
                   for r in s.stderr_records())  # fmt: skip

    wait_for(lambda: all(map(paused, holders)), what="the owners to pause their tables")
    # Paused: nothing is decided while the leases cannot be trusted. Without the pause a
    # decision would come every DELAY s at each of four tables; two whole leases pass with none.
    before = {p: decisions(p) for p in logs_in(log_dir) if in_play(p)}
    time.sleep(2 * float(LEASE))
    assert {p: decisions(p) for p in before} == before
    redis_server.start()  # back, and empty
    for s, _ in servers:
        s.expect("redis: reachable again")
    for f in fleets:
        assert f.wait(2 * WAIT) == 0, f.output()
        # no agent saw history rewound: every decision it was told of is still in the log
        assert " 0 sessions failed, 0 rewinds" in summary(f), summary(f)
    wait_for(lambda: all(map(finished, logs_in(log_dir))), what="every table to finish")
    for s, _ in servers:
        s.popen.terminate()
        assert s.wait() == 0, s.output()
        assert not any(x.startswith("resume: table ") for x in s.lines), s.output()
    logs = logs_in(log_dir)
    assert len(logs) == 4
    for path in logs:
        report = verify(str(path))
        assert report.ok, report.message
        assert read_sidecar(str(path))["epoch"] == 0  # one writer: its owner, never resumed


def test_redis_options_are_checked(procs: Procs, tmp_path: Path) -> None:
    dead = f"redis://127.0.0.1:{free_port()}/0"
    cases = [
        (["--lobby", "--redis", dead, "--durability", "disk"], "cannot reach Redis at"),
        (["--lobby", "--redis", dead], "--redis needs --durability disk"),
        (["--redis", dead, "--durability", "disk"], "--redis needs --lobby"),
        (["--lobby", "--redis", dead, "--durability", "disk", "--workers", "2"],
         "--redis with --workers is not built yet"),
        (["--lobby", "--redis", dead, "--durability", "disk", "--lease", "0.1"],
         "--lease must be"),
        (["--lobby", "--lease", "5"], "--lease needs --redis"),
        (["--lobby", "--redis", dead, "--durability", "disk", "--tables", "t.toml"],
         "--redis with --tables is not built yet"),
        (["--lobby", "--redis", dead, "--durability", "disk", "--bind", "tcp://*:0"],
         "not a wildcard"),
    ]  # fmt: skip
    for args, words in cases:
        p = procs.start(["serve", "--log-dir", str(tmp_path / "logs"), *args])
        assert p.wait() == 2, (args, p.output())
        text = p.stderr_path.read_text()
        err = [x for x in text.splitlines() if not x.startswith("{")]  # not structlog's JSON
        assert len(err) == 1 and "error:" in err[0] and words in err[0], (args, err)
        assert "Traceback" not in text
    secret = f"redis://:s3cret@127.0.0.1:{free_port()}/0"
    p = procs.start(["serve", "--log-dir", str(tmp_path / "logs"), "--lobby", "--redis", secret,
                     "--durability", "disk"])  # fmt: skip
    assert p.wait() == 2, p.output()
    text = p.stderr_path.read_text()
    assert "cannot reach Redis at redis://***@127.0.0.1" in text and "s3cret" not in text, text
