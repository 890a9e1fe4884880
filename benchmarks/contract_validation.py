"""Recorded games of all five games against the JSON Schema of the contract, at scale.

    .venv/bin/python benchmarks/contract_validation.py [--games 300] [--seed 1] [--jobs 2]
                                                       [--forms]

Plays `--games` seeded games in all (Sanguosha 2-10 players and 1v1, random and `smart` bots;
Harmony, Carcassonne 2-5 players, muhq duel, draft and Kraken, goofspiel; random and each game's
bundled bots), writes each one's log, reads it back (`replays.read_log`) and validates every
message the game's log stands for (`replays.contract.LogChecker`): each event's full form, the
`event` message of every seat and of the spectator stream (`--forms`: one per form of each event
instead), each request, each reply. Prints per game and in all: games, messages validated per
type, failures (the first ones whole), and the time spent playing and validating. Exits 1 when
anything failed. Nothing here is asserted in the tests.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from protocol.contract import Validators
from replays.contract import Checked, LogChecker
from sgs.runner import play

Job = tuple[str, dict[str, Any], int, list[str]]

# Each game's share of the games and the configurations it cycles through.
MIX: dict[str, tuple[int, list[tuple[dict[str, Any], list[str]]]]] = {
    "sanguosha": (
        40,
        [
            *(({"players": n}, ["random"]) for n in range(2, 11)),
            *(({"players": n}, ["smart", "random"]) for n in range(2, 11)),
            *(({"players": n}, ["smart"]) for n in (2, 5, 8, 10)),
            ({"mode": "1v1"}, ["random"]),
            ({"mode": "1v1"}, ["smart", "random"]),
        ],
    ),
    "harmony": (
        15,
        [({}, ["random"]), ({}, ["greedy", "random"]), ({}, ["medium", "greedy"])],
    ),
    "carcassonne": (
        15,
        [
            *(({"players": n}, ["random"]) for n in range(2, 6)),
            *(({"players": n}, ["greedy", "random"]) for n in range(2, 6)),
        ],
    ),
    "muhq": (
        15,
        [
            ({}, ["random"]),
            ({}, ["greedy", "random"]),
            ({"draft": True}, ["random"]),
            ({"mode": "kraken"}, ["greedy", "random"]),
        ],
    ),
    "goofspiel": (15, [({}, ["random"]), ({}, ["greedy", "random"])]),
}


def jobs(total: int, seed: int) -> list[Job]:
    weight = sum(share for share, _ in MIX.values())
    out: list[Job] = []
    for game, (share, configs) in MIX.items():
        n = max(1, round(total * share / weight))
        for i in range(n):
            config, bots = configs[i % len(configs)]
            out.append((game, dict(config), seed + i, list(bots)))
    return out


_checker: LogChecker | None = None
_tmp = ""


def _start(every_seat: bool, tmp: str) -> None:
    global _checker, _tmp
    _checker = LogChecker(Validators(), every_seat=every_seat)
    _tmp = tmp


def run(job: Job) -> tuple[str, Checked, float, float]:
    game, config, seed, bots = job
    assert _checker is not None
    path = Path(_tmp) / f"{game}-{seed}-{'-'.join(bots)}-{sorted(config.items())}.sgslog"
    t0 = time.perf_counter()
    play(game, config, seed, bots, path)
    t1 = time.perf_counter()
    checked = _checker.check_path(str(path))
    t2 = time.perf_counter()
    path.unlink()
    return game, checked, t1 - t0, t2 - t1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="games in all (default 300)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--forms", action="store_true", help="one event message per form, not seat")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 100_000 or not 1 <= args.jobs <= 64:
        print("error: --games 1..100000, --jobs 1..64", file=sys.stderr)
        return 2
    todo = jobs(args.games, args.seed)
    per_game: dict[str, Checked] = {g: Checked() for g in MIX}
    played: Counter[str] = Counter()
    checking: Counter[str] = Counter()
    start = time.perf_counter()
    with (
        tempfile.TemporaryDirectory() as tmp,
        multiprocessing.get_context("spawn").Pool(args.jobs, _start, (not args.forms, tmp)) as pool,
    ):
        for game, checked, t_play, t_check in pool.imap_unordered(run, todo):
            per_game[game].add(checked)
            played[game] += t_play
            checking[game] += t_check
    wall = time.perf_counter() - start
    total = Checked()
    mode = "each form once" if args.forms else "every seat's and the spectator's"
    print(f"contract validation: {len(todo)} games, event messages: {mode}, {args.jobs} jobs")
    for game, checked in per_game.items():
        total.add(checked)
        n = sum(checked.counts.values())
        print(
            f"{game}: {checked.games} games, {n} messages validated, "
            f"{sum(checked.failed.values())} failures; play {played[game]:.1f} s, "
            f"validate {checking[game]:.1f} s ({n / max(checking[game], 1e-9):.0f} messages/s)"
        )
        for what, count in sorted(checked.counts.items()):
            print(
                f"    {what}: {count}"
                + (f" ({checked.failed[what]} failed)" * bool(checked.failed[what]))
            )
    n = sum(total.counts.values())
    failures = sum(total.failed.values())
    print(
        f"in all: {total.games} games, {n} messages validated, {failures} failures; "
        f"play {sum(played.values()):.1f} s, validate {sum(checking.values()):.1f} s "
        f"(CPU seconds over the jobs), {wall:.1f} s wall"
    )
    for what, count in sorted(total.counts.items()):
        print(f"    {what}: {count}")
    for line in total.failures:
        print(f"FAILED {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
