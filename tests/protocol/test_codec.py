from __future__ import annotations

import contextlib
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Auth,
    Bye,
    Challenge,
    Error,
    EventMsg,
    Heartbeat,
    Hello,
    Join,
    ProtocolError,
    Queued,
    Reply,
    RequestMsg,
    RequestSpec,
    Resync,
    Seated,
    Status,
    Tables,
    Welcome,
    decode,
    encode,
)
from protocol.codec import batches, decode_frame
from protocol.registry import GameSchema

SAMPLES = [
    Hello(PROTOCOL_VERSION, "t1", 0, "ab12", "bot"),
    Welcome(PROTOCOL_VERSION, "t1", 1, "harmony", "1.0", 2, -1, 0),
    Challenge("t1", "0" * 32, "ab" * 32),
    Auth("cd" * 32),
    Join(PROTOCOL_VERSION, "sanguosha", "identity", 5, "fleet"),
    Queued("sanguosha", "identity", 5, 3, 5),
    Seated("sanguosha-1a2b3c4d", 2, "ef" * 16),
    Status(PROTOCOL_VERSION),
    Tables([{"name": "t1", "seats": 2}], [{"game": "harmony", "waiting": 1}]),
    EventMsg(3, "piece_placed", {"seat": 0, "cell": "c/F"}),
    RequestMsg(RequestSpec(4, 1, "pick", "choice", [1, 2], 0).to_wire(), 5.0),
    Reply(4, [0, 2]),
    Error("illegal_reply", "index 9 is out of range", 4),
    Resync(17),
    Heartbeat(123.5),
    Bye("done"),
]


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: m.TYPE)
def test_round_trip(msg: Any) -> None:
    assert decode(encode(msg)) == msg


def pack(obj: object) -> bytes:
    return bytes(msgpack.packb(obj, use_bin_type=True))


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ([1, 2], "bad_type"),
        ({"x": 1}, "bad_type"),
        ({"t": "nope"}, "unknown_type"),
        ({"t": "resync"}, "missing_field"),
        ({"t": "resync", "last_seq": "3"}, "bad_field"),
        ({"t": "resync", "last_seq": True}, "bad_field"),
        ({"t": "resync", "last_seq": 3, "extra": 1}, "unknown_field"),
        ({"t": "reply", "id": 1.5, "choice": 0}, "bad_field"),
        ({"t": "hello", "version": 1, "table": b"x", "seat": 0, "token": "", "name": ""}, None),
    ],
)
def test_strict_decoding_names_the_problem(body: object, code: str | None) -> None:
    with pytest.raises(ProtocolError) as info:
        decode(pack(body))
    if code is not None:
        assert info.value.code == code


def test_limits_and_trailing_bytes() -> None:
    with pytest.raises(ProtocolError) as info:
        decode(b"\x00" * (MAX_MESSAGE_BYTES + 1))
    assert info.value.code == "too_large"
    with pytest.raises(ProtocolError):
        decode(encode(Bye("x")) + b"\x01")
    with pytest.raises(ProtocolError):  # a map header claiming 2^32-1 entries
        decode(b"\xdf\xff\xff\xff\xff")
    with pytest.raises(ProtocolError):  # ext types are never accepted
        decode(msgpack.packb(msgpack.ExtType(1, b"abc")))


def test_schema_checks_event_and_request_payloads() -> None:
    schema = GameSchema(
        "g",
        "1",
        events={"moved": {"card": int}},
        requests={"pick": {}},
        redacted={"moved": {"count": int}},
    )
    assert decode(encode(EventMsg(0, "moved", {"card": 3})), schema)
    assert decode(encode(EventMsg(0, "moved", {"count": 1})), schema)
    for bad in (EventMsg(0, "moved", {"card": "x"}), EventMsg(0, "gone", {})):
        with pytest.raises(ProtocolError):
            decode(encode(bad), schema)
    req = RequestSpec(0, 0, "other", "choice", [], None).to_wire()
    with pytest.raises(ProtocolError) as info:
        decode(encode(RequestMsg(req, 0.0)), schema)
    assert info.value.code == "unknown_request"


msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8) | st.integers(-(2**63), 2**63), inner, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_only_protocol_error(data: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        decode(data)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(
        [
            "hello",
            "welcome",
            "event",
            "request",
            "reply",
            "error",
            "resync",
            "heartbeat",
            "bye",
            "other",
        ]
    ),
    st.dictionaries(
        st.sampled_from(
            [
                "version",
                "table",
                "seat",
                "token",
                "name",
                "seq",
                "kind",
                "data",
                "request",
                "deadline",
                "id",
                "choice",
                "code",
                "message",
                "ref",
                "last_seq",
                "time",
                "reason",
                "game",
                "ruleset_version",
                "seats",
            ]
        ),
        msgpack_values,
        max_size=8,
    ),
)
def test_wrong_types_raise_only_protocol_error(kind: str, fields: dict[str, Any]) -> None:
    body = {"t": kind, **fields}
    try:
        msg = decode(pack(body))
    except ProtocolError:
        return
    assert kind == msg.TYPE  # decoded: then it must round-trip exactly
    assert decode(encode(msg)) == msg


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([b"\xdb", b"\xc6", b"\xdd", b"\xdf"]))
def test_huge_declared_lengths_raise_only_protocol_error(n: int, head: bytes) -> None:
    with pytest.raises(ProtocolError):
        decode(head + n.to_bytes(4, "big") + b"\x00\x01")


@pytest.mark.parametrize(
    "body",
    [
        {"t": "reply", "id": 1, "choice": "0"},
        {"t": "reply", "id": 1, "choice": {"a": 1}},
        {"t": "reply", "id": 1, "choice": [0, "1"]},
        {"t": "reply", "id": 1, "choice": b""},
        {"t": "heartbeat", "time": float("nan")},
        {"t": "heartbeat", "time": float("inf")},
        {"t": "event", "seq": 0, "kind": "k", "data": {"x": b"raw"}},
        {"t": "bye", "reason": "x", b"": 1},
    ],
)
def test_values_outside_the_plain_types_are_refused(body: dict[Any, Any]) -> None:
    with pytest.raises(ProtocolError):
        decode(pack(body))


def test_depth_and_agent_frame_limits() -> None:
    nested: Any = 0
    for _ in range(40):
        nested = [nested]
    with pytest.raises(ProtocolError) as info:
        decode(pack({"t": "event", "seq": 0, "kind": "k", "data": {"x": nested}}))
    assert "nested" in info.value.message
    from protocol import MAX_AGENT_MESSAGE_BYTES

    big = pack({"t": "bye", "reason": "x" * MAX_AGENT_MESSAGE_BYTES})
    assert decode(big).TYPE == "bye"
    with pytest.raises(ProtocolError) as info:
        decode(big, max_bytes=MAX_AGENT_MESSAGE_BYTES)
    assert info.value.code == "too_large"


# --- protocol 5: frames from the server hold one or more messages -----------------------------


def test_a_frame_of_several_messages_decodes_in_order_and_batches_keep_the_bytes() -> None:
    blobs = [encode(m) for m in SAMPLES]
    frames = batches(blobs, limit=len(blobs[0]) + len(blobs[1]))
    assert b"".join(frames) == b"".join(blobs)  # in order, nothing added
    assert all(len(f) <= len(blobs[0]) + len(blobs[1]) or f in blobs for f in frames)
    assert 1 < len(frames) < len(blobs)
    got = [m for f in frames for m in decode_frame(f)]
    assert got == SAMPLES
    assert decode_frame(b"".join(blobs)) == SAMPLES
    assert batches(blobs[:1]) == blobs[:1]
    # a message larger than the limit is a frame of its own
    assert batches([b"x" * 10, b"y" * 3, b"z" * 3], limit=6) == [b"x" * 10, b"yyyzzz"]


@pytest.mark.parametrize(
    ("tail", "code"),
    [
        (encode(Bye("x"))[:-1], "bad_encoding"),  # ends inside a message
        (b"\xc1", "bad_encoding"),  # never a msgpack byte
        (b"\x01", "bad_type"),  # a value that is not a map
        (msgpack.packb({"t": "nope"}), "unknown_type"),
        (msgpack.packb({"t": "bye", "reason": b"bin"}), "bad_encoding"),
    ],
)
def test_a_bad_message_anywhere_in_a_frame_refuses_the_frame(tail: bytes, code: str) -> None:
    frame = encode(Heartbeat(1.0)) + tail
    with pytest.raises(ProtocolError) as err:
        decode_frame(frame)
    assert err.value.code == code
    # an agent's frame is one message only: a second one is trailing bytes
    with pytest.raises(ProtocolError, match="trailing bytes"):
        decode(encode(Heartbeat(1.0)) + encode(Bye("x")))


def test_a_frame_is_bounded_as_a_whole() -> None:
    blob = encode(Bye("x" * 100))
    with pytest.raises(ProtocolError) as err:
        decode_frame(blob * 20, max_bytes=len(blob) * 20 - 1)
    assert err.value.code == "too_large"
    assert len(decode_frame(blob * 20, max_bytes=len(blob) * 20)) == 20


@given(st.binary(max_size=256))
@settings(max_examples=300, deadline=None)
def test_random_frames_raise_only_protocol_error(data: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        decode_frame(encode(Heartbeat(0.5)) + data)
