"""The arena's output directory: games.jsonl, ratings.jsonl, summary.json, report.md and the
two charts. `prepare` refuses a directory that holds anything unless told to overwrite."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from sgs.arena import charts
from sgs.arena.ratings import Ratings
from sgs.arena.report import RATINGS_PNG, WIN_RATES_PNG, render_markdown
from sgs.arena.worker import GameRecord
from sgs.errors import UsageError

GAMES = "games.jsonl"
RATINGS = "ratings.jsonl"
SUMMARY = "summary.json"
REPORT = "report.md"


def prepare(out: str, force: bool) -> None:
    """Create `out`, or check it may be written: an existing non-empty directory needs force."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"{out} exists and is not a directory")
    if os.path.isdir(out) and os.listdir(out) and not force:
        raise UsageError(f"{out} is not empty; give --force to overwrite, or another --out")
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {out}: {exc.strerror}") from None


def write(
    out: str, records: Sequence[GameRecord], summary: Mapping[str, Any], ratings: Ratings
) -> None:
    with open(os.path.join(out, GAMES), "w", encoding="utf-8") as f:
        f.writelines(r.line() + "\n" for r in records)
    with open(os.path.join(out, RATINGS), "w", encoding="utf-8") as f:
        f.writelines(json.dumps(h, sort_keys=True) + "\n" for h in ratings.history)
    with open(os.path.join(out, SUMMARY), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
    title = f"{summary['game']} {summary['seats']}p: {', '.join(summary['bots'])}"
    charts.win_rates(summary, list(summary["by_role"]), os.path.join(out, WIN_RATES_PNG), title)
    bots = [r["bot"] for r in summary["ratings"]]
    charts.ratings(ratings.history, sorted(bots), os.path.join(out, RATINGS_PNG), title)
    with open(os.path.join(out, REPORT), "w", encoding="utf-8") as f:
        f.write(render_markdown(summary))
