"""Files a server or an agent reads back (a table's seats file, an agent's `--record`
transcript) cannot end in a traceback: a crafted one is refused or cut where it stops being
one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game_agent.server.seats import MAX_SIDECAR_BYTES, read_sidecar, sidecar_path
from user_agent.client import Transcript

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (DEEP, "nested too deeply"),
        (" " * (MAX_SIDECAR_BYTES + 1), "more than 1048576 bytes"),
        ('{"sidecar": ', "Expecting value"),
    ],
    ids=["deep", "large", "torn"],
)
def test_a_crafted_seats_file_is_refused(tmp_path: Path, text: str, says: str) -> None:
    log = str(tmp_path / "t.sgslog")
    Path(sidecar_path(log)).write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=f"not a seats file .*{says}"):
        read_sidecar(log)


@pytest.mark.parametrize("bad", [DEEP, "[1, 2]", '"text"'], ids=["deep", "list", "string"])
def test_a_transcript_is_cut_at_a_line_that_is_not_a_record(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "seat0.jsonl"
    good = json.dumps({"t": "event", "seq": 0, "kind": "k", "data": {}})
    path.write_text(f"{good}\n{bad}\n{good}\n", encoding="utf-8")
    record = Transcript(str(path))
    try:
        assert record.last_seq == 0 and len(record.events) == 1
    finally:
        record.close()
    assert path.read_text(encoding="utf-8") == good + "\n"
