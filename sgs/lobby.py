"""`sgs serve --lobby`: many tables until stopped, in this process or, with `--workers N`,
over N worker processes behind this one (`game_agent.server.workers`; docs/operating.md).

`LobbyTables` is how a lobby opens, resumes and closes its tables; the one-process lobby and
each worker (`sgs.lobby_worker`) use it alike.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import redis

from game_agent.engine import ConfigError, read_toml
from game_agent.server import ResumeError, Table, TableOptions
from game_agent.server.cluster import Cluster
from game_agent.server.redis_link import Timing, shown
from game_agent.server.server import Server
from game_agent.server.store import mark_finished, new_name, open_table, reopen_table, unfinished
from game_agent.server.table import ABANDONED, DISSOLVED
from game_agent.server.workers import WorkerPool, wildcard
from sgs.errors import UsageError
from user_agent.client import TOKEN_ENV
from user_agent.parent import PARENT_ENV

MAX_CONFIGURED_TABLES = 1000  # [[table]] entries in a --tables file
WORKER_ARGS_ENV = "SGS_WORKER_ARGS"
START_SECONDS = 60.0  # the workers must all be ready this soon after the front starts
MIN_LEASE, MAX_LEASE = 0.3, 60.0  # --lease seconds


def say(line: str) -> None:
    """One line on stdout in one write: the front and its workers share that stdout, and
    `print` writes the text and its newline apart when Python runs unbuffered."""
    sys.stdout.write(f"{line}\n")
    sys.stdout.flush()


class LobbyTables:
    """A lobby's tables: opened for a full queue, resumed, from `--tables`, and closed."""

    def __init__(self, args: argparse.Namespace, opts: TableOptions) -> None:
        self.args = args
        self.where = ""  # " (worker N)" in a worker: said after the table's name
        self.sidecars: dict[str, dict[str, Any]] = {}
        self.opts = opts
        self.opts.fill_timeout = args.fill_timeout or 60.0

    def _opened(self, t: Table, sidecar: dict[str, Any]) -> Table:
        self.sidecars[t.name] = sidecar
        t.start_anyway = True
        return t

    def new(self, game: str, config: dict[str, Any], mode: str, name: str = "") -> Table:
        """A table for a full queue (its files are written when it starts playing)."""
        o = open_table(self.args.log_dir, name or new_name(game), game, config, self.opts,
                       mode=mode, extra={"lobby": True}, lazy=True)  # fmt: skip
        return self._opened(o.table, o.sidecar)

    def resume(self, path: str) -> tuple[Table, str]:
        """An unfinished lobby table from its log (ResumeError, ValueError when refused)."""
        r = reopen_table(path, self.opts)
        return self._opened(r.table, r.sidecar), r.report

    def configured(self, name: str, game: str, config: dict[str, Any]) -> Table:
        """A `--tables` table (ConfigError, ValueError, OSError when it cannot be opened)."""
        o = open_table(self.args.log_dir, name or new_name(game), game, config, self.opts,
                       mode=str(config.get("mode", "")), extra={"lobby": True},
                       lazy=True)  # fmt: skip
        return self._opened(o.table, o.sidecar)

    def closed(self, t: Table) -> None:
        mark_finished(t, self.sidecars.pop(t.name, {}))
        if t.end == ABANDONED:
            say(f"table {t.name!r}{self.where} abandoned: nobody was at it ({t.log_path})")
        elif t.end != DISSOLVED:  # dissolved tables left nothing: the server log counts them
            say(f"table {t.name!r}{self.where} finished: {t.game.outcome} ({t.log_path})")


def configured_tables(path: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, game, config) per [[table]] of a TOML file."""
    data = read_toml(path)  # ConfigError (a ValueError) past the TOML limits
    items = data.get("table", [])
    if not isinstance(items, list) or len(items) > MAX_CONFIGURED_TABLES:
        raise ValueError(f"{path}: at most {MAX_CONFIGURED_TABLES} [[table]] entries")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("game"), str):
            raise ValueError(f"{path}: table #{i + 1} needs a game")
        unknown = set(item) - {"name", "game", "mode", "players", "options"}
        if unknown:
            raise ValueError(f"{path}: table #{i + 1}: unknown keys {sorted(unknown)}")
        config: dict[str, Any] = dict(item.get("options", {}))
        for key in ("mode", "players"):
            if key in item:
                config[key] = item[key]
        out.append((str(item.get("name", "")), item["game"], config))
    return out


def seat_lines(endpoint: str, table: str, tokens: list[str]) -> None:
    for seat, token in enumerate(tokens):
        join = f"--connect {endpoint} --table {table} --seat {seat}"
        say(f"  seat {seat}: {TOKEN_ENV}={token} sgs bot {join}")


def in_process(
    args: argparse.Namespace,
    tables: LobbyTables,
    server: Server,
    endpoint: str,
    configured: list[tuple[str, str, dict[str, Any]]],
) -> None:
    for path in unfinished(args.log_dir):
        try:
            table, report = tables.resume(path)
        except (ResumeError, ValueError) as exc:
            say(f"resume: {path}: refused: {exc}")
            continue
        server.add(table)
        say(f"resume: table {table.name!r} ({path}): {report}")
    for name, game, config in configured:
        if name in server.tables:
            continue  # resumed above
        try:
            table = tables.configured(name, game, config)
        except (ConfigError, ValueError, OSError) as exc:
            server.close()
            raise UsageError(f"table {name!r} in {args.tables}: {exc}") from None
        server.add(table)
        say(f"table {table.name!r}: {game} for {table.game.seats} seats")
        seat_lines(endpoint, table.name, [s.token for s in table.seats.seats])
    server.open_table = tables.new
    server.on_closed = tables.closed


def start_cluster(args: argparse.Namespace, server: Server, tables: LobbyTables) -> Cluster:
    """Join the servers sharing `--redis` (exit 2 when Redis cannot be reached). Tables are
    opened here; unfinished ones of any server are resumed by whoever claims their lease."""
    lease = Timing().lease if args.lease is None else args.lease
    if not MIN_LEASE <= lease <= MAX_LEASE:
        raise UsageError(f"--lease must be {MIN_LEASE:g}..{MAX_LEASE:g} seconds")
    if not server.endpoint.startswith("tcp://") or wildcard(server.endpoint):
        raise UsageError("--redis needs --bind on a tcp:// address agents can reach (not a "
                         "wildcard): other servers move agents to this endpoint")  # fmt: skip
    server.on_closed = tables.closed
    cluster = Cluster(server, args.redis, log_dir=args.log_dir, timing=Timing(lease),
                      open_table=tables.new, resume=tables.resume, say=say)  # fmt: skip
    try:
        cluster.start()
    except (redis.RedisError, ValueError, OSError) as exc:
        cluster.close()
        raise UsageError(f"cannot reach Redis at {shown(args.redis)}: {exc}") from None
    return cluster


def start_workers(
    args: argparse.Namespace,
    server: Server,
    endpoint: str,
    configured: list[tuple[str, str, dict[str, Any]]],
    child_env: dict[str, str],
) -> WorkerPool:
    """Start the workers, hand them the unfinished and `--tables` tables, and wait until each
    is ready (exit 2 when one cannot start)."""
    from game_agent.games import load

    for name, game, config in configured:  # checked here, opened by a worker
        try:
            load(game).configure(dict(config))
        except (ConfigError, ValueError, OSError) as exc:
            raise UsageError(f"table {name!r} in {args.tables}: {exc}") from None
    plain = {k: v for k, v in vars(args).items() if _jsonable(v)}
    plain["bind"] = args.bind or "tcp://127.0.0.1:*"
    plain["front"] = endpoint
    env = {**child_env, WORKER_ARGS_ENV: json.dumps(plain), PARENT_ENV: str(os.getpid())}
    command = [sys.executable, "-m", "sgs.lobby_worker"]
    pool = WorkerPool(server, args.workers, command, env, log_dir=args.log_dir, say=say)
    for path in unfinished(args.log_dir):
        pool.resume(path)
    for name, game, config in configured:
        pool.configure(name, game, config)
    why = pool.wait_ready(START_SECONDS)
    if why:
        pool.close(grace=2.0)
        server.close()
        raise UsageError(why)
    for w in pool.workers:
        say(
            f"worker {w.index} (pid {w.proc.pid}): tables on {w.endpoint}; spectators on "
            f"{w.spectators}"
        )
    return pool


def _jsonable(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool | list)
