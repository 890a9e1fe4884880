"""What one log record may cost once decoded (`protocol.codec.unpack_record`, used by the reader
and the verifier): a budget of arrays (1 each) and maps (3 each) by the record's size, msgpack's
length limits cut to that size, and at most 32 levels of nesting; real records decode exactly as
before."""

from __future__ import annotations

import tracemalloc
import zlib
from pathlib import Path

import msgpack
import pytest
from log_bytes import payloads_of, rechain
from registered import every_config

from protocol.codec import (
    LOG_LIMITS,
    MAX_DEPTH,
    MAX_RECORD_CONTAINERS,
    record_containers,
    unpack,
    unpack_record,
)
from protocol.errors import ProtocolError
from replays import read_log, verify
from replays.format import FRAME, MAGIC, MAX_RECORD_BYTES
from replays.reader import UNDECODABLE
from sgs.runner import play

# Every registered game, each configuration of its manifest rows, and two that write larger
# records than any row (a 5-player Carcassonne, a drafted muhq army).
CONFIGS = [*every_config(), ("carcassonne", {"players": 5}), ("muhq", {"draft": True})]


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("logs")
    out = {}
    for n, (game, config) in enumerate(CONFIGS):
        key = game if game not in out else f"{game} {n}"
        out[key] = root / f"{game}-{n}.sgslog"
        play(game, config, 3, ["random"], out[key])
    return out


def test_real_records_decode_as_before_well_inside_the_budget(logs: dict[str, Path]) -> None:
    for game, path in logs.items():
        for payload in payloads_of(path):
            assert unpack_record(payload, MAX_RECORD_BYTES) == unpack(
                payload, MAX_RECORD_BYTES, LOG_LIMITS
            ), game
            arrays = sum(0x90 <= b <= 0x9F or b in (0xDC, 0xDD) for b in payload)
            maps = sum(0x80 <= b <= 0x8F or b in (0xDE, 0xDF) for b in payload)
            assert arrays + 3 * maps + 8 <= record_containers(len(payload)), game


def nested_empty_arrays(n: int, chunks: int = 32) -> bytes:
    chunk = n // chunks
    inner = b"\xdd" + chunk.to_bytes(4, "big") + b"\x90" * chunk
    return b"\xdc" + chunks.to_bytes(2, "big") + inner * chunks


def test_a_record_of_millions_of_empty_arrays_is_refused_at_its_budget() -> None:
    payload = nested_empty_arrays(4 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(ProtocolError, match=r"too many arrays and maps .* \(at most 262144,"):
            unpack_record(payload, MAX_RECORD_BYTES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 40 * (1 << 20)  # it used to cost 330 MB
    flat = b"\xdd" + (4 << 20).to_bytes(4, "big") + b"\x90" * (4 << 20)
    with pytest.raises(ProtocolError, match="too many arrays and maps"):
        unpack_record(flat, MAX_RECORD_BYTES)


def test_the_budget_grows_with_the_record_up_to_a_cap() -> None:
    assert record_containers(10) == 21
    assert record_containers(1000) == 516
    assert record_containers(MAX_RECORD_BYTES) == MAX_RECORD_CONTAINERS
    fine = b"\xdc\x00\x21" + b"\x90" * 33  # 34 arrays in 36 bytes: the budget is 34
    assert unpack_record(fine, MAX_RECORD_BYTES) == [[]] * 33
    with pytest.raises(ProtocolError, match=r"in a record of 37 bytes \(at most 34, an array"):
        unpack_record(b"\xdc\x00\x22" + b"\x90" * 34, MAX_RECORD_BYTES)
    maps = b"\xdc\x00\x0c" + b"\x80" * 12  # 1 + 12 x 3 = 37 in 15 bytes: the budget is 23
    with pytest.raises(ProtocolError, match="at most 23, an array counting 1 and a map 3"):
        unpack_record(maps, MAX_RECORD_BYTES)
    ints = b"\xdc\x10\x00" + b"\x01" * 4096  # long arrays of scalars are fine
    assert unpack_record(ints, MAX_RECORD_BYTES) == [1] * 4096


def test_lengths_cannot_claim_more_than_the_record_holds() -> None:
    for head, says in ((b"\xdd", "max_array_len"), (b"\xdf", "max_map_len")):
        with pytest.raises(ProtocolError, match=f"16777215 exceeds {says}"):
            unpack_record(head + b"\x00\xff\xff\xff" + b"\x00" * 16, MAX_RECORD_BYTES)
    with pytest.raises(ProtocolError, match="incomplete input"):  # a string is never allocated
        unpack_record(b"\xdb\x00\xff\xff\xff" + b"\x00" * 16, MAX_RECORD_BYTES)


def test_text_whose_bytes_look_like_containers_is_counted_exactly() -> None:
    """UTF-8 continuation bytes are in the range of container heads: such a record takes the
    counting road and is read whole."""
    event = ["e", ["said", {"text": "\u1000" * 100_000}]]  # E1 80 80: two heads in 3 bytes
    payload = msgpack.packb(event)
    assert unpack_record(payload, MAX_RECORD_BYTES) == event


def test_nesting_deeper_than_32_is_refused() -> None:
    def nested(depth: int) -> bytes:
        return b"\x92\x00" * (depth - 1) + b"\x90"  # [0, [0, ... []]]: `depth` arrays

    assert unpack_record(nested(MAX_DEPTH), MAX_RECORD_BYTES) is not None
    with pytest.raises(ProtocolError, match="nested deeper than 32"):
        unpack_record(nested(MAX_DEPTH + 1), MAX_RECORD_BYTES)
    with pytest.raises(ProtocolError, match="nested too deeply"):
        unpack_record(nested(5000), MAX_RECORD_BYTES)  # msgpack's own stack


def test_the_reader_and_the_verifier_stop_at_such_a_record(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    path = tmp_path / "h.sgslog"
    payload = nested_empty_arrays(1 << 20)
    path.write_bytes(  # format 4: the appended record's checksum chained like the rest
        rechain(logs["harmony"].read_bytes() + FRAME.pack(len(payload), 0) + payload)
    )
    log = read_log(path)
    assert log.damage is not None and log.damage.kind == UNDECODABLE
    assert "arrays and maps" in log.damage.reason
    assert len(log.records) == len(read_log(logs["harmony"]).records)
    report = verify(str(path))
    assert not report.ok and "arrays and maps" in report.message


def test_a_decision_record_on_the_fast_road_is_bounded_too(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    """The verifier's fast road decodes only the decision records: one of 1 M empty arrays is
    refused there (and the detailed road names the damage)."""
    blob = logs["harmony"].read_bytes()
    out = bytearray(blob[: len(MAGIC)])
    done = False
    for payload in payloads_of(logs["harmony"]):
        body = msgpack.unpackb(payload)
        if not done and isinstance(body, list) and body[0] == "d":
            payload = msgpack.packb(["d", body[1], body[2], [[[]] * 32768] * 32, body[4]])
            done = True
        out += FRAME.pack(len(payload), zlib.crc32(payload)) + payload
    path = tmp_path / "d.sgslog"
    path.write_bytes(rechain(bytes(out)))
    tracemalloc.start()
    try:
        report = verify(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not report.ok and "arrays and maps" in report.message
    assert peak < 60 * (1 << 20)
