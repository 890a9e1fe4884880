"""Effects and keywords by name (rules 10.3, 19 D3, 20.1): what a card's data may name.

Each spell effect is a pair of small functions: `targets(st, side)` lists the legal targets
(permanent ids) now, and `resolve(g, side, target)` applies it when the action executes (its
target checked again first, gap G6). Passive effects are read where they apply:
``poison_on_damage`` in `resolve.deal_combat`, ``melee_plus_1`` in `actions.attacks_of`.
Keywords: ``vip`` (victory), ``farmer`` (the farm-field full action, rules 8.2).

`content.EFFECTS` and `content.KEYWORDS` are checked against this registry by a test, so a name
a data file may use always has its settlement here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game_agent.engine import Game
from game_agent.games.muhq.defeat import add_token, check_defeat
from game_agent.games.muhq.ranges import distance
from protocol.games.muhq.state import MuhqState

PASSIVE = frozenset({"poison_on_damage", "melee_plus_1"})
KEYWORDS = frozenset({"vip", "farmer"})
FARM_GAIN = 3


def _targetable_units(st: MuhqState) -> list[int]:
    """Units that can be targeted: the bottom permanent of a stack only (rules 10.4 rec)."""
    cards = st.content.cards
    return [pid for pid in st.board.values() if cards[st.perms[pid].card].type == "unit"]


def _near_own(st: MuhqState, side: int, reach: int) -> list[int]:
    """Units within Range `reach` of a unit `side` controls (on the map, stacked or not)."""
    rule = st.spec.diagonal_rule
    own = [p.pos for p in st.units_of(side)]
    out = []
    for pid in _targetable_units(st):
        pos = st.perms[pid].pos
        if any(distance(o, pos, rule) <= reach for o in own):
            out.append(pid)
    return sorted(out)


def _damage_targets(st: MuhqState, side: int) -> list[int]:
    return _near_own(st, side, 3)


def _paralyse_targets(st: MuhqState, side: int) -> list[int]:
    return _near_own(st, side, 2)


def _cure_targets(st: MuhqState, side: int) -> list[int]:
    return sorted(p.id for p in st.units_of(side) if p.poison > 0)


def _damage(g: Game, side: int, target: int) -> None:
    g.emit("damage_dealt", {"perm": target, "amount": 2, "source": "spell"})
    check_defeat(g, target)


def _paralyse(g: Game, side: int, target: int) -> None:
    add_token(g, target, "paralysis", 1)


def _cure(g: Game, side: int, target: int) -> None:
    p = g.state.perms[target]
    g.emit("token_changed", {"perm": target, "token": "poison", "count": 0, "was": p.poison})


@dataclass(frozen=True)
class Spell:
    targets: Callable[[MuhqState, int], list[int]]
    resolve: Callable[[Game, int, int], None]


SPELLS: dict[str, Spell] = {
    "damage_2_within_3": Spell(_damage_targets, _damage),
    "paralyse_within_2": Spell(_paralyse_targets, _paralyse),
    "cure_poison": Spell(_cure_targets, _cure),
}

NAMES = frozenset(SPELLS) | PASSIVE


def spell_of(st: MuhqState, card: str) -> Spell | None:
    """The targeting effect of a spell card (its first effect with a settlement)."""
    for e in st.content.cards[card].effects:
        if e in SPELLS:
            return SPELLS[e]
    return None
