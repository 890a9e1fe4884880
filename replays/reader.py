"""Reads a log strictly (formats 2 and 3). Damage is reported (`Log.damage`), never skipped
silently: the records before it are returned. Damage with no whole record after it is a torn or
corrupt *tail*, which `truncate_tail` cuts before a resume; damage that whole records follow
(`Damage.mid_file`) is never cut: `truncate_tail` refuses it with a `LogError`.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Decision, Event, RequestSpec
from protocol.codec import REQUEST_FIELDS, unpack_record
from protocol.errors import ProtocolError
from protocol.fields import check_fields
from replays.format import (
    DECISION,
    EVENT,
    FRAME,
    MAGIC_PREFIX,
    MAX_RECORD_BYTES,
    READABLE_VERSIONS,
    REQUEST,
    REQUEST_ORDER,
    LogError,
)

Record = Event | RequestSpec | Decision

TORN = "torn"  # the last frame runs past the end of the file (an interrupted write)
CORRUPT = "corrupt"  # a bad checksum or an impossible length
UNDECODABLE = "undecodable"  # a whole frame whose payload is not a record


@dataclass(frozen=True)
class Damage:
    """Where the readable part of a log ends and why.

    `offset` is the first byte of the first record that is not whole. `mid_file` is False when
    no whole frame (a length in 1..MAX_RECORD_BYTES, the payload inside the file, a matching
    CRC-32) starts anywhere after that offset: the damage is the log's tail, the trace of an
    interrupted write, and cutting the file at `offset` loses nothing that was whole. When it is
    True, whole records follow the damage: the file was damaged after it was written, and
    nothing may be cut (`truncate_tail` refuses; a resume must refuse too).
    """

    offset: int
    reason: str
    kind: str = CORRUPT  # TORN, CORRUPT or UNDECODABLE
    mid_file: bool = False


Tail = Damage  # the name before damage could be mid-file


@dataclass
class Log:
    path: str
    header: dict[str, Any]
    records: list[Record] = field(default_factory=list)
    damage: Damage | None = None
    good_bytes: int = 0
    version: int = 0  # the file's format version

    @property
    def tail(self) -> Damage | None:
        """The damage, if any (kept for callers written before `damage`): check `mid_file`
        before cutting anything."""
        return self.damage

    @tail.setter
    def tail(self, value: Damage | None) -> None:
        self.damage = value

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


def whole_frame(blob: bytes | memoryview, pos: int) -> int:
    """The payload length of the whole frame at `pos`, or -1 when there is none."""
    size = len(blob)
    if size - pos < FRAME.size:
        return -1
    length, crc = FRAME.unpack_from(blob, pos)
    start = pos + FRAME.size
    if not 0 < length <= MAX_RECORD_BYTES or start + length > size:
        return -1
    if zlib.crc32(memoryview(blob)[start : start + length]) != crc:
        return -1
    return int(length)


def whole_frame_after(blob: bytes, start: int) -> int:
    """The offset of the first whole frame starting at or after `start`, or -1. A frame's
    length is at most MAX_RECORD_BYTES (2^24), so its first byte is 0 or 1: only those offsets
    are tried."""
    last = len(blob) - FRAME.size
    top = MAX_RECORD_BYTES >> 24
    pos = start
    while pos <= last:
        if blob[pos] > top:
            hits = [i for b in range(top + 1) if (i := blob.find(bytes((b,)), pos, last + 1)) >= 0]
            if not hits:
                return -1
            pos = min(hits)
        if whole_frame(blob, pos) >= 0:
            return pos
        pos += 1
    return -1


def _damage_at(blob: bytes, pos: int) -> Damage:
    """Describe the frame at `pos`, which is not whole, and whether whole frames follow it."""
    size = len(blob)
    if size - pos < FRAME.size:
        return Damage(pos, f"torn record frame at byte {pos} ({size - pos} stray bytes)", TORN)
    length, _ = FRAME.unpack_from(blob, pos)
    start = pos + FRAME.size
    after = whole_frame_after(blob, pos + 1)
    if after >= 0:
        why = (
            f"checksum mismatch in record at byte {pos}"
            if 0 < length <= MAX_RECORD_BYTES and start + length <= size
            else f"record at byte {pos} has a corrupt length ({length} bytes)"
        )
        return Damage(pos, f"{why}; a whole record follows at byte {after}", CORRUPT, True)
    if length > MAX_RECORD_BYTES or length == 0:
        return Damage(pos, f"record at byte {pos} claims {length} bytes (corrupt length)")
    if start + length > size:
        got = size - start
        return Damage(
            pos, f"torn record at byte {pos}: {length} bytes expected, {got} present", TORN
        )
    return Damage(pos, f"checksum mismatch in record at byte {pos}")


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
    while pos < size:
        length = whole_frame(blob, pos)
        if length < 0:
            if header is None:
                break
            log.damage = _damage_at(blob, pos)
            break
        start = pos + FRAME.size
        try:
            body = unpack_record(blob[start : start + length], MAX_RECORD_BYTES)
            if header is None:
                header = check_header(path, body, version)
            else:
                for rec in _records(body, version, n_events):
                    if type(rec) is Event:
                        n_events += 1
                    records.append(rec)
        except (ProtocolError, ValueError, TypeError) as exc:
            if header is None:
                raise LogError(f"{path}: unreadable header ({exc})") from None
            after = whole_frame_after(blob, start + length)
            reason = f"undecodable record at byte {pos}: {exc}"
            if after >= 0:
                reason += f"; a whole record follows at byte {after}"
            log.damage = Damage(pos, reason, UNDECODABLE, after >= 0)
            break
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
