"""Rules 13 and 12: combat exchanges, Houses and Towers, solid artifacts, defeat and poison."""

from __future__ import annotations

import pytest

from game_agent.games.muhq.combat import Fighter, can_attack, defeated, exchange, poisoned_out
from protocol.games.muhq.content import load_content

CARDS = load_content().cards


def unit(card: str, tile: str = ".") -> Fighter:
    return Fighter(CARDS[card].attack, tile)


def test_both_units_deal_damage_when_both_reach() -> None:
    e = exchange(unit("PROV-05"), unit("PROV-03"), 1)  # Knight 3@1 against Spearman 2@1
    assert (e.to_defender, e.to_attacker) == (3, 2)


def test_a_ranged_attack_draws_no_strike_back_from_a_melee_unit() -> None:
    e = exchange(unit("PROV-04"), unit("PROV-05"), 3)  # Archer 1@3 against Knight 3@1
    assert (e.to_defender, e.to_attacker) == (1, 0)
    e = exchange(unit("PROV-04"), unit("PROV-05"), 1)  # at melee range the Knight answers
    assert (e.to_defender, e.to_attacker) == (1, 3)


def test_out_of_reach_is_refused() -> None:
    assert not can_attack(unit("PROV-03"), unit("PROV-04"), 2)
    with pytest.raises(ValueError, match="out of the attacker's reach"):
        exchange(unit("PROV-03"), unit("PROV-04"), 2)
    assert not can_attack(unit("PROV-02"), unit("PROV-01"), 1)  # the Farmer cannot attack


def test_a_house_shelters_from_range_and_a_tower_extends_it() -> None:
    assert not can_attack(unit("PROV-04"), unit("PROV-03", "H"), 2)
    assert can_attack(unit("PROV-04"), unit("PROV-03", "H"), 1)
    assert not can_attack(unit("PROV-04"), unit("PROV-03"), 4)
    assert can_attack(unit("PROV-04", "T"), unit("PROV-03"), 4)
    # an archer on a House shoots another archer at 3; the answer cannot reach into the House
    e = exchange(unit("PROV-04", "H"), unit("PROV-04"), 3)
    assert (e.to_defender, e.to_attacker) == (1, 0)


def test_a_solid_artifact_is_attacked_but_never_strikes_back() -> None:
    palisade = Fighter(CARDS["PROV-05"].attack, ".", solid=True)
    assert exchange(unit("PROV-03"), palisade, 1).to_attacker == 0


@pytest.mark.parametrize(
    ("life", "damage", "lt0", "le0"),
    [(2, 1, False, False), (2, 2, False, True), (2, 3, True, True), (0, 0, False, True)],
)
def test_the_defeat_threshold_option(life: int, damage: int, lt0: bool, le0: bool) -> None:
    assert defeated(life, damage, "lt0") is lt0
    assert defeated(life, damage, "le0") is le0


def test_poison_defeats_with_more_tokens_than_remaining_life() -> None:
    assert not poisoned_out(3, 1, 2)
    assert poisoned_out(3, 1, 3)
