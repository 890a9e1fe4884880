"""`benchmarks/log_shapes.py` runs on one game and prints both packings (no time is checked:
the measured figures are in docs/wire.md). What it measures must be what it says: the
positional packing of the same records is smaller, and both count the same records."""

from __future__ import annotations

import re

from test_envs_bench_script import run


def test_one_game_packed_both_ways() -> None:
    out = run("log_shapes.py", "--games", "1", "--rounds", "1")
    assert out.returncode == 0, out.stderr
    records = re.search(r"^1 games, (\d+) records", out.stdout, re.M)
    plain = re.search(r"^packed as they are: [\d.]+ s, (\d+) bytes$", out.stdout, re.M)
    shaped = re.search(r"^packed by shape: +[\d.]+ s, (\d+) bytes \((\d+)% of", out.stdout, re.M)
    assert records and plain and shaped, out.stdout
    assert int(records[1]) > 10
    assert 0 < int(shaped[1]) < int(plain[1])
    assert abs(int(shaped[2]) - 100 * int(shaped[1]) / int(plain[1])) <= 0.5
