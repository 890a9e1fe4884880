"""Byte-level helpers for tests that damage or edit log files."""

from __future__ import annotations

import zlib
from pathlib import Path

from replays.format import FRAME, MAGIC, MAGIC_PREFIX


def offsets_of(blob: bytes) -> list[int]:
    """The byte offset of every record (the header first) of a whole log's bytes."""
    pos, out = len(MAGIC), []
    while pos < len(blob):
        out.append(pos)
        length, _ = FRAME.unpack_from(blob, pos)
        pos += FRAME.size + length
    return out


def record_offsets(path: Path) -> list[int]:
    """The byte offset of every record (the header first) of a whole log file."""
    return offsets_of(path.read_bytes())


def frames_of(blob: bytes) -> list[bytes]:
    """Every record of a whole log's bytes, framed as in the file (the header first)."""
    ends = [*offsets_of(blob)[1:], len(blob)]
    return [blob[a:b] for a, b in zip(offsets_of(blob), ends, strict=True)]


def payloads_of(path: Path) -> list[bytes]:
    """Every record's payload (its frame stripped) of a whole log file, the header first."""
    return [f[FRAME.size :] for f in frames_of(path.read_bytes())]


def crc_field(frame: bytes) -> int:
    return int(FRAME.unpack_from(frame, 0)[1])


def rechain(blob: bytes) -> bytes:
    """The same records with every checksum computed again, in the file's format (format 4:
    each chained from the one before, the first from the magic's crc32; formats 2 and 3: each
    payload's own crc32): what someone who edits records and fixes the checksums writes.
    Written from the format's definition, not with the writer's code."""
    chained = blob[len(MAGIC_PREFIX)] >= 4
    previous = zlib.crc32(blob[: len(MAGIC)]) if chained else 0
    out = bytearray(blob[: len(MAGIC)])
    for f in frames_of(blob):
        payload = f[FRAME.size :]
        crc = zlib.crc32(payload, previous)
        out += FRAME.pack(len(payload), crc) + payload
        if chained:
            previous = crc
    return bytes(out)


def last_crc(blob: bytes) -> int:
    """The crc field of the last record of a whole log's bytes (what a record appended to a
    format-4 log chains from)."""
    return crc_field(frames_of(blob)[-1])
