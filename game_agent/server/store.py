"""Tables on disk: each table is a log (`NAME.sgslog`) and its seats file (`.seats.json`, 0600).

The seats file holds what a restart needs and the log must not: the tokens, the endpoints,
the table options, the `epoch` (how often the table came back from its log) and whether the
game finished. `unfinished(dir)` lists the tables a restarted server resumes.

Names never contain the seed; seeds come from the OS's secure random source (64 bits).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game_agent.engine import Game
from game_agent.games import load
from game_agent.server.resume import resume_log
from game_agent.server.seats import Seats, read_sidecar, sidecar_path, sync_dir, write_sidecar
from game_agent.server.table import Table, TableOptions
from replays import LogWriter, header_for

REMOTE = "remote"


def new_seed() -> int:
    """A game seed: 64 bits from the OS's secure random source."""
    return secrets.randbits(64)


def new_name(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(4)}"


def log_path_for(log_dir: str, stem: str) -> str:
    os.makedirs(log_dir, exist_ok=True)
    path, n = os.path.join(log_dir, f"{stem}.sgslog"), 1
    while os.path.exists(path) or os.path.exists(sidecar_path(path)):
        n += 1
        path = os.path.join(log_dir, f"{stem}-{n}.sgslog")
    return path


@dataclass
class Opened:
    table: Table
    sidecar: dict[str, Any]


def open_table(
    log_dir: str,
    name: str,
    game_spec: str,
    config: Mapping[str, Any],
    options: TableOptions,
    *,
    agents: list[str] | None = None,
    seed: int | None = None,
    mode: str = "",
    extra: Mapping[str, Any] | None = None,
) -> Opened:
    """A new table with its log and seats file written (and synced) before anyone is told."""
    ruleset = load(game_spec)
    game = Game(ruleset, config, new_seed() if seed is None else seed)
    agents = agents or [REMOTE] * game.seats
    seats = Seats.new(agents)
    path = log_path_for(log_dir, name or new_name(ruleset.name))
    writer = LogWriter(path, header_for(game, agents, name))
    writer.sync()
    sidecar = {
        "game": game_spec,
        "table": name,
        "mode": mode,
        "tokens": seats.tokens,
        "agents": agents,
        "epoch": 0,
        "finished": False,
        "deadline": options.deadline,
        "heartbeat": options.heartbeat,
        "liveness": options.liveness,
        **(extra or {}),
    }
    write_sidecar(path, sidecar)
    sync_dir(log_dir)
    table = Table(name, game, seats, writer, options, log_path=path, mode=mode)
    return Opened(table, sidecar)


@dataclass
class Reopened:
    table: Table
    sidecar: dict[str, Any]
    report: str  # what the resume did, for the operator


def reopen_table(path: str, options: TableOptions | None = None) -> Reopened:
    """A table back from its log after a crash: verified by re-execution, its torn tail cut,
    its epoch counted up (agents then forget cached answers). Raises ResumeError."""
    saved = read_sidecar(path)
    if ":" in str(saved.get("game", "")):
        load(str(saved["game"]))  # a ruleset the operator gave by module path: register it again
    r = resume_log(path)
    report = (
        (f"cut a damaged tail: {r.cut}; " if r.cut else "")
        + f"{len(r.game.events)} events and {len(r.game.decisions)} decisions re-executed and "
        f"matched; appended {r.appended_events} missing events"
        + (f" and {r.appended_requests} open request(s)" if r.appended_requests else "")
    )
    epoch = int(saved.get("epoch", 0)) + 1
    saved = {**saved, "epoch": epoch}
    write_sidecar(path, saved)
    if options is None:
        options = TableOptions(
            deadline=float(saved.get("deadline", 30.0)),
            heartbeat=float(saved.get("heartbeat", 1.0)),
            liveness=float(saved.get("liveness", 5.0)),
        )
    agents = [str(a) for a in saved.get("agents", [REMOTE] * r.game.seats)]
    seats = Seats([str(t) for t in saved["tokens"]], agents)
    table = Table(
        str(saved.get("table", "")),
        r.game,
        seats,
        r.writer,
        options,
        log_path=path,
        mode=str(saved.get("mode", "")),
        resumed=True,
        epoch=epoch,
    )
    return Reopened(table, saved, report)


def mark_finished(table: Table, sidecar: Mapping[str, Any]) -> None:
    """The game is over: a restarted server leaves this table alone."""
    write_sidecar(table.log_path, {**sidecar, "finished": table.game.finished})


def unfinished(log_dir: str) -> list[str]:
    """The logs in `log_dir` whose seats file says the game has not finished."""
    out: list[str] = []
    if not os.path.isdir(log_dir):
        return out
    for entry in sorted(os.listdir(log_dir)):
        if not entry.endswith(".sgslog"):
            continue
        path = os.path.join(log_dir, entry)
        if not os.path.exists(sidecar_path(path)):
            continue
        try:
            saved = read_sidecar(path)
        except ValueError:
            continue
        if not saved.get("finished", False) and saved.get("lobby", False):
            out.append(path)
    return out
