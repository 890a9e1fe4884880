"""Skill policies: active skills at the play menu (with a plan for their follow-ups), the
`trigger` questions, and the skills' own follow-ups (cards, seats, labels, arrangements).

| Skill | Policy |
|---|---|
| Zhiheng | once, early: exchange the cards worth little (keep value < 4.5) |
| Rende | give the excess (or two, when hurt) to the friend with the fewest cards |
| Fanjian | the weakest foe |
| Lijian | a male foe challenged by another male foe (or an unknown) |
| Qingnang / Jieyin | the most wounded friend (Jieyin: a wounded male friend) |
| Kurou | while HP >= 3, or at 2 with a Peach in hand |
| Guicai | retrial when the judgement goes the wrong way for the judged seat's side |
| Liuli | pass a foe's Slash to another foe, paying with a cheap card |
| Tuxi | two non-friends with hand cards, else draw |
| Guanxing | the judgement cards first (good for me), then the best draws; the rest at the bottom |
| Yiji | keep, or give to a friend when my hand is full |
| Fanjian (target) | name the suit least seen so far |
| other triggers | yes, except: Fankui/Ganglie/Tieqi not against a friend; Luoyi with a |
| | Slash or Duel and a foe in range; Ice Sword to spare a friend or strip a healthy foe |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.choices import SEPARATOR, Choice, RequestSpec
from user_agent.games.sanguosha.ai import targets
from user_agent.games.sanguosha.ai.plan import Plan
from user_agent.games.sanguosha.ai.situation import Situation
from user_agent.games.sanguosha.ai.tables import SUITS, is_black, is_red
from user_agent.games.sanguosha.ai.values import cheapest, keep_value

Card = dict[str, Any]

ALWAYS = frozenset(
    (
        "jianxiong",
        "hujia",
        "eight_diagram",
        "tiandu",
        "yiji",
        "luoshen",
        "jizhi",
        "keji",
        "yingzi",
        "lianying",
        "xiaoji",
        "biyue",
        "guanxing",
        "double_swords",
        "qinggang_sword",
    )
)


# --- active skills at the play menu --------------------------------------------------------


def active(sit: Situation, skill: str, key: str) -> tuple[float, Plan]:
    plan = Plan(key)
    fn = _ACTIVE.get(skill)
    if fn is None:
        return 0.0, plan
    return fn(sit, plan), plan


def _zhiheng(sit: Situation, plan: Plan) -> float:
    junk = _junk(sit)
    if not junk:
        return 0.0
    plan.cards = [c["id"] for c in junk]
    return 85.0


def _junk(sit: Situation) -> list[Card]:
    """Cards worth exchanging: keep value < 4.5, but one copy of each name stays."""
    seen: set[str] = set()
    out = []
    for c in sorted(sit.hand, key=lambda c: -keep_value(sit, c)):
        if keep_value(sit, c) < 4.5 and (c["name"] in seen or keep_value(sit, c) < 3.0):
            out.append(c)
        seen.add(c["name"])
    return out


def _rende(sit: Situation, plan: Plan) -> float:
    friends = sit.friends()
    if not friends or not sit.hand:
        return 0.0
    me = sit.my
    given = int(me.marks.get("rende_given", 0) or 0)
    excess = len(sit.hand) - max(me.hp, 0)
    n = excess
    if me.hp < me.max_hp and given < 2:
        n = max(n, 2 - given)
    n = min(n, len(sit.hand))
    if n <= 0:
        return 0.0
    idx = cheapest(sit, sit.hand, n)
    plan.cards = [sit.hand[i]["id"] for i in idx]
    lord = sit.lord()
    to = min(friends, key=lambda s: (s != lord, sit.info(s).hand_count, s))
    plan.targets = [to]
    return 30.0


def _fanjian(sit: Situation, plan: Plan) -> float:
    foes = sit.foes()
    if not foes:
        return 0.0
    t = min(foes, key=lambda s: (sit.info(s).hp, -targets.hostility(sit, s), s))
    plan.targets = [t]
    return 40.0


def _males(sit: Situation) -> list[int]:
    return [s for s in sit.others() if sit.info(s).gender == "male"]


def _duel_ok(sit: Situation, t: int) -> bool:
    s = sit.info(t)
    return not ("kongcheng" in s.skills and s.hand_count == 0)


def _lijian(sit: Situation, plan: Plan) -> float:
    males = _males(sit)
    foes = [s for s in males if sit.foe(s) and _duel_ok(sit, s)]
    if not foes:
        return 0.0
    first = min(foes, key=lambda s: (sit.info(s).hp, -targets.hostility(sit, s), s))
    seconds = [s for s in males if s != first and sit.foe(s)]
    if not seconds:
        seconds = [s for s in males if s != first and not sit.friend(s)]
    if not seconds:
        seconds = [s for s in males if s != first and sit.info(s).hand_count >= 4]
    if not seconds:
        return 0.0
    second = max(seconds, key=lambda s: (-sit.rel(s), sit.info(s).hand_count, -s))
    cards = list(sit.hand) + list(sit.my.equip.values())
    if not cards:
        return 0.0
    zones = ["hand"] * len(sit.hand) + ["equip"] * len(sit.my.equip)
    i = cheapest(sit, cards, 1, zones)[0]
    plan.cards = [cards[i]["id"]]
    plan.targets = [first, second]
    return 65.0


def _patients(sit: Situation) -> list[int]:
    return [s for s in sit.alive if sit.wounded(s) and sit.friend(s)]


def _qingnang(sit: Situation, plan: Plan) -> float:
    patients = _patients(sit)
    if not patients or not sit.hand:
        return 0.0
    lord = sit.lord()
    t = min(patients, key=lambda s: (sit.info(s).hp, s != sit.me, s != lord, s))
    i = cheapest(sit, sit.hand, 1)[0]
    if keep_value(sit, sit.hand[i]) >= 9.5:
        return 0.0
    plan.cards = [sit.hand[i]["id"]]
    plan.targets = [t]
    return 88.0


def _jieyin(sit: Situation, plan: Plan) -> float:
    if len(sit.hand) < 2:
        return 0.0
    males = [s for s in _males(sit) if sit.wounded(s)]
    friends = [s for s in males if sit.friend(s)]
    score = 70.0
    if not friends:
        if not sit.wounded(sit.me):
            return 0.0
        friends = [s for s in males if not sit.foe(s)]
        score = 55.0
    if not friends:
        return 0.0
    lord = sit.lord()
    t = min(friends, key=lambda s: (s != lord, sit.info(s).hp, s))
    idx = cheapest(sit, sit.hand, 2)
    if sum(keep_value(sit, sit.hand[i]) for i in idx) > 13.0:
        return 0.0
    plan.cards = [sit.hand[i]["id"] for i in idx]
    plan.targets = [t]
    return score


def _kurou(sit: Situation, plan: Plan) -> float:
    hp = sit.my.hp
    if hp >= 3 or (hp == 2 and sit.count("peach") >= 1):
        return 92.0
    return 0.0


_ACTIVE = {
    "zhiheng": _zhiheng,
    "rende": _rende,
    "fanjian": _fanjian,
    "lijian": _lijian,
    "qingnang": _qingnang,
    "jieyin": _jieyin,
    "kurou": _kurou,
}


# --- trigger questions ---------------------------------------------------------------------


def trigger(sit: Situation, req: RequestSpec) -> int:
    about = req.info.get("about") or {}
    for i, name in enumerate(req.options):
        if name != "pass" and want_trigger(sit, name, about):
            return i
    if "pass" in req.options:
        return len(req.options) - 1
    return req.default if isinstance(req.default, int) else 0


def want_trigger(sit: Situation, name: str, about: dict[str, Any]) -> bool:
    if name in ALWAYS:
        return True
    src = about.get("source")
    if name == "fankui":
        return src is not None and src != sit.me and not sit.friend(src)
    if name == "ganglie":
        return src is None or not sit.friend(src)
    if name == "tieqi":
        t = about.get("target")
        return t is None or not sit.friend(t)
    if name == "luoyi":
        return (sit.count("slash") + sit.count("duel") >= 1) and _foe_in_range(sit)
    if name == "ice_sword":
        t = about.get("target")
        if t is None:
            return False
        if sit.friend(t):
            return True
        s = sit.info(t)
        return s.hp > 2 and s.hand_count + len(s.equip) >= 2
    return False


def _foe_in_range(sit: Situation) -> bool:
    reach = sit.attack_range(sit.me)
    return any(sit.distance(sit.me, f) <= reach for f in sit.foes())


# --- the skills' own follow-ups -------------------------------------------------------------


def _from_plan(options: list[Card], plan: Plan | None, lo: int, hi: int) -> list[int] | None:
    if plan is None or not plan.cards:
        return None
    ids = [c.get("id") for c in options]
    want = sorted(ids.index(c) for c in plan.cards if c in ids)
    if lo <= len(want) <= hi:
        return want
    return None


def skill_cards(sit: Situation, req: RequestSpec, plan: Plan | None, declined: bool) -> Choice:
    skill = req.info.get("skill", "")
    about = req.info.get("about") or {}
    options: list[Card] = req.options
    lo, hi = req.min, req.max
    if skill == "guicai":
        return _guicai(sit, options, about) if req.cancel else list(range(lo))
    if skill == "ganglie":
        return _ganglie_pay(sit, options, lo, req.cancel)
    if skill == "liuli":
        if declined and req.cancel:
            return None
        return _liuli_card(sit, options, about, req.cancel)
    got = _from_plan(options, plan, lo, hi)
    if got is not None:
        return got
    if skill == "zhiheng":
        ids = {c["id"] for c in _junk(sit)}
        junk = [i for i, c in enumerate(options) if c.get("id") in ids]
        if lo <= len(junk) <= hi:
            return junk
    if req.cancel and declined:
        return None
    return cheapest(sit, options, min(max(lo, 1), hi))


JUDGE_GOOD: dict[str, Callable[[Card], bool]] = {
    "indulgence": lambda c: c.get("suit") == "heart",
    "lightning": lambda c: not (c.get("suit") == "spade" and 2 <= int(c.get("rank", 0)) <= 9),
    "eight_diagram": is_red,
    "luoshen": is_black,
    "tieqi": is_red,
    "ganglie": lambda c: c.get("suit") != "heart",
}


def _guicai(sit: Situation, options: list[Card], about: dict[str, Any]) -> Choice:
    reason = about.get("reason", "")
    good = JUDGE_GOOD.get(reason)
    judged = about.get("seat")
    card = about.get("judgement")
    if good is None or judged is None or card is None:
        return None
    rel = sit.rel(judged)
    if -0.15 <= rel <= 0.2 and judged != sit.me:
        return None
    want = rel > 0 or judged == sit.me
    if good(card) == want:
        return None
    stakes = 9.5 if reason in ("lightning", "indulgence") else 7.0
    fits = [(keep_value(sit, c), i) for i, c in enumerate(options) if good(c) == want]
    fits = [f for f in fits if f[0] < stakes]
    if not fits:
        return None
    return [min(fits)[1]]


def _ganglie_pay(sit: Situation, options: list[Card], lo: int, cancel: bool) -> Choice:
    if not cancel:
        return cheapest(sit, options, lo)
    idx = cheapest(sit, options, lo)
    cost = sum(keep_value(sit, options[i]) for i in idx)
    hp = sit.my.hp
    if hp <= 1 or (hp == 2 and cost < 12.0) or cost < 7.0:
        return idx
    return None


def _liuli_card(sit: Situation, options: list[Card], about: dict[str, Any], cancel: bool) -> Choice:
    user = about.get("user")
    if cancel and user is not None and sit.friend(user):
        return None
    if not sit.foes() and cancel:
        return None
    zones = ["equip" if _equipped(sit, c) else "hand" for c in options]
    i = cheapest(sit, options, 1, zones)[0]
    limit = 8.0 if sit.count("dodge") == 0 or sit.my.hp <= 1 else 6.0
    if cancel and keep_value(sit, options[i], zones[i]) > limit:
        return None
    return [i]


def _equipped(sit: Situation, card: Card) -> bool:
    return any(c.get("id") == card.get("id") for c in sit.my.equip.values())


def skill_targets(sit: Situation, req: RequestSpec, plan: Plan | None) -> Choice:
    """Seats for a skill. nil only where backing out is safe (Liuli, Tuxi: decline)."""
    skill = req.info.get("skill", "")
    options: list[int] = req.options
    lo, hi = req.min, req.max
    if skill == "tuxi":
        cands = sorted(
            (s for s in options if not sit.friend(s)),
            key=lambda s: (not sit.foe(s), -sit.info(s).hand_count, s),
        )
        if len(cands) >= 2 or (cands and sit.foe(cands[0]) and sit.info(cands[0]).hand_count >= 2):
            return sorted(options.index(s) for s in cands[: min(2, hi)])
        return None
    if skill == "liuli":
        scores = {s: targets.hostility(sit, s) for s in options}
        pick = max(sorted(options), key=lambda s: scores[s])
        if scores[pick] <= 0 and req.cancel:
            return None
        return [options.index(pick)]
    if skill == "lijian" and plan is not None and len(plan.targets) == 2:
        prompt = str(req.info.get("prompt", ""))
        want = plan.targets[0] if "challenged" in prompt else plan.targets[1]
        if want in options:
            return [options.index(want)]
    elif plan is not None and plan.targets and plan.targets[0] in options:
        return [options.index(plan.targets[0])]
    return _fallback_seats(sit, skill, options, lo, hi)


def _fallback_seats(sit: Situation, skill: str, options: list[int], lo: int, hi: int) -> list[int]:
    helpful = skill in ("rende", "qingnang", "jieyin")
    scores = {s: (sit.rel(s) if helpful else targets.hostility(sit, s)) for s in options}
    ranked = sorted(range(len(options)), key=lambda i: (-scores[options[i]], i))
    return sorted(ranked[: max(lo, 1)][:hi]) if hi >= 1 else []


def skill_choice(sit: Situation, req: RequestSpec) -> int:
    skill = req.info.get("skill", "")
    if skill == "luoshen" and "again" in req.options:
        return req.options.index("again")
    if skill == "fanjian" and all(o in SUITS for o in req.options):
        return _least_seen_suit(sit, req.options)
    return req.default if isinstance(req.default, int) else 0


def _least_seen_suit(sit: Situation, labels: list[str]) -> int:
    """Fanjian's guess: the suit with the most copies not yet seen (27 of each suit)."""
    seen = dict.fromkeys(SUITS, 0)
    view = sit.view
    known = list(view.discard) + list(view.hand)
    for s in sit.seats:
        known.extend(s.equip.values())
        known.extend(s.judge)
    for c in known:
        if c.get("suit") in seen:
            seen[c["suit"]] += 1
    return min(range(len(labels)), key=lambda i: (seen.get(labels[i], 0), i))


def skill_arrange(sit: Situation, req: RequestSpec) -> list[int]:
    skill = req.info.get("skill", "")
    if skill == "guanxing" and len(req.piles) == 2:
        return _guanxing(sit, req)
    if skill == "yiji":
        return _yiji(sit, req)
    default = req.default
    if isinstance(default, list):
        return default
    n = len(req.options)
    return list(range(n)) + [SEPARATOR] * (len(req.piles) - 1)


def _guanxing(sit: Situation, req: RequestSpec) -> list[int]:
    cards: list[Card] = req.options
    left = list(range(len(cards)))
    top: list[int] = []
    me = sit.my
    for c in reversed(me.judge):  # the last placed is judged first
        good = JUDGE_GOOD.get(me.judge_as.get(c["id"], c["name"]))
        if good is None or not left:
            continue
        fits = [i for i in left if good(cards[i])]
        pick = (
            min(fits, key=lambda i: keep_value(sit, cards[i]))
            if fits
            else min(left, key=lambda i: keep_value(sit, cards[i]))
        )
        top.append(pick)
        left.remove(pick)
    draws = 3 if "yingzi" in me.skills else 2
    left.sort(key=lambda i: (-keep_value(sit, cards[i]), i))
    top.extend(left[:draws])
    bottom = left[draws:]
    return [*top, SEPARATOR, *bottom]


def _yiji(sit: Situation, req: RequestSpec) -> list[int]:
    n = len(req.options)
    piles = req.piles
    seats = [p.get("seat") for p in piles]
    out: list[list[int]] = [[] for _ in piles]
    me = sit.my
    friends = [s for s in sit.friends() if s in seats]
    give_to = None
    if friends and me.hand_count >= me.hp + 1:
        give_to = min(friends, key=lambda s: (sit.info(s).hand_count, s))
    for i in range(n):
        if give_to is not None and i == n - 1:
            out[seats.index(give_to)].append(i)
        else:
            out[0].append(i)
    flat: list[int] = []
    for k, pile in enumerate(out):
        if k:
            flat.append(SEPARATOR)
        flat.extend(pile)
    return flat
