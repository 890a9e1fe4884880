"""The unit AIs of rules 17.2 (Aggressive, Shy, Wandering X, Supportive), as pure functions.

A unit's AI is run step by step: `next_action` gives the unit's next action from the
situation and what the unit has left this turn (a move, an attack, a full action; using the
full action uses both, and using either rules out the full action, rules 10.1), or None when
no step can be carried out (the unit is then tapped). The engine applies the action, updates
the situation and asks again. Ties are broken with the given `random.Random`-like generator
(the engine's seeded one, rules 17.1), so a run is deterministic.

Readings (rules 17.2 [rec]): "nearest" uses the range cost of rules 9; "move towards T" picks,
among the tiles reachable this move, one that minimises the cost to T; "farthest from all enemy
units" maximises the minimum cost to any enemy; a unit with no AI keyword is Aggressive.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from game_agent.games.muhq.attack import at, profile
from game_agent.games.muhq.board import Pos, reachable
from game_agent.games.muhq.combat import HOUSE, TOWER
from game_agent.games.muhq.ranges import distance
from protocol.games.muhq.content import Attack, MapSpec


class Chooser(Protocol):
    def choice(self, seq: Sequence[Pos]) -> Pos: ...


@dataclass(frozen=True, slots=True)
class Budget:
    move: bool = True
    attack: bool = True
    full: bool = True  # the unit has a full action it could use (e.g. a Farmer on a farm field)

    def after(self, kind: str) -> Budget:
        if kind == "move":
            return replace(self, move=False, full=False)
        if kind == "attack":
            return replace(self, attack=False, full=False)
        return Budget(False, False, False)


@dataclass(frozen=True, slots=True)
class Unit:
    pos: Pos
    move: int
    attacks: Sequence[Attack]
    swimming: bool = False


@dataclass(frozen=True, slots=True)
class Situation:
    spec: MapSpec
    occupied: Collection[Pos]  # every tile with a permanent, the unit's own included
    enemies: Sequence[Pos]  # enemy units
    allies: Sequence[Pos]  # allied units (not the unit itself)
    rule: str = "range"


@dataclass(frozen=True, slots=True)
class Action:
    kind: str  # "move" | "attack" | "full"
    target: Pos | None = None


def in_reach(unit: Unit, s: Situation) -> list[Pos]:
    """Enemy units the unit could attack now (reach, Houses: rules 8.2, 13)."""
    reach = profile(unit.attacks, tower=s.spec.tile(*unit.pos) == TOWER)
    out = []
    for e in s.enemies:
        d = distance(unit.pos, e, s.rule)
        if s.spec.tile(*e) == HOUSE and d > 1:
            continue
        if at(reach, d) > 0:
            out.append(e)
    return out


def threatened(unit: Unit, s: Situation, enemy_attacks: dict[Pos, Sequence[Attack]]) -> bool:
    """Whether some enemy's attack reaches the unit where it stands."""
    for e, attacks in enemy_attacks.items():
        d = distance(e, unit.pos, s.rule)
        if s.spec.tile(*unit.pos) == HOUSE and d > 1:
            continue
        if at(profile(attacks, tower=s.spec.tile(*e) == TOWER), d) > 0:
            return True
    return False


def _moves(unit: Unit, s: Situation) -> list[Pos]:
    occupied = set(s.occupied) - {unit.pos}
    return sorted(reachable(s.spec, occupied, unit.pos, unit.move, unit.swimming, s.rule))


def _nearest_cost(p: Pos, targets: Sequence[Pos], rule: str) -> int:
    return min(distance(p, t, rule) for t in targets)


def toward(unit: Unit, s: Situation, targets: Sequence[Pos], rng: Chooser) -> Pos | None:
    """Rules 17.2 "move towards": a reachable tile closest to the nearest target."""
    tiles = _moves(unit, s)
    if not tiles or not targets:
        return None
    best = min(_nearest_cost(p, targets, s.rule) for p in tiles)
    return rng.choice([p for p in tiles if _nearest_cost(p, targets, s.rule) == best])


def farthest(unit: Unit, s: Situation, rng: Chooser) -> Pos | None:
    """Rules 17.2 Shy: the reachable tile whose nearest enemy is farthest."""
    tiles = _moves(unit, s)
    if not tiles or not s.enemies:
        return None
    best = max(_nearest_cost(p, s.enemies, s.rule) for p in tiles)
    return rng.choice([p for p in tiles if _nearest_cost(p, s.enemies, s.rule) == best])


def next_action(
    ai: str,
    unit: Unit,
    s: Situation,
    budget: Budget,
    rng: Chooser,
    enemy_attacks: dict[Pos, Sequence[Attack]] | None = None,
) -> Action | None:
    """The unit's next action under its AI keyword (``""`` = Aggressive), or None: tap it."""
    word, _, arg = (ai or "aggressive").partition(" ")
    if word == "aggressive":
        return _aggressive(unit, s, budget, rng)
    if word == "wandering":
        if any(distance(unit.pos, e, s.rule) <= int(arg) for e in s.enemies):
            return _aggressive(unit, s, budget, rng)
        if budget.move:
            tiles = _moves(unit, s)
            return Action("move", rng.choice(tiles)) if tiles else None
        return None
    if word == "shy":
        if budget.full and not threatened(unit, s, enemy_attacks or {}):
            return Action("full")
        if budget.move and (p := farthest(unit, s, rng)) is not None:
            return Action("move", p)
        return _attack(unit, s, budget, rng)
    if word == "supportive":
        if budget.full:
            return Action("full")
        if budget.move and (p := toward(unit, s, list(s.allies), rng)) is not None:
            return Action("move", p)
        return _attack(unit, s, budget, rng)
    raise ValueError(f"unknown unit AI {ai!r}")


def _attack(unit: Unit, s: Situation, budget: Budget, rng: Chooser) -> Action | None:
    if budget.attack and (targets := in_reach(unit, s)):
        return Action("attack", rng.choice(targets))
    return None


def _aggressive(unit: Unit, s: Situation, budget: Budget, rng: Chooser) -> Action | None:
    if (act := _attack(unit, s, budget, rng)) is not None:
        return act
    if budget.move and (p := toward(unit, s, list(s.enemies), rng)) is not None:
        return Action("move", p)
    return None
