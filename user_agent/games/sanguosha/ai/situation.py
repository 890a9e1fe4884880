"""One decision's facts, read from the seat's view and the beliefs: friends and foes, distances,
the hand by name. Built fresh for each request (cheap), so no policy keeps stale state."""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.ai.beliefs import Beliefs
from user_agent.games.sanguosha.ai.tables import WEAPON_RANGE
from user_agent.games.sanguosha.view import SanguoshaView, SeatInfo

FRIEND = 0.2  # relation above: a friend
FOE = -0.15  # relation below: a foe


class Situation:
    def __init__(self, view: SanguoshaView, beliefs: Beliefs) -> None:
        self.view = view
        self.beliefs = beliefs
        self.me = view.seat
        self.seats = view.seats
        self.n = len(view.seats)
        for s, info in enumerate(view.seats):  # keep the beliefs' HP current
            beliefs.hp[s] = info.hp
            beliefs.alive[s] = info.alive
            if info.role and not beliefs.roles[s]:
                beliefs.roles[s] = info.role
        self.alive = [s for s in range(self.n) if view.seats[s].alive]
        self.hand: list[dict[str, Any]] = list(view.hand)
        self._rel: dict[int, float] = {}

    # --- who is who ------------------------------------------------------------------------

    def info(self, seat: int) -> SeatInfo:
        return self.seats[seat]

    @property
    def my(self) -> SeatInfo:
        return self.seats[self.me]

    def role(self) -> str:
        return self.beliefs.my_role()

    def lord(self) -> int:
        return self.beliefs.lord()

    def rel(self, seat: int) -> float:
        r = self._rel.get(seat)
        if r is None:
            r = self._rel[seat] = self.beliefs.relation(seat)
        return r

    def friend(self, seat: int) -> bool:
        return seat == self.me or self.rel(seat) > FRIEND

    def foe(self, seat: int) -> bool:
        return seat != self.me and self.rel(seat) < FOE

    def others(self) -> list[int]:
        return [s for s in self.alive if s != self.me]

    def foes(self) -> list[int]:
        return [s for s in self.others() if self.foe(s)]

    def friends(self) -> list[int]:
        return [s for s in self.others() if self.friend(s)]

    def has_skill(self, seat: int, skill: str) -> bool:
        return skill in self.seats[seat].skills

    # --- hand ------------------------------------------------------------------------------

    def count(self, name: str) -> int:
        return sum(1 for c in self.hand if c["name"] == name)

    def wounded(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.hp < s.max_hp

    # --- distance --------------------------------------------------------------------------

    def distance(self, a: int, b: int) -> int:
        if a == b:
            return 0
        ring = self.alive
        if a not in ring or b not in ring:
            return 99
        i, j = ring.index(a), ring.index(b)
        steps = abs(i - j)
        d = min(steps, len(ring) - steps)
        if "minus_horse" in self.seats[a].equip:
            d -= 1
        if "mashu" in self.seats[a].skills:
            d -= 1
        if "plus_horse" in self.seats[b].equip:
            d += 1
        return max(d, 1)

    def attack_range(self, seat: int) -> int:
        w = self.seats[seat].equip.get("weapon")
        return WEAPON_RANGE.get(w["name"], 1) if w else 1

    def threat(self, seat: int) -> float:
        """How dangerous a seat is: hand size, weapon, skills."""
        s = self.seats[seat]
        return s.hand_count + (1.0 if "weapon" in s.equip else 0.0) + s.hp * 0.5
