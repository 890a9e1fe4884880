"""Re-execution: rebuild a game from a log's seed and decisions and check every event matches.

Used by `sgs replay --verify` (a whole recorded game must be reproduced exactly) and by crash
resume (a log's readable prefix must be reproduced; the game then continues from there).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from game_agent.engine import Decision, EngineError, Event, Game, IllegalReply, RequestSpec
from game_agent.engine.ruleset import ConfigError
from game_agent.games import load
from protocol.codec import pack, unpack
from replays.format import FRAME, MAGIC
from replays.reader import Log, read_log
from replays.writer import LogWriter


@dataclass(frozen=True)
class Divergence:
    """The first place where re-execution and the log disagree."""

    index: int  # event number (or decision number for decision problems)
    message: str


@dataclass
class Reexecution:
    game: Game
    matched_events: int  # how many of the game's events the log holds
    logged_request: bool  # whether the log already holds the pending request
    divergence: Divergence | None


def _plain(ev: Event) -> Event:
    """The event as it reads back from the log (msgpack turns tuples into lists, ...)."""
    return Event.from_record(unpack(pack(ev.to_record())))


def _show(ev: Event) -> str:
    aud = "" if ev.seats is None else f" (to seats {list(ev.seats)})"
    return f"{ev.kind}{aud} {ev.data}"


def new_game(header: dict[str, Any]) -> Game:
    ruleset = load(str(header.get("game")))
    want = header.get("ruleset_version")
    if want != ruleset.version:
        raise ConfigError(
            f"the log was written by {ruleset.name} {want}, this is {ruleset.version}"
        )
    return Game(ruleset, header["config"], int(header["seed"]))


def reexecute(log: Log) -> Reexecution:
    game = new_game(log.header)
    game.start()
    produced = game.events
    matched = 0
    logged_request = False

    def diverge(index: int, message: str) -> Reexecution:
        return Reexecution(game, matched, logged_request, Divergence(index, message))

    for rec in log.records:
        if isinstance(rec, Event):
            if matched >= len(produced):
                why = "the game ended" if game.finished else "the game waits for a decision"
                return diverge(matched, f"event #{matched}: the log has {_show(rec)} but {why}")
            live = _plain(produced[matched])
            if live != rec:
                return diverge(
                    matched,
                    f"event #{matched} differs: the log has {_show(rec)}, "
                    f"re-execution gives {_show(live)}",
                )
            matched += 1
        elif isinstance(rec, RequestSpec):
            pending = game.pending
            if pending is None or matched != len(produced):
                return diverge(matched, f"request {rec.id} ({rec.kind}) is not pending here")
            if unpack(pack(pending.to_wire())) != rec.to_wire():
                return diverge(
                    matched,
                    f"request {rec.id} differs: the log has {rec.to_wire()}, "
                    f"re-execution gives {pending.to_wire()}",
                )
            logged_request = True
        elif isinstance(rec, Decision):
            pending = game.pending
            if pending is None:
                return diverge(matched, f"decision {rec.id}: no request is pending")
            if matched != len(produced):
                nxt = _show(_plain(produced[matched]))
                return diverge(
                    matched,
                    f"event #{matched}: re-execution gives {nxt}, "
                    f"the log has decision {rec.id} instead",
                )
            if rec.timeout and unpack(pack(rec.choice)) != unpack(pack(pending.default)):
                return diverge(
                    matched, f"decision {rec.id} is marked as a timeout but is not the default"
                )
            if rec.id != pending.id or rec.seat != pending.seat:
                return diverge(
                    matched,
                    f"decision {rec.id} for seat {rec.seat} answers request {pending.id} "
                    f"of seat {pending.seat}",
                )
            try:
                game.resume(rec.choice, timeout=rec.timeout)
            except IllegalReply as exc:
                return diverge(matched, f"decision {rec.id} is not legal: {exc.reason}")
            except EngineError as exc:
                return diverge(matched, f"decision {rec.id}: {exc}")
            logged_request = False
    return Reexecution(game, matched, logged_request, None)


def canonical_bytes(header: dict[str, Any], game: Game) -> bytes:
    """The log a host writes for this game: events, then each request and its decision."""
    out = io.BytesIO()
    w = LogWriter.to_stream(out, header)
    done = 0
    for req, d in zip(game.requests, game.decisions, strict=False):
        w.events(game.events[done : d.at])
        done = d.at
        w.request(req)
        w.decision(d)
    w.events(game.events[done:])
    if game.pending is not None:
        w.request(game.pending)
    return out.getvalue()


def first_different_record(path: str, log: Log, game: Game) -> str | None:
    """Compare the file with the canonical bytes record by record (types, key order, flags,
    missing or extra records: anything the value comparison above may not see)."""
    with open(path, "rb") as f:
        have = f.read()
    want = canonical_bytes(log.header, game)
    if have == want:
        return None
    pos = len(MAGIC)
    n = 0
    while pos < min(len(have), len(want)):
        length_have = FRAME.unpack_from(have, pos)[0]
        length_want = FRAME.unpack_from(want, pos)[0]
        end = pos + FRAME.size + length_want
        if length_have != length_want or have[pos:end] != want[pos:end]:
            what = "the header" if n == 0 else f"record #{n}"
            return f"{what} (byte {pos}) is not what re-execution writes"
        pos = end
        n += 1
    if len(have) > len(want):
        return f"the log has {len(have) - len(want)} extra bytes after record #{n - 1}"
    return f"the log stops early at record #{n}"


@dataclass(frozen=True)
class Report:
    ok: bool
    message: str
    events: int
    decisions: int


def verify(path: str) -> Report:
    """Re-execute a recorded game from its seed and decisions; it must match to the last byte."""
    log = read_log(path)
    n_dec = len(log.decisions)
    if log.tail is not None:
        return Report(False, f"{path}: damaged log: {log.tail.reason}", len(log.events), n_dec)
    try:
        rx = reexecute(log)
    except ConfigError as exc:
        return Report(False, f"{path}: cannot re-execute: {exc}", 0, n_dec)
    if rx.divergence is not None:
        return Report(False, f"{path}: diverges: {rx.divergence.message}", rx.matched_events, n_dec)
    game = rx.game
    if rx.matched_events != len(game.events):
        ev = _show(_plain(game.events[rx.matched_events]))
        return Report(
            False,
            f"{path}: the log stops early: event #{rx.matched_events} ({ev}) is missing",
            rx.matched_events,
            n_dec,
        )
    if not game.finished:
        return Report(
            False,
            f"{path}: the game is not finished (it waits for a decision)",
            rx.matched_events,
            n_dec,
        )
    first = first_different_record(path, log, game)
    if first is not None:
        return Report(False, f"{path}: diverges: {first}", rx.matched_events, n_dec)
    return Report(
        True,
        f"{path}: OK, {rx.matched_events} events and {n_dec} decisions reproduced "
        f"exactly; outcome {game.outcome}",
        rx.matched_events,
        n_dec,
    )
