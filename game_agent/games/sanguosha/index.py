"""One game's skill index: the skills at its table, indexed by owner, and the card rules.

The ruleset instance holds a catalogue (every skill bundle it knows, equipment included) and the
card rules. Each game builds a `SkillIndex` from them: equipment is always in it; a general's skills
join when the general enters the table (`include`, called by the event applier), so a timing
that no skill at this table uses costs nothing. `owns` is the one place that decides whether a
seat has a skill: a living seat owns its general's (and gained) skills, listed in
`Player.skills`, and the effects of the equipment in its slots.

The state carries its game's index as an opaque context (`State.index`: never compared, never
logged; the state's module knows nothing of it); `index_of(state)` reads it. Folding the events
again rebuilds the same index.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from game_agent.engine import Game, Settlement, Triggers
from game_agent.games.sanguosha.card import CardRule
from game_agent.games.sanguosha.cards import NAME, VCard
from game_agent.games.sanguosha.skill import (
    Active,
    CardMod,
    DistanceMod,
    HandLimit,
    Prohibit,
    RangeMod,
    ReachMod,
    Skill,
    ViewAs,
)
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.timings import describe

# The modifier queries a skill may answer (its attribute of that name, when not None): each has
# its list of (skill, function) in the index.
MODIFIERS = (
    "distance_from",
    "distance_to",
    "attack_range",
    "slash_limit",
    "extra_targets",
    "trick_reach",
    "prohibit",
    "hand_limit",
)
# The index's lists of (skill, effect), in the order the skills joined.
LISTS = ("views", "actives", *MODIFIERS)


class SkillIndex:
    def __init__(
        self,
        catalogue: Mapping[str, Skill],
        cards: Mapping[str, CardRule],
        equipment: Mapping[str, str],
        bodies: bool = False,
        conceal: bool = True,
    ) -> None:
        """`equipment` maps each equipment skill id (a card name, or a slot name for the horses)
        to its slot; those skills are owned through the equipment area. `bodies`: the generals
        bring no skills of their own (config `skills = "none"`); skills given otherwise (a
        scenario's, a gained one) still work. `conceal` (config `conceal_responses`): response
        requests go to every seat the rules would ask, whether or not it can answer
        (`use.ask_card`)."""
        self.catalogue = catalogue
        self.bodies = bodies
        self.conceal = conceal
        self.cards = cards
        self.equipment = equipment
        self.present: set[str] = set()
        self.triggers = Triggers(describe=describe, owns=self._owns)
        self.views: list[tuple[str, ViewAs]] = []
        # (mode, card) -> the views offered in that mode (for that card): made on first use,
        # dropped when a skill joins
        self._views_at: dict[tuple[str, str | None], list[tuple[str, ViewAs]]] = {}
        self.actives: list[tuple[str, Active]] = []
        self.distance_from: list[tuple[str, DistanceMod]] = []
        self.distance_to: list[tuple[str, DistanceMod]] = []
        self.attack_range: list[tuple[str, RangeMod]] = []
        self.slash_limit: list[tuple[str, CardMod]] = []
        self.extra_targets: list[tuple[str, CardMod]] = []
        self.trick_reach: list[tuple[str, ReachMod]] = []
        self.prohibit: list[tuple[str, Prohibit]] = []
        self.hand_limit: list[tuple[str, HandLimit]] = []
        self._forget()
        self.include(k for k in equipment if k in catalogue)

    def copy(self) -> SkillIndex:
        """An independent index with the same skills (the catalogue and card rules shared)."""
        new = SkillIndex.__new__(SkillIndex)
        new.catalogue = self.catalogue
        new.bodies = self.bodies
        new.conceal = self.conceal
        new.cards = self.cards
        new.equipment = self.equipment
        new.present = set(self.present)
        new.triggers = self.triggers.copy(owns=new._owns)
        for name in LISTS:
            setattr(new, name, list(getattr(self, name)))
        new._views_at = {}
        new._forget()
        return new

    # --- building -----------------------------------------------------------------------------

    def include(self, ids: Iterable[str]) -> None:
        """Index these skills (no-op for ones already here or unknown to the catalogue)."""
        for sid in ids:
            if sid in self.present or sid not in self.catalogue:
                continue
            self.present.add(sid)
            self._views_at.clear()
            s = self.catalogue[sid]
            for t in s.triggers:
                self.triggers.add(t if t.owner else replace(t, owner=sid))
            self.views.extend((sid, v) for v in s.views)
            if s.active is not None:
                self.actives.append((sid, s.active))
            for name in MODIFIERS:
                fn = getattr(s, name)
                if fn is not None:
                    getattr(self, name).append((sid, fn))

    def skills_for(self, skills: Iterable[str], lord: bool) -> list[str]:
        """Of these skills, those a seat has: those the catalogue knows; lord skills only when
        `lord` (the seat is the lord in identity mode)."""
        return [s for s in skills if s in self.catalogue and (lord or not self.catalogue[s].lord)]

    def general_skills(self, general_skills: Iterable[str], lord: bool) -> list[str]:
        """The skills a general brings to this table (none when generals are bodies)."""
        return [] if self.bodies else self.skills_for(general_skills, lord)

    # --- ownership ----------------------------------------------------------------------------
    # What each seat owns is kept as a set of keys per seat, made when first asked and dropped
    # by the event applier whenever a seat's skills, equipment or life change (`changed`). It
    # is kept for one state object: asked about another, the index starts again.

    def _forget(self, st: State | None = None) -> None:
        self._keys_for = st
        self._keys: list[frozenset[str] | None] = [None] * (0 if st is None else len(st.players))

    def changed(self, st: State, seat: int) -> None:
        """`seat`'s skills, equipment or life changed (the event applier says so)."""
        if st is self._keys_for:
            self._keys[seat] = None

    def keys(self, st: State, seat: int) -> frozenset[str]:
        """Every key `seat` owns now: a living seat's skills, and the equipment skills of the
        cards in its slots (a horse's by its slot, the others by the card's name)."""
        if st is not self._keys_for:
            self._forget(st)
        have = self._keys[seat]
        if have is None:
            have = self._keys[seat] = self._keys_now(st, seat)
        return have

    def _keys_now(self, st: State, seat: int) -> frozenset[str]:
        p = st.players[seat]
        if not p.alive:
            return frozenset()
        equipment = self.equipment
        keys = {k for k in p.skills if k not in equipment}
        for slot, cid in p.equip.items():
            if equipment.get(slot) == slot:
                keys.add(slot)
            name = NAME[cid]
            if equipment.get(name) == slot:
                keys.add(name)
        return frozenset(keys)

    def owns(self, st: State, seat: int, key: str) -> bool:
        if st is self._keys_for:
            have = self._keys[seat]
            if have is not None:
                return key in have
        return key in self.keys(st, seat)

    def _owns(self, g: Game, seat: int, key: str) -> bool:
        """`owns` as the trigger table asks it."""
        st = g.state
        if st is self._keys_for:
            have = self._keys[seat]
            if have is not None:
                return key in have
        return key in self.keys(st, seat)

    def owns_slow(self, st: State, seat: int, key: str) -> bool:
        """`owns` worked out from the state alone, without the kept sets (for tests)."""
        p = st.players[seat]
        if not p.alive:
            return False
        slot = self.equipment.get(key)
        if slot is None:
            return key in p.skills
        cid = p.equip.get(slot)
        return cid is not None and (key == slot or NAME[cid] == key)

    # --- queries the card code asks -------------------------------------------------------------
    # Each modifier list is short (the equipment's entries and the present skills'); an empty
    # one costs one test. Ownership is tested only for the seat a modifier belongs to.

    def distance_mod(self, st: State, a: int, b: int, spent: frozenset[int]) -> int:
        d = 0
        owns = self.owns
        for key, fn in self.distance_from:
            if owns(st, a, key):
                d += fn(st, a, b, spent)
        for key, fn in self.distance_to:
            if owns(st, b, key):
                d += fn(st, b, a, spent)
        return d

    def distance_mods_from(
        self, st: State, a: int
    ) -> tuple[list[DistanceMod], list[tuple[str, DistanceMod]]]:
        """The distance modifiers `a` owns (as the one measuring), and every `distance_to`
        entry (owned by the one measured to): `distance.distances_from` tests `a` once."""
        owns = self.owns
        return [fn for key, fn in self.distance_from if owns(st, a, key)], self.distance_to

    def range_mod(self, st: State, seat: int, spent: frozenset[int]) -> int:
        if not self.attack_range:
            return 0
        return sum(fn(st, seat, spent) for key, fn in self.attack_range if self.owns(st, seat, key))

    def slash_extra(self, st: State, seat: int, vc: VCard) -> int:
        n = 0
        for key, fn in self.slash_limit:
            if self.owns(st, seat, key):
                n += fn(st, seat, vc)
        return n

    def target_extra(self, st: State, seat: int, vc: VCard) -> int:
        n = 0
        for key, fn in self.extra_targets:
            if self.owns(st, seat, key):
                n += fn(st, seat, vc)
        return n

    def reaches(self, st: State, seat: int, vc: VCard, target: int) -> bool:
        for key, fn in self.trick_reach:
            if self.owns(st, seat, key) and fn(st, seat, vc, target):
                return True
        return False

    def prohibited(self, st: State, user: int, target: int, name: str) -> bool:
        """Whether `target` cannot be chosen as a target of a `name` card used by `user`
        (`user` -1: no user, e.g. Lightning moving on)."""
        for key, fn in self.prohibit:
            if self.owns(st, target, key) and fn(st, user, target, name):
                return True
        return False

    def hand_limit_mod(self, st: State, seat: int) -> int:
        if not self.hand_limit:
            return 0
        return sum(fn(st, seat) for key, fn in self.hand_limit if self.owns(st, seat, key))

    def views_for(
        self, st: State, seat: int, mode: str, card: str | None = None
    ) -> list[tuple[str, ViewAs]]:
        """The conversions (skill, view) `seat` may use now in `mode` (for `card`, if given)
        that it can pay for (enough candidate cards, or a `produce` settlement)."""
        at = self._views_at.get((mode, card))
        if at is None:
            at = self._views_at[mode, card] = [
                (key, v)
                for key, v in self.views
                if mode in v.modes and (card is None or v.card == card)
            ]
        out = []
        for key, v in at:
            if not self.owns(st, seat, key) or (v.when is not None and not v.when(st, seat)):
                continue
            if v.produce is None and (v.cards is None or len(v.cards(st, seat)) < v.count):
                continue
            out.append((key, v))
        return out

    def actives_for(self, st: State, seat: int) -> list[tuple[str, Active]]:
        return [
            (key, a) for key, a in self.actives if self.owns(st, seat, key) and a.enabled(st, seat)
        ]


def index_of(st: State) -> SkillIndex:
    """The skill index of the game whose state `st` is."""
    index: SkillIndex = st.index  # type: ignore[assignment]
    return index


NOTHING: tuple[Settlement, ...] = ()


def fire(g: Game, timing: str, payload: Any, order: list[int]) -> tuple[Settlement, ...]:
    """Settle `timing` (use with `yield from`): the trigger frame to push, only if something
    would fire (else nothing: no generator is made when nothing fires, which is most times)."""
    table: Triggers = g.state.index.triggers
    if table.ready(g, timing, payload, order):
        return (table.run(g, timing, payload, order),)
    return NOTHING
