"""Rules 4: the booster draft, in its recommended precise form."""

from __future__ import annotations

import random
from collections import Counter

from game_agent.games.muhq.draft import draft, packs_of
from protocol.games.muhq.content import load_content


def pool_of(counts: dict[str, int], seed: int) -> list[str]:
    pool = [cid for cid, n in sorted(counts.items()) for _ in range(n)]
    random.Random(seed).shuffle(pool)
    return pool


def test_two_players_draft_thirty_each_from_the_provisional_pool() -> None:
    pool = pool_of(dict(load_content().sets["PROV-CORE"].pool), 1)
    assert len(pool) == 60
    first = lambda seat, pack: 0  # noqa: E731 - take the first card of every pack
    decks = draft(pool, 2, first)
    assert [len(d) for d in decks] == [30, 30]
    assert Counter(decks[0]) + Counter(decks[1]) == Counter(pool)


def test_picks_alternate_and_packs_are_passed_on() -> None:
    pool = [f"c{i:02d}" for i in range(20)]  # two packs: c00..c09 and c10..c19
    decks = draft(pool, 2, lambda seat, pack: 0)
    # seat 0 takes c00 from pack A, seat 1 c10 from pack B; then the packs swap hands
    assert decks[0][:3] == ["c00", "c11", "c02"]
    assert decks[1][:3] == ["c10", "c01", "c12"]


def test_the_round_test_is_at_the_start_and_short_packs_are_set_aside() -> None:
    pool = [f"c{i}" for i in range(95)]  # 9 full packs, 5 cards set aside
    assert len(packs_of(pool)) == 9
    decks = draft(pool, 3, lambda seat, pack: len(pack) - 1)
    assert [len(d) for d in decks] == [30, 30, 30]  # 3 rounds: 25 is checked before each round
    decks = draft(pool[:40], 3, lambda seat, pack: 0)
    assert [len(d) for d in decks] == [10, 10, 10]  # one pack left over: fewer than players
