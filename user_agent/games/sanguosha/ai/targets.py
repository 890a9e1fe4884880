"""Whom to aim at: a score per candidate seat for each targeted card (> 0: worth doing)."""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import is_black

Card = dict[str, Any]


def hostility(sit: Situation, t: int) -> float:
    """How much hurting `t` is worth: foes > 0, friends < 0; the lord counts double."""
    r = -sit.rel(t)
    if t == sit.lord():
        r *= 1.5
    return r


def _weakness(sit: Situation, t: int) -> float:
    s = sit.info(t)
    return 1.0 + max(0, 3 - s.hp) * 0.4 + (0.3 if s.hand_count <= 1 else 0.0)


def slash_score(sit: Situation, t: int, card: Card | None) -> float:
    h = hostility(sit, t)
    if h <= 0:
        return h
    s = sit.info(t)
    qinggang = (w := sit.my.equip.get("weapon")) is not None and w["name"] == "qinggang_sword"
    armor = s.equip.get("armor")
    v = h * _weakness(sit, t)
    if armor is not None and not qinggang:
        if armor["name"] == "nioh_shield" and card is not None and is_black(card):
            return -1.0
        if armor["name"] == "eight_diagram":
            v *= 0.6
    if "kongcheng" in s.skills and s.hand_count == 0:
        return -1.0
    if "liuli" in s.skills:
        v *= 0.7
    v *= 1.0 / (1.0 + 0.15 * s.hand_count)
    if s.general == "xiahoudun" or "ganglie" in s.skills:
        v *= 0.8
    return v


def duel_score(sit: Situation, t: int) -> float:
    h = hostility(sit, t)
    if h <= 0:
        return h
    s = sit.info(t)
    mine = sit.count("slash") + (2 if sit.has_skill(sit.me, "wushuang") else 0)
    if "wushuang" in s.skills:
        mine -= 2
    theirs = s.hand_count * 0.35
    return h * _weakness(sit, t) * (1.0 + 0.5 * (mine - theirs))


def take_score(sit: Situation, t: int, name: str) -> float:
    """Dismantlement / Snatch: a foe's best card, or a friend's delayed trick."""
    s = sit.info(t)
    bad_judge = any(s.judge_as.get(c["id"], c["name"]) == "indulgence" for c in s.judge)
    if sit.friend(t):
        return 2.5 if bad_judge else -1.0
    h = hostility(sit, t)
    if h <= 0:
        return h * 0.5
    goods = len(s.equip) * 1.2 + min(s.hand_count, 4) * 0.5
    if "armor" in s.equip:
        goods += 1.0
    if s.hand_count == 0 and not s.equip:
        return -0.5  # only its judgement area: do not take a foe's Indulgence away
    return h * (0.5 + goods)


def indulgence_score(sit: Situation, t: int) -> float:
    h = hostility(sit, t)
    if h <= 0:
        return h
    s = sit.info(t)
    if any(s.judge_as.get(c["id"], c["name"]) == "indulgence" for c in s.judge):
        return -1.0
    return h * (1.0 + 0.2 * s.hand_count + 0.2 * s.hp)


def best(scores: dict[int, float], k: int = 1, floor: float = 0.0) -> list[int]:
    """Up to `k` seats scoring above `floor`, best first."""
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [s for s, v in ranked[:k] if v > floor]


def score_for(sit: Situation, name: str, t: int, card: Card | None) -> float:
    if name == "slash":
        return slash_score(sit, t, card)
    if name == "duel":
        return duel_score(sit, t)
    if name in ("dismantlement", "snatch"):
        return take_score(sit, t, name)
    if name == "indulgence":
        return indulgence_score(sit, t)
    if name == "collateral":
        return collateral_wielder(sit, t)
    return hostility(sit, t)


def collateral_wielder(sit: Situation, t: int) -> float:
    """A foe's weapon is worth taking; a friend may be made to Slash a foe."""
    if sit.foe(t):
        return 1.0 + 0.1 * sit.info(t).hand_count
    return -1.0


def collateral_victim(sit: Situation, wielder: int, options: list[int]) -> int:
    scores = {v: hostility(sit, v) if v != sit.me else -2.0 for v in options}
    if sit.foe(wielder):
        # a foe will likely give the weapon up; make its Slash land on another foe if it does
        scores = {v: sc - (1.0 if v == sit.me else 0.0) for v, sc in scores.items()}
    return max(sorted(scores), key=lambda v: scores[v])
