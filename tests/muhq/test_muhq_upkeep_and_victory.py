"""Rules 5.1, 17.3 (upkeep, the Kraken's upkeep) and rules 16, 20.3 (win conditions)."""

from __future__ import annotations

import random

from game_agent.games.muhq.upkeep import gain, kraken_upkeep
from game_agent.games.muhq.victory import kraken_outcome, vip_outcome


def test_gain_and_the_second_players_first_upkeep_bonus() -> None:
    assert gain(3, first_upkeep=True, second_player=False, bonus=1) == 3
    assert gain(3, first_upkeep=True, second_player=True, bonus=1) == 4
    assert gain(3, first_upkeep=False, second_player=True, bonus=1) == 3


def test_the_kraken_destroys_random_units_until_it_can_pay() -> None:
    # 2 players: +10. Upkeeps 3 + 1 x 9 = 12 > 10: units go at random until the rest cost <= 10
    upkeeps = [3] + [1] * 9
    left, destroyed = kraken_upkeep(0, 2, upkeeps, random.Random(4))
    kept = [u for i, u in enumerate(upkeeps) if i not in destroyed]
    assert sum(kept) <= 10 and left == 10 - sum(kept) and destroyed
    assert sum(kept) + upkeeps[destroyed[-1]] > 10  # it stopped as soon as it could pay
    assert kraken_upkeep(0, 2, [1, 1], random.Random(1)) == (8, [])
    runs = {tuple(kraken_upkeep(0, 1, [2, 2, 2, 2], random.Random(s))[1]) for s in range(20)}
    assert len(runs) > 1  # which unit goes is random (seeded)


def test_vip_and_kraken_outcomes() -> None:
    assert vip_outcome([0, 1], {0, 1}) is None
    assert vip_outcome([0, 1], {1}) == [1]
    assert vip_outcome([0, 1], set()) == []
    assert kraken_outcome(True, 2) is None
    assert kraken_outcome(False, 1) == "players"
    assert kraken_outcome(True, 0) == "kraken"
    assert kraken_outcome(False, 0) == "players"
