"""Rules 8, 10.2, 11.2: available tiles and movement on the provisional map and small maps."""

from __future__ import annotations

from pathlib import Path

from game_agent.games.muhq.board import available, reachable, spawns, street_group, street_moves
from game_agent.games.muhq.ranges import offsets
from protocol.games.muhq.content import MapSpec, load_content

PROV = load_content().maps["PROV-MAP-1"]


def grid_map(tmp_path: Path, grid: str) -> MapSpec:
    f = tmp_path / "g.toml"
    f.write_text(
        f'[map]\nid = "G"\nname = "G"\nplayers = 2\ngrid = """\n{grid}\n"""\n'
        'resource_gain = 1\n[map.win]\nkind = "vip"\n',
        encoding="utf-8",
    )
    return load_content([f]).maps["G"]


def at(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def test_spawns_and_deep_water_are_where_the_map_says() -> None:
    assert sorted(spawns(PROV, 1)) == [at("c1"), at("e1")]
    assert sorted(spawns(PROV, 2)) == [at("c7"), at("e7")]
    assert not available(PROV, set(), at("b4"), swimming=False)  # deep water
    assert available(PROV, set(), at("b4"), swimming=True)
    assert not available(PROV, set(), at("a1"), swimming=True)  # swimmers only on deep water
    assert not available(PROV, {at("a1")}, at("a1"), swimming=False)  # occupied


def test_on_open_ground_a_move_reaches_exactly_its_range(tmp_path: Path) -> None:
    m = grid_map(tmp_path, "\n".join([" ".join(["."] * 9)] * 9))
    centre = (4, 4)
    for move in (1, 2, 3, 4):
        got = set(reachable(m, set(), centre, move))
        want = {(4 + dx, 4 + dy) for dx, dy in offsets(move)} - {centre}
        assert got == want, move
    alt = set(reachable(m, set(), centre, 4, rule="alternating"))
    assert (7, 7) in alt and (7, 7) not in set(reachable(m, set(), centre, 4))


def test_blocked_tiles_are_walked_around_and_water_ends_a_move(tmp_path: Path) -> None:
    m = grid_map(tmp_path, ". . . . .\n. . # . .\n. . # . .\n. . # . .\n. . . . .")
    # a wall of deep water at x = 2: from (0, 2) to (4, 2) a unit must go around it
    # the cheapest way round: the first diagonal at 1, straight steps, a later diagonal at 2
    # (1 + 1 + 1 + 1 + 1 + 2 = 7)
    assert (4, 2) not in reachable(m, set(), (0, 2), 6)
    assert reachable(m, set(), (0, 2), 7)[(4, 2)] == 7
    w = grid_map(tmp_path, ". ~ . . .")
    r = reachable(w, set(), (0, 0), 4)
    assert (1, 0) in r and (2, 0) not in r  # stepping into water ends the move
    assert (3, 0) not in reachable(w, {(1, 0)}, (0, 0), 4)  # and an occupied tile blocks


def test_the_street_move_stays_on_the_connected_street() -> None:
    street = street_group(PROV, at("d4"))
    assert street == {at(f"d{n}") for n in range(2, 7)}
    moves = street_moves(PROV, set(), at("d4"), 2)
    assert moves == {at("d2"), at("d3"), at("d5"), at("d6")}
    assert street_moves(PROV, set(), at("a2"), 2) == set()
