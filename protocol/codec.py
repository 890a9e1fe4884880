"""The msgpack codec. Encoding is plain; decoding is strict.

`decode` accepts only: a frame of at most MAX_MESSAGE_BYTES, one msgpack map with a string "t"
naming a known message type, exactly that type's fields with the right types; no extension
types, no binary blobs where text is expected, no trailing bytes. Anything else raises
`ProtocolError` and nothing else (never a msgpack, Unicode or Python error). When a game schema
is given, event and request payloads are also checked against it.
"""

from __future__ import annotations

import math
from typing import Any

import msgpack

from protocol.errors import ProtocolError
from protocol.fields import check_fields
from protocol.messages import MESSAGE_FIELDS, MESSAGE_TYPES, EventMsg, Message, RequestMsg
from protocol.registry import GameSchema

MAX_MESSAGE_BYTES = 1 << 20  # 1 MiB: a whole Sanguosha request with every option is ~10 KiB.
# What a game agent accepts from an agent: hello, reply, resync, heartbeat and bye are tiny, and a
# small cap bounds the memory a hostile frame can cost once decoded (nested empty containers
# expand about 70-fold in Python objects).
MAX_AGENT_MESSAGE_BYTES = 64 * 1024
MAX_DEPTH = 32
# The fields of RequestMsg.request (RequestSpec.to_wire()).
REQUEST_FIELDS = {
    "id": int,
    "seat": int,
    "kind": str,
    "form": str,
    "options": list,
    "min": int,
    "max": int,
    "cancel": bool,
    "default": (int, [int], None),
    "info": dict,
    "piles": [dict],
}
_LIMITS = {
    "max_str_len": 64 * 1024,
    "max_bin_len": 0,
    "max_array_len": 16 * 1024,
    "max_map_len": 4 * 1024,
    "max_ext_len": 0,
}


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("bad_encoding", f"msgpack extension type {code} is not allowed")


def encode(msg: Message) -> bytes:
    # Shallow on purpose (dataclasses.asdict would deep-copy every event's data first).
    body: dict[str, Any] = {"t": msg.TYPE}
    for name in MESSAGE_FIELDS[msg.TYPE]:
        body[name] = getattr(msg, name)
    out: bytes = msgpack.packb(body, use_bin_type=True)
    return out


def pack(obj: object) -> bytes:
    """Encode a plain value (used by the log for its records)."""
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


# Limits for log records, which the game agent wrote itself: sized by the record, not the wire.
LOG_LIMITS = {
    "max_str_len": 16 << 20,
    "max_bin_len": 0,
    "max_array_len": 16 << 20,
    "max_map_len": 16 << 20,
    "max_ext_len": 0,
}


def _check_plain(value: object, depth: int = 0) -> None:
    """Only nil, bool, int, finite float, str, arrays and maps with str keys; bounded depth."""
    t = type(value)
    if t is dict:
        if depth >= MAX_DEPTH:
            raise ProtocolError("bad_encoding", f"nested deeper than {MAX_DEPTH}")
        for k, v in value.items():  # type: ignore[attr-defined]
            if type(k) is not str:
                raise ProtocolError("bad_encoding", "map keys must be strings")
            _check_plain(v, depth + 1)
    elif t is list:
        if depth >= MAX_DEPTH:
            raise ProtocolError("bad_encoding", f"nested deeper than {MAX_DEPTH}")
        for v in value:  # type: ignore[attr-defined]
            _check_plain(v, depth + 1)
    elif t is float:
        if not math.isfinite(value):  # type: ignore[arg-type]
            raise ProtocolError("bad_encoding", "floats must be finite")
    elif t is bytes:
        raise ProtocolError("bad_encoding", "binary values are not allowed (use strings)")
    elif value is not None and t not in (bool, int, str):
        raise ProtocolError("bad_encoding", f"unexpected value of type {t.__name__}")


def unpack(
    data: bytes, max_bytes: int = MAX_MESSAGE_BYTES, limits: dict[str, int] | None = None
) -> Any:
    """Decode one plain msgpack value strictly (limits, no ext types, no trailing bytes)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolError("bad_encoding", f"expected bytes, got {type(data).__name__}")
    size = data.nbytes if isinstance(data, memoryview) else len(data)
    if size > max_bytes:
        raise ProtocolError("too_large", f"frame of {size} bytes exceeds {max_bytes}")
    try:
        return msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            ext_hook=_no_ext,
            **(_LIMITS if limits is None else limits),
        )
    except ProtocolError:
        raise
    except msgpack.exceptions.StackError:
        raise ProtocolError("bad_encoding", "nested too deeply") from None
    except msgpack.ExtraData:
        raise ProtocolError("bad_encoding", "trailing bytes after the message") from None
    except Exception as exc:  # msgpack raises many types: ValueError, UnicodeDecodeError, ...
        raise ProtocolError("bad_encoding", f"not a valid msgpack message ({exc})") from None


def decode(
    data: bytes,
    schema: GameSchema | None = None,
    max_bytes: int = MAX_MESSAGE_BYTES,
    *,
    deep: bool = True,
) -> Message:
    """Bytes from a peer -> a message. A server decoding agents' frames passes
    ``max_bytes=MAX_AGENT_MESSAGE_BYTES``. ``deep=False`` skips the walk over every value
    (no bin, NaN or over-deep nesting inside) and keeps the envelope's checks: for an agent
    reading the server it has authenticated, where that walk was most of the cost of an event."""
    body = unpack(data, max_bytes)
    if not isinstance(body, dict):
        raise ProtocolError("bad_type", "a message must be a map")
    if deep:
        _check_plain(body)
    kind = body.pop("t", None)
    if not isinstance(kind, str):
        raise ProtocolError("bad_type", "a message needs a string field 't' naming its type")
    cls = MESSAGE_TYPES.get(kind)
    if cls is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
    check_fields(kind, body, MESSAGE_FIELDS[kind])
    if kind == "request":
        check_fields("request", body["request"], REQUEST_FIELDS)
    msg: Message = cls(**body)
    if schema is not None:
        check_payload(msg, schema)
    return msg


def check_payload(msg: Message, schema: GameSchema) -> None:
    """Check an event's data or a request's info against the game's schema."""
    if isinstance(msg, EventMsg):
        fields = schema.event_fields(msg.kind)
        redacted = schema.redacted.get(msg.kind)
        try:
            check_fields(f"event {msg.kind}", msg.data, fields)
        except ProtocolError:
            if redacted is None:
                raise
            check_fields(f"event {msg.kind} (public form)", msg.data, redacted)
    elif isinstance(msg, RequestMsg):
        kind = msg.request.get("kind")
        if not isinstance(kind, str):
            raise ProtocolError("bad_field", "request: field 'kind' must be str")
        info = msg.request.get("info")
        check_fields(f"request {kind} info", info, schema.request_fields(kind))
