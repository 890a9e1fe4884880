"""The `sgs` command as a user runs it: a child process of this interpreter, no standard input."""

from __future__ import annotations

import subprocess
import sys


def sgs(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
    )
