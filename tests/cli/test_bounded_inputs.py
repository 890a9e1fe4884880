"""Crafted files through the real `sgs` command: every number, count, size and depth read from a
file or a game's config has a bound, and past it the command ends with its one-line error (exit
2, or `sgs replay`'s own codes for a log) — never a traceback, never gigabytes of memory.

Each command runs in a child that caps its own address space (so a regression fails fast with a
`MemoryError` instead of taking the machine's memory) and reports its peak RSS. The limits are
listed in docs/wire.md, "Limits of files and options".
"""

from __future__ import annotations

import subprocess
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import pytest
from log_bytes import payloads_of, rechain

from replays.format import FRAME, MAGIC
from sgs.runner import play

ADDRESS_SPACE = 1 << 30  # the child's cap: an unbounded input dies well before it
PEAK_RSS_MB = 200  # every command below stays far under this once bounded (about 40-90 MB)
SANGUOSHA_SCENARIO = Path(__file__).parent.parent / "sanguosha" / "scenarios" / "aoe_dying.toml"

# Runs `sgs.cli.main(argv)` under an address-space cap and writes its peak RSS (KiB) to a file,
# whatever way it ends (a return code, SystemExit, or an exception and its traceback). The peak
# is the kernel's VmHWM of this process image: getrusage's ru_maxrss would also count the pytest
# process the child was forked from (Linux keeps it across exec).
CHILD = """
import re, resource, sys
cap, out, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
try:
    from sgs.cli import main
    code = main(argv)
finally:
    with open("/proc/self/status") as f:
        peak = re.search(r"VmHWM:\\s*(\\d+) kB", f.read()).group(1)
    with open(out, "w") as f:
        f.write(peak)
sys.exit(code)
"""


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    peak_mb: float


def sgs(tmp_path: Path, *argv: str, timeout: float = 120) -> Run:
    rss = tmp_path / "peak-rss"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(ADDRESS_SPACE), str(rss), *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    text = rss.read_text().strip() if rss.exists() else ""
    peak = int(text) / 1024 if text else float("inf")  # none: the child ran out of memory
    return Run(done.returncode, done.stdout, done.stderr, peak)


def refused(run: Run, *says: str, code: int = 2, prefix: str = "error: ") -> str:
    """The command ended with exactly one stderr line (starting with `prefix`) saying `says`,
    with exit `code`, no traceback, and little memory."""
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.peak_mb < PEAK_RSS_MB, f"peak RSS {run.peak_mb:.0f} MB"
    assert run.code == code, (run.code, run.stderr[-2000:])
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr[-2000:]
    assert lines[0].startswith(prefix), lines[0]
    for text in says:
        assert text in lines[0], lines[0]
    return lines[0]


# --- crafted files ---------------------------------------------------------------------------

MUHQ_SET = """
[set]
id = "X"
name = "X"

[[card]]
id = "X-1"
name = "X"
type = "unit"
buy = 1
life = 1
move = 1
upkeep = 0
"""


def deep_toml(depth: int = 5000) -> str:
    return "a = " + "[" * depth + "]" * depth + "\n"


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def framed(payload: bytes) -> bytes:
    return FRAME.pack(len(payload), zlib.crc32(payload)) + payload


def with_header(path: Path, out: Path, change: Callable[[dict[str, Any]], None]) -> str:
    """A copy of the log at `path` whose header record `change` edited (a fresh checksum)."""
    header, *rest = payloads_of(path)
    body = msgpack.unpackb(header)
    change(body)
    blob = MAGIC + framed(msgpack.packb(body)) + b"".join(framed(r) for r in rest)
    out.write_bytes(rechain(blob))  # format 4: every checksum chained from the one before
    return str(out)


# --- muhq content files ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "options"),
    [("store", []), ("pool", ["--option", "draft=true"])],
)
def test_a_content_file_with_a_huge_count_is_refused(
    tmp_path: Path, table: str, options: list[str]
) -> None:
    content = write(tmp_path / "bomb.toml", f"{MUHQ_SET}\n[{table}]\nX-1 = 200000000\n")
    run = sgs(tmp_path, "sim", "--game", "muhq", "--option", f"content={content}", *options)
    refused(run, "bomb.toml", f"[{table}]", "200000000", "100")


def test_a_content_file_with_a_huge_map_is_refused(tmp_path: Path) -> None:
    row = ". " * 5000
    grid = "\n".join([f"K1 K2 {row}", *([f".  .  {row}"] * 3)])
    content = write(
        tmp_path / "wide.toml",
        f'[map]\nid = "WIDE"\nname = "w"\nplayers = 2\nresource_gain = 1\n'
        f'grid = """\n{grid}\n"""\n[map.win]\nkind = "vip"\ncard = "PROV-00"\n',
    )
    run = sgs(tmp_path, "sim", "--game", "muhq", "--option", f"content={content}", "--games", "1")
    refused(run, "wide.toml", "map WIDE", "26")


# --- TOML files: depth, size, integers -----------------------------------------------------


@pytest.mark.parametrize("game", ["sanguosha", "harmony", "carcassonne", "muhq"])
def test_a_scenario_nested_5000_deep_is_refused(tmp_path: Path, game: str) -> None:
    scenario = write(tmp_path / "deep.toml", deep_toml())
    run = sgs(tmp_path, "sim", "--game", game, "--scenario", scenario)
    refused(run, "deep.toml", "nested deeper than 32")


def test_a_content_file_nested_5000_deep_is_refused(tmp_path: Path) -> None:
    content = write(tmp_path / "deep.toml", deep_toml())
    run = sgs(tmp_path, "sim", "--game", "muhq", "--option", f"content={content}")
    refused(run, "deep.toml", "nested deeper than 32")


def test_an_option_value_nested_5000_deep_is_refused(tmp_path: Path) -> None:
    value = "[" * 5000 + "]" * 5000
    run = sgs(tmp_path, "sim", "--game", "harmony", "--option", f"variants={value}")
    refused(run, "--option variants", "nested deeper than 32")


def test_a_tables_file_nested_5000_deep_is_refused(tmp_path: Path) -> None:
    tables = write(tmp_path / "tables.toml", deep_toml())
    run = sgs(tmp_path, "serve", "--lobby", "--tables", tables, "--log-dir", str(tmp_path / "logs"))
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.code == 2
    assert run.stderr.strip().splitlines()[-1].startswith("error: ")
    assert "tables.toml" in run.stderr and "nested deeper than 32" in run.stderr
    assert run.peak_mb < PEAK_RSS_MB


def test_a_scenario_over_one_mib_is_refused(tmp_path: Path) -> None:
    padding = ("# " + "x" * 98 + "\n") * 11_000  # 1.1 MB of comments
    scenario = write(tmp_path / "big.toml", SANGUOSHA_SCENARIO.read_text() + padding)
    run = sgs(tmp_path, "sim", "--game", "sanguosha", "--scenario", scenario, "--games", "1")
    refused(run, "big.toml", "1 MiB")


def test_an_integer_past_64_bits_is_refused(tmp_path: Path) -> None:
    run = sgs(
        tmp_path,
        *("sim", "--game", "sanguosha", "--games", "1", "--log-dir", str(tmp_path / "logs")),
        *("--option", f"max_rounds={10**30}"),
    )
    refused(run, "--option max_rounds", "out of range")


def test_a_scenario_with_a_huge_count_is_refused(tmp_path: Path) -> None:
    text = SANGUOSHA_SCENARIO.read_text().replace("hp = 1\n", "hp = 1\nlost = 200000000\n")
    scenario = write(tmp_path / "lost.toml", text)
    run = sgs(tmp_path, "sim", "--game", "sanguosha", "--scenario", scenario, "--games", "1")
    refused(run, "lost", "200000000")


# --- logs: the header's config ---------------------------------------------------------------


@pytest.fixture(scope="module")
def muhq_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("muhq") / "muhq.sgslog"
    play("muhq", {"max_rounds": 2}, 1, ["random"], path)
    return path


@pytest.fixture(scope="module")
def sanguosha_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from game_agent.games.sanguosha.scenario import config_from_file

    path = tmp_path_factory.mktemp("sgs") / "sanguosha.sgslog"
    play("sanguosha", config_from_file(SANGUOSHA_SCENARIO), 1, ["random"], path)
    return path


def cannot_reexecute(run: Run, *says: str) -> None:
    """`sgs replay --verify`'s existing form for a log whose config the ruleset refuses: one
    line, `FILE: cannot re-execute: WHY`, exit 1."""
    refused(run, "cannot re-execute", *says, code=1, prefix="")


def test_verify_refuses_a_log_whose_config_holds_a_content_bomb(
    tmp_path: Path, muhq_log: Path
) -> None:
    def bomb(header: dict[str, Any]) -> None:
        text = f"{MUHQ_SET}\n[store]\nX-1 = 200000000\n"
        header["config"]["content"] = [["my.toml", text]]
        header["config"]["sets"] = ["PROV-CORE", "X"]

    log = with_header(muhq_log, tmp_path / "bomb.sgslog", bomb)
    cannot_reexecute(sgs(tmp_path, "replay", "--verify", log), "[store]", "200000000")


def test_verify_refuses_a_log_whose_config_holds_a_deep_toml_scenario(
    tmp_path: Path, sanguosha_log: Path
) -> None:
    def deep(header: dict[str, Any]) -> None:
        header["config"]["scenario"] = deep_toml()

    log = with_header(sanguosha_log, tmp_path / "deep.sgslog", deep)
    cannot_reexecute(sgs(tmp_path, "replay", "--verify", log), "nested deeper than 32")


def test_verify_refuses_a_log_whose_scenario_has_a_huge_count(
    tmp_path: Path, sanguosha_log: Path
) -> None:
    def lost(header: dict[str, Any]) -> None:
        header["config"]["scenario"]["seats"][1]["lost"] = 200_000_000

    log = with_header(sanguosha_log, tmp_path / "lost.sgslog", lost)
    cannot_reexecute(sgs(tmp_path, "replay", "--verify", log), "lost", "200000000")


# --- logs: one record --------------------------------------------------------------------------

EMPTY_ARRAYS = 8 << 20  # an 8 MB record: before the bound, ~650 MB of Python lists


def empty_arrays(flat: bool = False) -> bytes:
    """A record of 8 M empty arrays: in one array (`flat`), or in 32 arrays of 256 K each (no
    array is longer than a real record's could be; only their number is too large)."""
    if flat:
        return b"\xdd" + EMPTY_ARRAYS.to_bytes(4, "big") + b"\x90" * EMPTY_ARRAYS
    chunk = EMPTY_ARRAYS // 32
    return b"\xdc\x00\x20" + (b"\xdd" + chunk.to_bytes(4, "big") + b"\x90" * chunk) * 32


@pytest.fixture(scope="module")
def arrays_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole Harmony log, then one record of 8 M empty arrays (a valid frame and checksum)."""
    path = tmp_path_factory.mktemp("arrays") / "arrays.sgslog"
    play("harmony", {}, 1, ["random"], path)
    path.write_bytes(rechain(path.read_bytes() + framed(empty_arrays())))
    return path


def test_replay_stops_at_a_record_of_millions_of_empty_arrays(
    tmp_path: Path, arrays_log: Path
) -> None:
    run = sgs(tmp_path, "replay", str(arrays_log))
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.peak_mb < PEAK_RSS_MB, f"peak RSS {run.peak_mb:.0f} MB"
    assert run.code == 1  # a damaged log: what could be read, then the damage
    assert "!! the log is damaged" in run.stdout and "arrays and maps" in run.stdout


def test_verify_stops_at_a_record_of_millions_of_empty_arrays(
    tmp_path: Path, arrays_log: Path
) -> None:
    run = sgs(tmp_path, "replay", "--verify", str(arrays_log))
    refused(run, "damaged log", "arrays and maps", code=1, prefix="")


@pytest.mark.parametrize("flat", [False, True], ids=["in-32-arrays", "in-one-array"])
def test_a_header_of_millions_of_empty_arrays_is_an_unusable_log(
    tmp_path: Path, flat: bool
) -> None:
    log = tmp_path / "header.sgslog"
    log.write_bytes(rechain(MAGIC + framed(empty_arrays(flat))))
    for argv in (["replay", "--verify", str(log)], ["replay", str(log)]):
        refused(sgs(tmp_path, *argv), "unreadable header", "too many arrays and maps")
