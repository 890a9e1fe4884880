from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from log_bytes import record_offsets

from game_agent.engine import fold
from replays import LogError, read_log, reexecute, truncate_tail, verify
from replays.format import FORMAT_VERSION, FRAME
from sgs.runner import play
from user_agent.replay import render

pytestmark = pytest.mark.usefixtures("toy_registered")


def record_game(path: Path, seed: int = 11) -> None:
    play("toy", {"rounds": 5}, seed, ["random"], path)


def test_same_seed_same_bots_byte_identical(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.sgslog", tmp_path / "b.sgslog", tmp_path / "c.sgslog"
    record_game(a)
    record_game(b)
    record_game(c, seed=12)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_log_reads_back_and_folds_to_the_live_state(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    played = play("toy", {"rounds": 5}, 3, ["random"], path)
    log = read_log(path)
    assert log.damage is None
    assert log.header["game"] == "toy" and log.header["seed"] == 3
    assert len(log.events) == len(played.game.events)
    assert [d.choice for d in log.decisions] == [d.choice for d in played.game.decisions]
    state = fold(played.game.ruleset, log.header["config"], 2, log.events)
    assert state == played.game.state


def test_verify_passes_on_a_recorded_game(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    report = verify(str(path))
    assert report.ok, report.message
    assert report.decisions > 0


def test_verify_fails_on_an_altered_decision(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    log = read_log(path)
    first = log.decisions[0]
    # rewrite the log with the first decision's choice changed (a well-formed, valid log)
    from replays.writer import LogWriter

    altered = tmp_path / "altered.sgslog"
    w = LogWriter(altered, log.header)
    from game_agent.engine import Decision, Event

    for rec in log.records:
        if isinstance(rec, Event):
            w.events([rec])
        elif isinstance(rec, Decision):
            assert type(rec.choice) is int
            choice = (rec.choice + 1) % 3 if rec is first else rec.choice
            w.decision(Decision(rec.id, rec.seat, choice, rec.timeout, rec.at))
        else:
            w.request(rec)
    w.close()
    report = verify(str(altered))
    assert not report.ok
    assert "diverges" in report.message and "event #" in report.message


def test_truncated_log_is_detected_reported_and_cut(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    whole = path.read_bytes()
    path.write_bytes(whole[:-3])
    log = read_log(path)
    assert log.damage is not None and "torn record" in log.damage.reason
    assert not log.damage.mid_file
    report = verify(str(path))
    assert not report.ok and "damaged log" in report.message
    assert truncate_tail(log)
    assert path.stat().st_size == log.good_bytes
    again = read_log(path)
    assert again.damage is None
    rx = reexecute(again)
    assert rx.divergence is None and rx.matched_events == len(again.events)


def test_log_cut_at_a_record_boundary_is_reported_as_early_stop(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    offsets = record_offsets(path)
    path.write_bytes(path.read_bytes()[: offsets[-4]])
    report = verify(str(path))
    assert not report.ok
    assert "stops early" in report.message or "not finished" in report.message


def test_corrupt_byte_fails_the_checksum(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    blob = bytearray(path.read_bytes())
    at = record_offsets(path)[5] + FRAME.size + 1
    blob[at] ^= 0xFF
    path.write_bytes(bytes(blob))
    log = read_log(path)
    assert log.damage is not None and "checksum" in log.damage.reason
    assert log.damage.mid_file  # whole records follow it


def test_not_a_log(tmp_path: Path) -> None:
    path = tmp_path / "x.sgslog"
    path.write_bytes(b"hello world")
    with pytest.raises(LogError):
        read_log(path)
    with pytest.raises(LogError):
        read_log(tmp_path / "missing.sgslog")


def test_player_hides_other_seats_secrets(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    record_game(path)
    log = read_log(path)
    omni = "\n".join(render(log))
    seat0 = "\n".join(render(log, 0))
    secret1 = [e.data["value"] for e in log.events if e.kind == "secret" and e.data["seat"] == 1]
    assert f"secret seat=1 value={secret1[0]}" in omni
    assert "secret seat=1 value=" not in seat0
    assert "secret seat=1" in seat0  # the public form is still shown
    assert "? seat 1" not in seat0  # seat 1's requests are not seat 0's business
    assert "seed" in omni.splitlines()[0] and "seed" not in seat0.splitlines()[0]


def _rewrite(src: Path, dst: Path, edit: Any) -> None:
    """Copy a log record by record through `edit(record) -> list of records`."""
    from game_agent.engine import Decision, Event
    from replays.writer import LogWriter

    log = read_log(src)
    w = LogWriter(dst, log.header)
    for rec in log.records:
        for out in edit(rec):
            if isinstance(out, Event):
                w.events([out])
            elif isinstance(out, Decision):
                w.decision(out)
            else:
                w.request(out)
    w.close()


@pytest.mark.parametrize(
    "edit",
    [
        "timeout_flag",
        "drop_requests",
        "duplicate_request",
        "float_for_int",
        "key_order",
    ],
)
def test_verify_is_byte_exact(tmp_path: Path, edit: str) -> None:
    from game_agent.engine import Decision, Event, RequestSpec

    src, dst = tmp_path / "g.sgslog", tmp_path / "edited.sgslog"
    record_game(src)
    state = {"done": False}

    def once() -> bool:
        first = not state["done"]
        state["done"] = True
        return first

    last: list[Any] = []

    def change(rec: Any) -> list[Any]:
        if isinstance(rec, RequestSpec):
            last[:] = [rec]
        if (
            edit == "timeout_flag"  # a timeout always applies the default: this one did not
            and isinstance(rec, Decision)
            and rec.choice != last[0].default
            and once()
        ):
            return [Decision(rec.id, rec.seat, rec.choice, True, rec.at)]
        if edit == "drop_requests" and isinstance(rec, RequestSpec):
            return []
        if edit == "duplicate_request" and isinstance(rec, RequestSpec) and once():
            return [rec, rec]
        if edit == "float_for_int" and isinstance(rec, Event) and rec.kind == "add" and once():
            return [Event(rec.kind, {**rec.data, "n": float(rec.data["n"])}, rec.seats)]
        if edit == "key_order" and isinstance(rec, Event) and rec.kind == "add" and once():
            return [Event(rec.kind, dict(reversed(list(rec.data.items()))), rec.seats)]
        return [rec]

    _rewrite(src, dst, change)
    assert dst.read_bytes() != src.read_bytes()
    report = verify(str(dst))
    assert not report.ok, report.message
    assert "diverges" in report.message or "not" in report.message


def test_large_records_read_back(tmp_path: Path) -> None:
    from game_agent.engine import Event
    from replays.writer import LogWriter

    path = tmp_path / "big.sgslog"
    header = {
        "format": FORMAT_VERSION,
        "game": "toy",
        "ruleset_version": "1",
        "config": {},
        "seed": 1,
        "seats": [{"seat": 0, "agent": "x"}],
        "table": "",
    }
    with LogWriter(path, header) as w:
        w.events([Event("add", {"items": list(range(20000)), "text": "x" * 70000})])
    log = read_log(path)
    assert log.damage is None and len(log.events[0].data["items"]) == 20000


@pytest.mark.parametrize(
    "header",
    [
        {"format": FORMAT_VERSION},
        {
            "format": FORMAT_VERSION + 1,
            "game": "toy",
            "ruleset_version": "1",
            "config": {},
            "seed": 1,
            "seats": [],
            "table": "",
        },
        {
            "format": FORMAT_VERSION,
            "game": "toy",
            "ruleset_version": "1",
            "config": {},
            "seed": "x",
            "seats": [],
            "table": "",
        },
        {
            "format": FORMAT_VERSION,
            "game": "toy",
            "ruleset_version": "1",
            "config": {},
            "seed": 1,
            "seats": 5,
            "table": "",
        },
    ],
)
def test_bad_headers_are_a_log_error(tmp_path: Path, header: dict[str, Any]) -> None:
    from replays.writer import LogWriter

    path = tmp_path / "bad.sgslog"
    LogWriter(path, header).close()
    with pytest.raises(LogError):
        read_log(path)
