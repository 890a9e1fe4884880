"""What one Sanguosha seat knows, folded from that seat's own event stream.

Own hand (full cards), every seat's hand size, HP, general, skills, open roles, marks, equipment
and judgement areas (with what each delayed trick is used as), the draw pile's size, the discard
pile, the processing area, the cards out of the game and the face-down cards' count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    # 1v1: the generals this seat is known to hold in reserve (its own hidden ones only for
    # itself, the public picks for everyone), how many it holds, and how many it has lost
    reserve: list[str] = field(default_factory=list)
    reserve_count: int = 0
    lost: int = 0


class SanguoshaView:
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
            for c in cards or []:
                self.seats[seat].equip.pop(SLOTS.get(c["name"], ""), None)
        elif zone == "judge" and seat is not None:
            ids = {c["id"] for c in cards or []}
            info = self.seats[seat]
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
            for c in cards or []:
                self.seats[seat].equip[SLOTS.get(c["name"], "")] = c
        elif zone == "judge" and seat is not None:
            info = self.seats[seat]
            for c in cards or []:
                info.judge.append(c)
                info.judge_as[c["id"]] = as_ or c["name"]

    def _subcards(self, d: dict[str, Any], to: str) -> None:
        """A used or played card's sub-cards leave their owners (named per sub-card)."""
        for c, o in zip(d["subcards"], d["from"], strict=True):
            self._take(o["zone"], o["seat"], [c], 1)
            self._put(to, None, [c], 1)

    # --- events ----------------------------------------------------------------------------

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        d = data
        if kind == "deck":
            self.draw_count = len(d["order"]) if "order" in d else d["count"]
        elif kind == "reshuffle":
            n = len(d["order"]) if "order" in d else d["count"]
            self.draw_count += n
            self.discard = []
        elif kind == "draw":
            cards = d.get("cards")
            n = len(cards) if cards is not None else d["count"]
            self.draw_count -= n
            self._put("hand", d["seat"], cards, n)
        elif kind == "move":
            cards = d.get("cards")
            n = len(cards) if cards is not None else d["count"]
            self._take(d["from"], d["from_seat"], cards, n)
            self._put(d["to"], d["to_seat"], cards, n, d.get("as"))
        elif kind == "use":
            self._subcards(d, "processing")
            if d["counted"]:  # a Slash counted against the play phase's limit
                info = self.seats[d["seat"]]
                info.marks["slash_used"] = info.marks.get("slash_used", 0) + 1
                info.scopes["slash_used"] = "phase"
        elif kind == "respond":
            self._subcards(d, d["to"])
        elif kind == "pindian":
            for seat, c in ((d["seat"], d["card"]), (d["target"], d["target_card"])):
                self._take("hand", seat, [c], 1)
                self.processing.append(c)
        elif kind == "judge":
            self.draw_count -= 1
            self.processing.append(d["card"])
        elif kind == "role":
            if d.get("role"):
                self.seats[d["seat"]].role = d["role"]
        elif kind == "general":
            s = self.seats[d["seat"]]
            s.general, s.max_hp, s.hp = d["general"], d["max_hp"], d["hp"]
            s.faction, s.gender, s.skills = d["faction"], d["gender"], list(d["skills"])
            s.face_down = False
            if d["general"] in s.reserve:
                s.reserve.remove(d["general"])
                s.reserve_count -= 1
            elif s.reserve_count > len(s.reserve):  # a hidden reserve general came out
                s.reserve_count -= 1
        elif kind == "pool":
            self.pool = list(d["generals"])
        elif kind == "reserve":
            s = self.seats[d["seat"]]
            hidden = d["generals"]
            s.reserve.extend(hidden or [])
            s.reserve_count += len(hidden) if hidden is not None else d["count"]
        elif kind == "pick":
            self.pool.remove(d["general"])
            s = self.seats[d["seat"]]
            s.reserve.append(d["general"])
            s.reserve_count += 1
        elif kind == "general_lost":
            s = self.seats[d["seat"]]
            s.lost += 1
            s.marks.clear()
            s.scopes.clear()
            s.skills = []
        elif kind == "mark":
            info = self.seats[d["seat"]]
            if d["value"] is None:
                info.marks.pop(d["name"], None)
                info.scopes.pop(d["name"], None)
            else:
                info.marks[d["name"]] = d["value"]
                info.scopes[d["name"]] = d["scope"]
        elif kind in ("phase_end", "turn_end"):
            scope = "phase" if kind == "phase_end" else "turn"
            for info in self.seats:
                for name in [n for n, sc in info.scopes.items() if sc == scope]:
                    del info.scopes[name]
                    info.marks.pop(name, None)
        elif kind == "skill_gained":
            s = self.seats[d["seat"]]
            if d["skill"] not in s.skills:
                s.skills.append(d["skill"])
        elif kind == "skill_lost":
            s = self.seats[d["seat"]]
            if d["skill"] in s.skills:
                s.skills.remove(d["skill"])
        elif kind == "max_hp":
            s = self.seats[d["seat"]]
            s.max_hp, s.hp = d["max_hp"], d["hp"]
        elif kind == "flip":
            self.seats[d["seat"]].face_down = d["face_down"]
        elif kind == "attribute":
            setattr(self.seats[d["seat"]], d["name"], d["value"])
        elif kind == "general_chosen" and d.get("general"):
            self.seats[d["seat"]].general = d["general"]
        elif kind in ("damage",):
            self.seats[d["target"]].hp = d["hp"]
        elif kind in ("recover", "lose_hp"):
            self.seats[d["seat"]].hp = d["hp"]
        elif kind == "death":
            s = self.seats[d["seat"]]
            s.alive = False
            s.role = d["role"]
        elif kind == "turn":
            self.current = d["seat"]
            self.round = d["round"]
        elif kind == "phase":
            self.phase = d["phase"]
        elif kind == "game_over":
            self.outcome = d["outcome"]


def make_view(seat: int, seats: int) -> SanguoshaView:
    return SanguoshaView(seat, seats)
