"""Counts over the arena's games: per bot and role, per bot and seat, per lineup of sides;
win rates with 95% Wilson score intervals.

A role's games are seat-games, as in `sgs sim`: a 5-player game has two rebel seats, so a bot
holding both adds two rebel games (and two wins when the rebels win). Draws count as games
without a win.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game_agent.games import manifest
from sgs.arena.worker import GameRecord
from user_agent.games import client

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion: wins of games, at the confidence
    whose normal quantile is `z` (95% by default). (0, 1) for no games."""
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins of {games} games")
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        rate = self.rate
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": None if rate is None else round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


def role_names(record: GameRecord, game: str) -> list[str]:
    """Each seat's role for the tables: the game's (its host manifest's `roles`, as `sgs sim`
    tags them); a game without roles uses its client manifest's seat names (else `seat N`)."""
    if record.roles is not None:
        return list(record.roles)
    c = client(game)
    if c is not None and c.seat_names and len(record.seats) == len(c.seat_names):
        return list(c.seat_names)
    return [f"seat {s}" for s in range(len(record.seats))]


def role_order(game: str) -> tuple[str, ...]:
    """The order the tables print roles in: the game's roles, else its seats' names."""
    tags = manifest(game).roles
    c = client(game)
    return (() if tags is None else tags.order) + (() if c is None else c.seat_names)


def side_of(role: str) -> str:
    return "lord side" if role in ("lord", "loyalist") else role


@dataclass
class Lineup:
    """Games where the lord's side was one bot throughout and the rebels and renegades another
    (the same bot on both sides counts too): who won them."""

    games: int = 0
    won_by: dict[str, int] = field(default_factory=dict)  # lord, rebel, renegade, draw

    def add(self, outcome: dict[str, Any]) -> None:
        self.games += 1
        key = str(outcome.get("winner") or "draw")
        self.won_by[key] = self.won_by.get(key, 0) + 1

    def as_dict(self) -> dict[str, Any]:
        lord = self.won_by.get("lord", 0)
        low, high = wilson(lord, self.games)
        return {
            "games": self.games,
            "won_by": dict(sorted(self.won_by.items())),
            "lord_side_win_rate": round(lord / self.games, 4) if self.games else None,
            "lord_side_ci95": [round(low, 4), round(high, 4)],
        }


@dataclass
class Tally:
    game: str
    games: int = 0
    draws: int = 0
    decisions: int = 0
    bot: dict[str, Rate] = field(default_factory=dict)
    bot_role: dict[str, dict[str, Rate]] = field(default_factory=dict)
    bot_seat: dict[str, dict[int, Rate]] = field(default_factory=dict)
    role: dict[str, Rate] = field(default_factory=dict)
    lineups: dict[tuple[str, str], Lineup] = field(default_factory=dict)

    def add(self, r: GameRecord) -> None:
        self.games += 1
        self.decisions += r.decisions
        winners = set(r.winners)
        self.draws += not winners
        roles = role_names(r, self.game)
        for seat, (bot, role) in enumerate(zip(r.seats, roles, strict=True)):
            won = seat in winners
            self.bot.setdefault(bot, Rate()).add(won)
            self.bot_role.setdefault(bot, {}).setdefault(role, Rate()).add(won)
            self.bot_seat.setdefault(bot, {}).setdefault(seat, Rate()).add(won)
            self.role.setdefault(role, Rate()).add(won)
        if r.roles is not None and "lord" in r.roles:
            lord_side = {
                b for b, x in zip(r.seats, r.roles, strict=True) if side_of(x) == "lord side"
            }
            others = {b for b, x in zip(r.seats, r.roles, strict=True) if side_of(x) != "lord side"}
            if len(lord_side) == 1 and len(others) == 1:
                key = (next(iter(lord_side)), next(iter(others)))
                self.lineups.setdefault(key, Lineup()).add(r.outcome)

    def roles(self) -> list[str]:
        known = [x for x in role_order(self.game) if x in self.role]
        return known + sorted(x for x in self.role if x not in known)

    def summary(self) -> dict[str, Any]:
        roles = self.roles()
        return {
            "games": self.games,
            "draws": self.draws,
            "decisions": self.decisions,
            "by_role": {x: self.role[x].as_dict() for x in roles},
            "by_bot": {
                bot: {
                    **rec.as_dict(),
                    "by_role": {
                        x: self.bot_role[bot][x].as_dict() for x in roles if x in self.bot_role[bot]
                    },
                    "by_seat": {
                        str(s): self.bot_seat[bot][s].as_dict() for s in sorted(self.bot_seat[bot])
                    },
                }
                for bot, rec in sorted(self.bot.items())
            },
            "lineups": [
                {"lord_side": a, "others": b, **self.lineups[(a, b)].as_dict()}
                for a, b in sorted(self.lineups)
            ],
        }


def tally(game: str, records: Iterable[GameRecord]) -> Tally:
    t = Tally(game)
    for r in records:
        t.add(r)
    return t


def balance(game: str, records: Sequence[GameRecord]) -> dict[str, dict[str, int]]:
    """Seat-games per bot per role (what the schedule keeps equal)."""
    out: dict[str, dict[str, int]] = {}
    for r in records:
        for bot, role in zip(r.seats, role_names(r, game), strict=True):
            out.setdefault(bot, {}).setdefault(role, 0)
            out[bot][role] += 1
    return out
