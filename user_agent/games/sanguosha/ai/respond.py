"""Response requests: Dodge, Slash, Peach, Nullification, and the helpers' cards.

- Dodge against a Slash or Archery Attack, Slash against Savage Assault: always.
- Slash in a Duel: yes, except against a friend while I am healthy (HP >= 3).
- Peach in dying: myself and friends, never a foe; the renegade keeps the lord alive while
  others live.
- Nullification: for a friend hit by a harmful trick (an AoE only when it would hurt), against
  a foe's Ex Nihilo when I can spare it; in a chain, whenever the chain's parity is not the one
  I want for the original trick.
- Collateral: Slash the victim unless it is a friend (then the weapon goes). Blade: foes only.
- Hujia / Jijiang: answer for the lord when on the lord's side and I can spare the card.
"""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.games.sanguosha.ai.beliefs import Beliefs
from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import AOE, HARMFUL, is_black, is_red
from user_agent.games.sanguosha.ai.values import keep_value


def respond(sit: Situation, beliefs: Beliefs, req: RequestSpec) -> int:
    options: list[dict[str, Any]] = req.options
    decline = len(options) - 1
    if decline <= 0:
        return decline if decline >= 0 else 0
    info = req.info
    if not wants(sit, beliefs, info):
        return decline
    return best_answer(sit, options, str(info.get("card", "")), info.get("reason") == "dying")


def best_answer(
    sit: Situation, options: list[dict[str, Any]], name: str, urgent: bool = False
) -> int:
    """The real card worth least, else the first conversion whose payment is not too dear
    (Spear's two cards, a Peach as a Wusheng Slash) unless it is urgent; else decline."""
    cards = [
        (keep_value(sit, o["card"]), i) for i, o in enumerate(options) if o.get("kind") == "card"
    ]
    if cards:
        return min(cards)[1]
    urgent = urgent or sit.my.hp <= 1
    for i, o in enumerate(options):
        if o.get("kind") == "view_as" and (urgent or payment_ok(sit, o.get("skill", ""), name)):
            return i
    return len(options) - 1


# What the sub-cards of a conversion may be worth, at most, to answer with it.
PAY_LIMIT = {"wusheng": 8.0, "longdan": 8.0, "qingguo": 8.0, "spear": 10.0}


def payment_ok(sit: Situation, skill: str, name: str) -> bool:
    limit = PAY_LIMIT.get(skill)
    if limit is None:
        return True  # Jijiu, Hujia/Jijiang helpers, Eight Diagram...: no cost worth weighing
    hand = sit.hand
    if skill == "wusheng":
        pool = [c for c in hand if is_red(c)] + [c for c in sit.my.equip.values() if is_red(c)]
    elif skill == "longdan":
        pool = [c for c in hand if c["name"] == ("dodge" if name == "slash" else "slash")]
    elif skill == "qingguo":
        pool = [c for c in hand if is_black(c)]
    else:
        pool = list(hand)
    k = 2 if skill == "spear" else 1
    if len(pool) < k:
        return False
    costs = sorted(keep_value(sit, c) for c in pool)
    return sum(costs[:k]) <= limit


def wants(sit: Situation, beliefs: Beliefs, info: dict[str, Any]) -> bool:
    reason = info.get("reason", "")
    source = info.get("source")
    target = info.get("target")
    me = sit.my
    if reason in ("slash", "archery_attack", "savage_assault"):
        return True
    if reason == "duel":  # a Duel between friends: one of us loses 1 HP either way
        return not (source is not None and sit.friend(source) and me.hp >= 3)
    if reason == "dying":
        return target is not None and _save(sit, target)
    if reason == "nullify":
        return _nullify(sit, beliefs, info)
    if reason == "collateral":
        return target is None or not sit.friend(target)
    if reason == "blade":
        return target is not None and sit.foe(target)
    if reason in ("hujia", "jijiang"):
        if source is None or not sit.friend(source) or source == sit.me:
            return False
        name = "dodge" if reason == "hujia" else "slash"
        return sit.count(name) >= 2 or me.hp >= 3 or sit.info(source).hp <= 2
    return True


def _save(sit: Situation, target: int) -> bool:
    if target == sit.me:
        return True
    if sit.role() == "renegade" and target == sit.lord():
        return len(sit.alive) > 2
    if sit.role() == "rebel" and target == sit.lord():
        return False
    return sit.friend(target)


def _nullify(sit: Situation, beliefs: Beliefs, info: dict[str, Any]) -> bool:
    against = info.get("against", "")
    on = info.get("target")
    if on is None:
        return False
    if against != "nullification":
        beliefs.open_window(against, info.get("source"), on)
    if beliefs.window is None:
        return False
    name, _user, target = beliefs.window
    if not sit.view.seats[target].alive:
        return False
    cancelled = beliefs.cancelled_now()
    if name in HARMFUL:
        if sit.friend(target) and _matters(sit, name, target):
            return not cancelled
        if sit.foe(target):
            return cancelled
        return False
    if name == "ex_nihilo":
        spare = sit.count("nullification") >= 2 or len(sit.hand) >= 5
        if sit.foe(target) and spare:
            return not cancelled
        if sit.friend(target):
            return cancelled
    return False


def _matters(sit: Situation, name: str, target: int) -> bool:
    """Whether saving `target` from `name` is worth a Nullification."""
    s = sit.info(target)
    if name in AOE:
        if target == sit.me:
            answer = "slash" if name == "savage_assault" else "dodge"
            return sit.count(answer) == 0
        return s.hp <= 1 or (target == sit.lord() and s.hp <= 2)
    if name == "lightning":
        return s.hp <= 3
    if name in ("dismantlement", "snatch"):
        return s.hand_count + len(s.equip) > 0 and (len(s.equip) > 0 or s.hand_count <= 3)
    return True
