"""docs/sanguosha.md's skill table stays in step with the code: every skill, its general, its
kind and its module, one row each."""

from __future__ import annotations

from pathlib import Path

from game_agent.games.sanguosha.skills import STANDARD
from protocol.games.sanguosha.generals import GENERALS

DOC = Path(__file__).resolve().parents[2] / "docs" / "sanguosha.md"
PACKAGE = Path(__file__).resolve().parents[2] / "game_agent" / "games" / "sanguosha"


def rows() -> dict[str, list[str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("### The 40 skills", 1)[1].split("\n\n| Skill |", 1)[1]
    out = {}
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        module = cells[4].strip("`")
        out[Path(module).stem] = cells
    return out


def test_the_skill_table_lists_every_skill_as_built() -> None:
    table = rows()
    owner = {s: g for g in GENERALS.values() for s in g.skills}
    assert sorted(table) == sorted(s.id for s in STANDARD)
    for s in (k.about for k in STANDARD):
        cells = table[s.id]
        assert cells[0] == f"{s.title} {s.chinese}"
        assert cells[1] == owner[s.id].name
        assert cells[2] == s.kind + (", lord" if s.lord else "")
        assert (PACKAGE / cells[4].strip("`")).is_file()
        assert cells[5], f"{s.id}: no ruling written"
