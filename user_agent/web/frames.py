"""The browser's messages to the gateway: JSON objects, checked and bounded before anything
acts on them. A bad frame gets one `error` line back (as the wire's errors read), and the page
and its session go on.

Limits (docs/web.md): a frame is at most `MAX_FRAME` bytes; strings at most `MAX_TEXT`
characters; a choice at most `MAX_CHOICE` numbers; a page sends at most `RATE` frames a second
(a burst of `BURST`); past that its frames are refused with `rate_limited` until it slows down.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

MAX_FRAME = 16 * 1024
MAX_TEXT = 200
MAX_CHOICE = 256
RATE = 40.0
BURST = 80.0

# type -> {field: kind}; "int", "str", "choice", "seat" (an int or null), "lang"
FIELDS: dict[str, dict[str, str]] = {
    "resume": {"session": "str"},
    "status": {},
    "replays": {},
    "seat": {"table": "str", "seat": "int", "token": "str"},
    "join": {"game": "str", "mode": "str", "players": "int", "name": "str"},
    "watch": {"table": "str"},
    "replay": {"file": "str", "seat": "seat"},
    "reply": {"id": "int", "choice": "choice"},
    "drawn": {"id": "int"},
    "step": {"to": "str", "value": "int"},
    "leave": {},
    "detach": {},
}
OPTIONAL = {"mode", "players", "name", "seat", "value"}


class FrameError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Bucket:
    """A token bucket: `RATE` frames a second, bursts of `BURST`."""

    tokens: float = BURST
    at: float = 0.0

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.at:
            self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def _choice(value: Any) -> bool:
    if value is None or (type(value) is int and -1 <= value < 1 << 31):
        return True
    return (
        isinstance(value, list)
        and len(value) <= MAX_CHOICE
        and all(type(v) is int and -1 <= v < 1 << 31 for v in value)
    )


def parse(raw: str | bytes) -> dict[str, Any]:
    """A browser frame -> its checked fields (with `t`); raises FrameError."""
    if len(raw) > MAX_FRAME:
        raise FrameError("too_large", f"a frame is at most {MAX_FRAME} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise FrameError("bad_frame", "a frame is one JSON object") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise FrameError("bad_frame", 'a frame is a JSON object with a string "t"')
    kind = msg["t"]
    fields = FIELDS.get(kind)
    if fields is None:
        raise FrameError("unknown_type", f"unknown frame type {kind[:MAX_TEXT]!r}")
    out: dict[str, Any] = {"t": kind}
    for name, shape in fields.items():
        if name not in msg:
            if name in OPTIONAL:
                continue
            raise FrameError("bad_frame", f"{kind}: missing field {name!r}")
        value = msg[name]
        ok = {
            "int": type(value) is int and -(1 << 31) <= value < 1 << 31,
            "str": isinstance(value, str) and len(value) <= MAX_TEXT,
            "choice": _choice(value),
            "seat": value is None or (type(value) is int and 0 <= value < 64),
        }[shape]
        if not ok:
            raise FrameError("bad_frame", f"{kind}: field {name!r} is not a valid {shape}")
        out[name] = value
    return out
