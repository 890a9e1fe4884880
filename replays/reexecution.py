"""Re-execution: rebuild a game from a log's seed and decisions and check every event matches.

Used by `sgs replay --verify` (a whole recorded game must be reproduced exactly) and by crash
resume (a log's readable prefix must be reproduced; the game then continues from there).

`verify` first takes the fast road: it re-executes the game step by step, encodes each step's
records with the writer's own encoder and compares those bytes with the file's; only the
decision records are decoded (their choices drive the game). Byte equality of every record, in
order, up to the end of the file, is everything the detailed check below establishes (same
events, audiences, public forms, requests, decisions, types, key order, framing, and in format
4 the checksum chain). Any difference sends it down the detailed road (`read_log`, `reexecute`
+ `first_different_record`), which decodes the log and names the first divergence or damage.

Order: in format 4 every decision must answer the earliest open request (`replays.format`,
"Canonical order"); a log that breaks it is damaged (`reader.NOT_CANONICAL`) and fails. A
format-2 or format-3 log in arrival order (what servers wrote then) still verifies: the report
is OK and carries a `warning` naming the first decision out of canonical order.

Rulesets: a log names its game; only a bundled game (`game_agent.games.GAMES`) or one registered
in this process (`game_agent.games.register`) is loaded by that name. A header naming a module
(`package.module:ATTR`) is refused: importing it would run code named by the file. The caller
may pass the ruleset explicitly (`sgs replay --verify --ruleset package.module:ATTR`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from game_agent.engine import (
    ConfigError,
    Decision,
    EngineError,
    Event,
    Game,
    IllegalReply,
    RequestSpec,
    Ruleset,
)
from game_agent.games import load
from protocol.codec import pack, unpack, unpack_record
from protocol.errors import ProtocolError
from replays.format import (
    DECISION,
    FRAME,
    MAGIC_PREFIX,
    MAX_RECORD_BYTES,
    Encoder,
    LogError,
    chain_start,
    chained,
    request_record,
)
from replays.reader import (
    OLD_ORDER,
    Log,
    check_header,
    disorder_reason,
    file_version,
    read_log,
    whole_frame,
)
from replays.writer import LogWriter

RulesetChoice = Ruleset | str | None


@dataclass(frozen=True)
class Divergence:
    """The first place where re-execution and the log disagree."""

    index: int  # event number (or decision number for decision problems)
    message: str


@dataclass
class Reexecution:
    game: Game
    matched_events: int  # how many of the game's events the log holds
    logged: set[int]  # the seats whose open request the log already holds
    divergence: Divergence | None


def _plain(ev: Event) -> Event:
    """The event as it reads back from the log (msgpack turns tuples into lists, ...)."""
    return Event.from_record(unpack(pack(ev.to_record())))


def _show(ev: Event) -> str:
    aud = "" if ev.seats is None else f" (to seats {list(ev.seats)})"
    return f"{ev.kind}{aud} {ev.data}"


def ruleset_for(header: dict[str, Any], ruleset: RulesetChoice = None) -> Ruleset:
    """The ruleset to re-execute a log with: `ruleset` when given (an object, or a name or
    `package.module:ATTR` spec the caller chose), else the header's game, loaded only if it is
    bundled or registered; a module named by the log is never imported."""
    name = header.get("game")
    if ruleset is None:
        if not isinstance(name, str) or ":" in name:
            raise ConfigError(
                f"the log names the ruleset {name!r}, which is neither a bundled nor a "
                "registered game; a module named by a log is not imported (pass the ruleset "
                "explicitly, e.g. --ruleset package.module:ATTR, if you trust it)"
            )
        return load(name)
    chosen = load(ruleset) if isinstance(ruleset, str) else ruleset
    if chosen.name != name:
        raise ConfigError(f"the log is a {name!r} game, the ruleset given is {chosen.name!r}")
    return chosen


def new_game(header: dict[str, Any], ruleset: RulesetChoice = None) -> Game:
    chosen = ruleset_for(header, ruleset)
    want = header.get("ruleset_version")
    if want != chosen.version:
        raise ConfigError(f"the log was written by {chosen.name} {want}, this is {chosen.version}")
    return Game(chosen, header["config"], int(header["seed"]))


def reexecute(log: Log, ruleset: RulesetChoice = None) -> Reexecution:
    game = new_game(log.header, ruleset)
    game.start()
    produced = game.events
    matched = 0
    logged: set[int] = set()

    def diverge(index: int, message: str) -> Reexecution:
        return Reexecution(game, matched, set(logged), Divergence(index, message))

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
            pending = next((r for r in game.open if r.seat == rec.seat), None)
            if pending is None or matched != len(produced):
                return diverge(matched, f"request {rec.id} ({rec.kind}) is not pending here")
            if unpack(pack(pending.to_wire())) != rec.to_wire():
                return diverge(
                    matched,
                    f"request {rec.id} differs: the log has {rec.to_wire()}, "
                    f"re-execution gives {pending.to_wire()}",
                )
            logged.add(rec.seat)
        elif isinstance(rec, Decision):
            if not game.open:
                return diverge(matched, f"decision {rec.id}: no request is pending")
            pending = next((r for r in game.open if r.seat == rec.seat), game.open[0])
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
                game.resume(rec.choice, seat=rec.seat, timeout=rec.timeout)
            except IllegalReply as exc:
                return diverge(matched, f"decision {rec.id} is not legal: {exc.reason}")
            except EngineError as exc:
                return diverge(matched, f"decision {rec.id}: {exc}")
            logged.discard(rec.seat)
    return Reexecution(game, matched, logged, None)


def canonical_bytes(
    header: dict[str, Any], game: Game, ending: tuple[str, str] | None = None
) -> bytes:
    """The log a host writes for this game: each step's events and the requests it asked
    (`Encoder.put_step`), then the decision that started the next step. Step j ends where
    decision j was made (`Decision.at`); its requests are those asked after j decisions."""
    out = io.BytesIO()
    w = LogWriter.to_stream(out, header)
    done = 0
    r = 0
    requests, after, decisions = game.requests, game.asked_after, game.decisions
    for j in range(len(decisions) + 1):
        end = decisions[j].at if j < len(decisions) else len(game.events)
        first = r
        while r < len(requests) and after[r] == j:
            r += 1
        w.put_step(game.events[done:end], requests[first:r])
        done = end
        if j < len(decisions):
            w.decision(decisions[j])
    if ending is not None:
        w.ending(*ending)
    w.flush()
    return out.getvalue()


def first_different_record(path: str, log: Log, game: Game) -> str | None:
    """Compare the file with the canonical bytes record by record (types, key order, flags,
    missing or extra records: anything the value comparison above may not see)."""
    with open(path, "rb") as f:
        have = f.read()
    want = canonical_bytes(log.header, game, log.ending)
    if have == want:
        return None
    pos = len(MAGIC_PREFIX) + 1
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
    warning: str | None = None  # formats 2-3: decisions not in canonical order (still OK)


def _ok(path: str, game: Game, events: int, decisions: int, disorder: str | None) -> Report:
    return Report(
        True,
        f"{path}: OK, {events} events and {decisions} decisions reproduced "
        f"exactly; outcome {game.outcome}",
        events,
        decisions,
        None if disorder is None else f"{path}: {disorder}{OLD_ORDER}",
    )


def _fast(path: str, blob: bytes, version: int, ruleset: RulesetChoice) -> Report | None:
    """The whole file equals what re-execution writes: an OK report. None as soon as anything
    differs or cannot be read (the detailed road then says what).

    Re-encodes the game as it goes into `out` (the encoder's request records, `request_record`
    in formats 3 and 4, each framed as the writer frames it, its checksum chained in format 4);
    reads only the decision records (at the offsets the re-encoded bytes give), whose choices
    drive the game; each decision is encoded again from its decoded items (a non-canonical
    encoding then differs). One comparison of all the bytes at the end checks everything (a
    misread decision, if an earlier record was not what the encoder writes, makes that
    comparison fail too). No Event, RequestSpec or list of records is built from the file.
    In format 4 a decision that does not answer the earliest open request sends it down the
    detailed road; in formats 2 and 3 the first such decision is the OK report's warning."""
    pos = len(MAGIC_PREFIX) + 1
    length = whole_frame(blob, pos, chain_start(version))
    if length < 0:
        return None
    start = pos + FRAME.size
    try:
        body = unpack_record(blob[start : start + length], MAX_RECORD_BYTES)
        header = check_header(path, body, version)
        game = new_game(header, ruleset)
    except (LogError, ProtocolError, ConfigError):
        return None
    enc = Encoder(version)
    enc.put_header(header)  # the header must be canonical too
    out = enc.buf
    encode = enc.pack
    put = enc.put
    positional = version >= 3
    canonical_only = chained(version)  # format 4: a decision answers the earliest request
    disorder: str | None = None
    frame_len = FRAME.unpack_from
    size = len(blob) - FRAME.size
    resume = game.resume
    decisions = 0
    try:
        step = game.start()
        while True:
            open_ = step.open
            if not open_:
                break
            asked = step.asked
            if positional and len(asked) == 1:  # enc.step(step.events, req), without checks
                put(encode(request_record(asked[0], step.events)))
            else:
                enc.put_step(step.events, asked)
                enc.end_events()  # a step that asked nothing: its events come before the decision
            pos = len(out)
            if pos > size:
                return None
            start = pos + FRAME.size
            body = unpack_record(blob[start : start + frame_len(blob, pos)[0]], MAX_RECORD_BYTES)
            if type(body) is not list or len(body) != 5 or body[0] != DECISION:
                return None
            _, rid, seat, choice, timeout = body
            req = open_[0]
            if len(open_) > 1 and seat != req.seat:  # a later request asked together
                if canonical_only:
                    return None  # not canonical: the detailed road names it
                req = next((r for r in open_ if r.seat == seat), req)
                if disorder is None and req is not open_[0]:
                    disorder = disorder_reason(pos, rid, seat, open_[0], True)
            if rid != req.id or seat != req.seat or type(rid) is not int or type(seat) is not int:
                return None
            if type(timeout) is not bool:
                return None
            if timeout and unpack(pack(choice)) != unpack(pack(req.default)):
                return None  # a timeout applies the default, nothing else
            put(encode(body))  # [DECISION, rid, seat, choice, timeout]: the writer's record
            step = resume(choice, seat=seat, timeout=timeout)
            decisions += 1
        enc.events(step.events)
        enc.end_events()
    except (ProtocolError, IllegalReply, EngineError, ValueError):
        return None  # ValueError: msgpack's errors (ExtraData, FormatError, ...) derive from it
    if out != blob or not game.finished:
        return None
    return _ok(path, game, len(game.events), decisions, disorder)


def verify(path: str, ruleset: RulesetChoice = None, *, detailed: bool = False) -> Report:
    """Re-execute a recorded game from its seed and decisions; it must match to the last byte.
    `ruleset` overrides the header's game (see the module docstring); `detailed` skips the
    fast road (tests and benchmarks compare the two)."""
    if not detailed:
        try:
            with open(path, "rb") as f:
                blob = f.read()
        except OSError as exc:
            raise LogError(f"{path}: cannot read ({exc.strerror})") from None
        report = _fast(path, blob, file_version(path, blob), ruleset)
        if report is not None:
            return report
    log = read_log(path)
    n_dec = len(log.decisions)
    if log.damage is not None:
        where = " (in the middle of the file)" if log.damage.mid_file else ""
        return Report(
            False, f"{path}: damaged log{where}: {log.damage.reason}", len(log.events), n_dec
        )
    try:
        rx = reexecute(log, ruleset)
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
    if not game.finished and log.ending is None:
        return Report(
            False,
            f"{path}: the game is not finished (it waits for a decision)",
            rx.matched_events,
            n_dec,
        )
    if game.finished and log.ending is not None:
        return Report(False, f"{path}: the game finished, yet the log says it was {log.ending[0]}",
                      rx.matched_events, n_dec)  # fmt: skip
    first = first_different_record(path, log, game)
    if first is not None:
        return Report(False, f"{path}: diverges: {first}", rx.matched_events, n_dec)
    disorder = None if log.disorder is None else log.disorder.reason
    if log.ending is not None:
        how, reason = log.ending
        return Report(
            True,
            f"{path}: OK, {rx.matched_events} events and {n_dec} decisions reproduced exactly; "
            f"the table was {how} before the game ended ({reason})",
            rx.matched_events,
            n_dec,
            None if disorder is None else f"{path}: {disorder}{OLD_ORDER}",
        )
    return _ok(path, game, rx.matched_events, n_dec, disorder)
