"""What a side may do now: the options of the action phase, of a selected unit, of a priority
window and of the buying step (rules 5.2, 6, 8.2, 10, 12, 14, 15). Pure reads of the state.

Every option is a list ``[verb, *args]``; the requests carry them as they are:

- action phase: ``["play", card, x, y]``, ``["play", card, x, y, equipment]`` (a unit played
  already equipped, rules 15), ``["cast", card, target]``, ``["free", perm, ability, target]``
  (a permanent's free action, rules 6.2), ``["select", perm]``,
  ``["trade", card, card]``, ``["end"]``;
- a selected unit: ``["move", x, y]``, ``["street", x, y]``, ``["enter", perm]`` (crew, rules
  10.3), ``["attack", perm]``, ``["farm"]``, ``["carry", artifact, x, y]``, ``["equip", perm]``,
  ``["swap", artifact]``, ``["unparalyse"]``, ``["tap"]``;
- priority: ``["pass"]``, ``["cast", card, target]``, ``["free", perm, ability, target]``,
  ``["trade", card, card]``;
- buying: ``["pass"]``, ``["buy", card]``, ``["trade", card, card]``.

The unit's budget (rules 10.1, 000 and the recommended reading): a move and an attack, in
either order, or one full action; paralysis removal, equip and swap each take the move (or, when
it is spent, the attack); a unit on a street has one extra street move.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game_agent.games.muhq import board, placement
from game_agent.games.muhq.attack import at, profile
from game_agent.games.muhq.combat import HOUSE, TOWER
from game_agent.games.muhq.effects import SPELLS, spell_of
from game_agent.games.muhq.ranges import distance
from protocol.games.muhq.content import Attack
from protocol.games.muhq.state import ATTACK, FULL, MOVE, STREET, UNKNOWN, MuhqState, Perm

Option = list[Any]
END: Option = ["end"]
PASS: Option = ["pass"]
TAP: Option = ["tap"]
FARM = "F"


def map_player(st: MuhqState, side: int) -> int:
    """The map's number for a side: players 1, 2, ...; the Kraken 0 (``P0`` harbors)."""
    return 0 if st.kraken and side == st.players else side + 1


def free(p: Perm, slot: str) -> bool:
    u = p.used
    if slot == MOVE:
        return MOVE not in u and FULL not in u
    if slot == ATTACK:
        return ATTACK not in u and FULL not in u
    if slot == FULL:
        return not (MOVE in u or ATTACK in u or FULL in u)
    return STREET not in u


def either(p: Perm) -> str | None:
    """The slot an action "instead of a move or an attack" spends: the move first."""
    if free(p, MOVE):
        return MOVE
    if free(p, ATTACK):
        return ATTACK
    return None


def attacks_of(st: MuhqState, p: Perm) -> list[Attack]:
    """A permanent's attacks with its stack's (rules 10.4): crew add theirs, equipment its own
    attack and ``melee_plus_1`` adds 1 at Range 1."""
    cards = st.content.cards
    out = list(cards[p.card].attack)
    for sid in p.stack:
        s = st.perms[sid]
        c = cards[s.card]
        if c.type == "unit":
            out.extend(attacks_of(st, s))
        elif c.type == "equipment":
            out.extend(c.attack)
            if "melee_plus_1" in c.effects:
                out.append(Attack(1, 1))
    return out


def reach(st: MuhqState, p: Perm) -> list[int]:
    return profile(attacks_of(st, p), tower=st.spec.tile(*p.pos) == TOWER)


def attackable(st: MuhqState, pid: int) -> bool:
    """Units and solid artifacts can be attacked (rules 13, 14); the bottom of a stack only."""
    c = st.perm_card(pid)
    return c.type == "unit" or c.solid > 0


def enemies(st: MuhqState, a: int, b: int) -> bool:
    """Sides `a` and `b` are enemies: in a duel each other, in Kraken mode the players against
    the Kraken (they are one team, rules 17.3)."""
    if a == b:
        return False
    if st.kraken:
        return st.players in (a, b)
    return True


def strike(st: MuhqState, attacker: Perm, defender: Perm) -> int:
    """The damage `attacker` would deal `defender` from where they stand (0: not allowed)."""
    d = distance(attacker.pos, defender.pos, st.spec.diagonal_rule)
    if st.spec.tile(*defender.pos) == HOUSE and d > 1:
        return 0
    return at(reach(st, attacker), d)


def strike_back(st: MuhqState, attacker: Perm, defender: Perm) -> int:
    """The defender's simultaneous damage (rules 13): within its own reach; a solid artifact
    and a unit attacked from beyond its House's range deal none."""
    if st.perm_card(defender.id).type != "unit":
        return 0
    d = distance(attacker.pos, defender.pos, st.spec.diagonal_rule)
    if st.spec.tile(*attacker.pos) == HOUSE and d > 1:
        return 0
    return at(reach(st, defender), d)


def attack_targets(st: MuhqState, p: Perm) -> list[int]:
    out = []
    for pid in st.board.values():
        q = st.perms[pid]
        if enemies(st, p.controller, q.controller) and attackable(st, pid) and strike(st, p, q):
            out.append(pid)
    return sorted(out)


def _occupied_without(st: MuhqState, *pos: tuple[int, int]) -> set[tuple[int, int]]:
    occ = set(st.board)
    occ.difference_update(pos)
    return occ


def moves(st: MuhqState, p: Perm) -> list[tuple[int, int]]:
    c = st.content.cards[p.card]
    occ = _occupied_without(st, p.pos) if p.under is None else set(st.board)
    return sorted(board.reachable(st.spec, occ, p.pos, c.move, c.swimming, st.spec.diagonal_rule))


def street_moves(st: MuhqState, p: Perm) -> set[tuple[int, int]]:
    """The street move (rules 8.2): tiles of the unit's connected street within its movement."""
    c = st.content.cards[p.card]
    occ = _occupied_without(st, p.pos)
    return board.street_moves(st.spec, occ, p.pos, c.move, c.swimming, st.spec.diagonal_rule)


def crew_slots(st: MuhqState, q: Perm) -> int:
    c = st.content.cards[q.card]
    units = sum(1 for sid in q.stack if st.perm_card(sid).type == "unit")
    return c.crew - units


def enterable(st: MuhqState, p: Perm) -> list[int]:
    """Friendly units with a free Crew place that `p` can end its move in (rules 10.3)."""
    c = st.content.cards[p.card]
    out = []
    for pid in st.board.values():
        q = st.perms[pid]
        if pid == p.id or q.controller != p.controller or crew_slots(st, q) <= 0:
            continue
        if st.perm_card(pid).swimming != c.swimming:
            continue
        occ = _occupied_without(st, p.pos, q.pos)
        if q.pos in board.reachable(st.spec, occ, p.pos, c.move, c.swimming, st.spec.diagonal_rule):
            out.append(pid)
    return sorted(out)


def adjacent_artifacts(st: MuhqState, p: Perm, kinds: tuple[str, ...]) -> list[Perm]:
    out = []
    for pid in st.board.values():
        q = st.perms[pid]
        c = st.content.cards[q.card]
        if c.type not in kinds or pid == p.id:
            continue
        if c.solid and enemies(st, p.controller, q.controller):
            continue  # rules 14: enemy units can neither carry nor swap with a solid artifact
        if distance(p.pos, q.pos, st.spec.diagonal_rule) == 1:
            out.append(q)
    return sorted(out, key=lambda q: q.id)


def carry_moves(st: MuhqState, p: Perm, a: Perm) -> list[tuple[int, int]]:
    c = st.content.cards[p.card]
    occ = _occupied_without(st, p.pos, a.pos)
    tiles = board.reachable(st.spec, occ, p.pos, c.move, c.swimming, st.spec.diagonal_rule)
    out = []
    for q in sorted(tiles):  # the artifact must find an available tile next to the unit
        occ2 = occ | {q}
        if placement.drop_tiles(st.spec, occ2, q, False):
            out.append(q)
    return out


def unit_options(st: MuhqState, p: Perm) -> list[Option]:
    """The actions of a selected unit (rules 6.4, 10, 12, 14, 15), ending with ``["tap"]``."""
    c = st.content.cards[p.card]
    out: list[Option] = []
    if p.paralysis > 0:  # rules 12: a paralysed unit can only spend an action on a token
        if either(p) is not None:
            out.append(["unparalyse"])
        out.append(TAP)
        return out
    if free(p, MOVE):
        out.extend(["move", x, y] for x, y in moves(st, p))
        if p.under is None:
            out.extend(["enter", q] for q in enterable(st, p))
    if p.under is not None:  # a stacked unit can only leave its stack (rules 10.4 rec)
        out.append(TAP)
        return out
    if free(p, STREET) and st.spec.tile(*p.pos) == board.STREET:
        out.extend(["street", x, y] for x, y in sorted(street_moves(st, p)))
    if free(p, ATTACK):
        out.extend(["attack", t] for t in attack_targets(st, p))
    if free(p, FULL):
        if "farmer" in c.keywords and st.spec.tile(*p.pos) == FARM:
            out.append(["farm"])
        for a in adjacent_artifacts(st, p, ("artifact", "equipment")):
            out.extend(["carry", a.id, x, y] for x, y in carry_moves(st, p, a))
    if either(p) is not None:
        for a in adjacent_artifacts(st, p, ("equipment",)):
            if a.controller == p.controller:
                out.append(["equip", a.id])
        for a in adjacent_artifacts(st, p, ("artifact", "equipment")):
            out.append(["swap", a.id])
    out.append(TAP)
    return out


def _can_step(st: MuhqState, p: Perm) -> bool:
    """A quick yes for "has a move": a free neighbouring tile it may stand on."""
    c = st.content.cards[p.card]
    if c.move < 1 or p.under is not None:
        return False
    spec = st.spec
    x0, y0 = p.pos
    for dx, dy in board.STEPS_8:
        q = (x0 + dx, y0 + dy)
        if board.available(spec, st.board, q, c.swimming):
            return True
    return False


def has_action(st: MuhqState, p: Perm) -> bool:
    """Whether `unit_options` would offer more than ``["tap"]`` (cheap cases first)."""
    if p.paralysis == 0 and free(p, MOVE) and _can_step(st, p):
        return True
    return len(unit_options(st, p)) > 1


def selectable(st: MuhqState, side: int) -> list[int]:
    """Untapped units of `side` that have an action to take (rules 6.4)."""
    out = []
    for p in st.units_of(side):
        if not p.tapped and "selected" not in p.used and has_action(st, p):
            out.append(p.id)
    return sorted(out)


def known_hand(st: MuhqState, side: int) -> list[str]:
    return sorted({c for c in st.cards[side].hand if c != UNKNOWN})


def trades(st: MuhqState, side: int) -> list[Option]:
    """Rules 6.5: two hand cards for 1 resource (distinct pairs of card names)."""
    hand = sorted(c for c in st.cards[side].hand if c != UNKNOWN)
    return [["trade", a, b] for a, b in sorted(set(combinations(hand, 2)))]


def casts(st: MuhqState, side: int) -> list[Option]:
    out: list[Option] = []
    for card in known_hand(st, side):
        if st.content.cards[card].type != "spell":
            continue
        spell = spell_of(st, card)
        if spell is not None:
            out.extend(["cast", card, t] for t in spell.targets(st, side))
    return out


def plays(st: MuhqState, side: int) -> list[Option]:
    """Permanents from hand onto the tiles the map allows (rules 8.2, 10.1, 15)."""
    out: list[Option] = []
    hand = known_hand(st, side)
    occ = set(st.board)
    who = map_player(st, side)
    equipment = [c for c in hand if st.content.cards[c].type == "equipment"]
    for card in hand:
        c = st.content.cards[card]
        if not c.permanent:
            continue
        tiles = placement.play_tiles(st.spec, occ, who, c.swimming)
        out.extend(["play", card, x, y] for x, y in tiles)
        if c.type == "unit":
            out.extend(["play", card, x, y, e] for x, y in tiles for e in equipment)
    return out


def free_by_trading(st: MuhqState, side: int) -> bool:
    """Whether trading hand cards (rules 6.5) would let `side` pay a free action that has a
    target now: a priority window then asks the side, so it can trade and use it."""
    cards = st.content.cards
    reach = st.cards[side].resource + len(st.cards[side].hand) // 2
    for p in st.perms.values():
        if p.controller != side or p.paralysis > 0:
            continue
        for fa in cards[p.card].free_actions:
            if fa.cost <= reach and SPELLS[fa.effect].targets(st, side):
                return True
    return False


def frees(st: MuhqState, side: int) -> list[Option]:
    """Rules 6.2: the free actions of the side's permanents it can pay for now, each with its
    targets: ``["free", perm, ability, target]``. Usable while tapped (rec), not while the
    permanent is paralysed (rules 12: it cannot carry out any of its actions)."""
    out: list[Option] = []
    cards = st.content.cards
    resource = st.cards[side].resource
    for p in sorted(st.perms.values(), key=lambda q: q.id):
        c = cards[p.card]
        if not c.free_actions or p.controller != side or p.paralysis > 0:
            continue
        for i, fa in enumerate(c.free_actions):
            if fa.cost <= resource:
                out.extend(["free", p.id, i, t] for t in SPELLS[fa.effect].targets(st, side))
    return out


def phase_options(st: MuhqState, side: int) -> list[Option]:
    return [
        *plays(st, side),
        *casts(st, side),
        *frees(st, side),
        *(["select", pid] for pid in selectable(st, side)),
        *trades(st, side),
        END,
    ]


def fast_options(st: MuhqState, side: int) -> list[Option]:
    """What a priority window offers `side` besides passing: fast spells and free actions
    (rules 6.1, 6.2)."""
    return [*casts(st, side), *frees(st, side)]


def buy_options(st: MuhqState, side: int) -> list[Option]:
    c = st.cards[side]
    out: list[Option] = [PASS]
    if not c.bought:
        costs = st.content.cards
        for card in sorted(set(c.store)):
            cost = costs[card].buy
            if cost is not None and cost <= c.resource:
                out.append(["buy", card])
    return out
