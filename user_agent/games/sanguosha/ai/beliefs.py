"""Role inference from public behaviour: who is on the lord's side.

`Beliefs` folds the public events a seat sees (it never reads a hidden card) into an evidence
score per seat in -1..1: +1 "on the lord's side" (lord, loyalist), -1 "against the lord"
(rebel). An attack on a seat believed loyal moves the attacker toward -1, an attack on a seat
believed hostile toward +1; help (a Peach, a recovery, cards given, a Nullification for
someone, a Hujia/Jijiang answer) moves the helper toward the helped seat's side. A death shows
the role. `lordside(seat)` adds the prior from the role row (what the unrevealed seats are
likely to be, from this seat's point of view), and `relation(seat)` turns it into this seat's
friend (+) / foe (-) view according to its own role: loyalists protect the lord, rebels focus
the lord, the renegade balances and wants to be last against the lord.
"""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.ai.tables import HARMFUL, ROLE_ROWS

ATTACK = 0.35  # how far one hostile act moves the actor
HELP = 0.3
LORD_PRIOR = 1.0  # how much the lord trusts the role row before any evidence
ROLE_SCORE = {"lord": 1.0, "loyalist": 1.0, "rebel": -1.0, "renegade": -0.2}


def _clip(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


class Beliefs:
    def __init__(self, seat: int, seats: int) -> None:
        self.seat = seat
        self.n = seats
        self.evidence = [0.0] * seats
        self.roles: list[str] = [""] * seats  # known roles (lord, own, the dead)
        self.alive = [True] * seats
        self.hp = [0] * seats
        self.hostile = [[0] * seats for _ in range(seats)]  # acts of a against b
        # the trick whose Nullification window is open: (name, user, target), and the chain
        self.window: tuple[str, int | None, int] | None = None
        self.chain = 0
        self._pick: tuple[int, str] | None = None  # Dismantlement/Snatch user, until its move
        self._lijian = -1  # the seat that announced Lijian (the Duel's real author)

    # --- scores --------------------------------------------------------------------------

    def prior(self, seat: int) -> float:
        """The lord-side score expected of an unrevealed seat from the role row."""
        row = ROLE_ROWS.get(self.n)
        if row is None:
            return 0.0
        left = {"loyalist": row[1], "rebel": row[2], "renegade": row[3]}
        unknown = 0
        for s in range(self.n):
            r = self.roles[s]
            if r in left:
                left[r] -= 1
            elif r != "lord":
                unknown += 1
        if unknown <= 0:
            return 0.0
        loyal = max(left["loyalist"], 0) / unknown
        rebel = max(left["rebel"], 0) / unknown
        ren = max(left["renegade"], 0) / unknown
        return loyal - rebel - 0.2 * ren

    def lordside(self, seat: int) -> float:
        role = self.roles[seat]
        if role:
            return ROLE_SCORE[role]
        prior = self.prior(seat)
        if self.roles[self.seat] == "lord":
            prior *= LORD_PRIOR
        return _clip(prior + self.evidence[seat])

    def my_role(self) -> str:
        return self.roles[self.seat]

    def lord(self) -> int:
        return next((s for s in range(self.n) if self.roles[s] == "lord"), -1)

    def relation(self, other: int) -> float:
        """My view of `other`: > 0 friend, < 0 foe, in -1..1."""
        me = self.seat
        if other == me:
            return 1.0
        living = [s for s in range(self.n) if self.alive[s]]
        if self.n == 2 or len(living) <= 2:
            return -1.0
        role = self.roles[me]
        lord = self.lord()
        if role in ("lord", "loyalist"):
            return self.lordside(other)
        if role == "rebel":
            if self.roles[other] == "renegade":
                return -0.3
            return -self.lordside(other)
        if role == "renegade":
            return self._renegade(other, lord, living)
        return 0.0

    def _renegade(self, other: int, lord: int, living: list[int]) -> float:
        """Help the weaker side; keep the lord alive until the others are gone."""
        if other == lord:
            return 0.6 if self.hp[lord] <= 2 else 0.3
        side = sum(max(self.hp[s], 0) for s in living if s != self.seat and self.lordside(s) > 0)
        rebels = sum(max(self.hp[s], 0) for s in living if s != self.seat and self.lordside(s) < 0)
        score = self.lordside(other)
        return score if rebels >= side else -score

    # --- event folding -------------------------------------------------------------------

    def _act(self, actor: int | None, target: int, sign: float, rate: float) -> None:
        """`actor` did something good (sign +1) or bad (-1) to `target`."""
        if actor is None or actor == target or not (0 <= actor < self.n):
            return
        if sign < 0:
            self.hostile[actor][target] += 1
        if self.roles[actor] in ("lord",) or actor == self.seat:
            return
        side = self.lordside(target)
        if target == self.seat and not self.roles[target]:
            side = 0.0
        self.evidence[actor] = _clip(self.evidence[actor] + sign * rate * side)

    def apply(self, kind: str, d: dict[str, Any]) -> None:
        handler = getattr(self, "_on_" + kind, None)
        if handler is not None:
            handler(d)

    def _on_role(self, d: dict[str, Any]) -> None:
        if d.get("role"):
            self.roles[d["seat"]] = d["role"]

    def _on_general(self, d: dict[str, Any]) -> None:
        self.hp[d["seat"]] = d["hp"]

    def _on_death(self, d: dict[str, Any]) -> None:
        self.alive[d["seat"]] = False
        if d.get("role"):
            self.roles[d["seat"]] = d["role"]

    def _on_damage(self, d: dict[str, Any]) -> None:
        self.hp[d["target"]] = d["hp"]
        if d.get("card") is None and d.get("source") is not None:
            self._act(d["source"], d["target"], -1.0, ATTACK / 2)

    def _on_lose_hp(self, d: dict[str, Any]) -> None:
        self.hp[d["seat"]] = d["hp"]

    def _on_max_hp(self, d: dict[str, Any]) -> None:
        self.hp[d["seat"]] = d["hp"]

    def _on_recover(self, d: dict[str, Any]) -> None:
        self.hp[d["seat"]] = d["hp"]
        self._act(d.get("source"), d["seat"], 1.0, HELP)

    def _on_skill(self, d: dict[str, Any]) -> None:
        if d["name"] == "lijian":
            self._lijian = d["seat"]

    def _on_use(self, d: dict[str, Any]) -> None:
        name = d["card"]["name"]
        user = d["seat"]
        targets: list[int] = d.get("targets") or []
        if name == "nullification":
            self._nullified(user)
            return
        if d.get("skill") == "lijian" and self._lijian >= 0:
            for t in targets:
                self._act(self._lijian, t, -1.0, ATTACK)
            return
        if name in ("dismantlement", "snatch"):
            self._pick = (user, name)
            return
        if name in ("slash", "duel", "indulgence"):
            for t in targets:
                self._act(user, t, -1.0, ATTACK)
        elif name == "collateral" and d.get("victim") is not None:
            self._act(user, d["victim"], -1.0, ATTACK / 2)
        if len(targets) == 1 and name in HARMFUL | {"ex_nihilo"}:
            self.window = (name, user, targets[0])
            self.chain = 0

    def _on_move(self, d: dict[str, Any]) -> None:
        reason = d.get("reason")
        if reason == "rende" and d.get("to") == "hand" and d.get("from_seat") is not None:
            self._act(d["from_seat"], d["to_seat"], 1.0, HELP / 2)
            return
        if self._pick is None or reason != self._pick[1] or d.get("from_seat") is None:
            return
        user, _ = self._pick
        self._pick = None
        if d.get("from") == "judge":
            self._act(user, d["from_seat"], 1.0, HELP)  # took a delayed trick away: a favour
        else:
            self._act(user, d["from_seat"], -1.0, ATTACK)

    def _on_respond(self, d: dict[str, Any]) -> None:
        if d.get("reason") in ("hujia", "jijiang"):
            lord = self.lord()
            if lord >= 0:
                self._act(d["seat"], lord, 1.0, HELP)

    def open_window(self, against: str, user: int | None, target: int) -> None:
        """A Nullification request about `against` (not a Nullification) on `target`."""
        self.window = (against, user, target)
        self.chain = 0

    def _nullified(self, seat: int) -> None:
        """A Nullification by `seat`: it wants the window's effect cancelled (odd chain) or
        restored (even chain)."""
        if self.window is None:
            return
        name, _user, target = self.window
        self.chain += 1
        cancels = self.chain % 2 == 1
        good_for_target = (name in HARMFUL) == cancels
        self._act(seat, target, 1.0 if good_for_target else -1.0, HELP)

    def cancelled_now(self) -> bool:
        return self.chain % 2 == 1
