"""`sgs serve`: a headless game agent for one table over ZeroMQ (see docs/wire.md)."""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import structlog
import zmq

from game_agent.engine import ConfigError, Game
from game_agent.games import load
from game_agent.server import (
    ResumeError,
    Seats,
    Table,
    TableOptions,
    read_sidecar,
    resume_log,
    sidecar_path,
    write_sidecar,
)
from game_agent.server.seats import Seat
from game_agent.server.table import FillTimeout
from protocol.errors import ProtocolError
from replays import LogWriter, header_for
from sgs.options import add_game_options, game_config
from sgs.runner import bot_seed, winners_of
from user_agent.bots import resolve
from user_agent.client import TOKEN_ENV

log = structlog.get_logger("sgs.serve")
OPEN = ("-", "", "remote")
REMOTE = "remote"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="serve one table over ZeroMQ until its game ends")
    add_game_options(p)
    p.add_argument("--bind", default=None, help="ROUTER endpoint (default tcp://127.0.0.1:*)")
    p.add_argument("--pub-bind", default=None, help="spectator PUB endpoint (default: next to it)")
    p.add_argument("--table", default=None, help="table name agents may give in hello")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument("--deadline", type=float, default=None, help="seconds per request (30; 0=none)")
    p.add_argument("--heartbeat", type=float, default=None, help="heartbeat interval (1 s)")
    p.add_argument("--liveness", type=float, default=None, help="silence = disconnected (5 s)")
    p.add_argument("--log-dir", default="logs", help="where the log goes (default logs/)")
    p.add_argument(
        "--bots",
        default=None,
        metavar="SPEC",
        help="fill seats with bot processes: comma list cycled over the seats, e.g. "
        "greedy,random; '-' leaves a seat open for a remote agent",
    )
    p.add_argument("--resume", default=None, metavar="LOG", help="restart a crashed table")
    p.add_argument("--fill-timeout", type=float, default=0.0, help="give up waiting for seats")
    p.add_argument("--linger", type=float, default=3.0, help="wait for the agents' bye at the end")
    p.set_defaults(run=run)


@dataclass
class Setup:
    game: Game
    seats: Seats
    writer: LogWriter
    log_path: str
    options: TableOptions
    bots: list[str | None]  # per seat: the bot spec to start, or None (open)
    resumed: bool
    sidecar: dict[str, Any]


def say(line: str) -> None:
    print(line, flush=True)


def bot_specs(spec: str | None, seats: int) -> list[str | None]:
    if not spec:
        return [None] * seats
    items = [s.strip() for s in spec.split(",")]
    return [None if items[i % len(items)] in OPEN else items[i % len(items)] for i in range(seats)]


def pick_log_path(log_dir: str, game: str, seed: int) -> str:
    os.makedirs(log_dir, exist_ok=True)
    base = os.path.join(log_dir, f"{game}-{seed}")
    path, n = f"{base}.sgslog", 1
    while os.path.exists(path):
        n += 1
        path = f"{base}-{n}.sgslog"
    return path


def table_options(args: argparse.Namespace, saved: dict[str, Any]) -> TableOptions:
    def pick(name: str, default: Any) -> Any:
        value = getattr(args, name)
        return value if value is not None else saved.get(name, default)

    return TableOptions(
        bind=pick("bind", "tcp://127.0.0.1:*"),
        pub_bind=pick("pub_bind", None),
        table=pick("table", ""),
        deadline=float(pick("deadline", 30.0)),
        heartbeat=float(pick("heartbeat", 1.0)),
        liveness=float(pick("liveness", 5.0)),
        linger=args.linger,
        fill_timeout=args.fill_timeout,
    )


def fresh(args: argparse.Namespace) -> Setup:
    ruleset = load(args.game)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    game = Game(ruleset, game_config(args), seed)
    bots = bot_specs(args.bots, game.seats)
    agents = [REMOTE if b is None else resolve(b, ruleset.name).name for b in bots]
    seats = Seats.new(agents)
    path = pick_log_path(args.log_dir, ruleset.name, seed)
    writer = LogWriter(path, header_for(game, agents, args.table or ""))
    opts = table_options(args, {})
    sidecar = {"game": args.game, "tokens": seats.tokens, "agents": agents, "bots": bots}
    return Setup(game, seats, writer, path, opts, bots, False, sidecar)


def resumed(args: argparse.Namespace) -> Setup:
    path = args.resume
    saved = read_sidecar(path)
    if ":" in str(saved.get("game", "")):
        load(str(saved["game"]))  # a ruleset given by module path: register it again
    r = resume_log(path)
    if r.cut:
        say(f"resume: cut a damaged tail: {r.cut}")
    say(
        f"resume: {len(r.game.events)} events and {len(r.game.decisions)} decisions re-executed "
        f"and matched; appended {r.appended_events} missing events"
        + (" and the pending request" if r.appended_request else "")
    )
    agents = [str(a) for a in saved.get("agents", [REMOTE] * r.game.seats)]
    seats = Seats([str(t) for t in saved["tokens"]], agents)
    bots = bot_specs(args.bots, r.game.seats)
    opts = table_options(args, saved)
    if args.bind is None and saved.get("endpoint"):
        opts.bind = str(saved["endpoint"])  # the agents reconnect where they were
    if args.pub_bind is None and saved.get("pub_endpoint"):
        opts.pub_bind = str(saved["pub_endpoint"])
    return Setup(r.game, seats, r.writer, path, opts, bots, True, saved)


def run(args: argparse.Namespace) -> int:
    signal.signal(signal.SIGTERM, _terminate)
    try:
        setup = resumed(args) if args.resume else fresh(args)
    except (ConfigError, ValueError, ProtocolError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ResumeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 4
    game = setup.game
    table = Table(game, setup.seats, setup.writer, setup.options, resumed=setup.resumed)
    procs: list[subprocess.Popen[bytes]] = []
    finished = False
    try:
        try:
            endpoint, pub = table.bind()
        except (zmq.ZMQError, ValueError) as exc:
            print(f"error: cannot bind the table's endpoints: {exc}", file=sys.stderr)
            if not setup.resumed:  # nothing was played: leave no empty log behind
                setup.writer.close()
                os.unlink(setup.log_path)
            return 2
        write_sidecar(
            setup.log_path,
            {
                **setup.sidecar,
                "endpoint": endpoint,
                "pub_endpoint": pub,
                "table": setup.options.table,
                "deadline": setup.options.deadline,
                "heartbeat": setup.options.heartbeat,
                "liveness": setup.options.liveness,
            },
        )
        announce(setup, endpoint, pub)
        procs = start_bots(setup, endpoint)
        seat_of = {id(p): s.index for p, s in zip(procs, _bot_seats(setup), strict=True)}
        table.departed = lambda: [seat_of[id(p)] for p in procs if p.poll() is not None]
        outcome = table.run()
        finished = True
    except FillTimeout as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    finally:
        table.close()
        setup.writer.close()
        # After a finished game the bots leave by themselves; otherwise (interrupted, refused)
        # they are stopped now. The log stays resumable either way.
        stop_bots(procs, grace=5.0 if finished else 0.0)
    report(setup, table, outcome)
    return 0


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def announce(setup: Setup, endpoint: str, pub: str) -> None:
    game = setup.game
    say(
        f"table {setup.options.table!r}: {game.ruleset.name} for {game.seats} seats, "
        f"seed {game.seed}, on {endpoint}"
    )
    say(f"spectators: sgs watch --connect {pub}")
    for seat in setup.seats.seats:
        bot = setup.bots[seat.index]
        if bot is not None:
            say(f"seat {seat.index}: bot process {bot}")
        else:
            join = f"--connect {endpoint} --seat {seat.index} --token {seat.token}"
            say(f"seat {seat.index}: sgs bot {join}   (or: sgs play {join})")
    say(f"log: {setup.log_path}")
    say(f"seats file: {sidecar_path(setup.log_path)}")


def _bot_seats(setup: Setup) -> list[Seat]:
    return [s for s in setup.seats.seats if setup.bots[s.index] is not None]


def start_bots(setup: Setup, endpoint: str) -> list[subprocess.Popen[bytes]]:
    procs = []
    for seat in setup.seats.seats:
        spec = setup.bots[seat.index]
        if spec is None:
            continue
        cmd = bot_command(
            endpoint,
            seat.index,
            seat.token,
            spec,
            bot_seed(setup.game.seed, seat.index),
            setup.options,
        )
        # The token goes through the environment: a command line is readable by every local
        # user (ps, /proc/*/cmdline), and with it a human at another seat could take this one.
        env = {**child_env(), TOKEN_ENV: seat.token}
        procs.append(subprocess.Popen(cmd, stdin=subprocess.DEVNULL, env=env))
        log.info("bot started", seat=seat.index, bot=spec, pid=procs[-1].pid)
    return procs


def child_env() -> dict[str, str]:
    """The environment of a child `sgs` process: this checkout first on the import path (so a
    child runs the same code as its parent, whatever its working directory)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    path = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = root if not path else f"{root}{os.pathsep}{path}"
    return env


def bot_command(
    endpoint: str, seat: int, token: str, spec: str, seed: int, opts: TableOptions
) -> list[str]:
    level = os.environ.get("SGS_BOT_LOG_LEVEL", "warning")
    return [
        sys.executable, "-m", "sgs.cli", "--log-level", level, "bot",
        "--connect", endpoint, "--seat", str(seat), "--bot", spec,
        "--seed", str(seed), "--heartbeat", str(opts.heartbeat),
        "--liveness", str(opts.liveness),
    ]  # fmt: skip


def stop_bots(procs: Sequence[subprocess.Popen[bytes]], grace: float = 5.0) -> None:
    end = time.monotonic() + grace
    for p in procs:
        try:
            p.wait(max(end - time.monotonic(), 0.001))
        except subprocess.TimeoutExpired:
            p.terminate()
            try:
                p.wait(2.0)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def report(setup: Setup, table: Table, outcome: dict[str, Any]) -> None:
    game = setup.game
    line = game.ruleset.schema.render_event("game_over", {"outcome": outcome})
    winners = winners_of(outcome)
    say(f"result: {line}")
    say(f"winners: {' '.join(str(w) for w in winners) if winners else 'none (draw)'}")
    s = table.stats()
    say(
        f"decisions: {s['decisions']}, events: {s['events']}, timeouts: {s['timeouts']}, "
        f"{s['seconds']} s ({s['ms_per_decision']} ms per decision, "
        f"median request-to-reply {s['median_round_trip_ms']} ms)"
    )
    say(f"log: {setup.log_path}")
