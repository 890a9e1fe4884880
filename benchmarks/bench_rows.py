"""The table every in-process benchmark prints: rows of (name, run(games, seed) -> decisions,
games), timed one after the other, with decisions/s and the ratio to the first row."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

Row = tuple[str, Callable[[int, int], int], int]


def print_rows(title: str, rows: Sequence[Row], seed: int, width: int = 36) -> None:
    base = None
    print(f"{title:{width}} {'decisions':>10} {'seconds':>8} {'dec/s':>10} {'ratio':>6}")
    for name, fn, games in rows:
        t0 = time.perf_counter()
        n = fn(games, seed)
        dt = time.perf_counter() - t0
        rate = n / dt
        base = base or rate
        print(f"{name:{width}} {n:10d} {dt:8.2f} {rate:10.0f} {rate / base:6.2f}")
