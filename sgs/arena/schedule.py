"""The arena's schedule: which bot sits in which seat of which game, and with which seed.

Games come in *blocks*. Every game of a block uses the same game seed, so it is the same deal
(in Sanguosha's identity mode the roles are dealt from the seed before anyone decides
anything); only the bots change seats between the games of a block.

`rotate` (the default) — with bots B[0..k-1] and n seats, the base assignment gives seat i the
bot B[i mod k]. A block holds every assignment reachable from it by rotating the seats
(seat i takes what seat i-r had, r = 0..n-1) and by renaming the bots cyclically (B[j] ->
B[j+t mod k], t = 0..k-1), each distinct assignment once. That set is the orbit of the base
assignment under the group Z_n x Z_k, so every assignment in it occurs equally often among the
n*k (rotation, renaming) pairs; and over those pairs each bot sits in each seat exactly n
times. Hence within one block each bot plays every seat equally often, and, as the deal is the
same throughout the block, every role as often as the deal has it (for 5 players: the lord
seat once for every time it plays the loyalist seat, twice as often a rebel seat). With
smart,random at 5 seats the block is the 10 rotations of S,R,S,R,S and of R,S,R,S,R.

`teams` (Sanguosha identity mode, two bots) — a block is two games: the lord's side (lord and
loyalists) all played by the first bot and the rebels and renegades by the second, then the
reverse. Each seat is played by each bot once per block, each role too. The seats depend on
the deal, so this schedule gives sides, and the worker reads the deal before seating the bots.

`paired` (two different bots, any game of two or more seats) — a block is a *pair*: one deal
played twice, the second time with every seat's bot exchanged for the other bot, so each seat
(and, the deal being the same, each role) is held by one bot in one game and by the other in
the other, and the luck of the deal cancels in the comparison. Pair p uses the seed `seed + p`
and the base assignment (seat i: B[i mod k], as for `rotate`) rotated by p mod n, so that over
n pairs every rotation of the base comes first once. With two seats the pair alternates them.

`--games N` is rounded up to whole blocks, so that the balance is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LINEUPS = ("rotate", "teams", "paired")
PAIRED = ("paired", "teams")  # lineups whose blocks are pairs: one deal, the bots exchanged


@dataclass(frozen=True)
class GameSpec:
    """One game of the tournament: its index (the order of everything downstream), its game
    seed, and either the bot of each seat or, for a `teams` block, the bots of the two sides
    (lord's side, the others)."""

    index: int
    seed: int
    seats: tuple[str, ...] | None = None
    sides: tuple[str, str] | None = None


def rotations(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The distinct assignments of one `rotate` block, in a fixed order (renaming t outer,
    rotation r inner, first occurrence kept)."""
    if not bots:
        raise ValueError("no bots")
    k = len(bots)
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for t in range(k):
        for r in range(seats):
            a = tuple(bots[((s - r) % seats + t) % k] for s in range(seats))
            if a not in seen:
                seen.add(a)
                out.append(a)
    return out


def distinct(bots: Sequence[str]) -> list[str]:
    """The bots in order of first appearance, each once."""
    return list(dict.fromkeys(bots))


def block_size(bots: Sequence[str], seats: int, lineup: str) -> int:
    return 2 if lineup in PAIRED else len(rotations(bots, seats))


def swapped(seating: Sequence[str], a: str, b: str) -> tuple[str, ...]:
    """The seating with bots `a` and `b` exchanged in every seat."""
    return tuple(b if x == a else a if x == b else x for x in seating)


def pair_seatings(bots: Sequence[str], seats: int, pair: int) -> tuple[tuple[str, ...], ...]:
    """`paired`: the two seatings of pair `pair` (the base rotated by pair mod seats, then
    every seat's bot exchanged)."""
    a, b = distinct(bots)[:2]
    r = pair % seats
    first = tuple(bots[((s - r) % seats) % len(bots)] for s in range(seats))
    return first, swapped(first, a, b)


def schedule(
    bots: Sequence[str], seats: int, games: int, seed: int, lineup: str = "rotate"
) -> list[GameSpec]:
    """At least `games` games in whole blocks; block b uses the game seed `seed + b`."""
    if lineup not in LINEUPS:
        raise ValueError(f"unknown lineup {lineup!r}")
    out: list[GameSpec] = []
    if lineup == "teams":
        a, b = distinct(bots)[:2]
        blocks = -(-games // 2)
        for blk in range(blocks):
            for sides in ((a, b), (b, a)):
                out.append(GameSpec(len(out), seed + blk, sides=sides))
        return out
    if lineup == "paired":
        for p in range(-(-games // 2)):
            for seating in pair_seatings(bots, seats, p):
                out.append(GameSpec(len(out), seed + p, seats=seating))
        return out
    assignments = rotations(bots, seats)
    blocks = -(-games // len(assignments))
    for blk in range(blocks):
        for seating in assignments:
            out.append(GameSpec(len(out), seed + blk, seats=seating))
    return out


def team_seats(roles: Sequence[str], sides: tuple[str, str]) -> tuple[str, ...]:
    """`teams`: the lord's side (lord, loyalists) gets sides[0], everyone else sides[1]."""
    return tuple(sides[0] if r in ("lord", "loyalist") else sides[1] for r in roles)


def chunks(specs: Sequence[GameSpec], size: int) -> list[list[GameSpec]]:
    """Consecutive runs of `size` games: one task each for a backend."""
    return [list(specs[i : i + size]) for i in range(0, len(specs), size)]


def chunk_size(total: int, workers: int) -> int:
    """Big enough to keep the per-task overhead low, small enough to keep every worker busy
    to the end and to make Ctrl-C quick: about 8 tasks per worker, at most 25 games each."""
    return max(1, min(25, total // max(1, workers * 8)))
