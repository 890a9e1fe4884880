"""What a card is worth to this seat now: keep values for discards and payments, equipment
upgrades, and which cards to give up first."""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import EQUIP_RANK, EQUIP_SLOT, KEEP, is_red

Card = dict[str, Any]


def equip_gain(sit: Situation, card: Card) -> float:
    """How much better equipping `card` is than what sits in its slot (<= 0: no gain)."""
    name = card["name"]
    slot = EQUIP_SLOT.get(name)
    if slot is None:
        return 0.0
    rank = EQUIP_RANK.get(name, 1.0)
    if name == "crossbow":
        rank += 1.5 * max(sit.count("slash") - 1, 0)
        if sit.has_skill(sit.me, "paoxiao"):
            rank = 0.5
    if slot == "armor" and name == "eight_diagram" and sit.has_skill(sit.me, "tiandu"):
        rank += 1.0
    if slot == "weapon" and sit.has_skill(sit.me, "xiaoji"):
        rank += 1.0
    held = sit.my.equip.get(slot)
    if held is None:
        return rank
    cur = EQUIP_RANK.get(held["name"], 1.0)
    if sit.has_skill(sit.me, "xiaoji"):
        return rank - cur + 2.0  # losing the old one draws two
    return rank - cur


def keep_value(sit: Situation, card: Card, zone: str = "hand") -> float:
    """Higher = rather keep. Duplicates are worth less; HP changes what defence is worth."""
    name = card["name"]
    me = sit.my
    if zone == "equip":
        v = EQUIP_RANK.get(name, 1.0) + 2.0
        if sit.has_skill(sit.me, "xiaoji"):
            v -= 3.0
        return v
    if name in EQUIP_SLOT:
        gain = equip_gain(sit, card)
        return 4.0 + gain if gain > 0 else 1.0
    v = KEEP.get(name, 3.0)
    same = sit.count(name)
    if name == "dodge":
        v += 1.5 if me.hp <= 2 else 0.0
        if same > 1:
            v -= 1.5
    elif name == "slash":
        if same > 1 and not (sit.has_skill(sit.me, "paoxiao") or _crossbow(sit)):
            v -= 1.5
    elif name == "peach":
        v += 2.0 if me.hp <= 1 else 0.0
    # skills that make some cards more useful
    if is_red(card) and (sit.has_skill(sit.me, "wusheng") or sit.has_skill(sit.me, "jijiu")):
        v += 0.5
    if card.get("suit") == "diamond" and sit.has_skill(sit.me, "guose"):
        v += 0.5
    if not is_red(card) and sit.has_skill(sit.me, "qingguo"):
        v += 0.5
    return v


def _crossbow(sit: Situation) -> bool:
    w = sit.my.equip.get("weapon")
    return w is not None and w["name"] == "crossbow"


def cheapest(
    sit: Situation, cards: list[Card], k: int, zones: list[str] | None = None
) -> list[int]:
    """Indices of the `k` cards least worth keeping (sorted)."""
    scored = []
    for i, c in enumerate(cards):
        zone = zones[i] if zones is not None else _zone_of(sit, c)
        scored.append((keep_value(sit, c, zone), i))
    scored.sort()
    return sorted(i for _, i in scored[:k])


def _zone_of(sit: Situation, card: Card) -> str:
    cid = card.get("id")
    for c in sit.my.equip.values():
        if c.get("id") == cid:
            return "equip"
    return "hand"
