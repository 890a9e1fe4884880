"""Paired games: a pair is one deal played twice with the two bots exchanged in every seat
(`--lineup paired`; `teams` blocks are pairs too), so each seat, with its role, is held by
bot A in one game and by bot B in the other.

Each seat of a pair is compared with itself: A takes the seat's point when A won it and B did
not, B takes it in the reverse case, and they share it (half each) when both won it or neither
did. A's *pair share* is its part of the points, over all seats or the seats of one role: 0.5
means the two bots are level, and the luck of the deal (the same for both) cancels. In a
two-seat game a pair is worth 1 to the bot that won both games, 0.5 to each for one each.

The interval is a percentile bootstrap over the pairs (the independent units: the seats of one
pair share a deal): `RESAMPLES` resamples of as many pairs, drawn with replacement by a
generator seeded from the run's seed, so the same games always give the same interval.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sgs.arena.stats import role_names, role_order
from sgs.arena.worker import GameRecord

RESAMPLES = 2000
BATCH = 100  # resamples drawn at a time (bounds the memory with many pairs)
LEVEL = 0.95
ALL = "(all)"


def bootstrap_seed(seed: int) -> int:
    """The bootstrap's generator seed: a fixed function of the run's seed."""
    digest = hashlib.blake2b(f"sgs-arena-bootstrap\n{seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def complete_pairs(records: Sequence[GameRecord]) -> list[tuple[GameRecord, GameRecord]]:
    """The pairs whose two games both finished (games 2p and 2p+1, on one seed), in order."""
    by_index = {r.index: r for r in records}
    out = []
    for index in sorted(by_index):
        if index % 2 == 0 and index + 1 in by_index:
            first, second = by_index[index], by_index[index + 1]
            if first.seed != second.seed:
                raise ValueError(f"games {index} and {index + 1} are not a pair: two seeds")
            out.append((first, second))
    return out


@dataclass
class SeatPairs:
    """The seat-by-seat comparison over the pairs, for one role (or all seats)."""

    a_only: int = 0
    both: int = 0
    neither: int = 0
    b_only: int = 0
    points: list[float] = field(default_factory=list)  # A's points in each pair
    seats: list[int] = field(default_factory=list)  # the seats counted in each pair

    def add_pair(self) -> None:
        self.points.append(0.0)
        self.seats.append(0)

    def add(self, a_won: bool, b_won: bool) -> None:
        if a_won and not b_won:
            self.a_only += 1
        elif b_won and not a_won:
            self.b_only += 1
        elif a_won:
            self.both += 1
        else:
            self.neither += 1
        self.points[-1] += 1.0 if a_won > b_won else 0.0 if b_won > a_won else 0.5
        self.seats[-1] += 1

    @property
    def seat_pairs(self) -> int:
        return self.a_only + self.both + self.neither + self.b_only


def seat_winner_maps(
    pair: tuple[GameRecord, GameRecord], a: str, b: str
) -> list[tuple[int, bool, bool]] | None:
    """(seat, A won it, B won it) for each seat of a pair, or None when the two games do not
    exchange the bots seat by seat."""
    first, second = pair
    out = []
    for seat, (x, y) in enumerate(zip(first.seats, second.seats, strict=True)):
        if {x, y} != {a, b}:
            return None
        game_a, game_b = (first, second) if x == a else (second, first)
        out.append((seat, seat in game_a.winners, seat in game_b.winners))
    return out


def interval(
    points: np.ndarray[Any, np.dtype[np.float64]],
    seats: np.ndarray[Any, np.dtype[np.float64]],
    picks: Sequence[np.ndarray[Any, np.dtype[np.int64]]],
) -> tuple[float, float]:
    """The percentile interval of the share (points / seats) over the resampled pairs."""
    shares = []
    for idx in picks:
        total = seats[idx].sum(axis=1)
        shares.append(
            np.divide(
                points[idx].sum(axis=1), total, where=total > 0, out=np.full(len(idx), np.nan)
            )
        )
    values = np.concatenate(shares)
    values = values[~np.isnan(values)]
    if values.size == 0:
        return (0.0, 1.0)
    tail = (1 - LEVEL) / 2
    low, high = np.quantile(values, [tail, 1 - tail])
    return (float(low), float(high))


def game_counts(r: GameRecord, a: str, b: str) -> list[int]:
    """One game's seat wins and seats of bot a, then of bot b."""
    won = set(r.winners)
    return [
        sum(1 for s, x in enumerate(r.seats) if x == a and s in won),
        sum(1 for x in r.seats if x == a),
        sum(1 for s, x in enumerate(r.seats) if x == b and s in won),
        sum(1 for x in r.seats if x == b),
    ]


def unpaired_interval(
    games: np.ndarray[Any, np.dtype[np.float64]], rng: np.random.Generator
) -> tuple[float, float]:
    """For comparison: the interval of the same share, 1/2 + (A's win rate - B's) / 2, when the
    games are resampled one by one as if each had its own deal (what the pairing is worth is
    the ratio of the two widths)."""
    n = len(games)
    values = []
    for _ in range(RESAMPLES // BATCH):
        picked = games[rng.integers(0, n, size=(BATCH, n))].sum(axis=1)
        held = (picked[:, 1] > 0) & (picked[:, 3] > 0)  # both bots sat in the resample
        picked = picked[held]
        values.append(0.5 + (picked[:, 0] / picked[:, 1] - picked[:, 2] / picked[:, 3]) / 2)
    every = np.concatenate(values)
    if every.size == 0:
        return (0.0, 1.0)
    tail = (1 - LEVEL) / 2
    low, high = np.quantile(every, [tail, 1 - tail])
    return (float(low), float(high))


def ordered(game: str, roles: Sequence[str]) -> list[str]:
    """The roles in the tables' order (the game's, then any other by name)."""
    known = [x for x in role_order(game) if x in roles]
    return known + sorted(x for x in roles if x not in known)


def paired(
    game: str, records: Sequence[GameRecord], bots: Sequence[str], seed: int
) -> dict[str, Any]:
    """The pair share of the first bot against the second, overall and per role, with its
    bootstrap interval; and how many pairs it led, drew and trailed."""
    a, b = list(dict.fromkeys(bots))[:2]
    groups: dict[str, SeatPairs] = {ALL: SeatPairs()}
    order: list[str] = []
    ahead = even = behind = 0
    pairs = complete_pairs(records)
    singles: list[list[int]] = []  # per game: A's seat wins and seats, B's
    for pair in pairs:
        singles += [game_counts(r, a, b) for r in pair]
        seats = seat_winner_maps(pair, a, b)
        if seats is None:
            raise ValueError(f"games {pair[0].index} and {pair[1].index} do not exchange {a}, {b}")
        roles = role_names(pair[0], game)
        for g in groups.values():
            g.add_pair()
        for seat, a_won, b_won in seats:
            role = roles[seat]
            if role not in groups:
                groups[role] = SeatPairs(
                    points=[0.0] * len(groups[ALL].points), seats=[0] * len(groups[ALL].points)
                )
                order.append(role)
            groups[role].add(a_won, b_won)
            groups[ALL].add(a_won, b_won)
        share = groups[ALL].points[-1] / groups[ALL].seats[-1]
        ahead += share > 0.5
        even += share == 0.5
        behind += share < 0.5
    rng = np.random.default_rng(bootstrap_seed(seed))
    n = len(pairs)
    picks = [rng.integers(0, n, size=(BATCH, n)) for _ in range(RESAMPLES // BATCH)] if n else []

    unpaired = unpaired_interval(np.array(singles, dtype=np.float64), rng) if n else (0.0, 1.0)

    def row(g: SeatPairs) -> dict[str, Any]:
        points = np.array(g.points, dtype=np.float64)
        seats = np.array(g.seats, dtype=np.float64)
        total = float(seats.sum())
        low, high = interval(points, seats, picks) if n else (0.0, 1.0)
        return {
            "seat_pairs": g.seat_pairs,
            "a_only": g.a_only,
            "both": g.both,
            "neither": g.neither,
            "b_only": g.b_only,
            "share": round(float(points.sum()) / total, 4) if total else None,
            "ci95": [round(low, 4), round(high, 4)],
        }

    return {
        "bot": a,
        "against": b,
        "pairs": n,
        "resamples": RESAMPLES,
        "ahead": ahead,
        "even": even,
        "behind": behind,
        "all": row(groups[ALL]),
        "unpaired_ci95": [round(unpaired[0], 4), round(unpaired[1], 4)],
        "by_role": {role: row(groups[role]) for role in ordered(game, order)},
    }
