"""The wire's figures, each against the floor measured in the same run: a bare pyzmq
DEALER/ROUTER msgpack ping-pong between two processes.

    python benchmarks/wire_bench.py [--games 10] [--tables 200] [--pings 3000]

1. Bare ping-pong (tcp loopback, and ipc): one request-sized msgpack map to an echo process that
   decodes it and answers with a reply-sized map, one at a time. The anchor.
2. One table, `sgs serve --bots random` (a bot process per seat), for Harmony and for 5-player
   Sanguosha: the median request-to-reply time as the server measures it (request sent -> the
   legal reply read: wire both ways, the client library, the bot's decision), and the whole game
   loop per decision (that plus the engine step, the log write and flush, and the fan-out of the
   step's events to every seat and the spectator stream).
2b. The same for one table whose seats are all played by one `sgs bot --lobby` process: two
   processes, like the anchor; also the server's own decision latency.
3. Many tables in one game agent: this process runs the server (`Server` with the lobby); two
   `sgs bot --lobby --seats N` processes fill `--tables` 5-player Sanguosha tables at once, at
   normal priority and at nice 10 (standing in for remote bots on this 2-core machine).
   Reported: tables held at once, decisions per second, the server's decision latency (a reply
   read -> the log flushed and everything that followed sent) p50/p99, the request-to-reply
   round trip p50/p99 (which includes the bot processes' own queueing), and every log verified.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import zmq

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

STATS = re.compile(
    r"decisions: (?P<n>\d+), .* (?P<secs>[\d.]+) s \("
    r".*median request-to-reply (?P<median>[\d.]+) ms"
)
REQUEST = {
    "t": "request",
    "request": {
        "id": 17,
        "seat": 1,
        "kind": "place_piece",
        "form": "product",
        "options": [["a/F", "b/F", "c/F", "d/F", "e/F", "a/M", "b/M"], list("TWAM"), list("wfel")],
        "min": 1,
        "max": 1,
        "cancel": False,
        "default": [0, 0, 0],
        "info": {"round": 3},
        "piles": [],
    },
    "deadline": 30.0,
}


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(REPO), e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e["SGS_LOG_LEVEL"] = "warning"
    e["SGS_BOT_LOG_LEVEL"] = "warning"
    return e


def echo_server(endpoint: str) -> None:
    """The far end of the ping-pong: decode each request, answer with a reply. Prints the bound
    endpoint (so `tcp://127.0.0.1:*` picks a free port race-free)."""
    ctx = zmq.Context.instance()
    sock = ctx.socket(zmq.ROUTER)
    sock.bind(endpoint)
    print(sock.getsockopt(zmq.LAST_ENDPOINT).decode(), flush=True)
    while True:
        ident, raw = sock.recv_multipart()
        msg = msgpack.unpackb(raw, raw=False)
        if msg.get("t") == "bye":
            sock.send_multipart([ident, raw])
            break
        reply = {"t": "reply", "id": msg["request"]["id"], "choice": [0, 0, 0]}
        sock.send_multipart([ident, msgpack.packb(reply, use_bin_type=True)])
    sock.close(0)


def ping_pong(bind: str, pings: int) -> list[float]:
    """Round-trip times in seconds to an echo process bound at `bind`."""
    server = subprocess.Popen(
        [sys.executable, __file__, "--echo-server", bind],
        env=env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        endpoint = server.stdout.readline().strip()
        sock = zmq.Context.instance().socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.connect(endpoint)
        payload = msgpack.packb(REQUEST, use_bin_type=True)
        times = []
        for i in range(pings + 200):
            t0 = time.perf_counter()
            sock.send(payload)
            if not sock.poll(10_000):
                raise SystemExit("the echo process does not answer")
            msgpack.unpackb(sock.recv(), raw=False)
            if i >= 200:  # warm-up excluded
                times.append(time.perf_counter() - t0)
        sock.send(msgpack.packb({"t": "bye"}))
        sock.poll(2000)
        sock.close(0)
    finally:
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return times


def served_games(game: list[str], games: int, seed: int) -> tuple[int, float, list[float]]:
    """Over `games` served games with bot processes: decisions, seconds of game loop, and each
    game's median request-to-reply time (ms) as the server measured it."""
    decisions, seconds, medians = 0, 0.0, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            out = subprocess.run(
                [sys.executable, "-m", "sgs.cli", "serve", *game, "--bots",
                 "random", "--seed", str(seed + i), "--log-dir", tmp, "--linger", "1"],
                cwd=REPO, env=env(), capture_output=True, text=True, timeout=600,
            )  # fmt: skip
            if out.returncode != 0:
                raise SystemExit(f"sgs serve failed: {out.stderr[-2000:]}")
            for line in out.stdout.splitlines():
                m = STATS.match(line)
                if m:
                    decisions += int(m["n"])
                    seconds += float(m["secs"])
                    medians.append(float(m["median"]))
    return decisions, seconds, medians


def many_tables(
    tables: int, players: int, fleets: int, log_dir: str, nice: int = 0
) -> dict[str, Any]:
    """One game agent (this process) holding `tables` Sanguosha tables filled by `fleets` bot
    processes through the lobby. `nice` lowers the bot processes' CPU priority: on a 2-core
    machine it stands in for bots on other machines (remote bots do not compete with the game
    agent for its cores)."""
    from game_agent.server import Server, ServerOptions, Table, TableOptions
    from game_agent.server.store import new_name, open_table
    from replays import verify

    server = Server(ServerOptions(lobby=True))
    endpoint, _ = server.bind()
    opts = TableOptions(deadline=30.0, linger=1.0, fill_timeout=60.0)
    finished: list[Table] = []
    peak = 0

    def new_table(game: str, config: dict[str, Any], mode: str) -> Table:
        t = open_table(log_dir, new_name(game), game, config, opts, mode=mode).table
        t.start_anyway = True
        return t

    server.open_table = new_table
    server.on_closed = finished.append
    seats = tables * players // fleets
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
                str(players),
                "--seats",
                str(seats),
                "--bot",
                "random",
                "--seed",
                str(f),
            ],
            cwd=REPO,
            env=env(),
            stdin=subprocess.DEVNULL,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )
        for f in range(fleets)
    ]
    t0 = time.perf_counter()
    first_full = None
    try:
        while len(finished) < tables:
            server.turn()
            held = len(server.tables)
            if held > peak:
                peak = held
            if first_full is None and held >= tables:
                first_full = time.perf_counter()
            if time.perf_counter() - t0 > 1800:
                raise SystemExit(f"only {len(finished)} of {tables} tables finished in 30 min")
            if all(p.poll() is not None for p in procs) and not server.tables:
                break
    finally:
        for p in procs:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
        server.close()
    took = time.perf_counter() - t0
    decisions = sum(len(t.game.decisions) for t in finished)
    trips = sorted(x for t in finished for x in t.round_trips)
    lat = sorted(server.latencies)
    bad = [t.log_path for t in finished if not verify(t.log_path).ok]
    return {
        "tables": len(finished),
        "peak": peak,
        "decisions": decisions,
        "seconds": took,
        "timeouts": sum(t.timeouts for t in finished),
        "latency_p50": 1000 * lat[len(lat) // 2],
        "latency_p99": 1000 * lat[int(len(lat) * 0.99)],
        "trip_p50": 1000 * trips[len(trips) // 2],
        "trip_p99": 1000 * trips[int(len(trips) * 0.99)],
        "unverified": bad,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="served games per game (part 2)")
    p.add_argument("--tables", type=int, default=200, help="tables at once (part 3; 0 = skip)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pings", type=int, default=3000)
    p.add_argument("--echo-server", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    from sgs.structured_logging import configure

    configure("warning")  # the game agent of part 3 runs in this process
    if args.echo_server:
        echo_server(args.echo_server)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        ipc = ping_pong(f"ipc://{tmp}/echo.sock", args.pings)
    tcp = ping_pong("tcp://127.0.0.1:*", args.pings)
    tcp_ms = 1000 * statistics.median(tcp)
    ipc_ms = 1000 * statistics.median(ipc)
    p90 = 1000 * statistics.quantiles(tcp, n=10)[-1]
    print(
        f"1. bare DEALER/ROUTER msgpack ping-pong, tcp loopback: median {tcp_ms:.4f} ms "
        f"(p90 {p90:.4f} ms, {len(tcp)} round trips); ipc: median {ipc_ms:.4f} ms",
        flush=True,
    )
    for label, game in (
        ("harmony", ["--game", "harmony"]),
        ("sanguosha 5p", ["--game", "sanguosha", "--players", "5"]),
    ):
        n, secs, medians = served_games(game, args.games, args.seed)
        net_ms = statistics.median(medians)
        loop_ms = 1000 * secs / n
        print(
            f"2. {label}, {args.games} games, a bot process per seat, tcp: median request-to-reply "
            f"{net_ms:.4f} ms = {net_ms / tcp_ms:.2f}x bare; whole loop {loop_ms:.4f} ms per "
            f"decision = {loop_ms / tcp_ms:.2f}x bare ({n} decisions in {secs:.3f} s)",
            flush=True,
        )
    for players in (5, 2):
        with tempfile.TemporaryDirectory() as tmp:
            r = many_tables(1, players, 1, tmp)
        print(
            f"2b. sanguosha {players}p, one table, every seat in ONE bot process (two processes, "
            f"as the anchor): median request-to-reply {r['trip_p50']:.4f} ms = "
            f"{r['trip_p50'] / tcp_ms:.2f}x bare; server decision latency (reply read -> log "
            f"flushed, events and next request sent) p50 {r['latency_p50']:.4f} ms = "
            f"{r['latency_p50'] / tcp_ms:.2f}x bare, p99 {r['latency_p99']:.3f} ms",
            flush=True,
        )
    if args.tables:
        for nice in (0, 10):
            with tempfile.TemporaryDirectory() as tmp:
                r = many_tables(args.tables, 5, 2, tmp, nice=nice)
            where = "at normal priority" if not nice else f"at nice {nice} (as if remote)"
            print(
                f"3. {r['tables']} five-player Sanguosha tables in one game agent, bots from 2 "
                f"processes {where}: {r['peak']} held at once; {r['decisions']} decisions in "
                f"{r['seconds']:.1f} s ({r['decisions'] / r['seconds']:.0f}/s), "
                f"{r['timeouts']} timeouts; server decision latency p50 "
                f"{r['latency_p50']:.3f} ms, p99 {r['latency_p99']:.3f} ms; request-to-reply p50 "
                f"{r['trip_p50']:.3f} ms, p99 {r['trip_p99']:.3f} ms; logs verified: "
                + ("all" if not r["unverified"] else f"FAILED {r['unverified'][:3]}"),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
