"""protocol/PROTOCOL.md carries a generated section: every game's event and request types,
from the schemas. A game missing from it fails this test; a stale table warns. Regenerate with

    SGS_REGEN_PROTOCOL_DOC=1 .venv/bin/pytest tests/wire/test_wire_protocol_doc.py
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import threading
import warnings
from pathlib import Path
from typing import Any

from conftest import WAIT, Procs

import protocol.games
from protocol.fields import Fields, describe
from protocol.messages import MESSAGE_FIELDS
from protocol.registry import COMMON_EVENTS, COMMON_REQUESTS, GameSchema, get_schema
from replays import read_log, verify

DOC = Path(__file__).resolve().parents[2] / "protocol" / "PROTOCOL.md"
BEGIN = "<!-- BEGIN GENERATED: game schemas (tests/wire/test_wire_protocol_doc.py) -->"
END = "<!-- END GENERATED: game schemas -->"


def kind_of(spec: object) -> str:
    """A field type in PROTOCOL.md's words (section 2): map for dict, "or" for unions."""
    return describe(spec).replace("dict", "map").replace(" | ", " or ")


def fields(spec: Fields) -> str:
    if not spec:
        return "(none)"
    return ", ".join(f"`{name}`: {kind_of(s)}" for name, s in spec.items())


def game_section(schema: GameSchema) -> list[str]:
    lines = [f"### `{schema.name}` (schema version {schema.version})", ""]
    lines += ["| event | fields (full form) | public form, for seats outside the audience |"]
    lines += ["|---|---|---|"]
    for kind, spec in schema.events.items():
        public = fields(schema.redacted[kind]) if kind in schema.redacted else "same"
        common = " (common)" if kind in COMMON_EVENTS else ""
        lines.append(f"| `{kind}`{common} | {fields(spec)} | {public} |")
    lines += ["", "| request kind | `info` fields |", "|---|---|"]
    for kind, spec in schema.requests.items():
        common = " (common)" if kind in COMMON_REQUESTS else ""
        lines.append(f"| `{kind}`{common} | {fields(spec)} |")
    return [*lines, ""]


def generated() -> str:
    modules = pkgutil.iter_modules(protocol.games.__path__)
    names = sorted(m.name for m in modules if not m.name.startswith("_"))
    lines = [BEGIN, ""]
    for name in names:
        importlib.import_module(f"protocol.games.{name}")
        lines += game_section(get_schema(name))
    lines += ["#### Envelope field table (from `protocol/messages.py`)", ""]
    lines += ["| `t` | fields |", "|---|---|"]
    for kind, spec in MESSAGE_FIELDS.items():
        lines.append(f"| `{kind}` | {fields(spec)} |")
    return "\n".join([*lines, "", END])


def test_protocol_doc_lists_every_game_schema() -> None:
    text = DOC.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    fresh = generated()
    if os.environ.get("SGS_REGEN_PROTOCOL_DOC"):
        DOC.write_text(text[:start] + fresh + text[end:])
        text = DOC.read_text()
        start, end = text.index(BEGIN), text.index(END) + len(END)
    section = text[start:end]
    for line in fresh.splitlines():
        if line.startswith("### "):
            assert line in section, f"PROTOCOL.md has no section for {line[4:]}"
    if section != fresh:
        # Rulesets evolve their schemas concurrently: a stale table is a warning, not a failure.
        warnings.warn(
            "PROTOCOL.md section 15 is behind protocol/games; regenerate it with "
            "SGS_REGEN_PROTOCOL_DOC=1 .venv/bin/pytest tests/wire/test_wire_protocol_doc.py",
            stacklevel=1,
        )


def test_the_minimal_bot_of_the_spec_plays_a_whole_game(procs: Procs) -> None:
    """Section 14's bot, taken from PROTOCOL.md as written, plays seat 1 to the end."""
    text = DOC.read_text()
    section = text[text.index("## 14. A minimal bot") :]
    code = section[section.index("```python") + len("```python") : section.index("```\n\n##")]
    served = procs.serve("--game", "harmony", "--bots", "greedy,-", "--seed", "12")
    namespace: dict[str, Any] = {}
    exec(compile(code, "PROTOCOL.md section 14", "exec"), namespace)
    bot = threading.Thread(
        target=namespace["run"], args=(served.endpoint, 1, served.tokens[1]), daemon=True
    )
    bot.start()
    bot.join(WAIT)  # bounded: the bot returns when the server says bye
    assert not bot.is_alive(), "the minimal bot did not finish"
    assert served.proc.wait() == 0, served.proc.output()
    log = read_log(served.log_path)
    assert log.decisions and not any(d.timeout for d in log.decisions)
    assert verify(served.log_path).ok
