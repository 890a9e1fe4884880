"""`table` in the line console (`sgs play --plain`) at served Sanguosha tables (`sgs serve` and
`sgs play` as processes on free 127.0.0.1 ports): every other seat's distance from you and
whether it is within your attack range, your own attack range, the target step's title naming
the card, and in 1v1 the warm and the cool side instead of lord and renegade."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_plain_console import RAW, WAIT, Person, Proc, serve

SCENARIOS = Path(__file__).resolve().parents[1] / "sanguosha" / "scenarios"


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    out: list[Proc] = []
    yield out
    for p in out:
        p.kill()


def seat_line(block: list[str], seat: int) -> str:
    return next(x for x in block if x.startswith(f"seat {seat}"))


def test_table_shows_distances_and_the_target_step_names_the_card(
    procs: list[Proc], tmp_path: Path
) -> None:
    """Ma Chao (Mashu, Dayuan, no weapon) at seat 0: distance 1 to all but Lü Meng (seat 3,
    Jueying), at 2 and out of range (rules test_mashu_stacks_with_a_minus_horse...)."""
    endpoint, token, _ = serve(
        procs, tmp_path, "--game", "sanguosha",
        "--scenario", str(SCENARIOS / "skills" / "mashu.toml"),
        "--bots=-,random,random,random,random,random", "--seed", "1",
    )  # fmt: skip
    person = Person(procs, tmp_path, endpoint, token)
    first = person.prompt()
    assert first is not None and any("Your play phase" in x for x in first), first
    person.type("table")
    table = person.prompt()
    assert table is not None
    assert re.search(r"^seat 0 \(you\): Ma Chao, .*, attack range 1$", seat_line(table, 0))
    for seat in (1, 2, 4, 5):
        assert seat_line(table, seat).endswith(", distance 1 (within your attack range)")
    assert seat_line(table, 3).endswith(", distance 2 (out of your attack range)")
    slash = next(m.group(1) for x in first if (m := re.match(r"  (\d+)\) ♠7 Slash on ", x)))
    person.type(slash)
    step = person.prompt()
    assert step is not None
    title = next(x for x in step if x.startswith("--- your decision #"))
    assert "Choose the target of ♠7 Slash." in title, step
    person.type("q")  # leave the table (the seat stays ours)
    assert person.proc.popen.wait(WAIT) == 0
    for line in person.proc.lines:
        assert not RAW.search(line), line


def test_1v1_table_shows_the_warm_and_the_cool_side(procs: list[Proc], tmp_path: Path) -> None:
    endpoint, token, _ = serve(
        procs, tmp_path, "--game", "sanguosha", "--mode", "1v1", "--bots=-,random", "--seed", "4"
    )
    person = Person(procs, tmp_path, endpoint, token)
    assert person.prompt() is not None
    person.type("table")
    table = person.prompt()
    assert table is not None
    lines = [seat_line(table, 0), seat_line(table, 1)]
    assert sorted(", warm side" in x for x in lines) == [False, True], lines
    assert sorted(", cool side" in x for x in lines) == [False, True], lines
    assert not any(re.search(r"\b(lord|renegade)\b", x) for x in lines), lines
    person.type("q")
    assert person.proc.popen.wait(WAIT) == 0
