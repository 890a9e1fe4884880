"""The published AI table: paired `sgs arena` runs (one per pairing of two bots and player
count) gathered into one Markdown page section. `python -m sgs.arena.table SUMMARY.json ...`
prints it; docs/ai-table.md shows it and scripts/ai_table.sh makes it.

Per pairing and role: each bot's win rate with its 95% Wilson interval and the first bot's
pair share with its 95% bootstrap interval (from the runs' summary.json, reproducible); then
each bot's time per decision (the runs' `run`, wall clock: it changes with the machine).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from sgs.arena.report import markdown_table, pct, share
from sgs.errors import UsageError

MAX_BYTES = 4 << 20  # a summary.json is a few tens of kB


def load(path: str) -> dict[str, Any]:
    """A paired run's summary.json, or one error line saying why not."""
    try:
        if os.path.getsize(path) > MAX_BYTES:
            raise UsageError(f"{path}: larger than {MAX_BYTES} bytes, not an arena summary")
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not JSON ({exc})") from None
    if not isinstance(s, dict) or "by_bot" not in s or "lineup" not in s:
        raise UsageError(f"{path}: not the summary.json of an sgs arena run")
    if not s.get("pairs"):
        raise UsageError(f"{path}: not a paired run (run sgs arena with --lineup paired)")
    return s


def title(s: Mapping[str, Any]) -> str:
    p = s["pairs"]
    return f"{s['seats']} players, {p['bot']} vs {p['against']}"


def result_rows(summaries: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[list[str]]]:
    head = [
        "players",
        "A vs B",
        "role",
        "seat-games each",
        "A win rate [95% Wilson]",
        "B win rate [95% Wilson]",
        "A pair share [95% bootstrap]",
    ]
    rows = []
    for s in summaries:
        p = s["pairs"]
        a, b = s["by_bot"][p["bot"]], s["by_bot"][p["against"]]
        for role, rec in [("(all)", p["all"]), *p["by_role"].items()]:
            ra, rb = (a, b) if role == "(all)" else (a["by_role"][role], b["by_role"][role])
            rows.append(
                [
                    str(s["seats"]),
                    f"{p['bot']} vs {p['against']}",
                    role,
                    str(ra["games"]),
                    pct(ra),
                    pct(rb),
                    share(rec),
                ]
            )
    return head, rows


def run_rows(summaries: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[list[str]]]:
    head = [
        "players",
        "A vs B",
        "games",
        "pairs",
        "bot",
        "decisions",
        "ms per decision: median",
        "mean",
        "90%",
        "mean with on_event",
        "games/s",
        "workers",
    ]
    rows = []
    for s in summaries:
        p = s["pairs"]
        run = s.get("run") or {}
        for bot in (p["bot"], p["against"]):
            t = run.get("decision_ms", {}).get(bot)
            if t is None:
                continue
            rows.append(
                [
                    str(s["seats"]),
                    f"{p['bot']} vs {p['against']}",
                    str(s["games"]),
                    str(p["pairs"]),
                    bot,
                    str(t["decisions"]),
                    f"{t['median_ms']:.3f}",
                    f"{t['mean_ms']:.3f}",
                    f"{t['p90_ms']:.3f}",
                    f"{t['with_events_mean_ms']:.3f}",
                    str(run.get("games_per_second")),
                    str(run.get("workers")),
                ]
            )
    return head, rows


def render(summaries: Sequence[Mapping[str, Any]]) -> str:
    lines = ["### Win rates and pair shares", ""]
    lines += markdown_table(*result_rows(summaries))
    lines += ["", "### Time per decision (wall clock; changes with the machine)", ""]
    lines += markdown_table(*run_rows(summaries))
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str]) -> int:
    if not argv or any(a.startswith("-") for a in argv):
        print("usage: python -m sgs.arena.table SUMMARY.json [SUMMARY.json ...]", file=sys.stderr)
        return 2
    try:
        summaries = [load(path) for path in argv]
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(render(summaries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
