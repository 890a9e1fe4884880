"""Rules 8.2, 11.2, 15 (where permanents go)."""

from __future__ import annotations

from game_agent.games.muhq.placement import drop_tiles, play_tiles
from protocol.games.muhq.content import load_content

CONTENT = load_content()


def at(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


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
