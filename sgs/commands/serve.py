"""`sgs serve`: a headless game agent for one table, or a lobby of many, over ZeroMQ
(see docs/wire.md)."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import structlog
import zmq

from game_agent.engine import ConfigError
from game_agent.games import load
from game_agent.server import ResumeError, Table, TableOptions, sidecar_path, write_sidecar
from game_agent.server.admission import Limits
from game_agent.server.cluster import Cluster
from game_agent.server.server import Server, ServerOptions
from game_agent.server.store import mark_finished, open_table, reopen_table
from game_agent.server.table import ABANDONED
from game_agent.server.workers import MAX_WORKERS, WorkerPool, worker_bind
from protocol.curve import CurveError
from protocol.errors import ProtocolError
from sgs.errors import UsageError
from sgs.lobby import (
    MAX_LEASE,
    MIN_LEASE,
    LobbyTables,
    configured_tables,
    in_process,
    say,
    start_cluster,
    start_workers,
)
from sgs.options import add_game_options, game_config
from sgs.runner import bot_seed, winners_of
from user_agent.bot import Bot
from user_agent.bots import resolve, wire_problem
from user_agent.client import TOKEN_ENV
from user_agent.parent import PARENT_ENV
from user_agent.words.narrate import Narrator

log = structlog.get_logger("sgs.serve")
OPEN = ("-", "", "remote")
REMOTE = "remote"
BOT_SEED_ENV = "SGS_BOT_SEED"
# Seconds a concealed response window stays open at least on a table a person may sit at
# (`--window-min`; docs/wire.md "Response windows on tables with people"). SGS_WINDOW_MIN in the
# environment changes this default (the test harness sets 0: its bots fill "open" seats).
WINDOW_MIN = 1.5
WINDOW_MIN_ENV = "SGS_WINDOW_MIN"


def people_window_min() -> float:
    """The default `--window-min` of a table where people may sit."""
    text = os.environ.get(WINDOW_MIN_ENV, "")
    try:
        return float(text) if text else WINDOW_MIN
    except ValueError:
        raise UsageError(f"{WINDOW_MIN_ENV} must be a number of seconds, got {text!r}") from None


# The lobby's admission caps (admission.Limits), each an option --max-…
LIMIT_OPTIONS = {
    "max_tables": "open tables in all",
    "max_waiting": "joins waiting in queues in all",
    "max_unproven": "per source address, joins waiting or seated whose agent has not yet "
    "proved its seat",
    "max_tables_per_source": "open tables with a seat from one source address",
}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve", help="serve one table, or a lobby of many, over ZeroMQ (docs/wire.md)"
    )
    add_game_options(p)
    p.add_argument("--bind", default=None, help="ROUTER endpoint (default tcp://127.0.0.1:*)")
    p.add_argument("--pub-bind", default=None, help="spectator XPUB endpoint (default: next to it)")
    p.add_argument("--table", default=None, help="the table's name (agents give it in hello)")
    p.add_argument(
        "--web",
        default=None,
        metavar="URL",
        help="the address of an `sgs web` for this server (e.g. http://127.0.0.1:8080/): each "
        "open seat is also printed as a browser join link",
    )
    p.add_argument("--seed", type=int, default=None, help="game seed (default: 64 random bits)")
    p.add_argument("--deadline", type=float, default=None, help="seconds per decision (30; 0=none)")
    p.add_argument(
        "--window-min",
        type=float,
        default=None,
        metavar="S",
        help="hold every concealed response window (a Nullification, a Dodge, ...) open at "
        f"least S seconds, for every seat asked alike, so that a console may pass a window its "
        f"player cannot join without a key and without telling anyone (default {WINDOW_MIN:g} "
        "when a seat is open to a remote agent or with --lobby; 0 when every seat is a bot)",
    )
    p.add_argument("--heartbeat", type=float, default=None, help="heartbeat interval (1 s)")
    p.add_argument("--liveness", type=float, default=None, help="silence = disconnected (5 s)")
    p.add_argument("--log-dir", default="logs", help="where logs go (default logs/)")
    p.add_argument(
        "--bots",
        default=None,
        metavar="SPEC",
        help="fill seats with bot processes: comma list cycled over the seats, e.g. "
        "greedy,random; '-' leaves a seat open for a remote agent. They stop when this "
        "process does (even at kill -9); --resume starts the saved ones again",
    )
    p.add_argument("--resume", default=None, metavar="LOG", help="restart a crashed table")
    p.add_argument("--fill-timeout", type=float, default=0.0, help="give up waiting for seats")
    p.add_argument("--linger", type=float, default=3.0, help="wait for the agents' bye at the end")
    p.add_argument(
        "--lobby",
        action="store_true",
        help="run until stopped: agents `join` a queue and tables open as queues fill; "
        "unfinished tables in --log-dir are resumed at start",
    )
    p.add_argument(
        "--durability",
        choices=["os", "disk"],
        default="os",
        help="before anything is sent, the log reaches the OS (survives a crash of this "
        "process; default) or the disk (fdatasync: survives a power cut)",
    )
    p.add_argument(
        "--tables",
        default=None,
        metavar="FILE",
        help="with --lobby: tables to open at start, from a TOML file of [[table]] entries "
        "(game, and optional name, mode, players, options)",
    )
    p.add_argument(
        "--abandon-after",
        type=float,
        default=300.0,
        metavar="S",
        help="a playing table with no seat present for S seconds is abandoned: its log ends "
        "with an 'abandoned' record and it is never resumed (default 300; 0 = never)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=0,
        metavar="N",
        help=f"with --lobby: spread the tables over N worker processes (1..{MAX_WORKERS}; "
        "agents are moved to a table's worker by the protocol's `moved`); default 0: every "
        "table in this process",
    )
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="with --lobby: share queues, the table directory and leases with every lobby "
        "server on this Redis (redis://HOST:PORT/DB); --log-dir must be shared storage and "
        "--durability disk (docs/operating.md, 'Many hosts')",
    )
    p.add_argument(
        "--lease",
        type=float,
        default=None,
        metavar="S",
        help=f"with --redis: a table's lease lives S seconds, renewed every S/3 "
        f"({MIN_LEASE:g}..{MAX_LEASE:g}; default 3)",
    )
    p.add_argument("--max-connections", type=int, default=4096, help="connection cap")
    for name, what in LIMIT_OPTIONS.items():
        default = getattr(Limits, name)
        p.add_argument(
            "--" + name.replace("_", "-"),
            type=int,
            default=default,
            metavar="N",
            help=f"with --lobby: {what} (default {default})",
        )
    p.add_argument("--curve-secret", default=None, metavar="FILE", help="CURVE: server secret key")
    p.add_argument(
        "--curve-allow", default=None, metavar="DIR", help="CURVE: allowed client public keys"
    )
    p.set_defaults(run=run)


@dataclass
class Setup:
    table: Table
    sidecar: dict[str, Any]
    bots: list[str | None]  # per seat: the bot spec to start, or None (open)
    report: str = ""


def over_the_wire(spec: str, game: str) -> type[Bot]:
    """The bot class of `spec`, refused (exit 2) when it cannot play in a bot process."""
    cls = resolve(spec, game)
    problem = wire_problem(cls, spec)
    if problem is not None:
        raise UsageError(problem)
    return cls


def bot_specs(spec: str | None, seats: int) -> list[str | None]:
    if not spec:
        return [None] * seats
    items = [s.strip() for s in spec.split(",")]
    return [None if items[i % len(items)] in OPEN else items[i % len(items)] for i in range(seats)]


def table_options(
    args: argparse.Namespace, saved: dict[str, Any], people: bool = True
) -> TableOptions:
    """The tables' options from the command line, else the seats file, else the defaults;
    `people`: a person may sit at the table (a seat open to remote agents, or a lobby)."""

    def pick(name: str, default: Any) -> Any:
        value = getattr(args, name, None)
        return value if value is not None else saved.get(name, default)

    return TableOptions(
        window_min=float(pick("window_min", people_window_min() if people else 0.0)),
        deadline=float(pick("deadline", 30.0)),
        heartbeat=float(pick("heartbeat", 1.0)),
        liveness=float(pick("liveness", 5.0)),
        linger=args.linger,
        fill_timeout=args.fill_timeout,
        abandon_after=args.abandon_after,
    )


def server_options(args: argparse.Namespace, saved: dict[str, Any]) -> ServerOptions:
    bind = args.bind or saved.get("endpoint") or "tcp://127.0.0.1:*"
    return ServerOptions(
        bind=str(bind),
        pub_bind=args.pub_bind or saved.get("pub_endpoint"),
        heartbeat=float(args.heartbeat or saved.get("heartbeat", 1.0)),
        lobby=args.lobby,
        max_connections=args.max_connections,
        durability=args.durability,
        limits=Limits(**{name: getattr(args, name) for name in LIMIT_OPTIONS}),
    )


def fresh(args: argparse.Namespace) -> Setup:
    """A new table, without files yet: `run` writes them once the endpoints are bound, so that
    a resume after a kill at any moment binds the same ones."""
    ruleset = load(args.game)
    config = game_config(args)
    seats = ruleset.seat_count(ruleset.configure(config))
    bots = bot_specs(args.bots, seats)
    agents = [REMOTE if b is None else over_the_wire(b, ruleset.name).name for b in bots]
    opened = open_table(
        args.log_dir,
        args.table or "",
        args.game,
        config,
        table_options(args, {}, people=None in bots),
        agents=agents,
        seed=args.seed,
        mode=str(config.get("mode", "")),
        extra={"bots": bots},
        lazy=True,
    )
    return Setup(opened.table, opened.sidecar, bots)


def resumed(args: argparse.Namespace) -> Setup:
    """The table of --resume LOG. Its bot processes died with the crashed server: those the
    seats file names are started again, unless --bots says otherwise. A ruleset given by
    module path is loaded only when this command line names it (--game)."""
    module = args.game if ":" in str(args.game) else None
    r = reopen_table(args.resume, module=module)
    seats = r.table.game.seats
    if args.bots is not None:
        bots = bot_specs(args.bots, seats)
    else:
        bots = saved_bots(r.sidecar.get("bots"), seats, args.resume)
    r.table.opts = table_options(args, r.sidecar, people=None in bots)
    for spec in bots:
        if spec is not None:
            over_the_wire(spec, r.table.game.ruleset.name)  # an unknown bot: refused now, exit 2
    return Setup(r.table, {**r.sidecar, "bots": bots}, bots, r.report)


def saved_bots(saved: object, seats: int, log_path: str) -> list[str | None]:
    """The per-seat bot specs a seats file holds (none for a file written without them)."""
    if saved is None:
        return [None] * seats
    if not (
        isinstance(saved, list)
        and len(saved) == seats
        and all(b is None or isinstance(b, str) for b in saved)
    ):
        raise ValueError(
            f"{sidecar_path(log_path)}: 'bots' must list a bot name or null per seat "
            f"({seats} seats); give --bots to choose them"
        )
    return list(saved)


def make_curve(args: argparse.Namespace) -> Any:
    """The CURVE server of --curve-secret/--curve-allow (None without them); SIGHUP reloads the
    allow-list."""
    if not args.curve_secret:
        if args.curve_allow:
            raise ValueError("--curve-allow needs --curve-secret")
        return None
    if args.bots:
        raise ValueError("--bots cannot be used with CURVE: run bot processes with their keys")
    from game_agent.server.curve import CurveServer

    curve = CurveServer(zmq.Context.instance(), args.curve_secret, args.curve_allow)
    signal.signal(signal.SIGHUP, lambda signum, frame: curve.reload_or_log())
    say(f"curve: server public key {curve.public_key.decode()}")
    return curve


def run(args: argparse.Namespace) -> int:
    signal.signal(signal.SIGTERM, terminate)
    clash = misplaced_options(args)
    if clash:
        raise UsageError(clash)
    if args.lobby:
        return run_lobby(args)
    try:
        curve = make_curve(args)  # first: a bad key leaves no empty log behind
        setup = resumed(args) if args.resume else fresh(args)
    except (ConfigError, ValueError, ProtocolError, OSError, CurveError) as exc:
        raise UsageError(str(exc)) from None
    except ResumeError as exc:
        raise UsageError(str(exc), exit_code=4) from None
    # Bind before a fresh table writes its files: they hold the endpoints from the start.
    server = Server(server_options(args, setup.sidecar), curve=curve)
    try:
        endpoint, pub = server.bind()
    except (zmq.ZMQError, ValueError) as exc:
        server.close()
        setup.table.writer_close()
        raise UsageError(f"cannot bind the table's endpoints: {exc}") from None
    if not args.resume:
        setup.sidecar.update(endpoint=endpoint, pub_endpoint=pub)
        files = setup.table.files
        assert files is not None
        try:
            setup.table.writer = files(setup.table)
        except OSError as exc:
            server.close()
            raise UsageError(f"cannot write the table's files: {exc}") from None
    if setup.report:
        say(f"resume: {setup.report}")
    table = setup.table
    procs: list[subprocess.Popen[bytes]] = []
    finished = False
    try:
        if args.resume and (
            setup.sidecar.get("endpoint") != endpoint or setup.sidecar.get("pub_endpoint") != pub
        ):
            was = setup.sidecar.get("endpoint")
            if was:
                say(f"resume: the table moved to {endpoint} (it was on {was})")
            else:  # a kill before the old server bound: agents learn the new endpoint here
                say(f"resume: the seats file had no endpoint; the table is now on {endpoint}")
            setup.sidecar = {**setup.sidecar, "endpoint": endpoint, "pub_endpoint": pub}
            write_sidecar(table.log_path, setup.sidecar)
        server.add(table)
        announce(setup, endpoint, pub, args.web)
        seat_of = start_bots(setup, endpoint, procs)
        table.departed = lambda: [seat_of[id(p)] for p in procs if p.poll() is not None]
        server.on_closed = lambda t: mark_finished(t, setup.sidecar)
        server.run(until=lambda: table.name not in server.tables)
        if table.fill_failed:
            raise UsageError(str(table.fill_failed), exit_code=3)
        if table.end == ABANDONED:
            raise UsageError(
                f"the table was abandoned: no seat was present for {args.abandon_after:g} s "
                f"(its log ends so: {table.log_path})",
                exit_code=5,
            )
        finished = True
    finally:
        try:
            server.close()
            table.writer_close()
        finally:
            # After a finished game the bots leave by themselves; otherwise (interrupted,
            # refused) they are stopped now. The log stays resumable either way. (Should this
            # process die without getting here, kill -9 included, they stop by themselves:
            # user_agent.parent.)
            stop_bots(procs, grace=5.0 if finished else 0.0)
    report(table)
    return 0


def run_lobby(args: argparse.Namespace) -> int:
    """Many tables until SIGTERM / Ctrl-C; unfinished ones resumed first."""
    # A SIGTERM while the lobby starts (resuming tables) stops it as one while it runs would.
    stop_asked: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stop_asked.append(signum))
    workers = args.workers or 0
    if not 0 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be 0 (every table in this process) to {MAX_WORKERS}")
    try:
        if workers:
            worker_bind(args.bind or "tcp://127.0.0.1:*", 0)  # refuses a wildcard host early
        curve = make_curve(args)
        server = Server(server_options(args, {}), curve=curve)
        endpoint, pub = server.bind()
    except (ValueError, OSError, zmq.ZMQError, CurveError) as exc:
        raise UsageError(str(exc)) from None
    try:
        configured = configured_tables(args.tables) if args.tables else []
    except (OSError, ValueError) as exc:
        server.close()
        raise UsageError(str(exc)) from None
    cluster: Cluster | None = None
    if args.redis:
        try:
            cluster = start_cluster(args, server, LobbyTables(args, table_options(args, {})))
        except UsageError:
            server.close()
            raise
    where = f"over {workers} worker processes" if workers else "in this process"
    if cluster is not None:
        where += f", sharing {cluster.link.url} as server {cluster.id}"
    say(f"lobby on {endpoint}; spectators on {pub}; logs in {args.log_dir}; tables {where}")
    say(f"join: sgs bot --connect {endpoint} --lobby --game GAME --seats N")
    say(f"status: sgs status --connect {endpoint}")
    pool: WorkerPool | None = None
    try:
        if workers:
            pool = start_workers(args, server, endpoint, configured, child_env())
        elif cluster is None:  # a cluster's tables open as shared queues fill
            in_process(args, LobbyTables(args, table_options(args, {})), server, endpoint,
                       configured)  # fmt: skip
        signal.signal(signal.SIGTERM, terminate)
        if stop_asked:
            raise SystemExit(128 + stop_asked[0])
        server.run()
    except (KeyboardInterrupt, SystemExit):
        held = server.table_count()
        say(f"stopping: {held} unfinished tables stay resumable in {args.log_dir}")
    finally:
        if pool is not None:
            pool.close()
        if cluster is not None:
            cluster.close()
        server.close()
    return 0


def misplaced_options(args: argparse.Namespace) -> str:
    """Options that mean nothing in the chosen mode are refused, never silently ignored."""
    if args.lobby:
        single = {
            "--seed": args.seed is not None,
            "--table": args.table is not None,
            "--bots": args.bots is not None,
            "--resume": args.resume is not None,
            "--scenario": args.scenario is not None,
            "--mode": args.mode is not None,
            "--players": args.players is not None,
            "--option": bool(args.option),
        }
        given = [name for name, on in single.items() if on]
        if given:
            return (
                f"{', '.join(given)} describe one table; with --lobby, agents choose the game "
                "when they join, and --tables FILE opens fixed tables"
            )
    elif args.tables:
        return "--tables needs --lobby"
    elif args.workers:
        return "--workers needs --lobby (one table is served by one process)"
    elif args.redis:
        return "--redis needs --lobby (the servers share lobby queues and tables)"
    if args.redis and args.workers:
        return "--redis with --workers is not built yet: run one lobby server per core instead"
    if args.redis and args.tables:
        return "--redis with --tables is not built yet: every server would open the same tables"
    if args.redis and args.durability != "disk":
        return ("--redis needs --durability disk: another host resumes a table from the "
                "records its owner synced")  # fmt: skip
    if args.lease is not None and not args.redis:
        return "--lease needs --redis"
    return ""


def terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def announce(setup: Setup, endpoint: str, pub: str, web: str | None = None) -> None:
    table = setup.table
    game = table.game
    say(f"table {table.name!r}: {game.ruleset.name} for {game.seats} seats, on {endpoint}")
    name = f" --table {table.name}" if table.name else ""
    say(f"spectators: sgs watch --connect {pub} --server {endpoint}{name}")
    for seat in table.seats.seats:
        bot = setup.bots[seat.index]
        if bot is not None:
            say(f"seat {seat.index}: bot process {bot}")
        else:
            # the token in the environment: a command line is visible to every local user
            join = f"--connect {endpoint} --seat {seat.index}"
            say(f"seat {seat.index}: {TOKEN_ENV}={seat.token} sgs bot {join}   (or: sgs play …)")
            if web:  # the token rides in the fragment, which a browser never sends to a server
                link = f"{web.rstrip('/')}/#/seat/{quote(table.name, safe='')}/{seat.index}"
                say(f"seat {seat.index}: browser: {link}/{seat.token}")
    say(f"log: {table.log_path}")
    say(f"seats file: {sidecar_path(table.log_path)}")


def start_bots(setup: Setup, endpoint: str, procs: list[subprocess.Popen[bytes]]) -> dict[int, int]:
    """Start a bot process per bot seat (none for a finished game), appended to `procs` as
    each starts (so a signal mid-way leaves none unknown to `stop_bots`); returns the seat of
    each, by id() of its Popen.

    Each child gets this process's pid in $SGS_PARENT_PID and stops when this process is gone
    (`user_agent.parent`: at once on Linux, else within a heartbeat). Linux signals the child
    when the parent *thread* that started it exits: call this from the main thread."""
    seat_of: dict[int, int] = {}
    table = setup.table
    if table.game.finished:
        return seat_of
    for seat in table.seats.seats:
        spec = setup.bots[seat.index]
        if spec is None:
            continue
        cmd = bot_command(endpoint, seat.index, spec, table.opts)
        # Secrets go through the environment, never argv (readable by every local user): the
        # token, and the bot's seed (derived from the game's seed, which it would reveal).
        env = {
            **child_env(),
            TOKEN_ENV: seat.token,
            BOT_SEED_ENV: str(bot_seed(table.game.seed, seat.index)),
            PARENT_ENV: str(os.getpid()),
        }
        # In this process's directory: a `module:Class` bot is imported from there first, as
        # here (user_agent.bots).
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, env=env, cwd=os.getcwd())
        procs.append(proc)
        seat_of[id(proc)] = seat.index
        log.info("bot started", seat=seat.index, bot=spec, pid=proc.pid)
    return seat_of


def child_env() -> dict[str, str]:
    """The environment of a child `sgs` process: this checkout first on the import path (so a
    child runs the same code as its parent, whatever its working directory)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    path = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = root if not path else f"{root}{os.pathsep}{path}"
    return env


def bot_command(endpoint: str, seat: int, spec: str, opts: TableOptions) -> list[str]:
    level = os.environ.get("SGS_BOT_LOG_LEVEL", "warning")
    return [
        sys.executable, "-m", "sgs.cli", "--log-level", level, "bot",
        "--connect", endpoint, "--seat", str(seat), "--bot", spec,
        "--heartbeat", str(opts.heartbeat), "--liveness", str(opts.liveness),
    ]  # fmt: skip


def stop_bots(procs: Sequence[subprocess.Popen[bytes]], grace: float = 5.0) -> None:
    """Give the bots `grace` seconds to leave by themselves, then SIGTERM those still running
    (they say bye and exit), and SIGKILL any still there 5 s later."""
    if _wait_all(procs, grace):
        return
    for p in procs:
        if p.poll() is None:
            p.terminate()
            log.info("bot stopped", pid=p.pid)
    if _wait_all(procs, 5.0):
        return
    for p in procs:
        if p.poll() is None:
            p.kill()
            log.warning("bot killed: it did not stop on SIGTERM", pid=p.pid)
    for p in procs:
        p.wait()


def _wait_all(procs: Sequence[subprocess.Popen[bytes]], seconds: float) -> bool:
    """Wait up to `seconds` for every process to exit; True when all have."""
    end = time.monotonic() + seconds
    for p in procs:
        try:
            p.wait(max(end - time.monotonic(), 0.001))
        except subprocess.TimeoutExpired:
            return False
    return True


def report(table: Table) -> None:
    game = table.game
    outcome = dict(game.outcome or {})
    line = Narrator(game.ruleset.schema.name, game.seats).event("game_over", {"outcome": outcome})
    winners = winners_of(outcome)
    say(f"result: game over: {line}")
    say(f"winners: {' '.join(str(w) for w in winners) if winners else 'none (draw)'}")
    s = table.stats()
    say(
        f"decisions: {s['decisions']}, events: {s['events']}, timeouts: {s['timeouts']}, "
        f"{s['seconds']} s ({s['ms_per_decision']} ms per decision, "
        f"median request-to-reply {s['median_round_trip_ms']} ms)"
    )
    say(f"log: {table.log_path}")
