"""The msgpack codec. Encoding is plain; decoding is strict.

`decode` accepts only: a frame of at most MAX_MESSAGE_BYTES, one msgpack map with a string "t"
naming a known message type, exactly that type's fields with the right types; no extension
types, no binary blobs where text is expected, no trailing bytes. Anything else raises
`ProtocolError` and nothing else (never a msgpack, Unicode or Python error). When a game schema
is given, event and request payloads are also checked against it.

Protocol 5: a frame from the game agent may hold several messages, msgpack maps one after
another, to be handled in their order (`decode_frame`; the server joins a step's messages for
one seat with `batches`). A frame from an agent holds exactly one (`decode`).
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
# Protocol 5: the game agent joins the messages it sends one peer in one flush into frames of at
# most this many bytes (a message larger than that travels alone, as before).
MAX_BATCH_BYTES = 64 * 1024
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


# What one log record may cost once decoded. An empty array is 1 byte of msgpack and about 64
# bytes of Python (a 4 MB record of 4 M empty arrays cost 330 MB); a small map is 3 or 4 bytes
# and about 190. So an array weighs 1 and a map MAP_WEIGHT, and a record may hold a weight of one
# per 2 bytes (plus 16; the records of real games: one per 5 to 10 bytes, at most a little over
# one per 5), never more than MAX_RECORD_CONTAINERS, nested at most MAX_DEPTH deep. A log then
# costs at most about 40 times its size once read (a real log: 10 to 15 times).
MAP_WEIGHT = 3
MAX_RECORD_CONTAINERS = 1 << 18
# Every array starts with one of these bytes (fixarray, array 16/32), every map with one of those.
_ARRAY_HEADS = bytes([*range(0x90, 0xA0), 0xDC, 0xDD])
_MAP_HEADS = bytes([*range(0x80, 0x90), 0xDE, 0xDF])


def record_containers(size: int) -> int:
    """The weight of arrays (1 each) and maps (`MAP_WEIGHT` each) a log record of `size` bytes
    may hold."""
    return min(size // 2 + 16, MAX_RECORD_CONTAINERS)


def _deeper_than(value: object, limit: int) -> bool:
    """Whether arrays and maps nest more than `limit` deep in `value`; iterative, level by level,
    looking only at containers (a whole walk of `_check_plain` costs twice the decoding)."""
    if type(value) is not list and type(value) is not dict:
        return False
    level = [value]
    for _ in range(limit):
        level = [
            item
            for v in level
            for item in (v.values() if type(v) is dict else v)
            if type(item) is list or type(item) is dict
        ]
        if not level:
            return False
    return True


def unpack_record(data: bytes, max_bytes: int) -> Any:
    """Decode one log record: `unpack` with LOG_LIMITS cut to the record's own size, at most
    `record_containers(len(data))` arrays and maps and at most MAX_DEPTH levels of nesting.
    Raises ProtocolError (`too_large`, `bad_encoding`) and nothing else.

    The count is free for a real record: the bytes that may start an array or a map are counted
    first (two C passes, never fewer than the containers) and only a record over its budget by
    that count is decoded with hooks that weigh the containers and stop at the budget."""
    size = len(data)
    if size > max_bytes:
        raise ProtocolError("too_large", f"record of {size} bytes exceeds {max_bytes}")
    budget = record_containers(size)
    blob = bytes(data)
    arrays = size - len(blob.translate(None, _ARRAY_HEADS))
    maps = size - len(blob.translate(None, _MAP_HEADS))
    heads = arrays + maps
    limits = {
        "max_str_len": min(LOG_LIMITS["max_str_len"], size),
        "max_bin_len": 0,
        "max_array_len": min(LOG_LIMITS["max_array_len"], size),
        "max_map_len": min(LOG_LIMITS["max_map_len"], size // 2),
        "max_ext_len": 0,
    }
    hooks: dict[str, Any] = {}
    if arrays + MAP_WEIGHT * maps > budget:
        weight = 0

        def weigh(container: Any, w: int) -> Any:
            nonlocal weight
            weight += w
            if weight > budget:
                raise ProtocolError(
                    "too_large",
                    f"too many arrays and maps in a record of {size} bytes (at most {budget}, "
                    f"an array counting 1 and a map {MAP_WEIGHT})",
                )
            return container

        hooks = {
            "list_hook": lambda x: weigh(x, 1),
            "object_hook": lambda x: weigh(x, MAP_WEIGHT),
        }
    value = _unpackb(data, limits, hooks)
    if heads > MAX_DEPTH and _deeper_than(value, MAX_DEPTH):
        raise ProtocolError("bad_encoding", f"nested deeper than {MAX_DEPTH}")
    return value


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
    return _unpackb(data, _LIMITS if limits is None else limits)


class _Trailing(ProtocolError):
    """Bytes after one whole value: refused by `decode`, the next message for `decode_frame`."""


def _unpackb(data: bytes, limits: dict[str, int], hooks: dict[str, Any] | None = None) -> Any:
    """msgpack.unpackb, strict, every failure a ProtocolError."""
    try:
        return msgpack.unpackb(
            data, raw=False, strict_map_key=True, ext_hook=_no_ext, **limits, **(hooks or {})
        )
    except ProtocolError:
        raise
    except msgpack.exceptions.StackError:
        raise ProtocolError("bad_encoding", "nested too deeply") from None
    except msgpack.ExtraData:
        raise _Trailing("bad_encoding", "trailing bytes after the message") from None
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
    return _message(unpack(data, max_bytes), schema, deep)


def decode_frame(
    data: bytes,
    schema: GameSchema | None = None,
    max_bytes: int = MAX_MESSAGE_BYTES,
    *,
    deep: bool = True,
) -> list[Message]:
    """A frame from the game agent -> its messages, in order (protocol 5: one or more msgpack
    maps one after another). Each is checked as `decode` checks one; the frame as a whole is
    at most `max_bytes`, and bytes that do not end a whole message are refused."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolError("bad_encoding", f"expected bytes, got {type(data).__name__}")
    size = data.nbytes if isinstance(data, memoryview) else len(data)
    if size > max_bytes:
        raise ProtocolError("too_large", f"frame of {size} bytes exceeds {max_bytes}")
    try:
        return [_message(_unpackb(data, _LIMITS), schema, deep)]
    except _Trailing:
        pass  # several messages: read them one after another
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=True, ext_hook=_no_ext, max_buffer_size=size, **_LIMITS
    )
    unpacker.feed(data)
    bodies: list[Any] = []
    end = 0  # where the last whole message ended
    try:
        for body in unpacker:
            bodies.append(body)
            end = unpacker.tell()
    except msgpack.exceptions.StackError:
        raise ProtocolError("bad_encoding", "nested too deeply") from None
    except Exception as exc:  # msgpack raises many types: ValueError, UnicodeDecodeError, ...
        raise ProtocolError("bad_encoding", f"not a valid msgpack message ({exc})") from None
    if end != size:
        raise ProtocolError("bad_encoding", "the frame ends inside a message")
    return [_message(body, schema, deep) for body in bodies]


def batches(blobs: list[bytes], limit: int = MAX_BATCH_BYTES) -> list[bytes]:
    """Encoded messages for one peer -> frames (protocol 5): consecutive messages joined while
    a frame stays within `limit` bytes; a larger message is a frame of its own."""
    if len(blobs) == 1:
        return blobs
    out: list[bytes] = []
    run: list[bytes] = []
    size = 0
    for blob in blobs:
        if run and size + len(blob) > limit:
            out.append(b"".join(run))
            run, size = [], 0
        run.append(blob)
        size += len(blob)
    if run:
        out.append(b"".join(run))
    return out


def _message(body: Any, schema: GameSchema | None, deep: bool) -> Message:
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
