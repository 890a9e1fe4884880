"""The game-free benchmark scripts themselves, small: `benchmarks/games_soak.py` over every
registered game and with a game's own soak section (the 10,000-game runs' figures are in
docs/carcassonne.md, docs/sanguosha.md, docs/muhq.md), `benchmarks/games_bench.py`, and
`benchmarks/fingerprint.py --compare` on a baseline older than a game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game_agent.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


def script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_soak_plays_every_registered_game() -> None:
    out = script("games_soak.py", "--games", "2")
    assert out.returncode == 0, out.stderr
    for game in GAMES:
        assert f"OK: {game}: 2 games" in out.stdout
    assert out.stdout.count("2 logs verified") == len(GAMES)


def test_a_soak_section_checks_and_counts_its_game() -> None:
    out = script("games_soak.py", "--game", "carcassonne", "--games", "24")
    assert out.returncode == 0, out.stderr
    assert "OK: carcassonne: 24 games" in out.stdout
    assert "24 logs verified" in out.stdout
    assert "games by players: {2: 6, 3: 6, 4: 6, 5: 6}" in out.stdout


def test_the_bench_prints_each_games_rows_and_measures() -> None:
    out = script("games_bench.py", "--game", "carcassonne", "--games", "2")
    assert out.returncode == 0, out.stderr
    assert "carcassonne, in-process" in out.stdout
    assert "4p greedy: greedy bots" in out.stdout
    assert "2p engine + whole-board analyse/turn" in out.stdout


def row(digest: str) -> dict[str, object]:
    return {k: digest for k in ("log", "views", "requests", "folded", "text")}


def test_fingerprint_compare_reports_a_new_row_and_fails_a_changed_one(tmp_path: Path) -> None:
    old = {"games": 1, "rows": {"a 2p": row("x")}}
    same = {"games": 1, "rows": {"a 2p": row("x"), "b 2p": row("y")}}
    changed = {"games": 1, "rows": {"a 2p": row("z"), "b 2p": row("y")}}
    paths = []
    for n, data in enumerate((old, same, changed)):
        paths.append(tmp_path / f"{n}.json")
        paths[-1].write_text(json.dumps(data))
    ok = script("fingerprint.py", "--compare", str(paths[0]), str(paths[1]))
    assert ok.returncode == 0, ok.stdout
    assert "1 new in B" in ok.stdout
    bad = script("fingerprint.py", "--compare", str(paths[0]), str(paths[2]))
    assert bad.returncode == 1, bad.stdout
    lost = script("fingerprint.py", "--compare", str(paths[1]), str(paths[0]))
    assert lost.returncode == 1, lost.stdout
