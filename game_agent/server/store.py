"""Tables on disk: each table is a log (`NAME.sgslog`) and its seats file (`.seats.json`, 0600).

The seats file holds what a restart needs and the log must not: the tokens, the endpoints,
the table options, the `epoch` (how often the table came back from its log) and whether the
game finished. `unfinished(dir)` lists the tables a restarted server resumes.

Names never contain the seed; seeds come from the OS's secure random source (64 bits).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game_agent.engine import ConfigError, Game
from game_agent.games import load
from game_agent.server.resume import ResumeError, resume_log
from game_agent.server.seats import Seats, read_sidecar, sidecar_path, sync_dir, write_sidecar
from game_agent.server.table import ABANDONED, Table, TableOptions
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
    lazy: bool = False,
) -> Opened:
    """A new table. Its log and seats file are written (and synced) before anyone is told of
    them: at once, or with `lazy` (lobby tables) when the table starts playing, so that a table
    that dissolves unplayed leaves nothing on disk."""
    ruleset = load(game_spec)
    game = Game(ruleset, config, new_seed() if seed is None else seed)
    agents = agents or [REMOTE] * game.seats
    seats = Seats.new(agents)
    sidecar: dict[str, Any] = {
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
        "window_min": options.window_min,
        **(extra or {}),
    }
    header = header_for(game, agents, name)

    def files(table: Table) -> LogWriter:
        path = log_path_for(log_dir, name or new_name(ruleset.name))
        writer = LogWriter(path, header)
        try:
            writer.sync()
            write_sidecar(path, sidecar)
            sync_dir(log_dir)
        except OSError:
            writer.close()
            for leftover in (path, sidecar_path(path)):
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
            raise
        table.log_path = path
        return writer

    table = Table(name, game, seats, None, options, files=files, mode=mode)
    if not lazy:
        table.writer = files(table)
    return Opened(table, sidecar)


@dataclass
class Reopened:
    table: Table
    sidecar: dict[str, Any]
    report: str  # what the resume did, for the operator


def reopen_table(
    path: str, options: TableOptions | None = None, *, module: str | None = None
) -> Reopened:
    """A table back from its log after a crash: verified by re-execution, its torn tail cut,
    its epoch counted up (agents then forget cached answers). Raises ResumeError.

    A seats file names a bundled or registered game, nothing else: a file is never a reason to
    import code. A table whose ruleset the operator gave by module path (`sgs serve --game
    pkg.mod:ATTR`) resumes only when the operator names the same module again (`module`)."""
    saved = read_sidecar(path)
    game = str(saved.get("game", ""))
    if saved.get("end") == ABANDONED:
        raise ResumeError(f"{path}: refusing to resume: the table was abandoned")
    if ":" in game:
        if module != game:
            raise ResumeError(
                f"{path}: its seats file names the module {game!r}, which is not a registered "
                f"game; a seats file never makes the server import code: give --game {game} "
                "on the command line to load it yourself"
            )
        try:
            load(game)  # the operator named it: register it again, so the log re-executes
        except ConfigError as exc:
            raise ResumeError(f"{path}: {exc}") from None
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
            window_min=float(saved.get("window_min", 0.0)),
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
    """The table closed: a restarted server leaves it alone if its game is over or it was
    abandoned (`end`). A table that never started has no files: nothing to mark."""
    if not table.log_path:
        return
    write_sidecar(table.log_path, {**sidecar, "finished": table.game.finished, "end": table.end})


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
        if saved.get("end") == ABANDONED:
            continue
        if not saved.get("finished", False) and saved.get("lobby", False):
            out.append(path)
    return out
