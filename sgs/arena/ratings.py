"""OpenSkill ratings of the bots (Plackett-Luce), updated game by game in game-index order,
so the same games always give the same ratings.

Each game is a match between teams of seats: in Sanguosha's identity mode the lord with the
loyalists, the rebels, and each renegade alone; in 1v1 and Harmony each seat alone (as in any
game without roles). The teams holding a winner share rank 0, the others rank 1; a draw ranks
every team 0. Each seat enters the match with its bot's rating; a bot holding several seats in
one game then takes the mean of its seats' new ratings (mu and sigma), so a bot playing both
sides of a game gains on one side what it loses on the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from sgs.arena.stats import role_names
from sgs.arena.worker import GameRecord


def teams_of(record: GameRecord, game: str) -> list[list[int]]:
    """The seats of each team, in a fixed order (first seat of each team)."""
    if record.roles is None or "lord" not in record.roles or len(record.roles) <= 2:
        return [[s] for s in range(len(record.seats))]
    roles = role_names(record, game)
    groups: dict[str, list[int]] = {}
    for seat, role in enumerate(roles):
        key = "lord side" if role in ("lord", "loyalist") else role
        if role == "renegade":
            key = f"renegade {seat}"
        groups.setdefault(key, []).append(seat)
    return sorted(groups.values())


def ranks_of(record: GameRecord, teams: Sequence[Sequence[int]]) -> list[float]:
    winners = set(record.winners)
    return [0.0 if not winners or winners & set(t) else 1.0 for t in teams]


@dataclass
class Ratings:
    game: str
    model: PlackettLuce = field(default_factory=PlackettLuce)
    current: dict[str, tuple[float, float]] = field(default_factory=dict)  # bot -> (mu, sigma)
    history: list[dict[str, Any]] = field(default_factory=list)  # after each game

    def of(self, bot: str) -> tuple[float, float]:
        return self.current.get(bot, (self.model.mu, self.model.sigma))

    def update(self, record: GameRecord) -> None:
        teams = teams_of(record, self.game)
        match = [
            [self.model.create_rating(list(self.of(record.seats[s])), name=str(s)) for s in t]
            for t in teams
        ]
        rated = self.model.rate(match, ranks=ranks_of(record, teams))
        new: dict[str, list[tuple[float, float]]] = {}
        for t, team in zip(teams, rated, strict=True):
            for seat, rating in zip(t, team, strict=True):
                new.setdefault(record.seats[seat], []).append((rating.mu, rating.sigma))
        for bot, values in new.items():
            n = len(values)
            self.current[bot] = (sum(v[0] for v in values) / n, sum(v[1] for v in values) / n)
        self.history.append(
            {
                "index": record.index,
                **{
                    bot: [round(mu, 4), round(sg, 4)]
                    for bot, (mu, sg) in sorted(self.current.items())
                },
            }
        )

    def table(self) -> list[dict[str, Any]]:
        """Bots by ordinal (mu - 3 sigma), best first."""
        rows = [
            {
                "bot": bot,
                "mu": round(mu, 3),
                "sigma": round(sg, 3),
                "ordinal": round(mu - 3 * sg, 3),
            }
            for bot, (mu, sg) in self.current.items()
        ]
        return sorted(rows, key=lambda r: (-r["ordinal"], r["bot"]))


def rate_all(game: str, records: Iterable[GameRecord]) -> Ratings:
    """Ratings over `records` taken in game-index order."""
    ratings = Ratings(game)
    for r in sorted(records, key=lambda r: r.index):
        ratings.update(r)
    return ratings
