"""Rules 5, 6.5, 7 (a player's cards) and rules 8.2, 11.2, 15 (where permanents go)."""

from __future__ import annotations

import random

import pytest

from game_agent.games.muhq.placement import drop_tiles, play_tiles
from game_agent.games.muhq.zones import buy, buyable, draw_up, refill, trade
from protocol.games.muhq.content import load_content
from protocol.games.muhq.state import Cards

CONTENT = load_content()
COSTS = {cid: c.buy for cid, c in CONTENT.cards.items()}


def at(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def test_refill_only_when_the_deck_is_empty_and_draw_up_to_three() -> None:
    rng = random.Random(1)
    c = Cards(deck=["a"], discard=["b", "c", "d"])
    assert not refill(c, rng)  # the deck is not empty
    assert draw_up(c, rng) == ["a"]  # gap G4: no reshuffle in the middle of the draw
    assert c.hand == ["a"] and c.deck == []
    assert refill(c, rng) and sorted(c.deck) == ["b", "c", "d"] and c.discard == []
    assert len(draw_up(c, rng)) == 2 and len(c.hand) == 3
    d = Cards(deck=["a"], discard=["b", "c"])
    assert len(draw_up(d, rng, reshuffle_mid_draw=True)) == 3  # the option refills mid-draw


def test_trading_two_cards_gains_one_resource() -> None:
    c = Cards(hand=["a", "b", "c"])
    trade(c, ["a", "c"])
    assert (c.hand, sorted(c.discard), c.resource) == (["b"], ["a", "c"], 1)
    with pytest.raises(ValueError, match="exactly two"):
        trade(c, ["b"])


def test_buying_once_per_turn_from_the_own_store() -> None:
    c = Cards(store=["PROV-03", "PROV-04", "PROV-05"], resource=5)
    assert buyable(c, COSTS) == ["PROV-03", "PROV-04", "PROV-05"]
    buy(c, "PROV-05", 5)
    assert c.discard == ["PROV-05"] and c.resource == 0 and "PROV-05" not in c.store
    assert buyable(c, COSTS) == []
    with pytest.raises(ValueError, match="only one card"):
        buy(c, "PROV-03", 3)
    c.bought = False
    with pytest.raises(ValueError, match="costs 3, the player has 0"):
        buy(c, "PROV-03", 3)


def test_permanents_are_played_onto_own_spawns_and_swimmers_near_own_harbors() -> None:
    m = CONTENT.maps["PROV-MAP-1"]
    assert play_tiles(m, set(), 1, False) == [at("c1"), at("e1")]
    assert play_tiles(m, {at("c1")}, 1, False) == [at("e1")]
    assert play_tiles(m, set(), 2, True) == []  # no harbor on this map: swimmers cannot come
    k = CONTENT.maps["PROV-MAP-1-KRAKEN"]
    assert play_tiles(k, set(), 0, True) == [at("b4"), at("f4")]  # the river next to a4 and g4


def test_a_dropped_stack_goes_within_range_1_or_is_destroyed() -> None:
    m = CONTENT.maps["PROV-MAP-1"]
    around = drop_tiles(m, set(), at("b2"), False)
    assert at("b2") in around and len(around) == 9
    everything = {(x, y) for x in range(7) for y in range(7)}
    assert drop_tiles(m, everything - {at("b2")}, at("b2"), False) == [at("b2")]
    assert drop_tiles(m, everything, at("b2"), False) == []
