"""protocol/PROTOCOL.md carries a generated section 15, the bot authors' reference (every game's
events and request contracts, with examples from seeded games: `sgs.reference`). It must be what
the code says: a schema or a contract changed without it fails here, through the real command.
Regenerate with `sgs reference --write`. Section 14's minimal bot must play a whole game."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from conftest import WAIT, Procs
from sgs_process import sgs

from game_agent.games import GAMES
from protocol.registry import get_schema
from replays import read_log, verify
from sgs import reference

DOC = reference.DOC


def test_protocol_doc_is_what_the_code_says() -> None:
    behind = list(reference.stale())
    assert not behind, f"PROTOCOL.md section 15 is behind in {behind}: run `sgs reference --write`"
    text = DOC.read_text(encoding="utf-8")
    for game in GAMES:  # every game, every request kind, each with a real example
        schema = get_schema(game)
        assert f"### `{game}` (schema version {schema.version})" in text
        for kind in schema.requests:
            head = f"##### `{game}` `{kind}`"
            assert head in text, head
            part = text[text.index(head) :].split("\n##", 1)[0]
            if kind != "trigger":
                assert "- example (" in part, f"{game} {kind} has no example"


def test_a_stale_reference_is_caught_by_the_command(tmp_path: Any) -> None:
    """`sgs reference --check` fails on a section that lost a line, and `--write` mends it."""
    doc = tmp_path / "PROTOCOL.md"
    text = DOC.read_text(encoding="utf-8")
    doc.write_text(text.replace("- default: index 0: your lowest card\n", ""), encoding="utf-8")
    assert list(reference.stale(doc)) == ["`goofspiel` `bid`"]
    assert reference.write(doc) and doc.read_text(encoding="utf-8") == text
    done = sgs("reference", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


@pytest.mark.parametrize(
    "serve",
    [
        ("--game", "harmony", "--bots", "greedy,-", "--seed", "12"),
        ("--game", "sanguosha", "--players", "2", "--bots", "random,-", "--seed", "5"),
    ],
    ids=["harmony", "sanguosha"],
)
def test_the_minimal_bot_of_the_spec_plays_a_whole_game(procs: Procs, serve: Any) -> None:
    """Section 14's bot, taken from PROTOCOL.md as written, plays seat 1 to the end with
    random legal replies: none refused, none defaulted at a deadline."""
    text = DOC.read_text()
    section = text[text.index("## 14. A minimal bot") :]
    code = section[section.index("```python") + len("```python") : section.index("```\n\n##")]
    served = procs.serve(*serve)
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
