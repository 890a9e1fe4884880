"""What one Sanguosha seat knows, folded from that seat's own event stream.

Own hand (full cards), every seat's hand size, HP, general, open roles, equipment and judgement
areas, the draw pile's size, the discard pile and the processing area.
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
    hand_count: int = 0
    equip: dict[str, dict[str, Any]] = field(default_factory=dict)
    judge: list[dict[str, Any]] = field(default_factory=list)
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
        elif zone == "discard":
            ids = {c["id"] for c in cards or []}
            self.discard = [c for c in self.discard if c["id"] not in ids]
        elif zone == "processing":
            ids = {c["id"] for c in cards or []}
            self.processing = [c for c in self.processing if c["id"] not in ids]
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
            self.seats[seat].judge = [c for c in self.seats[seat].judge if c["id"] not in ids]

    def _put(self, zone: str, seat: int | None, cards: list[dict[str, Any]] | None, n: int) -> None:
        if zone in ("draw", "draw_bottom"):
            self.draw_count += n
        elif zone == "discard":
            self.discard.extend(cards or [])
        elif zone == "processing":
            self.processing.extend(cards or [])
        elif zone == "hand" and seat is not None:
            self.seats[seat].hand_count += n
            if seat == self.seat and cards:
                self.hand.extend(cards)
        elif zone == "equip" and seat is not None:
            for c in cards or []:
                self.seats[seat].equip[SLOTS.get(c["name"], "")] = c
        elif zone == "judge" and seat is not None:
            self.seats[seat].judge.extend(cards or [])

    def _lose_from_player(self, seat: int, cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
        info = self.seats[seat]
        for c in cards:
            slot = SLOTS.get(c["name"])
            if slot and info.equip.get(slot, {}).get("id") == c["id"]:
                del info.equip[slot]
            else:
                info.hand_count -= 1
                if seat == self.seat:
                    self.hand = [h for h in self.hand if h["id"] != c["id"]]
        return cards

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
            self._put(d["to"], d["to_seat"], cards, n)
        elif kind == "use":
            self.processing.extend(self._lose_from_player(d["seat"], d["subcards"]))
        elif kind == "respond":
            self.discard.extend(self._lose_from_player(d["seat"], d["subcards"]))
        elif kind == "judge":
            self.draw_count -= 1
            self.processing.append(d["card"])
        elif kind == "role":
            if d.get("role"):
                self.seats[d["seat"]].role = d["role"]
        elif kind == "general":
            s = self.seats[d["seat"]]
            s.general, s.max_hp, s.hp = d["general"], d["max_hp"], d["hp"]
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
            self.seats[d["seat"]].lost += 1
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
