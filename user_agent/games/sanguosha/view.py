"""What one Sanguosha seat knows, folded from that seat's own event stream.

Own hand (full cards), every seat's hand size, HP, general, skills, open roles, marks, equipment
and judgement areas (with what each delayed trick is used as), the draw pile's size, the discard
pile, the processing area, the cards out of the game and the face-down cards' count; from these,
every seat's distances and attack range (the rulebook's pure functions over public facts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.games.sanguosha import rulebook
from protocol.games.sanguosha.catalogue import KINDS

SLOTS = {
    "crossbow": "weapon",
    "double_swords": "weapon",
    "qinggang_sword": "weapon",
    "ice_sword": "weapon",
    "blade": "weapon",
    "spear": "weapon",
    "axe": "weapon",
    "halberd": "weapon",
    "kylin_bow": "weapon",
    "eight_diagram": "armor",
    "nioh_shield": "armor",
    "jueying": "plus_horse",
    "dilu": "plus_horse",
    "zhuahuangfeidian": "plus_horse",
    "chitu": "minus_horse",
    "dayuan": "minus_horse",
    "zixing": "minus_horse",
}


@dataclass
class SeatInfo:
    general: str = ""
    role: str = ""
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    faction: str = ""
    gender: str = ""
    skills: list[str] = field(default_factory=list)
    face_down: bool = False
    marks: dict[str, Any] = field(default_factory=dict)
    scopes: dict[str, str] = field(default_factory=dict)  # mark -> phase | turn | game
    hand_count: int = 0
    equip: dict[str, dict[str, Any]] = field(default_factory=dict)
    judge: list[dict[str, Any]] = field(default_factory=list)
    judge_as: dict[int, str] = field(default_factory=dict)  # card id -> the trick it is used as
    # bumped whenever the equipment or the judgement area changes (an encoder caching what it
    # wrote of them compares it); not part of the seat's state
    areas: int = field(default=0, compare=False)
    # 1v1: the generals this seat is known to hold in reserve (its own hidden ones only for
    # itself, the public picks for everyone), how many it holds, and how many it has lost
    reserve: list[str] = field(default_factory=list)
    reserve_count: int = 0
    lost: int = 0


class SanguoshaView:
    KINDS: frozenset[str] = frozenset()  # set below, from the handler table
    # kind -> handler(view, data): `apply`'s table, for hosts that dispatch themselves
    HANDLERS: dict[str, Callable[[SanguoshaView, dict[str, Any]], None]] = {}

    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        self.seats = [SeatInfo() for _ in range(seats)]
        self.hand: list[dict[str, Any]] = []
        self.draw_count = 0
        self.discard: list[dict[str, Any]] = []
        self.processing: list[dict[str, Any]] = []
        self.removed: list[dict[str, Any]] = []
        self.facedown_count = 0
        self.current = -1
        self.phase = ""
        self.round = 0
        self.outcome: dict[str, Any] | None = None
        self.pool: list[str] = []  # 1v1: the open generals still to pick
        self.sides = False  # 1v1: the roles lord and renegade tag the warm and the cool side
        self._scoped: set[int] = set()  # seats that may hold marks with a scope (`_clear`)

    # --- distance and attack range (rules §4.5), as every seat may work them out -------------

    def keys_of(self, seat: int) -> list[str]:
        """What counts for `seat`'s distances: its equipped slots and its skills."""
        info = self.seats[seat]
        return [*info.equip, *info.skills]

    def distances(self, seat: int) -> dict[int, int]:
        """`seat`'s distance to every other living seat (empty when `seat` is dead)."""
        if not 0 <= seat < len(self.seats):
            return {}
        alive = [s.alive for s in self.seats]
        return rulebook.distances(alive, [self.keys_of(s) for s in range(len(alive))], seat)

    def attack_range(self, seat: int) -> int:
        weapon = self.seats[seat].equip.get("weapon")
        kind = KINDS.get(str(weapon.get("name", ""))) if weapon is not None else None
        return rulebook.attack_range(kind.range if kind is not None else None)

    def origin(self, viewer: int | None) -> int:
        """Whose distances a table shows: the viewer's while it is alive at the table, else
        (a spectator, the omniscient replay, a fallen viewer) the seat whose turn it is; -1
        for nobody (before the first turn, or nobody alive)."""
        for seat in (viewer, self.current):
            if seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].alive:
                return seat
        return -1

    def reach(self, seat: int) -> dict[int, tuple[int, bool]]:
        """`seat`'s distance to every other living seat, and whether it is within `seat`'s
        attack range (empty when `seat` is -1 or dead)."""
        if not 0 <= seat < len(self.seats):
            return {}
        r = self.attack_range(seat)
        return {b: (d, d <= r) for b, d in self.distances(seat).items()}

    # --- zone bookkeeping ------------------------------------------------------------------

    def _take(
        self, zone: str, seat: int | None, cards: list[dict[str, Any]] | None, n: int
    ) -> None:
        if zone == "draw":
            self.draw_count -= n
        elif zone == "facedown":
            self.facedown_count -= n
        elif zone in ("discard", "processing", "removed"):
            ids = {c["id"] for c in cards or []}
            setattr(self, zone, [c for c in getattr(self, zone) if c["id"] not in ids])
        elif zone == "hand" and seat is not None:
            self.seats[seat].hand_count -= n
            if seat == self.seat and cards:
                ids = {c["id"] for c in cards}
                self.hand = [c for c in self.hand if c["id"] not in ids]
        elif zone == "equip" and seat is not None:
            info = self.seats[seat]
            info.areas += 1
            for c in cards or []:
                info.equip.pop(SLOTS.get(c["name"], ""), None)
        elif zone == "judge" and seat is not None:
            ids = {c["id"] for c in cards or []}
            info = self.seats[seat]
            info.areas += 1
            info.judge = [c for c in info.judge if c["id"] not in ids]
            for i in ids:
                info.judge_as.pop(i, None)

    def _put(
        self,
        zone: str,
        seat: int | None,
        cards: list[dict[str, Any]] | None,
        n: int,
        as_: str | None = None,
    ) -> None:
        if zone in ("draw", "draw_bottom"):
            self.draw_count += n
        elif zone == "facedown":
            self.facedown_count += n
        elif zone in ("discard", "processing", "removed"):
            getattr(self, zone).extend(cards or [])
        elif zone == "hand" and seat is not None:
            self.seats[seat].hand_count += n
            if seat == self.seat and cards:
                self.hand.extend(cards)
        elif zone == "equip" and seat is not None:
            info = self.seats[seat]
            info.areas += 1
            for c in cards or []:
                info.equip[SLOTS.get(c["name"], "")] = c
        elif zone == "judge" and seat is not None:
            info = self.seats[seat]
            info.areas += 1
            for c in cards or []:
                info.judge.append(c)
                info.judge_as[c["id"]] = as_ or c["name"]

    def _subcards(self, d: dict[str, Any], to: str) -> None:
        """A used or played card's sub-cards leave their owners (named per sub-card)."""
        for c, o in zip(d["subcards"], d["from"], strict=True):
            self._take(o["zone"], o["seat"], [c], 1)
            self._put(to, None, [c], 1)

    # --- events: one small handler per kind (a dispatch table; most kinds change nothing) --

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, data)

    def _deck(self, d: dict[str, Any]) -> None:
        self.draw_count = len(d["order"]) if "order" in d else d["count"]

    def _reshuffle(self, d: dict[str, Any]) -> None:
        self.draw_count += len(d["order"]) if "order" in d else d["count"]
        self.discard = []

    def _draw(self, d: dict[str, Any]) -> None:
        cards = d.get("cards")
        n = len(cards) if cards is not None else d["count"]
        self.draw_count -= n
        self._put("hand", d["seat"], cards, n)

    def _move(self, d: dict[str, Any]) -> None:
        cards = d.get("cards")
        n = len(cards) if cards is not None else d["count"]
        self._take(d["from"], d["from_seat"], cards, n)
        self._put(d["to"], d["to_seat"], cards, n, d.get("as"))

    def _use(self, d: dict[str, Any]) -> None:
        self._subcards(d, "processing")
        if d["counted"]:  # a Slash counted against the play phase's limit
            info = self.seats[d["seat"]]
            info.marks["slash_used"] = info.marks.get("slash_used", 0) + 1
            info.scopes["slash_used"] = "phase"
            self._scoped.add(d["seat"])

    def _respond(self, d: dict[str, Any]) -> None:
        self._subcards(d, d["to"])

    def _pindian(self, d: dict[str, Any]) -> None:
        for seat, c in ((d["seat"], d["card"]), (d["target"], d["target_card"])):
            self._take("hand", seat, [c], 1)
            self.processing.append(c)

    def _judge(self, d: dict[str, Any]) -> None:
        self.draw_count -= 1
        self.processing.append(d["card"])

    def _role(self, d: dict[str, Any]) -> None:
        if d.get("role"):
            self.seats[d["seat"]].role = d["role"]
            # a 2-player identity game deals lord and rebel: a renegade of two seats is 1v1's
            if d["role"] == "renegade" and len(self.seats) == 2:
                self.sides = True

    def _general(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        s.general, s.max_hp, s.hp = d["general"], d["max_hp"], d["hp"]
        s.faction, s.gender, s.skills = d["faction"], d["gender"], list(d["skills"])
        s.face_down = False
        if d["general"] in s.reserve:
            s.reserve.remove(d["general"])
            s.reserve_count -= 1
        elif s.reserve_count > len(s.reserve):  # a hidden reserve general came out
            s.reserve_count -= 1

    def _pool(self, d: dict[str, Any]) -> None:
        self.pool = list(d["generals"])
        self.sides = True

    def _reserve(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        hidden = d["generals"]
        s.reserve.extend(hidden or [])
        s.reserve_count += len(hidden) if hidden is not None else d["count"]

    def _pick(self, d: dict[str, Any]) -> None:
        self.pool.remove(d["general"])
        s = self.seats[d["seat"]]
        s.reserve.append(d["general"])
        s.reserve_count += 1

    def _general_lost(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        s.lost += 1
        s.marks.clear()
        s.scopes.clear()
        s.skills = []

    def _mark(self, d: dict[str, Any]) -> None:
        info = self.seats[d["seat"]]
        if d["value"] is None:
            info.marks.pop(d["name"], None)
            info.scopes.pop(d["name"], None)
        else:
            info.marks[d["name"]] = d["value"]
            info.scopes[d["name"]] = d["scope"]
            self._scoped.add(d["seat"])

    def _clear(self, scope: str) -> None:
        if not self._scoped:  # no seat holds a scoped mark: the usual case
            return
        emptied = []
        for seat in self._scoped:
            info = self.seats[seat]
            if scope in info.scopes.values():
                for name in [n for n, sc in info.scopes.items() if sc == scope]:
                    del info.scopes[name]
                    info.marks.pop(name, None)
            if not info.scopes:
                emptied.append(seat)
        self._scoped.difference_update(emptied)

    def _phase_end(self, d: dict[str, Any]) -> None:
        if self._scoped:
            self._clear("phase")

    def _turn_end(self, d: dict[str, Any]) -> None:
        if self._scoped:
            self._clear("turn")

    def _skill_gained(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        if d["skill"] not in s.skills:
            s.skills.append(d["skill"])

    def _skill_lost(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        if d["skill"] in s.skills:
            s.skills.remove(d["skill"])

    def _max_hp(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        s.max_hp, s.hp = d["max_hp"], d["hp"]

    def _flip(self, d: dict[str, Any]) -> None:
        self.seats[d["seat"]].face_down = d["face_down"]

    def _attribute(self, d: dict[str, Any]) -> None:
        setattr(self.seats[d["seat"]], d["name"], d["value"])

    def _general_chosen(self, d: dict[str, Any]) -> None:
        if d.get("general"):
            self.seats[d["seat"]].general = d["general"]

    def _damage(self, d: dict[str, Any]) -> None:
        self.seats[d["target"]].hp = d["hp"]

    def _hp(self, d: dict[str, Any]) -> None:
        self.seats[d["seat"]].hp = d["hp"]

    def _death(self, d: dict[str, Any]) -> None:
        s = self.seats[d["seat"]]
        s.alive = False
        s.role = d["role"]

    def _turn(self, d: dict[str, Any]) -> None:
        self.current = d["seat"]
        self.round = d["round"]

    def _phase(self, d: dict[str, Any]) -> None:
        self.phase = d["phase"]

    def _game_over(self, d: dict[str, Any]) -> None:
        self.outcome = d["outcome"]


_V = SanguoshaView
_HANDLERS: dict[str, Callable[[SanguoshaView, dict[str, Any]], None]] = {
    "deck": _V._deck,
    "reshuffle": _V._reshuffle,
    "draw": _V._draw,
    "move": _V._move,
    "use": _V._use,
    "respond": _V._respond,
    "pindian": _V._pindian,
    "judge": _V._judge,
    "role": _V._role,
    "general": _V._general,
    "pool": _V._pool,
    "reserve": _V._reserve,
    "pick": _V._pick,
    "general_lost": _V._general_lost,
    "mark": _V._mark,
    "phase_end": _V._phase_end,
    "turn_end": _V._turn_end,
    "skill_gained": _V._skill_gained,
    "skill_lost": _V._skill_lost,
    "max_hp": _V._max_hp,
    "flip": _V._flip,
    "attribute": _V._attribute,
    "general_chosen": _V._general_chosen,
    "damage": _V._damage,
    "recover": _V._hp,
    "lose_hp": _V._hp,
    "death": _V._death,
    "turn": _V._turn,
    "phase": _V._phase,
    "game_over": _V._game_over,
}


SanguoshaView.KINDS = frozenset(_HANDLERS)  # the kinds it folds (hosts may skip the others)
SanguoshaView.HANDLERS = _HANDLERS


def make_view(seat: int, seats: int) -> SanguoshaView:
    return SanguoshaView(seat, seats)
