"""A greedy muhq bot: one ply of look-ahead on the seat's own view.

The view is the ruleset's `MuhqState` folded from the seat's events (`user_agent.games.muhq.view`);
the bot reads it with the ruleset's pure functions (`actions.strike`, `strike_back`,
`unit_options`, `moves`, `ranges.distance`), the documented exception to "bots import no
game_agent code". It never sees the game's own state: the other hands and every deck are
``"?"`` in its view. Every option of a request gets a score and the best one is taken (ties
broken by the bot's seeded generator, so it is deterministic given its seed):

- **action** (the action phase): play units onto the spawn nearest the enemy VIP while the
  upkeep stays affordable (farmers while a farm field is free), cast spells that hurt enemy
  units (Firebolt on the enemy King first), select a unit whose best unit action is worth it,
  trade two junk cards, else end;
- **unit_action**: attacks score the damage dealt minus the damage taken back (a kill adds the
  unit's worth, the enemy King's is decisive); moves score the progress towards the enemy VIP
  and the nearest enemy unit, the attack they make possible, and the danger of the tile (what
  the enemy units could deal there next turn). The own King only moves away from danger and
  only attacks what cannot hurt it;
- **priority**: a spell that stops an enemy attack on our units (paralyse or kill the
  attacker), or one that kills an enemy unit or hurts the enemy King, else pass;
- **upkeep**: pay when possible (trade junk to afford a valuable unit), else destroy;
- **buy**: the best affordable card by worth (Knight, Firebolt, Spearman, Archer, ...);
- **discard**: junk cards only (Palisade, an Antidote with nothing poisoned, spare Farmers);
- **drop** / **place_carried**: the first tile; **draft_pick**: the card of most worth.

Anything unexpected (a view it cannot fold, an error) falls back on the request's default
(end, tap, pass, ...), which is always legal.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from typing import Any

from game_agent.games.muhq import actions, combat, defeat
from game_agent.games.muhq.attack import profile
from game_agent.games.muhq.board import DEEP, tiles
from game_agent.games.muhq.effects import spell_of
from game_agent.games.muhq.ranges import STEPS, cost, distance, offsets
from protocol.choices import Choice, RequestSpec
from protocol.games.muhq.content import Card
from protocol.games.muhq.state import ATTACK, MOVE, UNKNOWN, MuhqState, Perm
from user_agent.bot import Bot, View, random_legal
from user_agent.games.muhq.view import MuhqView

Pos = tuple[int, int]

ENEMY_VIP = 1000.0  # the enemy King: killing it wins
OWN_VIP = 300.0  # our King: losing it loses
FARM_TILE = "F"
FARM_VALUE = 3.5  # a farm action (3 resource)
PLAY_BONUS = 4.0  # play units before moving the others (they act this turn too)
MIN_SELECT = 0.3  # a unit is selected only for an action worth this much
DANGER_KILL = 0.5  # share of a unit's worth lost for standing where it can be killed
KING_GUARD = 2.0  # per point of damage an enemy unit could deal our King next turn
DANGER = 0.15  # per point of damage the enemies could deal on a tile


def attack_power(prof: list[int]) -> float:
    if not prof:
        return 0.0
    return 0.7 * sum(prof) + 0.7 * max(prof)


def card_unit_worth(c: Card) -> float:
    """What a unit card is worth on the map (not counting a VIP's special worth)."""
    prof = profile(c.attack)
    return 0.5 * c.life + 1.2 * attack_power(prof) + 0.2 * c.move + 0.5


def card_worth(c: Card) -> float:
    """What a card is worth owning (buying, drafting)."""
    if c.type == "unit":
        w = card_unit_worth(c) - 1.0 * c.upkeep
        if "farmer" in c.keywords:
            w += 1.0
        if "poison_on_damage" in c.effects:
            w += 1.0
        return w
    if c.type == "spell":
        if "damage_2_within_3" in c.effects:
            return 6.0
        if "paralyse_within_2" in c.effects:
            return 2.5
        return 0.5
    if c.type == "equipment":
        return 1.5 + 1.0 * sum(a.x for a in c.attack) + (1.5 if "melee_plus_1" in c.effects else 0)
    return 0.5  # artifacts


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else MuhqView(seat, 2))
        self._threat_key: object = None
        self._threat_cache: dict[Pos, int] = {}
        self._threat_by: dict[int, dict[Pos, int]] = {}  # per enemy unit: its share of it
        self._now: dict[Pos, int] | None = None  # the threat map of the request being decided
        self._memo: dict[str, list[Perm]] = {}  # lists read many times while deciding
        self._farm_tiles: dict[str, list[Pos]] = {}
        self._approach_memo: dict[str, dict[Pos, float]] = {}
        self._offset_cache: dict[tuple[int, str], list[tuple[int, int, int]]] = {}
        self._dists: dict[tuple[Pos, bool], dict[Pos, int]] = {}
        self._dists_map = ""

    # --- entry -----------------------------------------------------------------------------------

    def decide(self, request: RequestSpec, view: View) -> Choice:
        v = view if isinstance(view, MuhqView) else self.view
        if isinstance(v, MuhqView) and v.ready and v.state is not None:
            try:
                out = self._decide(request, v, v.state)
            except (KeyError, ValueError, IndexError, TypeError, AttributeError):
                out = None
            if out is not None:
                return out
        return self._fallback(request)

    def _fallback(self, request: RequestSpec) -> Choice:
        if request.default is not None:
            return request.default
        return random_legal(request, self.rng)

    def _decide(self, request: RequestSpec, v: MuhqView, st: MuhqState) -> Choice | None:
        kind = request.kind
        if request.form == "subset":
            return self._discard(request, st) if kind == "discard" else None
        if request.form != "choice" or not request.options:
            return None
        self._now = None
        self._memo.clear()
        self._approach_memo.clear()
        if self._dists_map != st.spec.id:
            self._dists_map = st.spec.id
            self._dists = {}
        opts = request.options
        if kind == "action":
            scores = [self._action(st, o) for o in opts]
        elif kind == "unit_action":
            p = st.perms[request.info["perm"]]
            scores = self._unit_scores(st, p, opts)
        elif kind == "priority":
            scores = [self._priority(st, o) for o in opts]
        elif kind == "upkeep":
            scores = self._upkeep(st, request)
        elif kind == "buy":
            scores = [self._buy(st, o) for o in opts]
        elif kind == "draft_pick":
            scores = [card_worth(st.card(o)) for o in opts]
        else:  # drop, place_carried: the first tile
            return 0
        return self._best(scores)

    def _best(self, scores: list[float]) -> int:
        top = max(scores)
        best = [i for i, s in enumerate(scores) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # --- the board --------------------------------------------------------------------------------

    def _enemy(self, st: MuhqState, side: int) -> bool:
        return actions.enemies(st, self.seat, side)

    def _vip(self, st: MuhqState, p: Perm) -> bool:
        c = st.perm_card(p.id)
        return "vip" in c.keywords or (st.kraken and p.card == st.spec.win.get("card"))

    def _bottoms(self, st: MuhqState) -> list[Perm]:
        got = self._memo.get("bottoms")
        if got is None:
            got = self._memo["bottoms"] = [st.perms[pid] for pid in sorted(st.board.values())]
        return got

    def _enemy_units(self, st: MuhqState) -> list[Perm]:
        got = self._memo.get("enemy_units")
        if got is None:
            got = self._memo["enemy_units"] = [
                q
                for q in self._bottoms(st)
                if self._enemy(st, q.controller) and st.perm_card(q.id).type == "unit"
            ]
        return got

    def _enemy_attackable(self, st: MuhqState) -> list[Perm]:
        got = self._memo.get("enemy_attackable")
        if got is None:
            got = self._memo["enemy_attackable"] = [
                q
                for q in self._bottoms(st)
                if self._enemy(st, q.controller) and actions.attackable(st, q.id)
            ]
        return got

    def _dist_map(self, st: MuhqState, origin: Pos, swimming: bool) -> dict[Pos, int]:
        """Steps from `origin` to every tile a unit can stand on (occupancy ignored)."""
        key = (origin, swimming)
        got = self._dists.get(key)
        if got is not None:
            return got
        spec = st.spec
        out = {origin: 0}
        todo = deque([origin])
        while todo:
            a = todo.popleft()
            for dx, dy in STEPS:
                b = (a[0] + dx, a[1] + dy)
                if b in out or not (0 <= b[0] < spec.width and 0 <= b[1] < spec.height):
                    continue
                if (spec.tile(*b) == DEEP) != swimming:
                    continue
                out[b] = out[a] + 1
                todo.append(b)
        self._dists[key] = out
        return out

    def _steps(self, st: MuhqState, a: Pos, b: Pos, swimming: bool) -> int:
        return self._dist_map(st, b, swimming).get(a, 30)

    def _offsets(self, r: int, rule: str) -> list[tuple[int, int, int]]:
        """The offsets within Range `r` but the origin, with their distance (cached)."""
        key = (r, rule)
        got = self._offset_cache.get(key)
        if got is None:
            got = [(dx, dy, cost(dx, dy, rule)) for dx, dy in offsets(r, rule) if dx or dy]
            self._offset_cache[key] = got
        return got

    def _danger(self, st: MuhqState, pos: Pos) -> int:
        if self._now is None:
            self._now = self._threat(st)
        return self._now.get(pos, 0)

    def _threat(self, st: MuhqState) -> dict[Pos, int]:
        """The damage the enemy units could deal to a unit on each tile in their next turn
        (cached while the map's occupancy and the enemies' paralysis stay the same)."""
        enemies = self._enemy_units(st)
        key = (
            tuple(sorted(st.board.items())),
            tuple((e.id, e.paralysis, tuple(e.stack)) for e in enemies),
        )
        if key == self._threat_key:
            return self._threat_cache
        rule = st.spec.diagonal_rule
        spec = st.spec
        threat: dict[Pos, int] = {}
        by: dict[int, dict[Pos, int]] = {}
        for e in enemies:
            atk = actions.attacks_of(st, e)
            if not atk:
                continue
            origins = [e.pos]
            if e.paralysis == 0:
                origins.extend(actions.moves(st, e))
            best: dict[Pos, int] = {}
            for o in origins:
                prof = profile(atk, tower=spec.tile(*o) == combat.TOWER)
                for dx, dy, d in self._offsets(len(prof), rule):
                    t = (o[0] + dx, o[1] + dy)
                    if not (0 <= t[0] < spec.width and 0 <= t[1] < spec.height):
                        continue
                    if d > 1 and spec.tile(*t) == combat.HOUSE:
                        continue
                    dmg = prof[d - 1]
                    if dmg > best.get(t, 0):
                        best[t] = dmg
            for t, dmg in best.items():
                threat[t] = threat.get(t, 0) + dmg
            by[e.id] = best
        self._threat_key = key
        self._threat_cache = threat
        self._threat_by = by
        return threat

    # --- worth ------------------------------------------------------------------------------------

    def _worth(self, st: MuhqState, p: Perm) -> float:
        c = st.perm_card(p.id)
        if self._vip(st, p):
            return OWN_VIP if p.controller == self.seat else ENEMY_VIP
        if c.type != "unit":
            return 0.3 * c.solid
        w = 0.5 * c.life + 1.2 * attack_power(actions.reach(st, p)) + 0.2 * c.move + 0.5
        if "farmer" in c.keywords:
            w += 1.0
        return w

    def _hurt(self, st: MuhqState, p: Perm, dmg: int) -> float:
        """What `dmg` more damage on `p` is worth to its controller's enemy (a kill included)."""
        if dmg <= 0:
            return 0.0
        life = defeat.life_of(st, p)
        w = self._worth(st, p)
        if combat.defeated(life, p.damage + dmg) or (
            st.perm_card(p.id).type == "unit"
            and combat.poisoned_out(life, p.damage + dmg, p.poison)
        ):
            return w + dmg * 0.1 + self._king_guard(st, p)
        left = max(1, life + 1 - p.damage)
        if self._vip(st, p) and p.controller == self.seat:
            return 15.0 * dmg * (1 + 4 / left)
        return w * min(dmg, left) / (life + 1) * 0.8

    def _king_guard(self, st: MuhqState, q: Perm) -> float:
        """What removing the enemy unit `q` is worth for our King's safety: the damage it could
        deal our King next turn, dearer as the King runs low on life."""
        if q.controller == self.seat or self._vip(st, q):
            return 0.0
        kings = [p for p in st.units_of(self.seat) if self._vip(st, p)]
        if not kings:
            return 0.0
        if self._now is None:
            self._now = self._threat(st)
        share = self._threat_by.get(q.id)
        if share is None:
            return 0.0
        out = 0.0
        for k in kings:
            dmg = share.get(k.pos, 0)
            if dmg:
                left = max(1, defeat.life_of(st, k) + 1 - k.damage)
                out += KING_GUARD * dmg * (1 + 4 / left)
        return out

    def _attack_value(self, st: MuhqState, a: Perm, q: Perm) -> float:
        dealt = actions.strike(st, a, q)
        if dealt <= 0:
            return float("-inf")
        back = actions.strike_back(st, a, q)
        value = self._hurt(st, q, dealt) - self._hurt(st, a, back)
        if q.controller != self.seat and self._vip(st, q):
            value += 50.0  # any blow on the enemy King is progress
        return value + 0.5

    def _best_attack_from(self, st: MuhqState, p: Perm, pos: Pos) -> float:
        atk = actions.attacks_of(st, p)
        if not atk:
            return 0.0
        rule = st.spec.diagonal_rule
        top = max(a.r for a in atk) + 1  # a Tower adds 1 to ranged attacks
        moved: Perm | None = None
        best = 0.0
        for q in self._enemy_attackable(st):
            if q.controller == p.controller or distance(pos, q.pos, rule) > top:
                continue
            if moved is None:
                moved = dataclasses.replace(p, pos=pos) if pos != p.pos else p
            v = self._attack_value(st, moved, q)
            if v > best:
                best = v
        return best

    def _targets(self, st: MuhqState) -> list[Perm]:
        got = self._memo.get("targets")
        if got is None:
            got = self._memo["targets"] = [
                q for q in self._bottoms(st) if self._enemy(st, q.controller) and self._vip(st, q)
            ]
        return got

    def _farms(self, st: MuhqState) -> list[Pos]:
        got = self._farm_tiles.get(st.spec.id)
        if got is None:
            got = self._farm_tiles[st.spec.id] = [
                t for t in tiles(st.spec) if st.spec.tile(*t) == FARM_TILE
            ]
        return got

    def _free_farms(self, st: MuhqState, p: Perm) -> list[Pos]:
        out = []
        for t in self._farms(st):
            pid = st.board.get(t)
            if pid is None or pid == p.id:
                out.append(t)
        return out

    def _pos_score(self, st: MuhqState, p: Perm, pos: Pos) -> float:
        c = st.perm_card(p.id)
        danger = self._danger(st, pos)
        life = c.life
        dies = danger > 0 and combat.defeated(life, p.damage + danger)
        if self._vip(st, p):
            score = -3.0 * danger - (OWN_VIP if dies else 0.0)
            return score
        score = 0.0
        if "farmer" in c.keywords and not c.attack:
            farms = self._free_farms(st, p)
            if farms:
                score -= 2.0 * min(self._steps(st, pos, f, c.swimming) for f in farms)
        else:
            score += self._approach(st, c.swimming).get(pos, -50.0)
        if dies:
            score -= DANGER_KILL * self._worth(st, p)
        else:
            score -= DANGER * danger
        return score

    def _approach(self, st: MuhqState, swimming: bool) -> dict[Pos, float]:
        """Per tile: minus the steps to the nearest enemy VIP and (0.4 times) to the nearest
        enemy unit; computed once per request."""
        key = f"approach-{swimming}"
        got = self._approach_memo.get(key)
        if got is not None:
            return got
        out: dict[Pos, float] = {}
        targets = [self._dist_map(st, t.pos, swimming) for t in self._targets(st)]
        others = [self._dist_map(st, q.pos, swimming) for q in self._enemy_units(st)]
        for pos in tiles(st.spec):
            v = 0.0
            if targets:
                v -= 1.0 * min(m.get(pos, 30) for m in targets)
            if others:
                v -= 0.4 * min(m.get(pos, 30) for m in others)
            out[pos] = v
        self._approach_memo[key] = out
        return out

    # --- a selected unit -------------------------------------------------------------------------

    def _unit_scores(self, st: MuhqState, p: Perm, opts: list[Any]) -> list[float]:
        here = self._pos_score(st, p, p.pos)
        can_attack = actions.free(p, ATTACK)
        can_move = actions.free(p, MOVE)
        move_gain: dict[Pos, float] = {}
        for o in opts:
            if o[0] in ("move", "street"):
                t = (o[1], o[2])
                g = self._pos_score(st, p, t) - here
                if can_attack:
                    g += self._best_attack_from(st, p, t)
                move_gain[t] = g
        after_attack = 0.0
        if can_move:
            plain = [self._pos_score(st, p, t) - here for t in move_gain]
            after_attack = max([0.0, *plain])
        c = st.perm_card(p.id)
        scores = []
        for o in opts:
            verb = o[0]
            if verb == "attack":
                s = self._attack_value(st, p, st.perms[o[1]]) + 0.9 * after_attack
            elif verb in ("move", "street"):
                s = move_gain[(o[1], o[2])]
            elif verb == "farm":
                s = FARM_VALUE
            elif verb == "unparalyse":
                s = 1.0
            elif verb == "equip":
                eq = st.perm_card(o[1])
                s = 1.5 if c.attack and eq.type == "equipment" else -1.0
            elif verb == "tap":
                s = 0.0
            else:  # enter, carry, swap
                s = -1.0
            scores.append(s)
        return scores

    def _unit_best(self, st: MuhqState, p: Perm) -> float:
        opts = actions.unit_options(st, p)
        return max(self._unit_scores(st, p, opts))

    # --- the action phase -------------------------------------------------------------------------

    def _own_upkeep(self, st: MuhqState) -> int:
        return sum(st.perm_card(p.id).upkeep for p in st.units_of(self.seat))

    def _income(self, st: MuhqState) -> int:
        farmers = sum(1 for p in st.units_of(self.seat) if "farmer" in st.perm_card(p.id).keywords)
        return st.spec.resource_gain + 2 * min(farmers, 2)

    def _farmers_wanted(self, st: MuhqState) -> bool:
        mine = [p for p in st.units_of(self.seat) if "farmer" in st.perm_card(p.id).keywords]
        own_row = 0 if self._home_y(st) == 0 else st.spec.height - 1
        farms = [t for t in self._farms(st) if t[1] == own_row]
        return len(mine) < max(1, len(farms))

    def _home_y(self, st: MuhqState) -> int:
        for p in st.units_of(self.seat):
            if self._vip(st, p):
                return 0 if p.pos[1] < st.spec.height / 2 else st.spec.height - 1
        return 0

    def _play_score(self, st: MuhqState, o: list[Any]) -> float:
        c = st.card(o[1])
        t = (o[2], o[3])
        if c.type != "unit":
            return -0.5
        if "farmer" in c.keywords and not c.attack:
            if not self._farmers_wanted(st):
                return -0.5
            s = 3.0 + PLAY_BONUS
            farms = self._farms(st)
            s -= 0.3 * min(self._steps(st, t, f, c.swimming) for f in farms) if farms else 0
            return s
        s = card_unit_worth(c) + PLAY_BONUS
        over = self._own_upkeep(st) + c.upkeep - self._income(st)
        if c.upkeep > 0 and over > 0:
            s -= 3.0 * over
            if st.cards[self.seat].resource < 2 * c.upkeep:
                s -= 5.0
        targets = self._targets(st)
        if targets:
            s -= 0.2 * min(self._steps(st, t, q.pos, c.swimming) for q in targets)
        s -= DANGER * self._danger(st, t)
        if len(o) > 4:
            e = st.card(o[4])
            s += (
                1.0 + 1.0 * sum(a.x for a in e.attack) + (1.0 if "melee_plus_1" in e.effects else 0)
            )
        return s

    def _free_score(self, st: MuhqState, o: list[Any]) -> float:
        """A permanent's free action (rules 6.2): scored as the spell with its effect, less a
        resource's worth per point of its cost."""
        source = st.perms.get(o[1])
        if source is None:
            return -5.0
        fa = st.perm_card(source.id).free_actions[int(o[2])]
        target = int(o[3])
        return self._effect_score(st, (fa.effect,), target) - 0.5 * fa.cost

    def _spell_score(self, st: MuhqState, card: str, target: int) -> float:
        return self._effect_score(st, st.card(card).effects, target)

    def _effect_score(self, st: MuhqState, effects: tuple[str, ...], target: int) -> float:
        q = st.perms.get(target)
        if q is None:
            return -5.0
        enemy = self._enemy(st, q.controller)
        if "damage_2_within_3" in effects:
            if not enemy:
                return -10.0
            s = self._hurt(st, q, 2)
            if self._vip(st, q):
                s += 50.0
            return s
        if "paralyse_within_2" in effects:
            if not enemy or q.paralysis > 0:
                return -5.0
            near = self._threat_near_own(st, q)
            return 0.3 * min(self._worth(st, q), 10.0) + near - 1.0
        if "cure_poison" in effects:
            if enemy or q.poison <= 0:
                return -5.0
            return 0.5 * q.poison * self._worth(st, q) / (st.perm_card(q.id).life + 1) - 0.5
        return -1.0

    def _threat_near_own(self, st: MuhqState, q: Perm) -> float:
        """How much an enemy unit threatens ours: its damage if one of ours is within reach."""
        prof = actions.reach(st, q)
        c = st.perm_card(q.id)
        if not prof:
            return 0.0
        rule = st.spec.diagonal_rule
        out = 0.0
        for p in st.units_of(self.seat):
            if distance(q.pos, p.pos, rule) <= len(prof) + c.move:
                w = 3.0 if self._vip(st, p) else 1.0
                out = max(out, w * max(prof))
        return out

    def _junk(self, st: MuhqState, card: str) -> bool:
        if card == UNKNOWN:
            return False
        c = st.card(card)
        if c.type == "artifact":
            return True
        if c.type == "spell" and "cure_poison" in c.effects:
            return not any(p.poison > 0 for p in st.units_of(self.seat))
        if c.type == "unit" and "farmer" in c.keywords and not c.attack:
            return not self._farmers_wanted(st)
        return spell_of(st, card) is None and c.type == "spell"

    def _action(self, st: MuhqState, o: list[Any]) -> float:
        verb = o[0]
        if verb == "end":
            return 0.0
        if verb == "play":
            return self._play_score(st, o)
        if verb == "cast":
            return self._spell_score(st, o[1], o[2])
        if verb == "free":
            return self._free_score(st, o)
        if verb == "select":
            p = st.perms[o[1]]
            best = self._unit_best(st, p)
            return best if best >= MIN_SELECT else -0.1
        if verb == "trade":
            return 0.5 if self._junk(st, o[1]) and self._junk(st, o[2]) else -1.0
        return -1.0

    # --- priority, upkeep, buying, discarding -----------------------------------------------------

    def _priority(self, st: MuhqState, o: list[Any]) -> float:
        if o[0] == "pass":
            return 0.0
        if o[0] != "cast":
            return -1.0
        card, target = o[1], o[2]
        c = st.card(card)
        q = st.perms.get(target)
        if q is None or not self._enemy(st, q.controller):
            return -5.0
        top = st.stack[-1] if st.stack else None
        saved = 0.0
        if (
            top is not None
            and top.get("kind") == "attack"
            and top.get("perm") == target
            and self._enemy(st, top["side"])
        ):
            victim = st.perms.get(top.get("target") or -1)
            if victim is not None and victim.controller == self.seat:
                dealt = actions.strike(st, q, victim)
                back = actions.strike_back(st, q, victim)
                saved = self._hurt(st, victim, dealt) - self._hurt(st, q, back)
        if "paralyse_within_2" in c.effects:
            return saved - 1.0 if q.paralysis == 0 else -5.0
        if "damage_2_within_3" in c.effects:
            life = defeat.life_of(st, q)
            kills = combat.defeated(life, q.damage + 2)
            if kills or self._vip(st, q):
                return self._hurt(st, q, 2) + (saved if kills else 0.0)
            return -1.0
        return -1.0

    def _upkeep(self, st: MuhqState, request: RequestSpec) -> list[float]:
        opts = request.options
        pid = request.info.get("perm")
        p = st.perms.get(pid) if isinstance(pid, int) else None
        worth = self._worth(st, p) if p is not None else 0.0
        hand = st.cards[self.seat].hand
        scores = []
        for o in opts:
            if o[0] == "pay":
                scores.append(10.0)
            elif o[0] == "destroy":
                scores.append(0.0)
            elif o[0] == "trade":
                cost = int(request.info.get("upkeep", 0))
                short = cost - st.cards[self.seat].resource
                junk = self._junk(st, o[1]) + self._junk(st, o[2])
                enough = short <= len(hand) // 2
                ok = (worth >= 3.0 and enough) or junk == 2
                scores.append(1.0 + junk if ok else -1.0)
            else:
                scores.append(-1.0)
        return scores

    def _buy(self, st: MuhqState, o: list[Any]) -> float:
        if o[0] == "pass":
            return 1.5
        if o[0] == "trade":
            return -1.0
        c = st.card(o[1])
        w = card_worth(c)
        if c.type == "unit" and c.upkeep > 0:
            owned = self._owned_upkeep(st)
            if owned + c.upkeep > self._income(st) + 2:
                w -= 2.0
        return w

    def _owned_upkeep(self, st: MuhqState) -> int:
        cs = st.cards[self.seat]
        cards = [x for x in (*cs.deck, *cs.hand, *cs.discard) if x != UNKNOWN]
        on_map = [p.card for p in st.perms.values() if p.owner == self.seat]
        return sum(st.card(x).upkeep for x in (*cards, *on_map) if st.card(x).type == "unit")

    def _discard(self, request: RequestSpec, st: MuhqState) -> Choice:
        picked = [i for i, card in enumerate(request.options) if self._junk(st, card)]
        return picked[: request.max] if len(picked) >= request.min else list(range(request.min))
