"""The play menu: score every option, play the best one worth playing, else end the phase.

Order of preference (by score bands): better equipment, Ex Nihilo, a Peach when hurt,
Zhiheng's exchange, taking a foe's card (Snatch / Dismantlement / Qixi), Indulgence, AoE when
it hurts foes more than friends, Collateral, Duel with enough Slashes, Slash on the best foe,
the other active skills. A `Plan` remembers the targets and sub-cards chosen, so the follow-up
requests (`targets`, `view_as_cards`, a skill's cards and seats) carry it out.
"""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.ai import skills, targets
from user_agent.games.sanguosha.ai.plan import Plan
from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import AOE, EQUIP_SLOT, KEEP, is_black, is_red
from user_agent.games.sanguosha.ai.values import cheapest, equip_gain, keep_value

Card = dict[str, Any]


def option_key(o: dict[str, Any]) -> str:
    if o.get("kind") == "card":
        return f"card:{o['card']['id']}"
    if o.get("kind") == "view_as":
        return f"view_as:{o['skill']}:{o['card']['name']}"
    return f"{o.get('kind')}:{o.get('skill', '')}"


def choose(sit: Situation, options: list[dict[str, Any]], tried: set[str]) -> tuple[int, Plan]:
    best_i = len(options) - 1
    best_v = 0.0
    best_plan = Plan("end")
    for i, o in enumerate(options):
        kind = o.get("kind")
        if kind == "end":
            continue
        key = option_key(o)
        if key in tried:
            continue
        v, plan = evaluate(sit, o, key)
        if v > best_v:
            best_i, best_v, best_plan = i, v, plan
    return best_i, best_plan


def evaluate(sit: Situation, o: dict[str, Any], key: str) -> tuple[float, Plan]:
    kind = o["kind"]
    if kind == "card":
        return _card(sit, o["card"], o["targets"], key)
    if kind == "view_as":
        return _view_as(sit, o, key)
    if kind == "skill":
        return skills.active(sit, o["skill"], key)
    return 0.0, Plan(key)


def _card(sit: Situation, card: Card, cands: list[int], key: str) -> tuple[float, Plan]:
    name = card["name"]
    plan = Plan(key, cards=[card["id"]])
    gain = equip_gain(sit, card)
    if gain > 0:
        return 100.0 + gain, plan
    if name in EQUIP_SLOT:
        return 0.0, plan  # no better than what is equipped: keep it (Zhiheng, discards)
    if name == "ex_nihilo":
        return 95.0, plan
    if name == "peach":
        me = sit.my
        return (90.0 if me.hp < me.max_hp else 0.0), plan
    v, tg = _use_value(sit, name, card, cands)
    plan.targets = tg
    return v, plan


def _use_value(sit: Situation, name: str, card: Card, cands: list[int]) -> tuple[float, list[int]]:
    """Score of using a `name` card now and its targets (for the card and conversions)."""
    if name in AOE:
        v = sum(targets.hostility(sit, t) * _aoe_hit(sit, t, name) for t in cands)
        return (70.0 + v if v > 0.3 else 0.0), []
    if name == "amazing_grace":
        v = sum(sit.rel(t) for t in cands)
        return (45.0 if v >= 0 else 0.0), []
    if name == "god_salvation":
        v = sum(sit.rel(t) for t in cands if sit.wounded(t))
        return (45.0 if v > 0.5 else 0.0), []
    if name == "lightning":
        # it travels round the table: a gamble for rebels (the lord may take it), and for a
        # seat that can fix its own judgement
        fixer = sit.has_skill(sit.me, "guicai")
        bold = sit.role() == "rebel" or fixer
        safe = sit.my.hp >= 3 and len(sit.foes()) > len(sit.friends())
        return (15.0 if bold and safe else 0.0), []
    if name == "ex_nihilo":
        return 95.0, []
    if name == "collateral":
        scores = {t: targets.collateral_wielder(sit, t) for t in cands}
        pick = targets.best(scores)
        return (55.0 if pick else 0.0), pick
    if name == "slash":
        scores = {t: targets.slash_score(sit, t, card) for t in cands}
        pick = targets.best(scores, k=1)
        if not pick:
            return 0.0, []
        return 50.0 + scores[pick[0]], pick
    scores = {t: targets.score_for(sit, name, t, card) for t in cands}
    pick = targets.best(scores)
    if not pick:
        return 0.0, []
    v = scores[pick[0]]
    if name in ("snatch", "dismantlement"):
        return 80.0 + v, pick
    if name == "indulgence":
        return 75.0 + v, pick
    if name == "duel":
        return (60.0 + v if v > 0.3 else 0.0), pick
    return 0.0, []


def _aoe_hit(sit: Situation, t: int, name: str) -> float:
    """How likely `t` takes the AoE's damage (fewer cards: more likely; low HP: worse)."""
    s = sit.info(t)
    p = 0.7 / (1.0 + 0.2 * s.hand_count)
    if (
        name == "archery_attack"
        and "armor" in s.equip
        and s.equip["armor"]["name"] == "eight_diagram"
    ):
        p *= 0.5
    return p * (1.5 if s.hp <= 1 else 1.0)


def _view_as(sit: Situation, o: dict[str, Any], key: str) -> tuple[float, Plan]:
    """A conversion at the play menu: pay with cheap cards only."""
    skill = o["skill"]
    name = o["card"]["name"]
    plan = Plan(key)
    if skill == "jijiang":
        if sit.count("slash") > 0:
            return 0.0, plan
        v, tg = _use_value(sit, "slash", {"name": "slash"}, o["targets"])
        plan.targets = tg
        return (v - 5.0 if v > 0 else 0.0), plan
    pay = _payment(sit, skill, name)
    if pay is None:
        return 0.0, plan
    cards, cost = pay
    plan.cards = [c["id"] for c in cards]
    proxy = {"name": name, "suit": cards[0]["suit"] if len(cards) == 1 else "none"}
    if len(cards) == 2 and is_red(cards[0]) != is_red(cards[1]):
        proxy["suit"] = "none"
    elif len(cards) == 2:
        proxy["suit"] = cards[0]["suit"]
    v, tg = _use_value(sit, name, proxy, o["targets"])
    if v <= 0:
        return 0.0, plan
    plan.targets = tg
    return v - cost * 0.5 - 1.0, plan


def _payment(sit: Situation, skill: str, name: str) -> tuple[list[Card], float] | None:
    """The cheapest sub-cards a conversion may take, and what they are worth to keep."""
    hand = sit.hand
    equip = list(sit.my.equip.values())
    if skill == "wusheng":
        pool = [c for c in hand if is_red(c)] + [
            c for c in equip if is_red(c) and c["name"] not in ("crossbow",)
        ]
        k = 1
    elif skill == "longdan":
        pool = [c for c in hand if c["name"] == ("dodge" if name == "slash" else "slash")]
        k = 1
    elif skill == "qixi":
        pool = [c for c in hand if is_black(c)] + [c for c in equip if is_black(c)]
        k = 1
    elif skill == "guose":
        pool = [c for c in hand if c.get("suit") == "diamond"] + [
            c for c in equip if c.get("suit") == "diamond"
        ]
        k = 1
    elif skill == "spear":
        pool = list(hand)
        k = 2
    else:
        return None
    if len(pool) < k:
        return None
    zones = ["equip" if c in equip else "hand" for c in pool]
    idx = cheapest(sit, pool, k, zones)
    chosen = [pool[i] for i in idx]
    cost = sum(keep_value(sit, pool[i], zones[i]) for i in idx)
    limit = 7.0 if k == 1 else 9.0
    if skill == "longdan" and sit.count("dodge") <= 1 and name == "slash":
        return None
    if cost > limit:
        return None
    return chosen, cost


def pick_targets(
    sit: Situation, options: list[int], info: dict[str, Any], lo: int, hi: int, plan: Plan | None
) -> list[int]:
    """The `targets` follow-up: the plan's seats if offered, else the best by score."""
    card = info.get("card") or {}
    name = card.get("name", "")
    step = info.get("step", "target")
    if step == "victim":
        victim = targets.collateral_victim(
            sit, plan.targets[0] if plan and plan.targets else -1, options
        )
        return [options.index(victim)]
    if plan is not None and plan.targets and step in ("target", "wielder"):
        want = [options.index(t) for t in plan.targets if t in options]
        if lo <= len(want) <= hi:
            if name == "slash" and hi > len(want):
                return _more_slash(sit, options, card, want, hi)
            return sorted(want)
    scores = {t: targets.score_for(sit, name, t, card) for t in options}
    ranked = sorted(range(len(options)), key=lambda i: (-scores[options[i]], i))
    chosen = [i for i in ranked[:hi] if scores[options[i]] > 0] or ranked[:lo]
    return sorted(chosen[: max(lo, min(hi, len(chosen)))])


def _more_slash(
    sit: Situation, options: list[int], card: dict[str, Any], want: list[int], hi: int
) -> list[int]:
    """Halberd: add every other target worth a Slash."""
    scores = {i: targets.slash_score(sit, options[i], card) for i in range(len(options))}
    extra = [i for i in sorted(scores, key=lambda i: -scores[i]) if i not in want and scores[i] > 0]
    return sorted(want + extra[: hi - len(want)])


def pick_subcards(sit: Situation, options: list[Card], count: int, plan: Plan | None) -> list[int]:
    """A conversion's sub-cards: the plan's if offered, else the cheapest."""
    if plan is not None and plan.cards:
        ids = [c["id"] for c in options]
        want = [ids.index(c) for c in plan.cards if c in ids]
        if len(want) == count:
            return sorted(want)
    return cheapest(sit, options, count)


def hand_value(sit: Situation) -> float:
    return sum(KEEP.get(c["name"], 3.0) for c in sit.hand)
