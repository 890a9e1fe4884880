"""Would a log that packs fewer bytes per decision make `sgs sim` with a log cheaper? (issue 25,
item 4: sim with a log <= 1.10x sim's time.) The format-4 records of 5-player Sanguosha games
(random bots), packed as they are and packed with every map written positionally (its keys
replaced by the number of their shape, each shape written once), side by side in one run:

    .venv/bin/python benchmarks/log_shapes.py --games 20 --rounds 3

The records are captured first (the encoder's `pack` replaced by a list's `append`), so only
the packing and the change of shape are timed, each as the fastest of the rounds. Nothing
here is a log format the project writes: it measures whether one is worth writing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgpack
from log_bench import play_with  # beside this script

from replays.format import Encoder, _loose


class Captured(Encoder):
    """The encoder, keeping each record it would pack instead of packing it."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[Any] = []
        self.pack = self._keep

    def _keep(self, record: Any) -> bytes:
        self.records.append(record)
        return b""

    def close(self) -> None:
        return None


def records_of(games: int, players: int) -> list[Any]:
    """The records of log_bench's games (the same game, bots and seeds)."""
    out: list[Any] = []
    for seed in range(1, games + 1):
        captured = Captured()
        play_with({"players": players}, seed, lambda game, c=captured: c)
        out += captured.records
    return out


def positional(shapes: dict[tuple[str, ...], int]) -> Callable[[Any], Any]:
    """A map becomes [shape number, *values]; lists are walked; the rest is kept."""

    def walk(o: Any) -> Any:
        t = type(o)
        if t is dict:
            keys = tuple(o)
            number = shapes.get(keys)
            if number is None:
                number = shapes[keys] = len(shapes)
            return [number, *[walk(v) for v in o.values()]]
        if t is list:
            return [walk(v) for v in o]
        return o

    return walk


def fastest(rounds: int, run: Callable[[], int]) -> tuple[float, int]:
    best, size = float("inf"), 0
    for _ in range(rounds):
        t = time.perf_counter()
        size = run()
        best = min(best, time.perf_counter() - t)
    return best, size


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--players", type=int, default=5)
    args = ap.parse_args()
    t = time.perf_counter()
    records = records_of(args.games, args.players)
    play = time.perf_counter() - t
    pack = msgpack.Packer(use_bin_type=True, strict_types=True, default=_loose).pack

    def as_they_are() -> int:
        return sum(len(pack(r)) for r in records)

    def by_shape() -> int:
        shapes: dict[tuple[str, ...], int] = {}
        walk = positional(shapes)
        body = sum(len(pack(walk(r))) for r in records)
        return body + sum(len(pack(list(k))) for k in shapes)  # each shape written once

    plain, plain_bytes = fastest(args.rounds, as_they_are)
    shaped, shaped_bytes = fastest(args.rounds, by_shape)
    print(f"{args.games} games, {len(records)} records; playing them took {play:.3f} s "
          "(capture included)")  # fmt: skip
    print(f"packed as they are: {plain:.4f} s, {plain_bytes} bytes")
    print(
        f"packed by shape:    {shaped:.4f} s, {shaped_bytes} bytes "
        f"({shaped_bytes / plain_bytes:.0%} of the bytes, {shaped / plain:.1f}x the time)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
