"""Reads a log strictly. A torn or corrupt tail is reported (`Log.tail`), never skipped silently:
the records before it are returned, and `truncate_tail` cuts the file back to them."""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Decision, Event, RequestSpec
from protocol.codec import LOG_LIMITS, REQUEST_FIELDS, unpack
from protocol.errors import ProtocolError
from protocol.fields import check_fields
from replays.format import (
    DECISION,
    EVENT,
    FORMAT_VERSION,
    FRAME,
    MAGIC,
    MAX_RECORD_BYTES,
    REQUEST,
    LogError,
)

Record = Event | RequestSpec | Decision


@dataclass(frozen=True)
class Tail:
    """Where the readable part of a log ends and why."""

    offset: int
    reason: str


@dataclass
class Log:
    path: str
    header: dict[str, Any]
    records: list[Record] = field(default_factory=list)
    tail: Tail | None = None
    good_bytes: int = 0

    @property
    def events(self) -> list[Event]:
        return [r for r in self.records if isinstance(r, Event)]

    @property
    def decisions(self) -> list[Decision]:
        return [r for r in self.records if isinstance(r, Decision)]


def _record(body: Any, events_so_far: int) -> Record:
    if not isinstance(body, list) or not body or not isinstance(body[0], str):
        raise ValueError("a record must be an array starting with its tag")
    tag = body[0]
    if tag == EVENT and len(body) == 5:
        kind, data, seats, public = body[1:]
        if not isinstance(kind, str) or not isinstance(data, dict):
            raise ValueError("bad event record")
        return Event(kind, data, None if seats is None else tuple(seats), public)
    if tag == REQUEST and len(body) == 2:
        return RequestSpec(**check_fields("request record", body[1], REQUEST_FIELDS))
    if tag == DECISION and len(body) == 5:
        rid, seat, choice, timeout = body[1:]
        if type(rid) is not int or type(seat) is not int or type(timeout) is not bool:
            raise ValueError("bad decision record")
        return Decision(rid, seat, choice, timeout, events_so_far)
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


def check_header(path: str, body: object) -> dict[str, Any]:
    try:
        header = check_fields("header", body, HEADER_FIELDS)
        for seat in header["seats"]:
            check_fields("header seat", seat, SEAT_FIELDS)
    except ProtocolError as exc:
        raise LogError(f"{path}: bad header record ({exc.message})") from None
    if header["format"] != FORMAT_VERSION:
        raise LogError(f"{path}: log format {header['format']} is not supported")
    return header


def read_log(path: str | os.PathLike[str]) -> Log:
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError as exc:
        raise LogError(f"{path}: cannot read ({exc.strerror})") from None
    if not blob.startswith(MAGIC[:7]):
        raise LogError(f"{path}: not an sgs log (bad magic)")
    if len(blob) < len(MAGIC) or blob[7] != FORMAT_VERSION:
        raise LogError(f"{path}: log format {blob[7:8]!r} is not supported (want {FORMAT_VERSION})")
    pos = len(MAGIC)
    header: dict[str, Any] | None = None
    log = Log(path, {})
    n_events = 0
    size = len(blob)
    while pos < size:
        if size - pos < FRAME.size:
            log.tail = Tail(pos, f"torn record frame at byte {pos} ({size - pos} stray bytes)")
            break
        length, crc = FRAME.unpack_from(blob, pos)
        start = pos + FRAME.size
        if length > MAX_RECORD_BYTES:
            log.tail = Tail(pos, f"record at byte {pos} claims {length} bytes (corrupt length)")
            break
        if start + length > size:
            log.tail = Tail(
                pos, f"torn record at byte {pos}: {length} bytes expected, {size - start} present"
            )
            break
        payload = blob[start : start + length]
        if zlib.crc32(payload) != crc:
            log.tail = Tail(pos, f"checksum mismatch in record at byte {pos}")
            break
        try:
            body = unpack(payload, MAX_RECORD_BYTES, LOG_LIMITS)
            if header is None:
                header = check_header(path, body)
            else:
                rec = _record(body, n_events)
                if isinstance(rec, Event):
                    n_events += 1
                log.records.append(rec)
        except (ProtocolError, ValueError, TypeError) as exc:
            if header is None:
                raise LogError(f"{path}: unreadable header ({exc})") from None
            log.tail = Tail(pos, f"undecodable record at byte {pos}: {exc}")
            break
        pos = start + length
    if header is None:
        raise LogError(f"{path}: the header record is missing or torn")
    log.header = header
    log.good_bytes = pos if log.tail is None else log.tail.offset
    return log


def truncate_tail(log: Log) -> bool:
    """Cut a torn/corrupt tail off the file. Returns whether anything was cut."""
    if log.tail is None:
        return False
    with open(log.path, "r+b") as f:
        f.truncate(log.good_bytes)
    log.tail = None
    return True
