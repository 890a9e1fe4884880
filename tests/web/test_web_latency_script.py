"""`benchmarks/web_latency.py` itself, small: one 2-player game played in Chromium, both figures
measured for every request the page answered (the gateway's `request drawn` lines, the page's
own timings). No figure is judged here: only that the script measures what it says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wire_support import WAIT

ROOT = Path(__file__).resolve().parents[2]


def test_the_latency_benchmark_measures_every_request(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "web_latency.py"), "--games", "1",
         "--json", str(tmp_path / "figures.json")],
        capture_output=True, text=True, timeout=3 * WAIT, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    figures = json.loads((tmp_path / "figures.json").read_text())
    assert figures["requests"] > 5
    for name in ("gateway_ms", "browser_ms"):
        f = figures[name]
        assert f["n"] == figures["requests"], (name, f)
        assert 0 < f["p50"] <= f["p95"]
    assert "request at the gateway -> page's drawn frame: p50" in out.stdout
