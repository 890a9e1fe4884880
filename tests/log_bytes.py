"""Byte-level helpers for tests that damage or edit log files."""

from __future__ import annotations

from pathlib import Path

from replays.format import FRAME, MAGIC


def record_offsets(path: Path) -> list[int]:
    """The byte offset of every record (the header first) of a whole log file."""
    blob = path.read_bytes()
    pos, out = len(MAGIC), []
    while pos < len(blob):
        out.append(pos)
        length, _ = FRAME.unpack_from(blob, pos)
        pos += FRAME.size + length
    return out
