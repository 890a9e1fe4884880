"""Whole records swapped, moved, deleted or repeated in a real log (5-player Sanguosha, whose
Nullification windows ask every seat together, `conceal_responses` on): the reader reports
each as damage in the middle of the file at the first record out of place, whether or not the
checksums were fixed up afterwards (the chain, then the canonical order of decisions), and
`verify` fails. Format 3 could not see any of them: each record's checksum covered only its
own payload."""

from __future__ import annotations

from pathlib import Path

import pytest
from log_tampering import EDITS, Layout, first_moved, sanguosha_5p, tampered

from game_agent.engine import RequestSpec
from replays import LogError, read_log, truncate_tail, verify


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sanguosha_5p(tmp_path_factory.mktemp("logs") / "s5.sgslog")


def test_the_log_has_nullification_windows_asked_together(whole: Path) -> None:
    log = read_log(whole)
    assert log.header["config"]["conceal_responses"] is True
    assert log.damage is None and log.disorder is None and verify(str(whole)).ok
    at = Layout(whole.read_bytes())
    n = at.decisions.index(at.window[0])
    first, second = log.decisions[n], log.decisions[n + 1]
    assert first.seat != second.seat
    asked = {(r.seat, r.id) for r in log.records if isinstance(r, RequestSpec)}
    assert {(first.seat, first.id), (second.seat, second.id)} <= asked


@pytest.mark.parametrize("name", list(EDITS))
def test_a_record_out_of_place_breaks_the_chain(whole: Path, tmp_path: Path, name: str) -> None:
    path = tampered(whole, tmp_path, name)
    at = Layout(whole.read_bytes())
    offset = first_moved(at.frames, at, EDITS[name])
    log = read_log(path)
    assert log.damage is not None, "the tampering went unnoticed"
    assert log.damage.offset == offset and log.damage.mid_file
    assert log.damage.reason.startswith(("records out of order or missing", "checksum mismatch"))
    assert f"at byte {offset}" in log.damage.reason
    assert "a whole record follows" in log.damage.reason
    assert log.records and log.good_bytes == offset  # what comes before is read
    before = path.read_bytes()
    with pytest.raises(LogError, match="refusing to cut"):
        truncate_tail(log)  # a resume would refuse too: nothing is cut
    assert path.read_bytes() == before
    report = verify(str(path))
    assert not report.ok and "damaged log (in the middle of the file)" in report.message
    assert f"at byte {offset}" in report.message


def test_the_reader_says_which_records_moved(whole: Path, tmp_path: Path) -> None:
    at = Layout(whole.read_bytes())
    i, j = at.window
    log = read_log(tampered(whole, tmp_path, "swap-window"))
    assert log.damage is not None
    assert log.damage.reason.startswith(
        f"records out of order or missing at byte {at.offsets[i]}: the record there and the "
        f"next one, at byte {at.offsets[i] + len(at.frames[j])}, are swapped"
    )
    log = read_log(tampered(whole, tmp_path, "duplicate"))
    k = at.decisions[len(at.decisions) // 2]
    assert log.damage is not None
    assert f"the record there repeats the one at byte {at.offsets[k]}" in log.damage.reason


@pytest.mark.parametrize("name", list(EDITS))
def test_checksums_fixed_up_the_order_of_decisions_still_tells(
    whole: Path, tmp_path: Path, name: str
) -> None:
    """Someone who moves records and computes every checksum again keeps the chain whole; a
    decision then answers a request that is not the earliest open one (or none)."""
    path = tampered(whole, tmp_path, name, fix_checksums=True)
    log = read_log(path)
    assert log.damage is not None, "the tampering went unnoticed"
    assert log.damage.mid_file
    assert log.damage.reason.startswith("records not in canonical order at byte ")
    assert f"at byte {log.damage.offset}" in log.damage.reason
    report = verify(str(path))
    assert not report.ok and "damaged log" in report.message
