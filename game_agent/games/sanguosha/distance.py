"""Distance and attack range (§4.5), with `spent` = cards being used or paid right now (§6 row 14).

Horses and Mashu are distance modifiers of the game's rules (`Rules.distance_mod`, owned by the
seat they belong to); weapons give the base range.
"""

from __future__ import annotations

from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.catalogue import KINDS

NONE: frozenset[int] = frozenset()


def seat_distance(st: State, a: int, b: int) -> int:
    if a == b:
        return 0
    players = st.players
    n = len(players)
    cw = 0
    i = a
    while True:
        i = (i + 1) % n
        if players[i].alive:
            cw += 1
        if i == b:
            break
    alive = sum(1 for p in players if p.alive)
    if not players[a].alive or not players[b].alive:
        return min(cw, max(alive - cw, 1))
    return min(cw, alive - cw)


def distances_from(st: State, a: int, spent: frozenset[int] = NONE) -> dict[int, int]:
    """a's distance to every other living seat, in one pass over the ring (a must be alive)."""
    players = st.players
    n = len(players)
    ring = [(a + i) % n for i in range(1, n) if players[(a + i) % n].alive]
    m = len(ring) + 1
    index = index_of(st)
    mine, theirs = index.distance_mods_from(st, a)
    owns = index.owns
    out: dict[int, int] = {}
    for k, b in enumerate(ring, 1):
        d = k if k < m - k else m - k
        for fn in mine:
            d += fn(st, a, b, spent)
        for key, to in theirs:
            if owns(st, b, key):
                d += to(st, b, a, spent)
        out[b] = d if d > 1 else 1
    return out


def distance(st: State, a: int, b: int, spent: frozenset[int] = NONE) -> int:
    if a == b:
        return 0
    d = seat_distance(st, a, b) + index_of(st).distance_mod(st, a, b, spent)
    return d if d > 1 else 1


def attack_range(st: State, a: int, spent: frozenset[int] = NONE) -> int:
    w = st.players[a].equip.get("weapon")
    r = KINDS[NAME[w]].range if (w is not None and w not in spent) else 1
    return r + index_of(st).range_mod(st, a, spent)
