"""The arena says what its ratings mean wherever it shows them: only the gaps between bots
(the levels start at 25 and, with three or more teams a game, drift down together)."""

from __future__ import annotations

from pathlib import Path

from arena_support import sgs

from sgs.arena.charts import ratings_figure
from sgs.arena.report import GAPS_NOTE


def test_the_report_and_report_md_say_only_the_gaps_mean_anything(tmp_path: Path) -> None:
    out = tmp_path / "out"
    argv = ["arena", "--game", "harmony", "--bots", "random,greedy", "--games", "4",
            "--seed", "2", "--out", str(out), "--quiet"]  # fmt: skip
    done = sgs(argv, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    ratings = lines.index("OpenSkill ratings (Plackett-Luce), after every game in index order:")
    assert f"  ({GAPS_NOTE})" in lines[ratings:], done.stdout
    report = (out / "report.md").read_text()
    assert "Only the gaps between the bots' ratings mean anything" in report
    assert (out / "ratings.png").stat().st_size > 0


def test_the_rating_chart_carries_the_note() -> None:
    history = [{"index": 0, "a": [25.0, 8.3], "b": [25.0, 8.3]},
               {"index": 1, "a": [24.0, 8.0], "b": [23.0, 8.0]}]  # fmt: skip
    fig = ratings_figure(history, ["a", "b"], "t")
    texts = [t.get_text() for t in fig.texts]
    assert texts == [f"{GAPS_NOTE[0].upper()}{GAPS_NOTE[1:]}."]
