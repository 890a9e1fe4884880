"""The AI table gathers paired runs' summaries; anything else is one error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sgs.arena.table import main
from sgs.arena.tournament import execute, plan, summarize


def summary_file(tmp_path: Path, lineup: str, players: int) -> Path:
    t = plan("sanguosha", {"players": players}, ["smart", "random"], 10, seed=2, lineup=lineup)
    records, _ = execute(t, backend="process", workers=1)
    summary, _ = summarize(t, records)
    summary["run"] = {
        "workers": 1,
        "games_per_second": 9.5,
        "decision_ms": {
            b: {
                "decisions": 10,
                "mean_ms": 0.5,
                "median_ms": 0.25,
                "p90_ms": 1.0,
                "max_ms": 2.0,
                "with_events_mean_ms": 0.75,
            }
            for b in ("smart", "random")
        },
    }
    path = tmp_path / f"{lineup}{players}.json"
    path.write_text(json.dumps(summary))
    return path


def test_the_table_has_a_row_per_pairing_and_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    five, eight = summary_file(tmp_path, "paired", 5), summary_file(tmp_path, "paired", 8)
    assert main([str(five), str(eight)]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| 5 ") or line.startswith("| 8 ")]
    roles = ["(all)", "lord", "loyalist", "rebel", "renegade"]
    assert [r.split(" | ")[2] for r in rows[:10]] == roles + roles
    assert "| 5 | smart vs random | (all) | 25 |" in out  # 10 games x 5 seats / 2 bots
    assert "| 8 | smart vs random | 10 | 5 | random | 10 | 0.250 | 0.500 |" in out


def test_a_run_that_is_not_paired_or_not_a_summary_is_one_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rotated = summary_file(tmp_path, "rotate", 5)
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2")
    for path, message in (
        (rotated, "not a paired run (run sgs arena with --lineup paired)"),
        (junk, "not JSON"),
        (tmp_path / "missing.json", "cannot read"),
    ):
        assert main([str(path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("error: ") and message in err[0]
