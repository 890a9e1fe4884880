"""Byte-level helpers for tests that damage or edit log files."""

from __future__ import annotations

import zlib
from pathlib import Path

from replays.format import FRAME, MAGIC, MAGIC_PREFIX, chain_start, chained


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


def crc_field(frame: bytes) -> int:
    return int(FRAME.unpack_from(frame, 0)[1])


def rechain(blob: bytes) -> bytes:
    """The same records with every checksum computed again, in the file's format (format 4:
    chained from the magic): what someone who edits records and fixes the checksums writes."""
    version = blob[len(MAGIC_PREFIX)]
    start = chain_start(version)
    out = bytearray(blob[: len(MAGIC)])
    for f in frames_of(blob):
        payload = f[FRAME.size :]
        crc = zlib.crc32(payload, start)
        out += FRAME.pack(len(payload), crc) + payload
        if chained(version):
            start = crc
    return bytes(out)


def last_crc(blob: bytes) -> int:
    """The crc field of the last record of a whole log's bytes (what a record appended to a
    format-4 log chains from)."""
    return crc_field(frames_of(blob)[-1])
