"""The generals' skills: one module per skill, each declaring its `SKILL` bundle (`skill.py`).

`STANDARD` is the standard edition's 40 skills: those the contract's generals name, in their
order (which is rules §3.2's).
"""

from __future__ import annotations

import importlib

from game_agent.games.sanguosha.skill import Skill
from protocol.games.sanguosha.generals import GENERALS

NAMES: tuple[str, ...] = tuple(dict.fromkeys(s for g in GENERALS.values() for s in g.skills))


def _load(name: str) -> Skill:
    skill: Skill = importlib.import_module(f"{__name__}.{name}").SKILL
    if skill.id != name:
        raise ValueError(f"skills/{name}.py declares the skill {skill.id!r}")
    return skill


STANDARD: tuple[Skill, ...] = tuple(_load(n) for n in NAMES)
