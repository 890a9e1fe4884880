"""The log's bytes.

    file    = MAGIC record*
    MAGIC   = b"SGSLOG" 0x00 FORMAT_VERSION           (8 bytes)
    record  = length:u32be crc32:u32be payload        (crc32 of payload, zlib polynomial)
    payload = one msgpack value

The first record is the header map:
    {"format": 2, "game": str, "ruleset_version": str, "config": map, "seed": int,
     "seats": [ {"seat": int, "agent": str}, ... ], "table": str}
Every later record is an array whose first item names it:
    ["e", kind, data, audience|nil, public|nil]     an event, omniscient, with its visibility
    ["q", request]                                  a request (RequestSpec.to_wire())
    ["d", id, seat, choice, timeout]                a decision the engine accepted

No clock, host or path is written, so the same seed and decisions give the same bytes.
"""

from __future__ import annotations

import struct
import zlib

FORMAT_VERSION = 2  # 2: request records carry `piles`
MAGIC = b"SGSLOG\x00" + bytes([FORMAT_VERSION])
FRAME = struct.Struct(">II")
MAX_RECORD_BYTES = 16 << 20

EVENT = "e"
REQUEST = "q"
DECISION = "d"


class LogError(Exception):
    """A log that cannot be used at all (not a log, unknown format, unreadable header)."""


def frame(payload: bytes) -> bytes:
    return FRAME.pack(len(payload), zlib.crc32(payload)) + payload
