"""Lobby servers sharing one Redis (`sgs serve --lobby --redis URL`, issue 25 item 2): what the
shared directory costs, side by side with the one-process lobby in the same run.

    python benchmarks/cluster_bench.py [--tables 50] [--servers 0,1,2,3] [--fleets 3]

Each run starts a real `redis-server` (no persistence) on a free port, then S `sgs serve
--lobby --redis` processes (S = 0: one `sgs serve --lobby` without Redis, the baseline; every
server runs `--durability disk`, which `--redis` needs), and
`--fleets` `sgs bot --lobby` processes (random bots at nice 10) that fill T five-player
Sanguosha tables at once, one game per session; fleet i's homes start at server i mod S. Reported
per run: tables, decisions, wall seconds from the fleets' start to their end, decisions per
second, timeouts, CPU seconds of the servers, the bots and Redis, Redis commands processed (and
per second), and whether every log verifies.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import redis  # noqa: E402
from lobby_scaling import cpu_seconds, env  # noqa: E402  (beside this script)

PLAYERS = 5
LIMIT = 1800.0  # seconds a run may take


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def sgs(*args: str, out: Path | None = None, nice: int = 0) -> subprocess.Popen[bytes]:
    with open(out or os.devnull, "wb") as stdout:
        return subprocess.Popen(
            [sys.executable, "-m", "sgs.cli", "--log-level", "warning", *args],
            cwd=REPO, env=env(), stdin=subprocess.DEVNULL, stdout=stdout,
            stderr=stdout if out else subprocess.DEVNULL,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )  # fmt: skip


def one_run(tables: int, servers: int, fleets: int, work: Path) -> dict[str, Any]:
    from replays import read_log, verify

    log_dir = work / "logs"
    port = free_port()
    rds = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(work)],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port, socket_timeout=5)
    end = time.monotonic() + 30
    while True:
        try:
            client.ping()
            break
        except redis.RedisError:
            if time.monotonic() > end:
                raise SystemExit("redis-server did not start") from None
            time.sleep(0.05)
    url = f"redis://127.0.0.1:{port}/0"
    caps = ["--durability", "disk", "--max-unproven", "100000", "--max-tables-per-source", "100000",
            "--max-connections", "16000", "--linger", "1"]  # fmt: skip
    procs, ends, outs = [], [], []
    for n in range(max(servers, 1)):
        bind = f"tcp://127.0.0.1:{free_port()}"
        shared = ["--redis", url] if servers else []  # the baseline syncs its logs too
        outs.append(work / f"server-{n}.out")
        procs.append(sgs("serve", "--lobby", "--bind", bind, "--log-dir", str(log_dir),
                         *shared, *caps, out=outs[-1]))  # fmt: skip
        ends.append(bind)
    for p, out in zip(procs, outs, strict=True):
        end = time.monotonic() + 60
        while "lobby on " not in out.read_text():
            if p.poll() is not None or time.monotonic() > end:
                raise SystemExit(f"a server did not start: {out.read_text()!r}")
            time.sleep(0.05)
    stats0, cpu0 = client.info("stats"), client.info("cpu")
    total = tables * PLAYERS  # every seat of every table, shared out over the fleets
    shares = [total // fleets + (1 if f < total % fleets else 0) for f in range(fleets)]
    t0 = time.perf_counter()
    bots = []
    for f in range(fleets):
        i = f % len(ends)
        homes = ",".join(ends[i:] + ends[:i])
        seats = str(shares[f])
        bots.append(sgs("bot", "--connect", homes, "--lobby", "--game", "sanguosha",
                        "--players", str(PLAYERS), "--seats", seats, "--games", seats,
                        "--bot", "random", "--seed", str(f), "-q", nice=10))  # fmt: skip
    bots_cpu: dict[int, float] = {}
    while any(b.poll() is None for b in bots):  # a reaped process's CPU cannot be read
        for b in bots:
            if b.returncode is None:
                bots_cpu[b.pid] = cpu_seconds(b.pid) or bots_cpu.get(b.pid, 0.0)
        if time.perf_counter() - t0 > LIMIT:
            for b in bots:
                b.kill()
        time.sleep(0.2)
    took = time.perf_counter() - t0
    stats1, cpu1 = client.info("stats"), client.info("cpu")
    servers_cpu = sum(cpu_seconds(p.pid) for p in procs)
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(60)
    rds.terminate()
    rds.wait(30)
    logs = sorted(log_dir.glob("*.sgslog"))
    decisions = timeouts = 0
    bad = []
    for path in logs:
        log = read_log(str(path))
        decisions += len(log.decisions)
        timeouts += sum(1 for d in log.decisions if d.timeout)
        if not verify(str(path)).ok:
            bad.append(path.name)
    commands = int(stats1["total_commands_processed"]) - int(stats0["total_commands_processed"])
    redis_cpu = sum(float(cpu1[k]) - float(cpu0[k]) for k in ("used_cpu_sys", "used_cpu_user"))
    return {
        "servers": servers,
        "tables": len(logs),
        "decisions": decisions,
        "seconds": took,
        "per_second": decisions / took,
        "timeouts": timeouts,
        "cpu_servers": servers_cpu,
        "cpu_bots": sum(bots_cpu.values()),
        "cpu_redis": redis_cpu,
        "commands": commands,
        "commands_per_second": commands / took,
        "failed_codes": [b.returncode for b in bots if b.returncode],
        "unverified": bad,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--tables", type=int, default=50, help="five-player tables at once")
    p.add_argument("--servers", default="0,1,2,3", help="comma list (0: one lobby, no Redis)")
    p.add_argument("--fleets", type=int, default=3, help="bot processes per run")
    args = p.parse_args()
    if shutil.which("redis-server") is None:
        print("needs redis-server (make redis installs Debian's)", file=sys.stderr)
        return 2
    print("| servers | tables | decisions | seconds | decisions/s | timeouts | CPU s servers / "
          "bots / Redis | Redis commands | Redis commands/s | logs verified |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for servers in (int(x) for x in args.servers.split(",")):
        with tempfile.TemporaryDirectory(prefix="sgs-cluster-bench-") as tmp:
            r = one_run(args.tables, servers, args.fleets, Path(tmp))
        label = str(servers) if servers else "0 (no Redis)"
        ok = "all" if not r["unverified"] else f"{len(r['unverified'])} failed"
        if r["failed_codes"]:
            ok += f"; fleets exited {r['failed_codes']}"
        print(f"| {label} | {r['tables']} | {r['decisions']} | {r['seconds']:.1f} | "
              f"{r['per_second']:.0f} | {r['timeouts']} | {r['cpu_servers']:.0f} / "
              f"{r['cpu_bots']:.0f} / {r['cpu_redis']:.1f} | {r['commands']} | "
              f"{r['commands_per_second']:.0f} | {ok} |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
