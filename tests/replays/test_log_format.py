"""Log format 4 (format 3's records with chained checksums; reading formats 2 and 3), the
writer's durability and file mode, damage at the tail versus in the middle of a file, and which
rulesets `verify` may load."""

from __future__ import annotations

import os
import stat
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from log_bytes import crc_field, frames_of, last_crc, rechain, record_offsets

from game_agent.engine import ConfigError, Decision, Event, Game, RequestSpec
from game_agent.games import load, unregister
from protocol.codec import pack, unpack
from replays import LogError, LogWriter, read_log, reexecute, truncate_tail, verify
from replays.format import (
    FORMAT_VERSION,
    FRAME,
    MAGIC,
    REQUEST_ORDER,
    chain_start,
    frame,
    magic,
    request_record,
)
from replays.reader import CORRUPT, TORN, UNDECODABLE
from replays.reexecution import canonical_bytes
from replays.writer import header_for
from sgs.cli import main as sgs_main
from sgs.runner import play

pytestmark = pytest.mark.usefixtures("toy_registered")


def record_game(path: Path, seed: int = 11, rounds: int = 5) -> Game:
    return play("toy", {"rounds": rounds}, seed, ["random"], path).game


def payloads(path: Path) -> list[Any]:
    blob = path.read_bytes()
    out = []
    for off in record_offsets(path):
        length, _ = FRAME.unpack_from(blob, off)
        out.append(unpack(blob[off + FRAME.size : off + FRAME.size + length], 1 << 24))
    return out


def format2_header(game: Game) -> dict[str, Any]:
    return {**header_for(game, ["random", "random"]), "format": 2}


def format3_header(game: Game) -> dict[str, Any]:
    return {**header_for(game, ["random", "random"]), "format": 3}


# --- format 4: format 3's records, chained checksums --------------------------------------------


def test_format4_records_a_steps_events_with_its_request(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    game = record_game(path)
    blob = path.read_bytes()
    assert blob.startswith(MAGIC) and MAGIC[-1] == FORMAT_VERSION == 4
    header, *records = payloads(path)
    assert header["format"] == 4
    events = 0
    for i, rec in enumerate(records):
        tag = rec[0]
        if tag == "q":  # the 11 request fields, then the events emitted before the request
            assert len(rec) >= 12
            events += len(rec) - 12
        elif tag == "d":
            assert len(rec) == 5 and type(rec[4]) is bool
        else:  # events no request took: only those of the game's end
            assert tag == "e" and len(rec) > 1 and i == len(records) - 1
            events += len(rec) - 1
    assert events == len(game.events)
    assert sum(1 for r in records if r[0] == "d") == len(game.decisions)
    hidden = [r for rec in records for r in rec[12:] if rec[0] == "q" and len(r) == 4]
    assert hidden and all(type(r[2]) is list and type(r[3]) is dict for r in hidden)
    # the log reads back as the game it records, in order
    log = read_log(path)
    assert log.version == 4 and log.damage is None and log.disorder is None
    assert log.events == game.events
    assert [r.to_wire() for r in log.records if isinstance(r, RequestSpec)] == [
        r.to_wire() for r in game.requests
    ]
    assert log.decisions == game.decisions


def test_how_events_are_handed_to_the_writer_does_not_change_the_bytes(tmp_path: Path) -> None:
    """All the events before a request share its record, however many `events` calls brought
    them, so hosts that batch differently still write the same file."""
    game = record_game(tmp_path / "a.sgslog")
    header = header_for(game, ["random", "random"])
    with LogWriter(tmp_path / "b.sgslog", header) as w:
        done = 0
        for req, d in zip(game.requests, game.decisions, strict=True):
            for ev in game.events[done : d.at]:
                w.events([ev])
            w.events([])
            done = d.at
            w.request(req)
            w.decision(d)
        w.events(iter(game.events[done:]))
    assert (tmp_path / "b.sgslog").read_bytes() == (tmp_path / "a.sgslog").read_bytes()


def test_each_checksum_chains_from_the_one_before(tmp_path: Path) -> None:
    """Format 4's crc fields: the header's chains from the magic's crc, every other record's
    from the crc field of the record before it. Format 3's bytes are the same records with
    each payload's own crc32 and the magic's last byte 3."""
    path = tmp_path / "g.sgslog"
    game = record_game(path)
    blob = path.read_bytes()
    previous = zlib.crc32(magic(4))
    assert chain_start(4) == previous and chain_start(3) == chain_start(2) == 0
    for f in frames_of(blob):
        assert crc_field(f) == zlib.crc32(f[FRAME.size :], previous) != zlib.crc32(f[FRAME.size :])
        previous = crc_field(f)
    v3 = canonical_bytes(format3_header(game), game)
    assert v3.startswith(magic(3)) and len(v3) == len(blob)
    v3_frames = frames_of(v3)
    for f3, f4 in zip(v3_frames[1:], frames_of(blob)[1:], strict=True):
        assert f3[FRAME.size :] == f4[FRAME.size :] and f3[:4] == f4[:4]  # payload, length
        assert crc_field(f3) == zlib.crc32(f3[FRAME.size :])


def test_format4_is_smaller_than_format2(tmp_path: Path) -> None:
    game = play("sanguosha", {"players": 5}, 3, ["random"], tmp_path / "g.sgslog").game
    v4 = (tmp_path / "g.sgslog").read_bytes()
    header = {**header_for(game, ["random"] * 5), "format": 2}
    v2 = canonical_bytes(header, game)
    assert len(v4) < 0.85 * len(v2)
    assert len(v4) == len(canonical_bytes({**header, "format": 3}, game))  # chaining is free


@pytest.mark.parametrize("cut", ["torn", "at-a-record"])
def test_a_resumed_format4_log_goes_on_with_the_chain(tmp_path: Path, cut: str) -> None:
    """Crash resume: the tail is cut, `append_to` picks the chain up from the last whole record
    and what it appends chains on: the file grows back into the uninterrupted one."""
    whole_path = tmp_path / "whole.sgslog"
    record_game(whole_path)
    whole = whole_path.read_bytes()
    offsets = record_offsets(whole_path)
    path = tmp_path / "g.sgslog"
    path.write_bytes(whole[: offsets[-4] + (7 if cut == "torn" else 0)])
    log = read_log(path)
    rx = reexecute(log)
    assert rx.divergence is None
    if cut == "torn":
        assert log.damage is not None and log.damage.kind == TORN and truncate_tail(log)
    w = LogWriter.append_to(path)
    assert w.format_version == 4 and w.crc == last_crc(whole[: offsets[-4]])
    unlogged = [r for r in rx.game.open if r.seat not in rx.logged]
    w.put_step(rx.game.events[rx.matched_events :], unlogged)
    game = rx.game
    decisions = read_log(whole_path).decisions
    while game.open:  # the game goes on, as the writer of the whole file saw it
        d = decisions[len(game.decisions)]
        step = game.resume(d.choice, seat=d.seat, timeout=d.timeout)
        w.decision(game.decisions[-1])
        w.put_step(step.events, step.asked)
    w.close()
    assert path.read_bytes() == whole
    assert read_log(path).damage is None and verify(str(path)).ok


def test_append_to_refuses_a_format4_log_whose_tail_is_not_cut(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    path.write_bytes(path.read_bytes()[:-3])
    with pytest.raises(LogError, match="last record is not whole"):
        LogWriter.append_to(path)


@pytest.mark.parametrize(
    ("game", "config"),
    [
        ("sanguosha", {"players": 5}),  # Nullification windows: every seat asked together
        ("sanguosha", {"mode": "1v1"}),
        ("harmony", {}),
        ("carcassonne", {}),
        ("muhq", {}),
    ],
)
def test_the_runners_logs_are_in_canonical_order(
    tmp_path: Path, game: str, config: dict[str, Any]
) -> None:
    """The in-process runner answers the earliest open request: its logs of every game pass
    the order check (by the reader and by both roads of verify), windows asked together
    included."""
    together = 0
    for seed in (1, 2):
        path = tmp_path / f"{game}-{seed}.sgslog"
        play(game, config, seed, ["random"], path)
        log = read_log(path)
        assert log.damage is None and log.disorder is None
        opened = 0
        for rec in log.records:
            if isinstance(rec, RequestSpec):
                opened += 1
                together += opened > 1
            elif isinstance(rec, Decision):
                opened -= 1
        for report in (verify(str(path)), verify(str(path), detailed=True)):
            assert report.ok and report.warning is None, report.message
    if config.get("players") == 5:
        assert together > 20


# --- formats 3 and 2 ----------------------------------------------------------------------------


def test_format3_logs_read_verify_and_continue_in_format3(tmp_path: Path) -> None:
    game = record_game(tmp_path / "v4.sgslog")
    v3 = tmp_path / "v3.sgslog"
    whole = canonical_bytes(format3_header(game), game)
    v3.write_bytes(whole)
    log = read_log(v3)
    assert log.version == 3 and log.damage is None and log.disorder is None
    assert log.events == game.events and log.decisions == game.decisions
    assert verify(str(v3)).ok and verify(str(v3), detailed=True).ok
    # a crash: the tail is cut, the resume appends in format 3, unchained
    offsets = record_offsets(v3)
    v3.write_bytes(whole[: offsets[-3] + 5])
    log = read_log(v3)
    assert log.damage is not None and log.damage.kind == TORN and not log.damage.mid_file
    rx = reexecute(log)
    assert rx.divergence is None and truncate_tail(log)
    w = LogWriter.append_to(v3)
    assert w.format_version == 3 and w.crc == 0
    unlogged = [r for r in rx.game.open if r.seat not in rx.logged]  # what a resume appends
    w.put_step(rx.game.events[rx.matched_events :], unlogged)
    w.close()
    assert whole.startswith(v3.read_bytes()) and len(v3.read_bytes()) > offsets[-3]


def test_format2_logs_read_verify_and_continue_in_format2(tmp_path: Path) -> None:
    game = record_game(tmp_path / "v4.sgslog")
    v2 = tmp_path / "v2.sgslog"
    whole = canonical_bytes(format2_header(game), game)
    v2.write_bytes(whole)
    assert whole.startswith(magic(2))
    assert [p[0] for p in payloads(v2)[1:]].count("e") == len(game.events)  # one per event
    log = read_log(v2)
    assert log.version == 2 and log.damage is None
    assert log.events == game.events and log.decisions == game.decisions
    assert verify(str(v2)).ok and verify(str(v2), detailed=True).ok
    # A crash after seat 1's second decision: resume re-executes, appends what is missing in
    # format 2, and the file grows back into the uninterrupted one.
    records = zip(record_offsets(v2)[1:], payloads(v2)[1:], strict=True)
    at = next(off for off, p in records if p[0] == "d" and p[1:3] == [1, 1])
    end = at + FRAME.size + FRAME.unpack_from(whole, at)[0]
    v2.write_bytes(whole[: end + 5])  # plus a torn record
    log = read_log(v2)
    assert log.damage is not None and log.damage.kind == TORN and not log.damage.mid_file
    rx = reexecute(log)
    assert rx.divergence is None
    assert truncate_tail(log)
    w = LogWriter.append_to(v2)
    assert w.format_version == 2
    w.events(rx.game.events[rx.matched_events :])
    assert rx.game.pending is not None
    w.request(rx.game.pending)
    w.close()
    assert whole.startswith(v2.read_bytes()) and len(v2.read_bytes()) > end


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    blob = bytearray(path.read_bytes())
    blob[7] = 9
    path.write_bytes(bytes(blob))
    with pytest.raises(LogError, match="not supported"):
        read_log(path)
    with pytest.raises(LogError, match="not supported"):
        LogWriter.append_to(path)


# --- the writer ---------------------------------------------------------------------------------


@pytest.fixture
def open_umask() -> Iterator[None]:
    old = os.umask(0)
    yield
    os.umask(old)


@pytest.mark.usefixtures("open_umask")
def test_logs_are_created_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    old = tmp_path / "old.sgslog"
    old.write_bytes(b"")
    old.chmod(0o644)
    record_game(old)  # an existing file is truncated and made private too
    assert stat.S_IMODE(old.stat().st_mode) == 0o600
    old.chmod(0o644)
    LogWriter.append_to(old).close()  # continuing a log written before this rule
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_a_log_written_to_a_device_leaves_the_device_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(fd: int, mode: int) -> None:
        raise AssertionError("fchmod on a device")

    monkeypatch.setattr(os, "fchmod", refuse)
    play("toy", {"rounds": 2}, 1, ["random"], os.devnull)


def write_game(w: LogWriter, game: Game, flush: bool = False) -> None:
    """Hand a finished game to a writer in log order, as a host does (`flush`: as the server
    does, before it sends anything after a decision)."""
    done = 0
    for req, d in zip(game.requests, game.decisions, strict=True):
        w.events(game.events[done : d.at])
        done = d.at
        w.request(req)
        w.decision(d)
        if flush:
            w.flush()
    w.events(game.events[done:])


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every os.write call."""
    sizes: list[int] = []
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        sizes.append(len(data))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    return sizes


def test_the_runner_writes_the_header_then_everything_at_close(
    tmp_path: Path, writes: list[int]
) -> None:
    """`sgs sim` tells no one about its games: nothing has to be on the OS per decision, so a
    game below the writer's threshold costs two writes, the header's and one at close."""
    path = tmp_path / "g.sgslog"
    game = record_game(path)
    assert len(game.decisions) > 10
    assert len(writes) == 2 and sum(writes) == path.stat().st_size
    assert path.read_bytes() == canonical_bytes(header_for(game, ["random", "random"]), game)


def test_a_decision_reaches_the_os_at_the_hosts_flush(tmp_path: Path, writes: list[int]) -> None:
    """The server's way: a decision only encodes; `flush` (before anything is sent) hands every
    record up to it to the OS in one write, and the file is then whole up to that decision."""
    whole = tmp_path / "a.sgslog"
    game = record_game(whole)
    path = tmp_path / "h.sgslog"
    w = LogWriter(path, header_for(game, ["random", "random"]))
    done = 0
    for req, d in list(zip(game.requests, game.decisions, strict=True))[:4]:
        size = path.stat().st_size
        writes.clear()
        w.events(game.events[done : d.at])
        done = d.at
        w.request(req)
        w.decision(d)
        assert not writes and path.stat().st_size == size  # encoded, not written
        w.flush()
        assert len(writes) == 1 and path.stat().st_size == size + writes[0]
        assert whole.read_bytes().startswith(path.read_bytes())
        assert read_log(path).damage is None and payloads(path)[-1][0] == "d"
    w.close()
    # flushing after every decision or letting the records pile up: the same bytes
    with LogWriter(path, header_for(game, ["random", "random"])) as w:
        write_game(w, game, flush=True)
    assert path.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("threshold", [1, 300])
def test_past_its_threshold_the_writer_writes_at_a_decision(
    tmp_path: Path, writes: list[int], threshold: int
) -> None:
    """Records piled up past the threshold are written at the next decision (never between a
    step's events and its request), so memory stays bounded and the bytes do not change."""
    whole = tmp_path / "a.sgslog"
    game = record_game(whole)
    path = tmp_path / "t.sgslog"
    w = LogWriter(path, header_for(game, ["random", "random"]))
    w.threshold = threshold
    writes.clear()
    write_game(w, game)
    automatic = list(writes)
    w.close()
    assert path.read_bytes() == whole.read_bytes()
    assert len(writes) == len(automatic) + 1  # the game's last events, at close
    if threshold == 1:  # every decision passes it
        assert len(automatic) == len(game.decisions)
    else:
        assert 1 < len(automatic) < len(game.decisions) / 2
        assert all(n >= threshold for n in automatic)
    # every automatic write ended right after a decision record
    blob = whole.read_bytes()
    offsets = record_offsets(path)[1:]  # the header was written at open
    decision_ends = {
        off + FRAME.size + FRAME.unpack_from(blob, off)[0]
        for off, rec in zip(offsets, payloads(path)[1:], strict=True)
        if rec[0] == "d"
    }
    ends = [offsets[0] + sum(automatic[: i + 1]) for i in range(len(automatic))]
    assert set(ends) <= decision_ends


def test_sync_flushes_then_waits_for_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    monkeypatch.setattr(os, "fdatasync", synced.append)
    game = record_game(tmp_path / "a.sgslog")
    path = tmp_path / "b.sgslog"
    w = LogWriter(path, header_for(game, ["random", "random"]))
    size = path.stat().st_size
    w.events(game.events[: game.decisions[0].at])
    w.request(game.requests[0])
    w.decision(game.decisions[0])
    assert path.stat().st_size == size and not synced  # buffered until a flush or a sync
    w.sync()
    assert path.stat().st_size > size and len(synced) == 1
    w.close()
    with pytest.raises(ValueError, match="closed"):
        w.decision(game.decisions[1])
    with pytest.raises(ValueError, match="closed"):
        w.request(game.requests[1])
    w.close()  # closing twice is harmless
    assert (tmp_path / "a.sgslog").read_bytes().startswith(path.read_bytes())


# --- damage: a tail may be cut, damage in the middle may not -------------------------------------


def damaged(tmp_path: Path, edit: Any) -> Path:
    path = tmp_path / "g.sgslog"
    record_game(path)
    blob = bytearray(path.read_bytes())
    offsets = record_offsets(path)
    path.write_bytes(bytes(edit(blob, offsets)))
    return path


def flip(blob: bytearray, at: int) -> bytearray:
    blob[at] ^= 0xFF
    return blob


@pytest.mark.parametrize(
    ("edit", "kind"),
    [
        (lambda b, o: b[:-3], TORN),  # the last record is incomplete
        (lambda b, o: b + b"\x00\x00\x01", TORN),  # stray bytes, fewer than a frame
        (lambda b, o: flip(b, len(b) - 1), CORRUPT),  # the last record's checksum fails
        (lambda b, o: b + bytes(4096), CORRUPT),  # zeros after the last record (a crash)
        (lambda b, o: b + frame(b"\xc1", last_crc(b)), UNDECODABLE),  # a whole frame, no record
        (lambda b, o: b + frame(b"\xc1"), CORRUPT),  # a frame whose checksum is not chained
    ],
    ids=["torn", "stray", "checksum", "zeros", "undecodable", "unchained"],
)
def test_damage_at_the_tail_is_cut(tmp_path: Path, edit: Any, kind: str) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    whole = path.read_bytes()
    path = damaged(tmp_path, edit)
    log = read_log(path)
    assert log.damage is not None and log.damage.kind == kind and not log.damage.mid_file
    report = verify(str(path))
    assert not report.ok and "damaged log:" in report.message
    assert truncate_tail(log)
    cut = path.read_bytes()
    assert whole.startswith(cut) and len(cut) == log.good_bytes
    again = read_log(path)
    assert again.damage is None
    assert reexecute(again).divergence is None


@pytest.mark.parametrize(
    "edit",
    [
        lambda b, o: flip(b, o[4] + FRAME.size + 1),  # a checksum fails, records follow
        lambda b, o: b[: o[4]] + FRAME.pack(0xFFFFFF, 0) + b[o[4] + FRAME.size :],  # length
        lambda b, o: b[: o[4]] + FRAME.pack(len(b), 0) + b[o[4] + FRAME.size :],  # past the end
        lambda b, o: b[: o[4]] + bytes(o[5] - o[4]) + b[o[5] :],  # a record zeroed
        lambda b, o: b[: o[4]] + frame(b"\xc1", last_crc(b[: o[4]])) + b[o[4] :],  # no record
        lambda b, o: b[: o[4]] + frame(b"\xc1") + b[o[4] :],  # an unchained frame inserted
        # the last record but one: its crc field hit, or its length field (one record after)
        lambda b, o: b[: o[-2] + 4] + bytes(4) + b[o[-2] + FRAME.size :],
        lambda b, o: b[: o[-2]] + FRAME.pack(0xFFFF, 0)[:4] + b[o[-2] + 4 :],
    ],
    ids=[
        "checksum",
        "length",
        "length-past-end",
        "zeroed",
        "undecodable",
        "unchained",
        "crc-field-before-the-last",
        "length-field-before-the-last",
    ],
)
def test_damage_in_the_middle_is_refused(tmp_path: Path, edit: Any) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    o = record_offsets(path)
    path = damaged(tmp_path, edit)
    before = path.read_bytes()
    log = read_log(path)
    assert log.damage is not None and log.damage.mid_file
    assert log.damage.offset in (o[4], o[-2])  # the record the edit hit
    assert "follows at byte" in log.damage.reason
    with pytest.raises(LogError, match="middle of the file"):
        truncate_tail(log)
    assert path.read_bytes() == before  # nothing cut
    report = verify(str(path))
    assert not report.ok and "damaged log (in the middle of the file)" in report.message


def test_a_crc_valid_but_undecodable_header_is_a_log_error(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    path.write_bytes(MAGIC + frame(pack(["not", "a", "header"]), chain_start(FORMAT_VERSION)))
    with pytest.raises(LogError, match="bad header"):
        read_log(path)
    path.write_bytes(MAGIC + frame(pack(["not", "a", "header"])))  # not chained: not whole
    with pytest.raises(LogError, match="missing or torn"):
        read_log(path)
    path.write_bytes(MAGIC + FRAME.pack(5, zlib.crc32(b"abc")) + b"abc")
    with pytest.raises(LogError, match="missing or torn"):
        read_log(path)


# --- verify: the fast road, and which rulesets it may load ---------------------------------------


def test_fast_and_detailed_verify_agree(tmp_path: Path) -> None:
    for seed in range(3):
        path = tmp_path / f"{seed}.sgslog"
        play("harmony", {}, seed, ["random"], path)
        fast, slow = verify(str(path)), verify(str(path), detailed=True)
        assert fast.ok and slow.ok
        assert (fast.message, fast.events, fast.decisions) == (
            slow.message,
            slow.events,
            slow.decisions,
        )


def test_a_whole_log_is_verified_on_the_fast_road(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Format 4, 3 and 2 logs that are right never take the detailed road (which decodes every
    record): the fast road's records are the writer's, byte for byte."""
    paths = []
    for seed in range(3):
        paths.append(tmp_path / f"{seed}.sgslog")
        play("sanguosha", {"players": 5}, seed, ["random"], paths[-1])
    game = record_game(tmp_path / "toy.sgslog")
    v2, v3 = tmp_path / "v2.sgslog", tmp_path / "v3.sgslog"
    v2.write_bytes(canonical_bytes(format2_header(game), game))
    v3.write_bytes(canonical_bytes(format3_header(game), game))
    paths += [tmp_path / "toy.sgslog", v2, v3]

    def detailed(path: str) -> None:
        raise AssertionError(f"{path} took the detailed road")

    monkeypatch.setattr(sys.modules["replays.reexecution"], "read_log", detailed)
    for path in paths:
        report = verify(str(path))
        assert report.ok and report.decisions > 0, report.message


def test_request_records_hold_the_fields_in_request_order() -> None:
    req = RequestSpec(3, 1, "k", "subset", [{"a": 1}], [0], 0, 1, True, {"i": 2}, [{"p": 3}])
    ev = Event("x", {"y": 1}, (1, 2), {"n": 2})
    rec = request_record(req, [Event("w", {}), ev])
    assert rec[0] == "q" and rec[1:12] == [getattr(req, f) for f in REQUEST_ORDER]
    assert rec[12:] == [["w", {}], ["x", {"y": 1}, [1, 2], {"n": 2}]]
    assert request_record(req) == rec[:12]


def test_verify_checks_every_byte_of_a_record_it_does_not_decode(tmp_path: Path) -> None:
    """The fast road decodes only decisions; a changed byte anywhere else (checksum fixed up)
    still fails, with the detailed road's message."""
    path = tmp_path / "g.sgslog"
    record_game(path)
    blob = bytearray(path.read_bytes())
    for off, rec in zip(record_offsets(path)[1:], payloads(path)[1:], strict=True):
        if rec[0] == "q" and len(rec) > 12:
            rec[12][1] = {**rec[12][1], "extra": 1} if rec[12][0] == "add" else rec[12][1]
            if rec[12][0] == "add":
                old = FRAME.size + FRAME.unpack_from(blob, off)[0]
                blob[off : off + old] = frame(pack(rec))
                break
    path.write_bytes(rechain(bytes(blob)))  # every checksum fixed up
    assert read_log(path).damage is None
    report = verify(str(path))
    assert not report.ok and "event #" in report.message and "differs" in report.message
    assert report.message == verify(str(path), detailed=True).message


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A module that leaves a mark if it is ever imported."""
    (tmp_path / "sgs_planted_ruleset.py").write_text(
        "from pathlib import Path\n"
        f"Path({str(tmp_path / 'imported')!r}).write_text('yes')\n"
        "from toy_game import RULESET\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("sgs_planted_ruleset", None)


def test_verify_never_imports_a_module_a_log_names(planted: Path) -> None:
    path = planted / "crafted.sgslog"
    header = {
        "format": FORMAT_VERSION,
        "game": "sgs_planted_ruleset:RULESET",
        "ruleset_version": "1",
        "config": {"rounds": 1},
        "seed": 1,
        "seats": [{"seat": 0, "agent": "x"}, {"seat": 1, "agent": "x"}],
        "table": "",
    }
    LogWriter(path, header).close()
    report = verify(str(path))
    assert not report.ok and "not imported" in report.message
    with pytest.raises(ConfigError, match="not imported"):
        reexecute(read_log(path))  # crash resume loads rulesets the same way
    assert sgs_main(["replay", "--verify", str(path)]) == 1
    assert not (planted / "imported").exists()
    assert "sgs_planted_ruleset" not in sys.modules


def test_a_ruleset_is_loaded_by_module_only_when_the_user_names_it(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    unregister("toy")  # a fresh process: the log's game is neither bundled nor registered
    try:
        report = verify(str(path))
        assert not report.ok and "cannot re-execute" in report.message
        assert "unknown game 'toy'" in report.message
        assert verify(str(path), "toy_game:RULESET").ok  # the user's choice: imported
        assert sgs_main(["replay", "--verify", "--ruleset", "toy_game:RULESET", str(path)]) == 0
        assert sgs_main(["replay", "--ruleset", "toy_game:RULESET", str(path)]) == 2
        wrong = verify(str(path), load("harmony"))
        assert not wrong.ok and "the ruleset given is 'harmony'" in wrong.message
    finally:
        from toy_game import RULESET

        from game_agent.games import register

        register(RULESET)


def test_rewriting_a_log_through_the_writer_is_the_identity(tmp_path: Path) -> None:
    """What the reader returns, written again in log order, gives the same bytes."""
    src, dst = tmp_path / "a.sgslog", tmp_path / "b.sgslog"
    record_game(src)
    log = read_log(src)
    with LogWriter(dst, log.header) as w:
        for rec in log.records:
            if isinstance(rec, Event):
                w.events([rec])
            elif isinstance(rec, Decision):
                w.decision(rec)
            else:
                w.request(rec)
    assert dst.read_bytes() == src.read_bytes()
