"""The log's bytes.

    file    = MAGIC record*
    MAGIC   = b"SGSLOG" 0x00 FORMAT_VERSION           (8 bytes)
    record  = length:u32be crc:u32be payload
    crc     = zlib.crc32(payload, previous)           (format 4: a chain, see below)
    payload = one msgpack value (never empty)

Format 4 chains the checksums: `previous` is the crc field of the record before (for the
header, the first record, `zlib.crc32(MAGIC)`), so a record's checksum covers its own payload
and, through its predecessor's, every record before it. Moving, deleting, repeating or
inserting a whole record breaks the chain at the first record that is not where it was written
(see "Damage" below). Formats 2 and 3 check each payload alone (`previous` = 0, i.e.
`zlib.crc32(payload)`), so their records could be swapped without a trace. A start value costs
crc32 nothing: the bytes of a format-4 log are those of format 3 but for the crc fields and
the magic's last byte.

The first record is the header map:
    {"format": 4, "game": str, "ruleset_version": str, "config": map, "seed": int,
     "seats": [ {"seat": int, "agent": str}, ... ], "table": str}
Every later record is an array whose first item names it. Formats 3 and 4:
    ["q", id, seat, kind, form, options, default, min, max, cancel, info, piles, event*]
            a request (RequestSpec's fields, by position), then the events emitted since the
            previous record: those events come first in the game, then the request
    ["d", id, seat, choice, timeout]
            a decision the engine accepted (timeout: the default was applied)
    ["e", event+]
            events no request took: the game's last ones (or events a host flushed before
            their request was written, see below)
    ["x", how, reason]
            the host ended the table before the game did (`how` is "abandoned": nobody was
            at the table for the server's --abandon-after); always the last record. Readers
            of every format accept it; re-execution reproduces everything before it
    event = [kind, data]                          a public event
          | [kind, data, audience, public|nil]    only `audience` sees `data`; others `public`

Formats 2 and 3 are still read, verified and continued (a resume appends in the file's own
format). Format 2 had one record per event and requests as maps:
    ["e", kind, data, audience|nil, public|nil]
    ["q", request]                                  (RequestSpec.to_wire())
    ["d", id, seat, choice, timeout]
Format 3 keeps every record and field; it drops the frame and tag of each event, the two nils of
a public event and the keys of a request: about 20% fewer bytes for a 5-player Sanguosha game,
and two records per decision to encode, checksum and compare instead of about five.

No clock, host or path is written, so the same seed and decisions give the same bytes. The
`Encoder` below is the only code that encodes records: the writer and the verifier (which
re-encodes a re-executed game and compares bytes) share it. When the bytes reach the file is
the host's choice (`writer.LogWriter`: the server flushes before it sends anything, the
in-process runner only past a buffer size and at close); the bytes are the same either way.
Byte identity across hosts needs two things of them: no `flush`/`sync` between a step's events
and its request (a host that flushes writes both first), since a flush writes waiting events
as an events record; and the canonical order of decisions below.

Canonical order. Every decision answers the earliest open request: of the requests logged and
not yet answered, the first in log order (which is issue order: a step's requests are written
in the order it asked them, and a strand's follow-up question, asked after a decision, comes
after every request still open, as in the engine's `Game.open`). This is what the in-process
runner does (it answers `game.open[0]`) and what the server does (it feeds the replies to
requests asked together to the engine in that order, whatever order they arrived in), so the
same seed and answers give the same bytes however the answers arrived. The reader checks it
(`reader.read_log`): in format 4 a decision out of canonical order is damage
(`reader.NOT_CANONICAL`); formats 2 and 3 were written by servers that logged such answers in
arrival order, so there it is only reported (`Log.disorder`), as a warning.

Damage. The reader walks the records from the start; the first one that is not whole (torn:
its frame runs past the end of the file; corrupt: a bad length or checksum; out of order: a
record that is whole but does not follow the record before it, format 4; undecodable: a whole
frame whose payload is not a record; not canonical: see above) ends the readable part. That
damage is a *tail*, which may be cut before a resume, when no whole frame starts at any byte
after it; otherwise it is *mid-file* damage and nothing may be cut (see `reader.Damage`). A
frame is a length in 1..MAX_RECORD_BYTES and the payload inside the file, plus a checksum:
- formats 2 and 3: a frame is whole when its checksum is that of its payload;
- format 4: a frame alone cannot be checked (its checksum depends on the record before it,
  and any payload matches some predecessor), so a frame after the damage counts as whole when
  its checksum chains from one of: the crc field of a frame that ends where it starts (two
  consecutive frames); the last good record (the record that belongs at the damage, found
  further on: records out of order); the damaged frame's crc field, or the checksum its
  payload should have had (its length or its crc field hit, one record after it); or nothing
  (an unchained frame: format 3's own test is one of these, so a frame spliced in by a
  format-3 writer also keeps the damage from being cut).
  The one case this misses that format 3 catches: the damaged record's length *and* crc field
  are both hit and exactly one record follows it; that record is then cut with the tail.
  A crash only ever tears the tail (the file is a prefix of what was written, perhaps with
  zeros after it), so no whole frame follows a crash's damage and a crash's tail is cut as
  before; a random frame passes one of these tests with odds of about 2^-32 per candidate.
A record out of canonical order is whole (mid-file by definition): it is never cut.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

import msgpack

from protocol.choices import RequestSpec
from protocol.records import Decision, Event

# 2: request records carry `piles`; 3: step-batched events, positional requests; 4: chained
# checksums, decisions in canonical order
FORMAT_VERSION = 4
READABLE_VERSIONS = (2, 3, 4)
MAGIC_PREFIX = b"SGSLOG\x00"
MAGIC = MAGIC_PREFIX + bytes([FORMAT_VERSION])
FRAME = struct.Struct(">II")
MAX_RECORD_BYTES = 16 << 20

EVENT = "e"
REQUEST = "q"
DECISION = "d"
ENDING = "x"
ABANDONED = "abandoned"

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


def chained(version: int) -> bool:
    """Whether a format's checksums are chained (format 4 and later)."""
    return version >= 4


def chain_start(version: int) -> int:
    """The `previous` checksum of a log's first record (the header): the magic's crc in a
    chained format, 0 (the payload's own crc32) in formats 2 and 3."""
    return _crc32(magic(version)) if chained(version) else 0


def frame(payload: bytes, previous: int = 0) -> bytes:
    """A framed record whose checksum chains from `previous` (0: unchained, formats 2-3)."""
    return _frame_head(len(payload), _crc32(payload, previous)) + payload


def _loose(o: object) -> object:
    """What msgpack's default packer makes of a value the strict packer passes here: a tuple
    is an array, a subclass of a plain type is that type. So `Encoder` bytes equal
    `protocol.codec.pack` bytes for every value."""
    if isinstance(o, (tuple, list)):
        return list(o)
    if isinstance(o, int):
        return int(o)
    if isinstance(o, float):
        return float(o)
    if isinstance(o, str):
        return str(o)
    if isinstance(o, dict):
        return dict(o)
    if isinstance(o, bytes):
        return bytes(o)
    raise TypeError(f"can not serialize {type(o).__name__!r} object")


def event_items(events: Iterable[Event]) -> list[list[Any]]:
    """Format 3's events as a record holds them: [kind, data] for a public event, else
    [kind, data, audience, public]."""
    return [
        [ev.kind, ev.data] if ev.seats is None else [ev.kind, ev.data, list(ev.seats), ev.public]
        for ev in events
    ]


def request_record(r: RequestSpec, events: Sequence[Event] = ()) -> list[Any]:
    """A format-3 request record: its tag, the request's fields (in REQUEST_ORDER), then
    `events`, the step's events (the engine emitted them before the request). The encoder and
    the verifier's fast road build request records with this function only."""
    rec = [
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
    ]
    if events:
        rec += event_items(events)
    return rec


class Encoder:
    """Appends framed records of one format version to its buffer `buf`.

    It owns a msgpack packer, reused for every record (building one per record costs more than
    packing a small record) and strict about types (exact types are packed without the
    isinstance checks the lenient packer makes for every array; anything else goes through
    `_loose`): its bytes are those of `protocol.codec.pack`. `crc` is the checksum the next
    record chains from (format 4: the crc field of the last record framed, starting from
    `chain_start`; formats 2 and 3: always 0). Every record is framed by `put`."""

    def __init__(self, version: int = FORMAT_VERSION) -> None:
        if version not in READABLE_VERSIONS:
            raise LogError(f"log format {version} cannot be written")
        self.version = version
        self.chained = chained(version)
        self.crc = 0
        self.buf = bytearray()
        self._events: list[Any] = []  # format 3: events waiting for the next request
        self.pack = msgpack.Packer(use_bin_type=True, strict_types=True, default=_loose).pack

    def put(self, p: bytes) -> None:
        """Frame the payload `p` into the buffer, its checksum chained in format 4."""
        crc = _crc32(p, self.crc)
        if self.chained:
            self.crc = crc
        buf = self.buf
        buf += _frame_head(len(p), crc)
        buf += p

    def put_header(self, header: dict[str, Any]) -> None:
        self.buf += magic(self.version)
        self.crc = chain_start(self.version)
        self.put(self.pack(header))

    def events(self, events: Iterable[Event]) -> None:
        """Events: formats 3 and 4 keep them for the next request's record (or an events
        record written by `end_events`); format 2 writes one record per event."""
        if self.version == 2:
            pack = self.pack
            put = self.put
            for ev in events:
                seats = ev.seats
                aud = None if seats is None else list(seats)
                put(pack([EVENT, ev.kind, ev.data, aud, ev.public]))
            return
        self._events += event_items(events)

    def end_events(self) -> None:
        """Write the events no request has taken as an events record (formats 3 and 4)."""
        if self._events:
            p = self.pack([EVENT, *self._events])
            self._events = []
            self.put(p)

    def request(self, r: RequestSpec) -> None:
        self.step((), r)

    def step(self, events: Sequence[Event], r: RequestSpec) -> None:
        """`events(events)` then `request(r)`, the same bytes in one call: what a host does for
        each step that asks (formats 3 and 4: the events go straight into the request's
        record)."""
        if self.version == 2:
            self.events(events)
            p = self.pack([REQUEST, r.to_wire()])
        elif self._events:  # events handed over earlier, by `events`: they come first
            self.events(events)
            rec = request_record(r)
            rec += self._events
            self._events = []
            p = self.pack(rec)
        else:
            p = self.pack(request_record(r, events))
        self.put(p)

    def put_step(self, events: Sequence[Event], asked: Sequence[RequestSpec]) -> None:
        """What a host records after each `start`/`resume`: the step's events, then each
        request the step asked, in issue order (formats 3 and 4: the events ride in the first
        one's record; with no request they wait for the next record)."""
        if len(asked) == 1:
            self.step(events, asked[0])
            return
        self.events(events)
        for r in asked:
            self.step((), r)

    def decision(self, d: Decision) -> None:
        self.decision_of(d.id, d.seat, d.choice, d.timeout)

    def decision_of(self, rid: int, seat: int, choice: Any, timeout: bool) -> None:
        if self._events:
            self.end_events()
        self.put(self.pack([DECISION, rid, seat, choice, timeout]))

    def ending(self, how: str, reason: str) -> None:
        """The host ended the table before the game ended (the last record of the log)."""
        if self._events:
            self.end_events()
        self.put(self.pack([ENDING, how, reason]))


def header_version(header: dict[str, Any]) -> int:
    """The format a header asks for: its own when it is readable (an old log being continued
    or re-encoded by the verifier), else the current one."""
    version = header.get("format")
    return version if type(version) is int and version in READABLE_VERSIONS else FORMAT_VERSION
