"""Crash resume: bring a table back from its log after the game agent died (even by kill -9).

1. read the log; a torn or corrupt tail is reported, never silent; damage that whole records
   follow (the file was damaged after it was written) is refused: nothing is cut, nothing
   after it is thrown away;
2. re-execute the game from the header's seed and the logged decisions; every logged event must
   match, or the resume is refused (the log and this ruleset disagree) and the file is left
   untouched; only then is the torn tail cut;
3. append what the writer had not flushed: the events the re-execution produced after the log's
   last record, and the pending request. The file is then exactly what an uninterrupted game
   would have written at this point, so the finished log is byte-identical to one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from game_agent.engine import ConfigError, Game
from replays import LogError, LogWriter, read_log, reexecute, truncate_tail


class ResumeError(Exception):
    """The log cannot be resumed (unreadable, unknown ruleset, or diverging)."""


@dataclass
class Resumed:
    game: Game
    writer: LogWriter
    header: dict[str, object]
    cut: str | None  # what was cut off the tail, for the operator
    appended_events: int
    appended_requests: int


def resume_log(path: str) -> Resumed:
    try:
        log = read_log(path)
    except LogError as exc:
        raise ResumeError(str(exc)) from None
    if log.ending is not None:
        raise ResumeError(
            f"{path}: refusing to resume: the table was {log.ending[0]} ({log.ending[1]})"
        )
    if log.damage is not None and log.damage.mid_file:
        raise ResumeError(
            f"{path}: refusing to resume: damaged at byte {log.damage.offset} "
            f"({log.damage.reason}) with whole records after it; the file is left as it is"
        )
    try:
        rx = reexecute(log)  # the records before any torn tail; the file is not touched yet
    except ConfigError as exc:
        raise ResumeError(f"{path}: cannot re-execute: {exc}") from None
    if rx.divergence is not None:
        raise ResumeError(
            f"{path}: refusing to resume, the log diverges from re-execution: "
            f"{rx.divergence.message}"
        )
    cut = None
    if log.damage is not None:  # only a log we can continue loses its torn tail
        size = os.path.getsize(path)
        cut = f"{log.damage.reason}; cut {size - log.good_bytes} bytes at offset {log.good_bytes}"
        try:
            truncate_tail(log)
        except LogError as exc:
            raise ResumeError(f"{path}: {exc}") from None
    game = rx.game
    writer = LogWriter.append_to(path)
    missing = game.events[rx.matched_events :]
    unlogged = [r for r in game.open if r.seat not in rx.logged]
    writer.put_step(missing, unlogged)
    writer.flush()
    return Resumed(game, writer, log.header, cut, len(missing), len(unlogged))
