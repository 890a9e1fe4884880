"""The smaller choices: generals, discards, picking a card of another seat, Amazing Grace,
Double Swords, Kylin Bow, Axe."""

from __future__ import annotations

from typing import Any

from protocol.choices import Choice, RequestSpec
from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import EQUIP_RANK, GENERAL_STRENGTH
from user_agent.games.sanguosha.ai.values import cheapest, equip_gain, keep_value

LORD_BONUS = {"caocao": 0.5, "liubei": 0.5, "sunquan": 0.5}


# The faction a lord's lord skill calls on (Hujia: Wei Dodges, Jijiang: Shu Slashes, Jiuyuan:
# Wu Peaches): a loyalist likes to share it, a rebel would rather not.
LORD_FACTION = {"caocao": "wei", "liubei": "shu", "sunquan": "wu"}


def choose_general(req: RequestSpec, sit: Situation | None = None) -> int:
    lord = req.info.get("reason") == "lord"
    faction_bonus = 0.0
    lord_faction = ""
    if sit is not None and not lord:
        lord_seat = sit.lord()
        if lord_seat >= 0:
            lord_faction = LORD_FACTION.get(sit.info(lord_seat).general, "")
        role = sit.role()
        faction_bonus = 0.6 if role == "loyalist" else -0.3 if role == "rebel" else 0.0

    def strength(i: int) -> float:
        o = req.options[i]
        gid = o.get("id", "") if isinstance(o, dict) else str(o)
        v = GENERAL_STRENGTH.get(gid, 6.0)
        if lord:
            v += LORD_BONUS.get(gid, 0.0)
        elif lord_faction and isinstance(o, dict) and o.get("faction") == lord_faction:
            v += faction_bonus
        return v

    return max(range(len(req.options)), key=lambda i: (strength(i), -i))


def discard(sit: Situation, req: RequestSpec) -> list[int]:
    return cheapest(sit, req.options, req.min)


def pick_card(sit: Situation, req: RequestSpec) -> int:
    """A card of `owner`'s areas: a friend's delayed trick (or its least useful card), a foe's
    best equipment (armor first) or a blind hand card; never a foe's delayed trick."""
    owner = req.info.get("owner")
    options: list[dict[str, Any]] = req.options
    friendly = owner is not None and (owner == sit.me or sit.friend(owner))

    def score(i: int) -> float:
        o = options[i]
        zone = o.get("zone")
        card = o.get("card") or {}
        name = card.get("name", "")
        if zone == "judge":
            owner_info = sit.info(owner) if owner is not None else None
            as_ = owner_info.judge_as.get(int(card.get("id", -1)), name) if owner_info else name
            bad = as_ in ("indulgence", "lightning")
            return (10.0 if bad else -5.0) if friendly else (-10.0 if bad else 1.0)
        if friendly:
            if zone == "hand":
                return 0.5
            return -EQUIP_RANK.get(name, 1.0)
        if zone == "hand":
            n = int(o.get("count", 1))
            return 4.0 if n <= 2 else 3.0
        v = EQUIP_RANK.get(name, 1.0)
        if name in ("eight_diagram", "nioh_shield"):
            v += 2.0
        if name == "crossbow" and owner is not None and sit.info(owner).hand_count >= 3:
            v += 2.0
        return v

    return max(range(len(options)), key=lambda i: (score(i), -i))


def amazing_grace(sit: Situation, req: RequestSpec) -> int:
    def value(i: int) -> float:
        c = req.options[i]
        gain = equip_gain(sit, c)
        return keep_value(sit, c) + (gain if gain > 0 else 0.0)

    return max(range(len(req.options)), key=lambda i: (value(i), -i))


def double_swords(sit: Situation, req: RequestSpec) -> int:
    options = list(req.options)
    if "discard" not in options or "let_draw" not in options:
        return req.default if isinstance(req.default, int) else 0
    source = req.info.get("source")
    if source is not None and sit.friend(source):
        return options.index("let_draw")
    junk = [c for c in sit.hand if keep_value(sit, c) < 3.5]
    return options.index("discard" if junk else "let_draw")


def kylin_bow(sit: Situation, req: RequestSpec) -> int:
    target = req.info.get("target")
    decline = len(req.options) - 1
    if target is None or sit.friend(target):
        return decline
    horses = [i for i, o in enumerate(req.options) if isinstance(o, dict) and "id" in o]
    if not horses:
        return decline
    plus = [
        i for i in horses if req.options[i].get("name") in ("jueying", "dilu", "zhuahuangfeidian")
    ]
    return (plus or horses)[0]


def axe(sit: Situation, req: RequestSpec) -> Choice:
    target = req.info.get("target")
    if target is None or not sit.foe(target):
        return None if req.cancel else list(range(req.min))
    zones = ["equip" if _equipped(sit, c) else "hand" for c in req.options]
    idx = cheapest(sit, req.options, req.min, zones)
    cost = sum(keep_value(sit, req.options[i], zones[i]) for i in idx)
    limit = 13.0 if sit.info(target).hp <= 1 else 9.0
    if cost <= limit or not req.cancel:
        return idx
    return None


def _equipped(sit: Situation, card: dict[str, Any]) -> bool:
    return any(c.get("id") == card.get("id") for c in sit.my.equip.values())
