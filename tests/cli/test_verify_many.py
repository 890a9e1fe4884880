"""`sgs replay --verify FILE|DIR...` (sgs/verifying.py): many logs in one call, over worker
processes, each checked exactly as one log is; one line per log in order, a summary line, and the
exit code of the worst log. Through the real command, on logs `sgs sim` wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from sgs_process import sgs

pytestmark = pytest.mark.surface

GAMES = 6


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("logs")
    run = sgs(
        "sim", "--game", "sanguosha", "--players", "5", "--bots", "random", "--games",
        str(GAMES), "--seed", "3", "--log-dir", str(out / "sub"), "-q",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return out


def test_a_directory_of_logs_verifies_in_order_over_workers(logs: Path) -> None:
    run = sgs("replay", "--verify", str(logs), "--jobs", "2")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    names = sorted(str(p) for p in (logs / "sub").glob("*.sgslog"))
    assert len(names) == GAMES
    assert [line.split(": OK")[0] for line in lines[:-1]] == names
    assert lines[-1].startswith(f"verified {GAMES} logs: {GAMES} OK;")
    assert "2 processes" in lines[-1]


def test_one_bad_log_among_many_is_named_and_fails_the_call(logs: Path, tmp_path: Path) -> None:
    good = sorted((logs / "sub").glob("*.sgslog"))
    bad = tmp_path / "torn.sgslog"
    bad.write_bytes(good[0].read_bytes()[:-10])  # torn: the last record cut short
    run = sgs("replay", "--verify", str(good[1]), str(bad), str(good[2]))
    assert run.returncode == 1
    out = run.stdout.splitlines()
    assert out == [line for line in out if ": OK" in line] and len(out) == 2
    assert f"{bad}: damaged log" in run.stderr
    assert "verified 3 logs: 2 OK, 1 failed;" in run.stderr


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--verify", "{empty}"], "no .sgslog file in this directory"),
        (["--verify", "{missing}"], "cannot read (No such file or directory)"),
        (["--verify", "{one}", "{missing}"], "nope: no such file or directory"),
        (["--verify", "{logs}", "--jobs", "0"], "--jobs must be from 1 to 256"),
        (["{one}", "{one}"], "several files go with --verify"),
        (["{one}", "--jobs", "2"], "--jobs goes with --verify"),
    ],
)
def test_paths_and_options_it_cannot_use(
    logs: Path, tmp_path: Path, argv: list[str], says: str
) -> None:
    (tmp_path / "empty").mkdir()
    one = str(next((logs / "sub").glob("*.sgslog")))
    names = {"empty": str(tmp_path / "empty"), "missing": str(tmp_path / "nope"), "logs": str(logs)}
    run = sgs("replay", *(a.format(one=one, **names) for a in argv))
    assert run.returncode == 2
    assert run.stderr.startswith("error: ") and says in run.stderr
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
