"""`sgs replay` as users run it, on a 5-player Sanguosha log whose records were swapped (two
answers of a Nullification window, or two far apart), deleted or repeated: the report, `--json`,
`--seat`, `--tui` and `--verify` each flag it (exit 1, one `error:` line naming the byte where
the first record is out of place), never print it as if it were whole. A format-3 log with
answers in arrival order (what servers wrote before format 4) is shown with a warning, exit 0."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from log_tampering import EDITS, Layout, first_moved, sanguosha_5p, swap, tampered
from sgs_process import sgs

from replays import read_log
from replays.reexecution import canonical_bytes, reexecute
from sgs.cli import main


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sanguosha_5p(tmp_path_factory.mktemp("logs") / "whole.sgslog")


@pytest.fixture(scope="module")
def logs(whole: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    """Each tampered log, and the offset of its first record out of place."""
    out = tmp_path_factory.mktemp("tampered")
    at = Layout(whole.read_bytes())
    return {
        name: (tampered(whole, out, name), first_moved(at.frames, at, edit))
        for name, edit in EDITS.items()
    }


def error_line(done: subprocess.CompletedProcess[str], offset: int) -> str:
    assert done.returncode == 1, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and "damaged log (in the middle of the file)" in lines[0]
    assert f"at byte {offset}" in lines[0]
    return lines[0]


def test_the_whole_log_is_shown_without_complaint(whole: Path) -> None:
    for args in ([], ["--json"], ["--seat", "2"], ["--verify"]):
        done = sgs("replay", str(whole), *args)
        assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.parametrize("name", list(EDITS))
def test_the_report_flags_it(logs: dict[str, tuple[Path, int]], name: str) -> None:
    path, offset = logs[name]
    done = sgs("replay", str(path))
    error_line(done, offset)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("# sanguosha") and len(lines) > 5  # what could be read
    assert lines[-1].startswith("!! the log is damaged in the middle of the file: ")
    assert f"at byte {offset}" in lines[-1]


@pytest.mark.parametrize("name", list(EDITS))
def test_json_flags_it_on_stderr(logs: dict[str, tuple[Path, int]], name: str) -> None:
    path, offset = logs[name]
    done = sgs("replay", str(path), "--json")
    error_line(done, offset)
    items = [json.loads(line) for line in done.stdout.splitlines()]  # only JSON on stdout
    assert items and len(items) == len(read_log(path).records)


@pytest.mark.parametrize("name", list(EDITS))
def test_one_seats_view_flags_it(logs: dict[str, tuple[Path, int]], name: str) -> None:
    path, offset = logs[name]
    done = sgs("replay", str(path), "--seat", "2")
    error_line(done, offset)
    assert done.stdout.splitlines()[-1].startswith("!! the log is damaged")


@pytest.mark.parametrize("name", list(EDITS))
def test_verify_flags_it(logs: dict[str, tuple[Path, int]], name: str) -> None:
    path, offset = logs[name]
    done = sgs("replay", "--verify", str(path))
    assert done.returncode == 1 and done.stdout == ""
    assert "damaged log (in the middle of the file)" in done.stderr
    assert f"at byte {offset}" in done.stderr


@pytest.mark.parametrize("name", list(EDITS))
def test_the_viewer_flags_it(
    logs: dict[str, tuple[Path, int]],
    name: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`sgs replay --tui`: the viewer shows what could be read with the damage in its panel
    (tests/tui), and says it again on stderr when it closes (the full screen is gone then)."""
    from user_agent.tui import replay as viewer

    shown: list[viewer.Timeline] = []

    def run(app: viewer.ReplayApp) -> None:
        shown.append(app.timeline)

    monkeypatch.setattr(viewer.ReplayApp, "run", run)
    path, offset = logs[name]
    assert main(["replay", str(path), "--tui"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and f"at byte {offset}" in err[0]
    (timeline,) = shown
    assert timeline.damage is not None and f"at byte {offset}" in timeline.damage
    assert len(timeline) > 0


def test_checksums_fixed_up_it_is_still_flagged(whole: Path, tmp_path: Path) -> None:
    path = tampered(whole, tmp_path, "swap-window", fix_checksums=True)
    offset = read_log(path).good_bytes
    done = sgs("replay", str(path))
    line = error_line(done, offset)
    assert "records not in canonical order" in line


def test_an_older_log_in_arrival_order_gets_a_warning(whole: Path, tmp_path: Path) -> None:
    """Format 3 checked each record alone and servers logged answers to requests asked
    together as they arrived: such a log is shown (and verifies) with one warning line."""
    log = read_log(whole)
    v3 = canonical_bytes({**log.header, "format": 3}, reexecute(log).game)
    at = Layout(v3)
    path = tmp_path / "v3.sgslog"
    path.write_bytes(v3[: at.offsets[0]] + b"".join(swap(at.frames, *at.window)))
    offset = at.offsets[at.window[0]]
    for args in ([], ["--json"], ["--verify"]):
        done = sgs("replay", str(path), *args)
        assert done.returncode == 0, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("warning: "), done.stderr
        assert f"records not in canonical order at byte {offset}" in lines[0]
    report = sgs("replay", str(path)).stdout.splitlines()
    assert report[-1].startswith(f"!! warning: records not in canonical order at byte {offset}")
