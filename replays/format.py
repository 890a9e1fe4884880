"""The log's bytes.

    file    = MAGIC record*
    MAGIC   = b"SGSLOG" 0x00 FORMAT_VERSION           (8 bytes)
    record  = length:u32be crc32:u32be payload        (crc32 of payload, zlib polynomial)
    payload = one msgpack value (never empty)

The first record is the header map:
    {"format": 3, "game": str, "ruleset_version": str, "config": map, "seed": int,
     "seats": [ {"seat": int, "agent": str}, ... ], "table": str}
Every later record is an array whose first item names it. Format 3:
    ["e", event, event, ...]        the events of one step (what one `start`/`resume` emitted,
                                    written by one `LogWriter.events` call), at least one:
        event = [kind, data]                     a public event
              | [kind, data, audience, public|nil]   an event only `audience` sees in full
    ["q", id, seat, kind, form, options, default, min, max, cancel, info, piles]
                                    a request (the fields of RequestSpec, by position)
    ["d", id, seat, choice, timeout]  a decision the engine accepted

Format 2 (still read, verified and appended to) wrote one record per event and requests as maps:
    ["e", kind, data, audience|nil, public|nil]
    ["q", request]                                  (RequestSpec.to_wire())
    ["d", id, seat, choice, timeout]
Format 3 keeps every record and field; it only drops the frame and tag of each single event, the
two nils of a public event and the keys of a request (a 5-player Sanguosha game: about 20%
fewer bytes, and fewer, larger records to frame, checksum and compare).

No clock, host or path is written, so the same seed and decisions give the same bytes. The
encoders below are the only code that writes records: the writer and the verifier (which
re-encodes a re-executed game and compares bytes) share them, so "the bytes a host writes" is
one definition.

Damage. The reader walks the records from the start; the first one that is not whole (torn:
its frame runs past the end of the file; corrupt: a bad length or checksum; undecodable: a
whole frame whose payload is not a record) ends the readable part. That damage is a *tail*,
which may be cut before a resume, when no whole frame (a plausible length, the payload inside
the file, a matching checksum) starts anywhere after it; otherwise it is *mid-file* damage and
nothing may be cut (see `reader.Damage`).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from typing import Any

import msgpack

from game_agent.engine import Decision, Event, RequestSpec

FORMAT_VERSION = 3  # 2: request records carry `piles`; 3: step-batched events, positional requests
READABLE_VERSIONS = (2, 3)
MAGIC_PREFIX = b"SGSLOG\x00"
MAGIC = MAGIC_PREFIX + bytes([FORMAT_VERSION])
FRAME = struct.Struct(">II")
MAX_RECORD_BYTES = 16 << 20

EVENT = "e"
REQUEST = "q"
DECISION = "d"

# The fields of a format-3 request record, in order (RequestSpec's fields).
REQUEST_ORDER = (
    "id",
    "seat",
    "kind",
    "form",
    "options",
    "default",
    "min",
    "max",
    "cancel",
    "info",
    "piles",
)

_frame_head = FRAME.pack
_crc32 = zlib.crc32


class LogError(Exception):
    """A log that cannot be used at all (not a log, unknown format, unreadable header)."""


def magic(version: int) -> bytes:
    return MAGIC_PREFIX + bytes([version])


def frame(payload: bytes) -> bytes:
    return _frame_head(len(payload), _crc32(payload)) + payload


class Encoder:
    """Appends framed records of one format version to a bytearray. Each instance owns a
    msgpack packer (reused: building one per record costs more than packing a small record);
    its output equals `protocol.codec.pack` (plain msgpack, bin type on)."""

    def __init__(self, version: int = FORMAT_VERSION) -> None:
        if version not in READABLE_VERSIONS:
            raise LogError(f"log format {version} cannot be written")
        self.version = version
        self.pack = msgpack.Packer(use_bin_type=True).pack

    def header(self, buf: bytearray, header: dict[str, Any]) -> None:
        p = self.pack(header)
        buf += magic(self.version)
        buf += _frame_head(len(p), _crc32(p))
        buf += p

    def events(self, buf: bytearray, events: Iterable[Event]) -> None:
        pack = self.pack
        if self.version == 2:
            for ev in events:
                p = pack((EVENT, ev.kind, ev.data, ev.seats, ev.public))
                buf += _frame_head(len(p), _crc32(p))
                buf += p
            return
        rec: list[Any] = [EVENT]
        add = rec.append
        for ev in events:
            seats = ev.seats
            add((ev.kind, ev.data) if seats is None else (ev.kind, ev.data, seats, ev.public))
        if len(rec) > 1:
            p = pack(rec)
            buf += _frame_head(len(p), _crc32(p))
            buf += p

    def request(self, buf: bytearray, r: RequestSpec) -> None:
        if self.version == 2:
            p = self.pack((REQUEST, r.to_wire()))
        else:
            p = self.pack(
                (
                    REQUEST,
                    r.id,
                    r.seat,
                    r.kind,
                    r.form,
                    r.options,
                    r.default,
                    r.min,
                    r.max,
                    r.cancel,
                    r.info,
                    r.piles,
                )
            )
        buf += _frame_head(len(p), _crc32(p))
        buf += p

    def decision(self, buf: bytearray, d: Decision) -> None:
        p = self.pack((DECISION, d.id, d.seat, d.choice, d.timeout))
        buf += _frame_head(len(p), _crc32(p))
        buf += p


def header_version(header: dict[str, Any]) -> int:
    """The format a header asks for: 2 for an old log being continued, else the current one."""
    return 2 if header.get("format") == 2 else FORMAT_VERSION
