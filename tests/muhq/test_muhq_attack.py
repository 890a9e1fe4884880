"""Rules 10.4: the attacks of stacked units add up by range (every example of the rules)."""

from __future__ import annotations

import pytest

from game_agent.games.muhq.attack import at, profile, written
from protocol.games.muhq.content import Attack


def atk(text: str) -> list[Attack]:
    out = []
    for part in text.split(","):
        x, r = part.strip().split("@")
        out.append(Attack(int(x), int(r)))
    return out


@pytest.mark.parametrize(
    ("base", "stack", "result"),
    [
        ("1@1", "1@1", "2 Range 1"),
        ("1@1", "1@2", "1 Range 2; 2 Range 1"),
        ("1@2", "1@1", "1 Range 2; 2 Range 1"),
        ("1@1", "2@1, 1@1", "4 Range 1"),
        ("1@3", "1@2, 1@1", "1 Range 3; 2 Range 2; 3 Range 1"),
    ],
)
def test_the_examples_of_rules_10_4(base: str, stack: str, result: str) -> None:
    assert written(profile(atk(base) + atk(stack))) == result


def test_damage_by_distance_and_the_tower() -> None:
    p = profile(atk("1@3, 1@2, 1@1"))
    assert [at(p, d) for d in range(5)] == [0, 3, 2, 1, 0]
    assert profile(atk("1@3"), tower=True) == [1, 1, 1, 1]  # Range 3 becomes Range 4
    assert profile(atk("2@1"), tower=True) == [2]  # melee gains nothing
    assert profile([]) == [] and at([], 1) == 0
