"""`--bots -,smart` (a list whose first seat is open) is a value, not an option, in every command
that takes `--bots` (`sgs.cli.dash_values`): through the real `sgs` command."""

from __future__ import annotations

import pytest
from sgs_process import sgs
from wire_support import Procs, procs

from sgs.cli import dash_values
from sgs.offline import main as offline_main

__all__ = ["procs"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["serve", "--bots", "-,smart"], ["serve", "--bots=-,smart"]),
        (["serve", "--bots", "-,-", "--seed", "1"], ["serve", "--bots=-,-", "--seed", "1"]),
        (["serve", "--bots", "-"], ["serve", "--bots", "-"]),  # argparse reads a lone `-`
        (["serve", "--bots=-,smart"], ["serve", "--bots=-,smart"]),
        (["serve", "-q", "-,x"], ["serve", "-q", "-,x"]),  # a short option: left to argparse
        (["sim", "--", "--bots", "-,x"], ["sim", "--", "--bots", "-,x"]),
        (["sim", "--bots", "random", "-,x"], ["sim", "--bots", "random", "-,x"]),
    ],
)
def test_dash_values_joins_only_a_value_that_starts_with_dash_comma(
    argv: list[str], expected: list[str]
) -> None:
    assert dash_values(argv) == expected


@pytest.mark.parametrize("bots", ["-,random", "-"])
def test_serve_opens_seat_0_with_a_list_that_starts_with_dash(procs: Procs, bots: str) -> None:
    served = procs.serve("--game", "harmony", "--seed", "1", "--bots", bots)
    opened = {0} if bots == "-,random" else {0, 1}
    assert set(served.tokens) == opened, served.proc.output()
    if bots == "-,random":
        assert "seat 1: bot process random" in served.proc.lines


@pytest.mark.parametrize("command", ["sim", "arena"])
def test_sim_and_arena_read_the_list_and_name_the_open_seat(command: str) -> None:
    # `-` is no bot in a simulation: the list is read, and its `-` refused by name.
    done = sgs(command, "--game", "harmony", "--games", "2", "--bots", "-,random")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        "error: unknown bot '-': use one of random, greedy, medium or module:Class"
    ]


def test_offline_reads_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert offline_main(["--game", "harmony", "--bots", "-,random"]) == 2
    assert "unknown bot '-'" in capsys.readouterr().err
