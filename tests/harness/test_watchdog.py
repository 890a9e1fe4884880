"""The suite's guard against hung tests (pyproject's pytest-timeout settings, tests/watchdog.py
and `make test`'s `--max-worker-restart`), run on a small suite of its own through real pytest
and pytest-xdist processes: a wait Python can break fails its test with the line it waited on
and the worker goes on; a wait it cannot break ends the worker with every thread's stack, and
the run still ends, naming the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

SUITE = {
    "conftest.py": "import watchdog\nwatchdog.GRACE = 1.0\n",
    "test_hangs.py": """
import signal
import time


def test_waits_in_python():
    time.sleep(600)


def test_waits_where_no_signal_reaches():
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
    time.sleep(600)
""",
    "test_fine.py": "def test_fine():\n    pass\n",
}


def test_a_hung_test_fails_or_ends_its_worker_and_the_run_ends(tmp_path: Path) -> None:
    for name, text in SUITE.items():
        (tmp_path / name).write_text(text)
    timeouts = ("timeout", "timeout_method")
    ini = [x for x in (ROOT / "pyproject.toml").read_text().splitlines() if x.startswith(timeouts)]
    assert ini == ["timeout = 300", 'timeout_method = "signal"'], ini  # what the suite runs with
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 2\ntimeout_method = signal\n")
    xdist = [x for x in (ROOT / "Makefile").read_text().splitlines() if x.startswith("XDIST :=")]
    assert xdist == ["XDIST := -n $(JOBS) --dist loadscope --max-worker-restart 0"], xdist
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "watchdog", "-p", "no:cacheprovider"]
    argv += [*xdist[0].split(":=")[1].replace("$(JOBS)", "2").split(), str(tmp_path)]
    done = subprocess.run(
        argv, cwd=tmp_path, env={"PYTHONPATH": str(TESTS), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "FAILED test_hangs.py::test_waits_in_python - Failed: Timeout" in out, out
    assert "in test_waits_in_python\n" not in out  # failed in place: its worker printed no stack
    crashed = "crashed while running 'test_hangs.py::test_waits_where_no_signal_reaches'"
    assert crashed in out, out
    assert "[gw2]" not in out, out  # the crashed worker was not replaced: the run ended
    assert 'test_hangs.py", line 12 in test_waits_where_no_signal_reaches' in out, out
