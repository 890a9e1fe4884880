"""Helpers shared by the arena tests (a uniquely named module, not a conftest)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sgs.arena.tournament import Tournament, execute, plan, summarize
from sgs.arena.worker import GameRecord

ROOT = Path(__file__).resolve().parents[2]
SGS = str(Path(sys.executable).parent / "sgs")

HARMONY = ("harmony", {}, ["random", "greedy"], 12)
SANGUOSHA = ("sanguosha", {"players": 5}, ["random", "random"], 4)


def small(case: tuple[str, dict[str, Any], list[str], int], seed: int = 3) -> Tournament:
    game, config, bots, games = case
    return plan(game, config, bots, games, seed)


def run_on(t: Tournament, **kwargs: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The per-game records (as dicts) and the summary of one run of `t`."""
    records, interrupted = execute(t, **kwargs)
    assert not interrupted
    summary, _ = summarize(t, records)
    return [r.__dict__ for r in records], summary


def sgs(args: Sequence[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SGS, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )


def record(
    seats: list[str], roles: list[str] | None, winners: list[int], index: int = 0
) -> GameRecord:
    return GameRecord(
        index=index,
        seed=1,
        seats=seats,
        roles=roles,
        generals=None,
        outcome={"winners": winners},
        winners=winners,
        decisions=0,
        log=None,
    )
