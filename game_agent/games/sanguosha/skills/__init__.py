"""The generals' skills: one module per skill, each declaring its `SKILL` bundle (`skill.py`).

`STANDARD` is the standard edition's 40 skills, in the order of rules §3.2.
"""

from __future__ import annotations

import importlib

from game_agent.games.sanguosha.skill import Skill

NAMES: tuple[str, ...] = (
    # Wei
    "jianxiong", "hujia", "guicai", "fankui", "ganglie", "tuxi", "luoyi", "tiandu", "yiji",
    "luoshen", "qingguo",
    # Shu
    "rende", "jijiang", "wusheng", "paoxiao", "guanxing", "kongcheng", "longdan", "mashu",
    "tieqi", "jizhi", "qicai",
    # Wu
    "zhiheng", "jiuyuan", "qixi", "keji", "kurou", "yingzi", "fanjian", "guose", "liuli",
    "qianxun", "lianying", "jieyin", "xiaoji",
    # Qun
    "qingnang", "jijiu", "wushuang", "lijian", "biyue",
)  # fmt: skip


def _load(name: str) -> Skill:
    skill: Skill = importlib.import_module(f"{__name__}.{name}").SKILL
    if skill.id != name:
        raise ValueError(f"skills/{name}.py declares the skill {skill.id!r}")
    return skill


STANDARD: tuple[Skill, ...] = tuple(_load(n) for n in NAMES)
