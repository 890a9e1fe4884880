"""How a lobby scales over worker processes (`sgs serve --lobby --workers N`, issue 25 item 1).

    python benchmarks/lobby_scaling.py [--tables 50,200,1000] [--workers 0,1,2,4] [--fleets 2]

For each count of tables and of workers: this process runs the lobby's front (`Server`, and
with N > 0 its `WorkerPool` of N `sgs.lobby_worker` processes, exactly what `sgs serve
--lobby --workers N` runs); `--fleets` `sgs bot --lobby --seats S` processes (random bots, at
nice 10, standing in for remote bots) fill that many 5-player Sanguosha tables at once, one game
per session. Reported per run: tables played and held at once, decisions served per second
(every decision of every table over the time from the first join to the last table's end), the
server decision latency p50/p99 (a reply read -> the log flushed and everything that followed
sent, measured inside whichever process owns the table), timeouts, and whether every log
verifies. Workers 0 is the one-process lobby, the baseline of the same run.

The caps a stranger meets (`--max-unproven`, `--max-tables-per-source`) are raised here: every
fleet comes from 127.0.0.1, one source.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PLAYERS = 5
LIMIT = 1800.0  # seconds a run may take


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a live process so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    e["SGS_WINDOW_MIN"] = "0"
    return e


def one_run(tables: int, workers: int, fleets: int, log_dir: str) -> dict[str, Any]:
    from game_agent.server import Server
    from replays import read_log, verify
    from sgs.cli import build_parser
    from sgs.commands.serve import child_env, server_options, table_options
    from sgs.lobby import LobbyTables, start_workers

    os.environ["SGS_WINDOW_MIN"] = "0"  # bots at every seat: no response window hold
    argv = ["--log-level", "warning", "serve", "--lobby", "--log-dir", log_dir, "--bind", "tcp://127.0.0.1:*",
            "--workers", str(workers), "--max-unproven", "100000",
            "--max-tables-per-source", "100000", "--max-connections", "16000",
            "--linger", "1"]  # fmt: skip
    args = build_parser(argv).parse_args(argv)
    server = Server(server_options(args, {}))
    endpoint, _ = server.bind()
    pool = None
    if workers:
        pool = start_workers(args, server, endpoint, [], child_env())
    else:
        lobby = LobbyTables(args, table_options(args, {}))
        server.open_table = lobby.new
        server.on_closed = lambda t: None
    seats = tables * PLAYERS // fleets
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sgs.cli",
                "--log-level",
                "warning",
                "bot",
                "--connect",
                endpoint,
                "--lobby",
                "--game",
                "sanguosha",
                "--players",
                str(PLAYERS),
                "--seats",
                str(seats),
                "--games",
                str(seats),
                "--bot",
                "random",
                "--seed",
                str(f),
                "-q",
            ],
            cwd=REPO,
            env=env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            preexec_fn=lambda: os.nice(10),
        )
        for f in range(fleets)
    ]
    t0 = time.perf_counter()
    front0 = resource.getrusage(resource.RUSAGE_SELF)
    children0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_cpu = 0.0
    peak = 0
    try:
        while True:
            server.turn()
            held = server.table_count()
            peak = max(peak, held)
            if all(p.poll() is not None for p in procs) and held == 0:
                break
            if time.perf_counter() - t0 > LIMIT:
                raise SystemExit(f"{tables} tables on {workers} workers: not done in {LIMIT} s")
    finally:
        for p in procs:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
        if pool is not None:
            workers_cpu = sum(cpu_seconds(w.proc.pid) for w in pool.workers)
            pool.close()
        server.close()
    took = time.perf_counter() - t0
    front1 = resource.getrusage(resource.RUSAGE_SELF)
    children1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    front_cpu = (front1.ru_utime + front1.ru_stime) - (front0.ru_utime + front0.ru_stime)
    children = (children1.ru_utime + children1.ru_stime) - (children0.ru_utime + children0.ru_stime)
    logs = sorted(Path(log_dir).glob("*.sgslog"))
    decisions = timeouts = 0
    bad = []
    for path in logs:
        log = read_log(str(path))
        decisions += len(log.decisions)
        timeouts += sum(1 for d in log.decisions if d.timeout)
        if not verify(str(path)).ok:
            bad.append(path.name)
    lat = sorted(server.latencies)
    return {
        "tables": len(logs),
        "peak": peak,
        "decisions": decisions,
        "seconds": took,
        "per_second": decisions / took,
        "timeouts": timeouts,
        "p50": 1000 * lat[len(lat) // 2] if lat else float("nan"),
        "p99": 1000 * lat[int(len(lat) * 0.99)] if lat else float("nan"),
        "samples": len(lat),
        "cpu_front": front_cpu,
        "cpu_workers": workers_cpu,
        "cpu_bots": children - workers_cpu,
        "failed_codes": [p.returncode for p in procs if p.returncode],
        "unverified": bad,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--tables", default="50,200,1000", help="comma list of table counts")
    p.add_argument("--workers", default="0,1,2,4", help="comma list of worker counts")
    p.add_argument("--fleets", type=int, default=2, help="bot processes per run")
    a = p.parse_args()
    from sgs.structured_logging import configure

    configure("warning")
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load {load:.1f} at the start; bots at nice 10", flush=True)
    print("| tables | workers | held at once | decisions | decisions/s | server p50 ms | "
          "server p99 ms | timeouts | CPU s: front / workers / bots | logs verified |",
          flush=True)  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|", flush=True)
    for tables in (int(x) for x in a.tables.split(",")):
        for workers in (int(x) for x in a.workers.split(",")):
            with tempfile.TemporaryDirectory() as tmp:
                r = one_run(tables, workers, a.fleets, tmp)
            ok = "all" if not r["unverified"] else f"FAILED {len(r['unverified'])}"
            if r["failed_codes"]:
                ok += f"; fleets exited {r['failed_codes']}"
            print(
                f"| {r['tables']} | {workers} | {r['peak']} | {r['decisions']} | "
                f"{r['per_second']:.0f} | {r['p50']:.3f} | {r['p99']:.2f} | {r['timeouts']} | "
                f"{r['cpu_front']:.0f} / {r['cpu_workers']:.0f} / {r['cpu_bots']:.0f} | {ok} |",
                flush=True,
            )
    print(f"load {os.getloadavg()[0]:.1f} at the end", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
