"""The line console (`sgs play --plain`) at a served Carcassonne table: `sgs serve` and `sgs play`
run as processes on free 127.0.0.1 ports; requests are answered by option number as they
appear, with `hand`, `table` and `help` typed in between. Checks the sentences, the numbered
placements and follower options, the board under `table`, and that nothing raw is printed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_plain_console import RAW, WAIT, Person, Proc, serve

from game_agent.engine import Decision
from protocol.choices import RequestSpec
from replays import read_log

PLACEMENT = re.compile(r"^  (\d+)\) \((-?\d+),(-?\d+)\) turned (0|90|180|270)°$")
SKIP = re.compile(r"^  (\d+)\) no follower \(skip\)$")
FOLLOWER = re.compile(r"^  (\d+)\) (knight|thief|farmer|monk) on the (city|road|field|cloister) ")


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    out: list[Proc] = []
    yield out
    for p in out:
        p.kill()


def test_a_carcassonne_game_through_the_plain_console(procs: list[Proc], tmp_path: Path) -> None:
    endpoint, token, log_path = serve(
        procs, tmp_path, "--game", "carcassonne", "--players", "3",
        "--bots=-,random,random", "--seed", "11",
    )  # fmt: skip
    person = Person(procs, tmp_path, endpoint, token)
    first = person.prompt()
    assert first is not None
    assert any(line.startswith("--- your decision #") and "Place tile " in line for line in first)
    for command in ("hand", "table", "help"):
        person.type(command)
        assert person.prompt() is not None
    placements: list[int] = []  # the indices of the options typed for place_tile, in order
    deployed = skipped = tables = 0
    block: list[str] | None = first
    while block is not None:
        title = next((x for x in block if x.startswith("--- your decision #")), "")
        if "Place tile " in title:
            options = [m for x in block if (m := PLACEMENT.match(x))]
            assert options, block
            assert options[0].group(1) == "1", block  # numbered from 1, as full-screen
            typed = options[len(placements) % len(options)].group(1)
            placements.append(int(typed) - 1)  # the option's index
            person.type(typed)
        elif "put a follower on it?" in title:
            skip = [m.group(1) for x in block if (m := SKIP.match(x))]
            followers = [m for x in block if (m := FOLLOWER.match(x))]
            assert len(skip) == 1 and int(skip[0]) == len(followers) + 1, block  # skip: last
            if followers and deployed < 2:
                person.type(followers[0].group(1))
                deployed += 1
            else:
                person.type(skip[0])
                skipped += 1
        elif tables < 3:
            person.type("table")
            tables += 1
        else:
            person.type("d")
        block = person.prompt()
    person.close()
    assert person.proc.popen.wait(WAIT) == 0
    out = "\n".join(person.proc.lines)

    assert "Carcassonne has no hand: each turn a player draws one tile" in out  # `hand`
    assert "the tile being placed: " in out and "(your turn)" in out
    assert "Carcassonne's options are numbered too" in out  # `help`
    assert "followers in supply: seat 0 " in out and "the stack: " in out  # `table`
    assert "(the board cannot be drawn" not in out
    assert re.search(r"^Seat 0 places tile [A-X] at \(-?\d+,-?\d+\) turned \d+°\.$", out, re.M)
    assert re.search(r"^Seat [12] draws tile [A-X]; \d+ tiles left\.$", out, re.M)
    assert deployed and re.search(r"^Seat 0 puts a (knight|thief|farmer|monk) on the ", out, re.M)
    assert skipped
    assert re.search(r"^=== game over: .*(wins|share the win).*: the stack is empty", out, re.M)
    for line in person.proc.lines:
        assert not RAW.search(line), line

    # the log agrees: every placement of seat 0 is the option typed
    log = read_log(log_path)
    reqs = {(r.seat, r.id): r for r in log.records if isinstance(r, RequestSpec)}
    chosen = [
        d.choice
        for d in log.records
        if isinstance(d, Decision) and d.seat == 0 and reqs[(0, d.id)].kind == "place_tile"
    ]
    assert chosen == placements and len(chosen) >= 10
