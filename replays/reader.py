"""Reads a log strictly (formats 2, 3 and 4). Damage is reported (`Log.damage`), never skipped
silently: the records before it are returned. Damage with no whole record after it is a torn or
corrupt *tail*, which `truncate_tail` cuts before a resume; damage that whole records follow
(`Damage.mid_file`) is never cut: `truncate_tail` refuses it with a `LogError`. The rules, and
what "whole" means with format 4's chained checksums, are in `replays.format`.

The reader also checks the canonical order of decisions (each answers the earliest open
request, `replays.format`): in format 4 a decision out of that order is damage
(`NOT_CANONICAL`, never cut); in formats 2 and 3, which servers wrote in arrival order, the
first one is reported in `Log.disorder` and reading goes on.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass, field
from typing import Any

from protocol.choices import RequestSpec
from protocol.codec import REQUEST_FIELDS, unpack_record
from protocol.errors import ProtocolError
from protocol.fields import check_fields
from protocol.records import Decision, Event
from replays.format import (
    DECISION,
    ENDING,
    EVENT,
    FRAME,
    MAGIC_PREFIX,
    MAX_RECORD_BYTES,
    READABLE_VERSIONS,
    REQUEST,
    REQUEST_ORDER,
    LogError,
    chain_start,
    chained,
)

Record = Event | RequestSpec | Decision

TORN = "torn"  # the last frame runs past the end of the file (an interrupted write)
CORRUPT = "corrupt"  # a bad checksum or an impossible length
OUT_OF_ORDER = "out of order"  # format 4: a whole record that does not follow the one before
UNDECODABLE = "undecodable"  # a whole frame whose payload is not a record
NOT_CANONICAL = "not canonical"  # format 4: a decision that does not answer the earliest request


@dataclass(frozen=True)
class Damage:
    """Where the readable part of a log ends and why.

    `offset` is the first byte of the first record that is not whole (or, NOT_CANONICAL, of
    the decision out of canonical order). `mid_file` is False when no whole frame (see
    `replays.format`: format 4 chains checksums, so "whole" is judged by the chain) starts
    anywhere after that offset: the damage is the log's tail, the trace of an interrupted
    write, and cutting the file at `offset` loses nothing that was whole. When it is True, whole
    records follow the damage (a record out of canonical order is itself whole): the file was
    damaged after it was written, and nothing may be cut (`truncate_tail` refuses; a resume
    must refuse too).
    """

    offset: int
    reason: str
    kind: str = CORRUPT  # TORN, CORRUPT, OUT_OF_ORDER, UNDECODABLE or NOT_CANONICAL
    mid_file: bool = False


# What a warning about a format-2/3 log out of canonical order adds.
OLD_ORDER = (
    " (a log written before format 4 may hold answers to requests asked together in the order"
    " they arrived)"
)


@dataclass(frozen=True)
class Disorder:
    """Formats 2 and 3: the first decision that does not answer the earliest open request (a
    served log of that time records answers to requests asked together in arrival order). The
    log reads and re-executes as it is; only its bytes differ from the canonical ones."""

    offset: int  # the decision record's first byte
    reason: str


@dataclass
class Log:
    path: str
    header: dict[str, Any]
    records: list[Record] = field(default_factory=list)
    damage: Damage | None = None
    good_bytes: int = 0
    version: int = 0  # the file's format version
    # How the host ended the table before the game ended (the `x` record): (how, reason).
    ending: tuple[str, str] | None = None
    disorder: Disorder | None = None  # formats 2 and 3 (in format 4 it is damage)

    @property
    def events(self) -> list[Event]:
        return [r for r in self.records if isinstance(r, Event)]

    @property
    def decisions(self) -> list[Decision]:
        return [r for r in self.records if isinstance(r, Decision)]


def _event(item: Any) -> Event:
    if type(item) is not list or len(item) not in (2, 4):
        raise ValueError("an event is [kind, data] or [kind, data, audience, public]")
    kind, data = item[0], item[1]
    if type(kind) is not str or type(data) is not dict:
        raise ValueError("bad event")
    if len(item) == 2:
        return Event(kind, data)
    seats, public = item[2], item[3]
    if type(seats) is not list or any(type(s) is not int for s in seats):
        raise ValueError("an event's audience is a list of seats")
    if public is not None and type(public) is not dict:
        raise ValueError("an event's public form is a map or nil")
    return Event(kind, data, tuple(seats), public)


def _decision(body: list[Any], events_so_far: int) -> Decision:
    if len(body) != 5:
        raise ValueError("a decision record has 5 items")
    rid, seat, choice, timeout = body[1:]
    if type(rid) is not int or type(seat) is not int or type(timeout) is not bool:
        raise ValueError("bad decision record")
    return Decision(rid, seat, choice, timeout, events_so_far)


def _records(body: Any, version: int, events_so_far: int) -> list[Record]:
    """The records one payload holds (format 3 keeps a step's events in one payload)."""
    if type(body) is not list or not body or type(body[0]) is not str:
        raise ValueError("a record must be an array starting with its tag")
    tag = body[0]
    if tag == DECISION:
        return [_decision(body, events_so_far)]
    if version == 2:
        if tag == EVENT and len(body) == 5:
            kind, data, seats, public = body[1:]
            if type(kind) is not str or type(data) is not dict:
                raise ValueError("bad event record")
            return [Event(kind, data, None if seats is None else tuple(seats), public)]
        if tag == REQUEST and len(body) == 2:
            return [RequestSpec(**check_fields("request record", body[1], REQUEST_FIELDS))]
    else:
        if tag == EVENT and len(body) > 1:
            return [_event(item) for item in body[1:]]
        n = len(REQUEST_ORDER) + 1
        if tag == REQUEST and len(body) >= n:
            fields = dict(zip(REQUEST_ORDER, body[1:n], strict=True))
            req = RequestSpec(**check_fields("request record", fields, REQUEST_FIELDS))
            out: list[Record] = [_event(item) for item in body[n:]]
            out.append(req)
            return out
    raise ValueError(f"unknown record tag {tag!r} or wrong length")


HEADER_FIELDS = {
    "format": int,
    "game": str,
    "ruleset_version": str,
    "config": dict,
    "seed": int,
    "seats": [dict],
    "table": str,
}
SEAT_FIELDS = {"seat": int, "agent": str}


def check_header(path: str, body: object, version: int) -> dict[str, Any]:
    try:
        header = check_fields("header", body, HEADER_FIELDS)
        for seat in header["seats"]:
            check_fields("header seat", seat, SEAT_FIELDS)
    except ProtocolError as exc:
        raise LogError(f"{path}: bad header record ({exc.message})") from None
    if header["format"] != version:
        raise LogError(
            f"{path}: log format {header['format']} is not supported "
            f"(the file's magic says {version})"
        )
    return header


def file_version(path: str, blob: bytes) -> int:
    """The format version named by the file's magic, or a LogError."""
    if not blob.startswith(MAGIC_PREFIX):
        raise LogError(f"{path}: not an sgs log (bad magic)")
    n = len(MAGIC_PREFIX)
    if len(blob) <= n or blob[n] not in READABLE_VERSIONS:
        want = " or ".join(str(v) for v in READABLE_VERSIONS)
        raise LogError(f"{path}: log format {blob[n : n + 1]!r} is not supported (want {want})")
    return blob[n]


def disorder_reason(pos: int, rid: int, seat: int, first: RequestSpec | None, open_: bool) -> str:
    """Why the decision record at `pos` (request `rid` of `seat`) is out of canonical order:
    `first` is the earliest open request, `open_` whether the decision answers an open one."""
    if not open_:
        return (
            f"records not in canonical order at byte {pos}: the decision there answers "
            f"request {rid} of seat {seat}, which is not open"
        )
    assert first is not None
    return (
        f"records not in canonical order at byte {pos}: the decision there answers request "
        f"{rid} of seat {seat} while request {first.id} of seat {first.seat}, asked before "
        "it, is still open"
    )


def whole_frame(blob: bytes | memoryview, pos: int, previous: int = 0) -> int:
    """The payload length of the whole frame at `pos` whose checksum chains from `previous`
    (0: unchained, formats 2 and 3), or -1 when there is none."""
    size = len(blob)
    if size - pos < FRAME.size:
        return -1
    length, crc = FRAME.unpack_from(blob, pos)
    start = pos + FRAME.size
    if not 0 < length <= MAX_RECORD_BYTES or start + length > size:
        return -1
    if zlib.crc32(memoryview(blob)[start : start + length], previous) != crc:
        return -1
    return int(length)


def _next_candidate(blob: bytes, pos: int, last: int) -> int:
    """The first offset at or after `pos` (up to `last`) whose byte may start a frame: a
    length is at most MAX_RECORD_BYTES (2^24), so its first byte is 0 or 1. -1: none."""
    top = MAX_RECORD_BYTES >> 24
    if pos > last:
        return -1
    if blob[pos] <= top:
        return pos
    hits = [i for b in range(top + 1) if (i := blob.find(bytes((b,)), pos, last + 1)) >= 0]
    return min(hits) if hits else -1


def whole_frame_after(blob: bytes, start: int) -> int:
    """Formats 2 and 3: the offset of the first whole frame starting at or after `start`, or
    -1."""
    last = len(blob) - FRAME.size
    pos = start
    while (pos := _next_candidate(blob, pos, last)) >= 0:
        if whole_frame(blob, pos) >= 0:
            return pos
        pos += 1
    return -1


def chained_frame_after(blob: bytes, damage: int, anchors: set[int]) -> int:
    """Format 4: the offset of the first frame after `damage` that counts as whole (see
    `replays.format`), or -1. A frame counts when its checksum chains from one of `anchors` (0,
    the unchained rule, is always one) or from the crc field of a frame, at or after `damage`,
    that ends where it starts (two consecutive frames)."""
    size = len(blob)
    last = size - FRAME.size
    anchors = anchors | {0}
    claims: dict[int, list[int]] = {}  # offset -> crc fields of frames that end there
    crc32 = zlib.crc32
    view = memoryview(blob)
    pos = damage
    while (pos := _next_candidate(blob, pos, last)) >= 0:
        length, crc = FRAME.unpack_from(blob, pos)
        start = pos + FRAME.size
        if 0 < length <= MAX_RECORD_BYTES and start + length <= size:
            if pos > damage:
                payload = view[start : start + length]
                froms = anchors.union(claims.pop(pos, ()))
                if any(crc32(payload, a) == crc for a in froms):
                    return pos
            end = start + length
            if end <= last:
                claims.setdefault(end, []).append(crc)
        pos += 1
    return -1


def _frames(blob: bytes, pos: int, end: int) -> list[tuple[int, int, int]]:
    """(offset, length, crc field) of the frames walked by their lengths from `pos`, while
    each is inside the file and starts before `end`."""
    out = []
    size = len(blob)
    while pos < end and size - pos >= FRAME.size:
        length, crc = FRAME.unpack_from(blob, pos)
        if not 0 < length <= MAX_RECORD_BYTES or pos + FRAME.size + length > size:
            break
        out.append((pos, int(length), int(crc)))
        pos += FRAME.size + length
    return out


def _misplaced(blob: bytes, pos: int, previous: int) -> str | None:
    """Format 4: what is known of the whole frame at `pos` whose checksum does not chain from
    `previous` (the last good record's crc field): that it repeats an earlier record, that it
    belongs after another record, or that the record that belongs here is further on. None
    when nothing is found (a damaged record, or records deleted before it)."""
    length, crc = FRAME.unpack_from(blob, pos)
    end = pos + FRAME.size + length
    view = memoryview(blob)
    payload = view[pos + FRAME.size : end]
    before = _frames(blob, len(MAGIC_PREFIX) + 1, pos)
    after = _frames(blob, end, len(blob))
    for off, n, c in before:
        if c == crc and n == length and blob[off : off + FRAME.size + n] == blob[pos:end]:
            return f"the record there repeats the one at byte {off}"
    follows = [off for off, _n, c in before + after if zlib.crc32(payload, c) == crc]
    here = [
        off
        for off, n, c in after
        if zlib.crc32(view[off + FRAME.size : off + FRAME.size + n], previous) == c
    ]
    if follows and here and follows[0] == here[0] == end:
        return f"the record there and the next one, at byte {end}, are swapped"
    said = []
    if follows:
        said.append(f"the record there belongs after the one at byte {follows[0]}")
    if here:
        said.append(f"the one at byte {here[0]} belongs there")
    return "; ".join(said) if said else None


def _damage_at(blob: bytes, pos: int, version: int, previous: int) -> Damage:
    """Describe the frame at `pos`, which is not whole (in format 4: its checksum does not
    chain from `previous`), and whether whole frames follow it."""
    size = len(blob)
    if size - pos < FRAME.size:
        return Damage(pos, f"torn record frame at byte {pos} ({size - pos} stray bytes)", TORN)
    length, stored = FRAME.unpack_from(blob, pos)
    start = pos + FRAME.size
    sane = 0 < length <= MAX_RECORD_BYTES and start + length <= size
    mismatch = f"checksum mismatch in record at byte {pos}"
    if not chained(version):
        after = whole_frame_after(blob, pos + 1)
    else:
        anchors = {previous, stored}  # the record that belongs here; its length was hit
        if sane:
            payload = memoryview(blob)[start : start + length]
            anchors.add(zlib.crc32(payload, previous))  # its crc field was hit
            misplaced = _misplaced(blob, pos, previous)
            if misplaced is not None:
                after = chained_frame_after(blob, pos, anchors)
                why = f"records out of order or missing at byte {pos}: {misplaced}"
                if after >= 0:
                    why += f"; a whole record follows at byte {after}"
                return Damage(pos, why, OUT_OF_ORDER, after >= 0)
            if zlib.crc32(payload) == stored:
                mismatch += " (its checksum is not chained: a record framed for format 2 or 3)"
            else:
                mismatch += " (a damaged record, or records out of order or missing)"
        after = chained_frame_after(blob, pos, anchors)
    if after >= 0:
        why = mismatch if sane else f"record at byte {pos} has a corrupt length ({length} bytes)"
        return Damage(pos, f"{why}; a whole record follows at byte {after}", CORRUPT, True)
    if length > MAX_RECORD_BYTES or length == 0:
        return Damage(pos, f"record at byte {pos} claims {length} bytes (corrupt length)")
    if start + length > size:
        got = size - start
        return Damage(
            pos, f"torn record at byte {pos}: {length} bytes expected, {got} present", TORN
        )
    return Damage(pos, mismatch)


def read_log(path: str | os.PathLike[str]) -> Log:
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError as exc:
        raise LogError(f"{path}: cannot read ({exc.strerror})") from None
    version = file_version(path, blob)
    pos = len(MAGIC_PREFIX) + 1
    header: dict[str, Any] | None = None
    log = Log(path, {}, version=version)
    records = log.records
    n_events = 0
    size = len(blob)
    chain = chained(version)
    previous = chain_start(version)  # what the next record's checksum chains from
    opened: list[RequestSpec] = []  # requests not answered yet, in log (= issue) order
    view = memoryview(blob)
    frame_at = FRAME.unpack_from
    crc32 = zlib.crc32
    while pos < size:
        start = pos + FRAME.size
        length, crc = frame_at(blob, pos) if start <= size else (0, 0)
        if not (
            0 < length <= MAX_RECORD_BYTES
            and start + length <= size
            and crc32(view[start : start + length], previous) == crc
        ):  # not a whole frame (`whole_frame`)
            if header is None:
                break
            log.damage = _damage_at(blob, pos, version, previous)
            break
        try:
            body = unpack_record(blob[start : start + length], MAX_RECORD_BYTES)
            if header is None:
                header = check_header(path, body, version)
            elif log.ending is not None:
                raise ValueError("a record follows the log's ending record")
            elif type(body) is list and body and body[0] == ENDING:
                if len(body) != 3 or type(body[1]) is not str or type(body[2]) is not str:
                    raise ValueError('an ending record is ["x", how, reason]')
                log.ending = (body[1], body[2])
            else:
                for rec in _records(body, version, n_events):
                    if type(rec) is Event:
                        n_events += 1
                    elif type(rec) is RequestSpec:
                        opened.append(rec)
                    elif type(rec) is not Decision:
                        raise AssertionError(rec)
                    elif opened and opened[0].id == rec.id and opened[0].seat == rec.seat:
                        del opened[0]
                    else:  # a decision out of canonical order
                        answered = next(
                            (r for r in opened if r.id == rec.id and r.seat == rec.seat), None
                        )
                        why = disorder_reason(
                            pos, rec.id, rec.seat, opened[0] if opened else None, bool(answered)
                        )
                        if chain:
                            log.damage = Damage(pos, why, NOT_CANONICAL, True)
                            break
                        if log.disorder is None:
                            log.disorder = Disorder(pos, why)
                        if answered is not None:
                            opened.remove(answered)
                    records.append(rec)
                if log.damage is not None:
                    break
        except (ProtocolError, ValueError, TypeError) as exc:
            if header is None:
                raise LogError(f"{path}: unreadable header ({exc})") from None
            if chain:  # the frame is whole: what follows it chains from its crc field
                after = chained_frame_after(blob, pos, {previous})
            else:
                after = whole_frame_after(blob, start + length)
            reason = f"undecodable record at byte {pos}: {exc}"
            if after >= 0:
                reason += f"; a whole record follows at byte {after}"
            log.damage = Damage(pos, reason, UNDECODABLE, after >= 0)
            break
        if chain:
            previous = crc
        pos = start + length
    if header is None:
        raise LogError(f"{path}: the header record is missing or torn")
    log.header = header
    log.good_bytes = pos if log.damage is None else log.damage.offset
    return log


def truncate_tail(log: Log) -> bool:
    """Cut a torn/corrupt tail off the file. Returns whether anything was cut. Damage that
    whole records follow (`Damage.mid_file`) is refused with a LogError: the file is kept."""
    damage = log.damage
    if damage is None:
        return False
    if damage.mid_file:
        raise LogError(
            f"{log.path}: refusing to cut the log at byte {damage.offset}: the damage is in the "
            f"middle of the file ({damage.reason})"
        )
    with open(log.path, "r+b") as f:
        f.truncate(log.good_bytes)
    log.damage = None
    return True
