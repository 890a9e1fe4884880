"""Sanguosha's search hooks (`user_agent.search.SearchHooks`) for `mcts` (`sgs.search`).

Both read a *sample* (a determinized game: the bot's knowledge, the rest dealt again) through
its current state only: `state.players[i]` (`role`, `hp`, `max_hp`, `alive`, `hand`, `equip`),
typed `Any` so that this module loads no engine.

- **Evaluation** (role-aware): each living seat is worth its HP plus its cards (hand 0.6,
  equipment 0.4); the lord side's worth grows with the lord's share of HP and the rebels' with
  the lord's wounds; the renegade counts half. A seat's value is its side's share of the total.
- **Playout policy** (cheap, on the sample's state): answer an attack with the card asked for,
  a Peach only for one's own side, Nullification rarely; at the play menu a Peach when hurt,
  equipment, Ex Nihilo, then a harmful card on a seat of another side (the lowest HP first),
  else end the phase; everything else the request's default.
"""

from __future__ import annotations

import random
from typing import Any

from protocol.choices import Choice, RequestSpec
from protocol.games.sanguosha.catalogue import KINDS
from user_agent.search import SearchHooks

LORD_SIDE = ("lord", "loyalist")
HARMFUL = frozenset(
    ("slash", "duel", "snatch", "dismantlement", "indulgence", "savage_assault", "archery_attack")
)
PLAY_SCORES: dict[str, float] = {
    "peach": 90.0,
    "ex_nihilo": 85.0,
    "indulgence": 55.0,
    "snatch": 52.0,
    "dismantlement": 50.0,
    "duel": 48.0,
    "slash": 45.0,
    "savage_assault": 30.0,
    "archery_attack": 30.0,
}
ATTACKS = frozenset(("slash", "archery_attack", "savage_assault", "duel", "collateral"))


def side(role: str, seat: int) -> str:
    if role in LORD_SIDE:
        return "lord"
    if role == "rebel":
        return "rebel"
    return f"{role}{seat}"  # each renegade (and each 1v1 seat) for itself


def worth(p: Any) -> float:
    if not p.alive:
        return 0.0
    return float(max(0, p.hp)) + 0.6 * len(p.hand) + 0.4 * len(p.equip)


def evaluate(g: Any) -> list[float]:
    players = g.state.players
    if g.state.mode != "identity":  # 1v1: each seat for itself
        own = [worth(p) for p in players]
        total = sum(own) or 1.0
        return [w / total for w in own]
    sides: dict[str, float] = {}
    lord = next((p for p in players if p.role == "lord"), None)
    health = 1.0 if lord is None else max(0.0, lord.hp) / max(1, lord.max_hp)
    for p in players:
        s = side(p.role, p.seat)
        w = worth(p)
        if s == "lord":
            w *= 0.5 + 0.5 * health
        elif s == "rebel":
            w *= 1.5 - 0.5 * health
        elif lord is not None:
            w *= 0.5
        sides[s] = sides.get(s, 0.0) + w
    total = sum(sides.values()) or 1.0
    return [sides[side(p.role, p.seat)] / total for p in players]


def _foe(players: Any, me: int, other: int) -> bool:
    return side(players[me].role, me) != side(players[other].role, other)


def _respond(g: Any, req: RequestSpec, rng: random.Random) -> Choice:
    opts = req.options
    cards = [i for i, o in enumerate(opts) if o.get("kind") != "decline"]
    decline = next((i for i, o in enumerate(opts) if o.get("kind") == "decline"), req.default)
    if not cards:
        return decline
    reason = req.info.get("reason")
    players = g.state.players
    if reason in ATTACKS:
        return cards[0]
    if reason == "dying":
        target = req.info.get("target")
        if isinstance(target, int) and not _foe(players, req.seat, target):
            return cards[0]
        return decline
    if reason == "nullify":
        target = req.info.get("target")
        against = req.info.get("against")
        chain = req.info.get("chain") or {}
        if (
            against in HARMFUL
            and isinstance(target, int)
            and not _foe(players, req.seat, target)
            and not chain.get("used")
            and rng.random() < 0.5
        ):
            return cards[0]
        return decline
    return decline


def _play(g: Any, req: RequestSpec, rng: random.Random) -> Choice:
    players = g.state.players
    me = players[req.seat]
    best, best_score = None, 0.0
    end = None
    for i, o in enumerate(req.options):
        kind = o.get("kind")
        if kind == "end":
            end = i
            continue
        if kind != "card":
            continue
        name = o["card"]["name"]
        k = KINDS.get(name)
        score = PLAY_SCORES.get(name, 0.0)
        if name == "peach" and me.hp >= me.max_hp:
            score = 0.0
        elif k is not None and k.type == "equip":
            score = 60.0 if k.slot not in me.equip else 0.0
        elif name in HARMFUL:
            targets = o.get("targets") or []
            foes = [t for t in targets if _foe(players, req.seat, t)]
            if name in ("savage_assault", "archery_attack"):
                others = [p.seat for p in players if p.alive and p.seat != req.seat]
                hurt = sum(1 if _foe(players, req.seat, s) else -1 for s in others)
                score = score if hurt > 0 else 0.0
            elif not foes:
                score = 0.0
        score += rng.random()
        if score > best_score + 1.0:
            best, best_score = i, score
    if best is None:
        return end if end is not None else req.default
    return best


def _targets(g: Any, req: RequestSpec) -> Choice:
    players = g.state.players
    seats = [int(s) for s in req.options]
    order = sorted(
        range(len(seats)),
        key=lambda i: (not _foe(players, req.seat, seats[i]), players[seats[i]].hp, i),
    )
    foes = [i for i in order if _foe(players, req.seat, seats[i])]
    n = max(req.min, min(req.max, len(foes)))
    if n == 0:
        return [] if req.min == 0 else req.default
    return sorted(order[:n])


def playout(g: Any, req: RequestSpec, rng: random.Random, memo: dict[Any, Any]) -> Choice:
    kind = req.kind
    if kind == "respond":
        return _respond(g, req, rng)
    if kind == "play":
        return _play(g, req, rng)
    if kind == "targets" and req.form == "subset" and req.options:
        return _targets(g, req)
    return req.default


HOOKS = SearchHooks(
    evaluate=evaluate,
    playout=playout,
    base="user_agent.games.sanguosha.smart:SmartBot",
    searched=frozenset(("play", "targets")),
    depth=30,
    iterations=40,
    c=0.1,
    keep=0.02,
)
