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
from typing import Any, cast

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

# The index's lists of (skill, effect), in the order the skills joined.
LISTS = (
    "views",
    "actives",
    "distance_from",
    "distance_to",
    "attack_range",
    "slash_limit",
    "extra_targets",
    "trick_reach",
    "prohibit",
    "hand_limit",
)


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
        self.actives: list[tuple[str, Active]] = []
        self.distance_from: list[tuple[str, DistanceMod]] = []
        self.distance_to: list[tuple[str, DistanceMod]] = []
        self.attack_range: list[tuple[str, RangeMod]] = []
        self.slash_limit: list[tuple[str, CardMod]] = []
        self.extra_targets: list[tuple[str, CardMod]] = []
        self.trick_reach: list[tuple[str, ReachMod]] = []
        self.prohibit: list[tuple[str, Prohibit]] = []
        self.hand_limit: list[tuple[str, HandLimit]] = []
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
        return new

    # --- building -----------------------------------------------------------------------------

    def include(self, ids: Iterable[str]) -> None:
        """Index these skills (no-op for ones already here or unknown to the catalogue)."""
        for sid in ids:
            if sid in self.present or sid not in self.catalogue:
                continue
            self.present.add(sid)
            s = self.catalogue[sid]
            for t in s.triggers:
                self.triggers.add(t if t.owner else replace(t, owner=sid))
            self.views.extend((sid, v) for v in s.views)
            if s.active is not None:
                self.actives.append((sid, s.active))
            for name in (
                "distance_from",
                "distance_to",
                "attack_range",
                "slash_limit",
                "extra_targets",
                "trick_reach",
                "prohibit",
                "hand_limit",
            ):
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

    def owns(self, st: State, seat: int, key: str) -> bool:
        p = st.players[seat]
        if not p.alive:
            return False
        slot = self.equipment.get(key)
        if slot is None:
            return key in p.skills
        cid = p.equip.get(slot)
        return cid is not None and (key == slot or NAME[cid] == key)

    def _owns(self, g: Game, seat: int, key: str) -> bool:
        return self.owns(g.state, seat, key)

    # --- queries the card code asks -------------------------------------------------------------

    def distance_mod(self, st: State, a: int, b: int, spent: frozenset[int]) -> int:
        d = 0
        for key, fn in self.distance_from:
            if self.owns(st, a, key):
                d += fn(st, a, b, spent)
        for key, fn in self.distance_to:
            if self.owns(st, b, key):
                d += fn(st, b, a, spent)
        return d

    def range_mod(self, st: State, seat: int, spent: frozenset[int]) -> int:
        return sum(fn(st, seat, spent) for key, fn in self.attack_range if self.owns(st, seat, key))

    def slash_extra(self, st: State, seat: int, vc: VCard) -> int:
        return sum(fn(st, seat, vc) for key, fn in self.slash_limit if self.owns(st, seat, key))

    def target_extra(self, st: State, seat: int, vc: VCard) -> int:
        return sum(fn(st, seat, vc) for key, fn in self.extra_targets if self.owns(st, seat, key))

    def reaches(self, st: State, seat: int, vc: VCard, target: int) -> bool:
        return any(
            fn(st, seat, vc, target) for key, fn in self.trick_reach if self.owns(st, seat, key)
        )

    def prohibited(self, st: State, user: int, target: int, name: str) -> bool:
        """Whether `target` cannot be chosen as a target of a `name` card used by `user`
        (`user` -1: no user, e.g. Lightning moving on)."""
        return any(
            fn(st, user, target, name) for key, fn in self.prohibit if self.owns(st, target, key)
        )

    def hand_limit_mod(self, st: State, seat: int) -> int:
        return sum(fn(st, seat) for key, fn in self.hand_limit if self.owns(st, seat, key))

    def views_for(
        self, st: State, seat: int, mode: str, card: str | None = None
    ) -> list[tuple[str, ViewAs]]:
        """The conversions (skill, view) `seat` may use now in `mode` (for `card`, if given)
        that it can pay for (enough candidate cards, or a `produce` settlement)."""
        out = []
        for key, v in self.views:
            if mode not in v.modes or (card is not None and v.card != card):
                continue
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
    return cast(SkillIndex, st.index)


def fire(g: Game, timing: str, payload: Any, order: list[int]) -> Settlement:
    """Settle `timing` (use with `yield from`): pushes the trigger frame only if something
    would fire."""
    table: Triggers = index_of(g.state).triggers
    if table.ready(g, timing, payload, order):
        yield table.run(g, timing, payload, order)
