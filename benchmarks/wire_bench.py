"""The cost of a networked decision, against the floor: a bare pyzmq DEALER/ROUTER msgpack
ping-pong between two processes, measured in the same run.

    python benchmarks/wire_bench.py [--game harmony] [--games 10] [--pings 3000]

Networked decision: `sgs serve --bots random` with every seat played by a bot process;
the server times its game loop from the first request to the end and divides by the decisions
(one request out, the bot's reply back, the engine step, the log write, the fan-out of that step's
events to every seat and the spectator stream). The same games in-process (`sgs.runner.play`)
give the engine's own share. Bare ping-pong: one request-sized msgpack map to an echo process
that decodes it and answers with a reply-sized map, one at a time.
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
    },
    "deadline": 30.0,
}


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(REPO), e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e["SGS_LOG_LEVEL"] = "warning"
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


def served_games(game: str, games: int, seed: int) -> tuple[int, float, list[float]]:
    """Over `games` served games with bot processes: decisions, seconds of game loop, and each
    game's median request-to-reply time (ms) as the server measured it."""
    decisions, seconds, medians = 0, 0.0, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            out = subprocess.run(
                [sys.executable, "-m", "sgs.cli", "serve", "--game", game, "--bots",
                 "random", "--seed", str(seed + i), "--log-dir", tmp, "--linger", "1"],
                cwd=REPO, env=env(), capture_output=True, text=True, timeout=300,
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


def in_process(game: str, games: int, seed: int) -> tuple[int, float]:
    from sgs.runner import play

    decisions, t0 = 0, time.perf_counter()
    for i in range(games):
        decisions += len(play(game, {}, seed + i, ["random", "random"]).game.decisions)
    return decisions, time.perf_counter() - t0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="harmony")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pings", type=int, default=3000)
    p.add_argument("--echo-server", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.echo_server:
        echo_server(args.echo_server)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        ipc = ping_pong(f"ipc://{tmp}/echo.sock", args.pings)
    tcp = ping_pong("tcp://127.0.0.1:*", args.pings)
    n, secs, medians = served_games(args.game, args.games, args.seed)
    n_local, secs_local = in_process(args.game, args.games, args.seed)
    net_ms = statistics.median(medians)
    loop_ms = 1000 * secs / n
    local_ms = 1000 * secs_local / n_local
    tcp_ms = 1000 * statistics.median(tcp)
    ipc_ms = 1000 * statistics.median(ipc)
    p90 = 1000 * statistics.quantiles(tcp, n=10)[-1]
    print(f"bare DEALER/ROUTER msgpack ping-pong, tcp loopback: median {tcp_ms:.4f} ms "
          f"(p90 {p90:.4f} ms, {len(tcp)} round trips)")  # fmt: skip
    print(f"bare DEALER/ROUTER msgpack ping-pong, ipc:          median {ipc_ms:.4f} ms")
    print(
        f"networked decision ({args.game}, {args.games} games, a bot process per seat, tcp): "
        f"median request-to-reply {net_ms:.4f} ms; whole game loop {loop_ms:.4f} ms per "
        f"decision ({n} decisions in {secs:.3f} s, incl. engine, log and fan-out)"
    )
    print(f"in-process decision (engine + bot, no wire): {local_ms:.4f} ms per decision")
    print(f"ratio networked decision / bare tcp ping-pong: {net_ms / tcp_ms:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
