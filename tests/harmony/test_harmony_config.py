"""Options (`configure`) and the scenario loader: defaults, validation, clear errors."""

from __future__ import annotations

from typing import Any

import pytest
from harmony_support import SCENARIO_DIR, scenario

from game_agent.engine import ConfigError, Game
from game_agent.games.harmony import RULESET
from game_agent.games.harmony.scenario import (
    load_scenario,
    parse_scenario,
    read_scenario,
    resolve_scenario,
)
from protocol.codec import pack, unpack


def test_defaults() -> None:
    assert RULESET.configure({}) == {
        "skip_attack_rounds": 3,
        "mutual_lethal": "continue",
        "first_player": None,
        "scenario": None,
        "variants": {},
    }
    assert RULESET.seat_count({}) == 2
    assert RULESET.name == "harmony"


@pytest.mark.parametrize(
    "config",
    [
        {},
        {"skip_attack_rounds": 0, "mutual_lethal": "compare", "first_player": 1},
        {"first_player": "N"},
        {"variants": {"bonus_per_stream": True, "overflow_defence": False}},
        scenario("S8").config,
        scenario("S6c-A3a").config,
    ],
)
def test_configure_is_idempotent_and_msgpack_plain(config: dict[str, Any]) -> None:
    once = RULESET.configure(config)
    assert RULESET.configure(once) == once
    assert unpack(pack(once)) == once


def test_first_player_names() -> None:
    assert RULESET.configure({"first_player": "South"})["first_player"] == 0
    assert RULESET.configure({"first_player": "n"})["first_player"] == 1


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"skip_attack_rounds": -1}, "skip_attack_rounds must be an integer from 0 to 15"),
        ({"skip_attack_rounds": 16}, "skip_attack_rounds"),
        ({"skip_attack_rounds": "3"}, "skip_attack_rounds"),
        ({"skip_attack_rounds": True}, "skip_attack_rounds"),
        ({"mutual_lethal": "sudden_death"}, "mutual_lethal must be one of continue, draw, compare"),
        ({"first_player": 2}, "first_player must be 0 (South) or 1 (North)"),
        ({"first_player": True}, "first_player"),
        ({"first_player": "east"}, "first_player"),
        ({"rounds": 3}, "unknown option(s) rounds"),
        ({"variants": {"bonus_per_defender": True}}, "unknown variant(s) bonus_per_defender"),
        ({"variants": {"bonus_per_stream": 1}}, "must be true or false"),
        ({"variants": []}, "variants must be a map"),
        ({"scenario": "S8"}, "scenario must be a map"),
        ({"scenario": {"round": 4}}, "scenario needs round, first_placer and position"),
        (
            {"scenario": {"round": 1, "first_placer": 0, "position": [{"z/F": "Te"}, {}]}},
            "unknown cell 'z/F'",
        ),
        (
            {"scenario": {"round": 1, "first_placer": 0, "position": [{"a/F": "Tx"}, {}]}},
            "unknown piece 'Tx'",
        ),
        (
            {"scenario": {"round": 1, "first_placer": 0, "position": [{}, {"a/F": "Te"}]}},
            "North places second in round 1 but has already placed",
        ),
        (
            {"scenario": {"round": 3, "first_placer": 0, "position": [{}, {}]}},
            "in round 3 South must have 2 or 3 pieces, has 0",
        ),
        (
            {"scenario": {"round": 16, "first_placer": 0, "position": [{}, {}]}},
            "round must be an integer from 1 to 15",
        ),
        (
            {"scenario": {"round": 1, "first_placer": 0, "position": [{}]}},
            "position must list two fields",
        ),
        (
            {**scenario("S8").config, "first_player": 1},
            "first_player 1 contradicts the scenario",
        ),
    ],
)
def test_bad_config_is_refused_with_a_clear_message(config: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError) as info:
        RULESET.configure(config)
    assert words in str(info.value)
    with pytest.raises(ConfigError):
        Game(RULESET, config, seed=0)


def test_load_scenario_gives_a_game_config() -> None:
    cfg = load_scenario(SCENARIO_DIR / "s08_round4_decides.toml")
    assert cfg["scenario"]["round"] == 4 and cfg["scenario"]["first_placer"] == 1
    # North placed first in round 4 (even), so North is Player 2 and South Player 1
    assert cfg["first_player"] == 0
    assert cfg["scenario"]["position"][0] == {"b/F": "Me", "c/F": "Ae", "d/F": "Me", "c/M": "Ae"}
    assert resolve_scenario(cfg).damage_to == (2, 10)
    with pytest.raises(ConfigError, match="holds no scenario"):
        resolve_scenario({})


GOOD = '''name = "t"
round = 1
first_placer = "S"
board = """
                 a    b    c    d    e
N back   (B)     .    .    .    .    .
N middle (M)     .    .    .    .    .
N front  (F)     .    .    .    .    .
             -------------------------  midline
S front  (F)     .    .    .    .    .
S middle (M)     .    .    .    .    .
S back   (B)     .    .    .    .    .
"""
'''


def test_minimal_scenario_and_config_overrides() -> None:
    sc = parse_scenario(GOOD)
    assert sc.name == "t" and sc.config["scenario"]["round"] == 1
    sc = parse_scenario(GOOD + '\n[config]\nmutual_lethal = "draw"\n')
    assert sc.config["mutual_lethal"] == "draw"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            GOOD.replace("S front  (F)     .", "S front  (F)    Qq"),
            "x.toml: line 10: lane a: unknown piece 'Qq'",
        ),
        (GOOD.replace("N middle (M)     .    .    .    .    .\n", ""), "missing row(s): N (M)"),
        (
            GOOD.replace("S back   (B)     .    .    .    .    .", "S back (B) . ."),
            "x.toml: line 12: expected 5 cells",
        ),
        (GOOD.replace('first_placer = "S"', 'first_placer = "W"'), "first_placer must be 0"),
        (GOOD.replace("round = 1", "round = 0"), "round must be an integer from 1 to 15"),
        (GOOD.replace("round = 1\n", ""), "missing key 'round'"),
        (GOOD + "\nseed = 3\n", "unknown key(s) seed"),
        (GOOD + "\n[config]\nmutual_lethal = 3\n", "mutual_lethal must be one of"),
        (GOOD + "\n[config]\nscenario = 1\n", "cannot hold a scenario"),
        (GOOD.replace("round = 1", "round = ["), "not valid TOML"),
        (
            GOOD.replace("S front  (F)     .    .", "S front  (F)    Te   Te"),
            "in round 1 South must have 0 or 1 pieces, has 2",
        ),
    ],
)
def test_bad_scenarios_name_the_line_or_reason(text: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_scenario(text, "x.toml")
    assert words in str(info.value)


def test_scenario_line_numbers_count_from_the_file() -> None:
    text = GOOD.replace('board = """\n', 'board = """').replace(
        "S middle (M)     .", "S middle (M)    ??"
    )
    # the board now starts on the key's own line (4), so S middle is on line 10
    with pytest.raises(ConfigError, match="line 10: lane a"):
        parse_scenario(text, "x.toml")


def test_every_scenario_file_reads() -> None:
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        sc = read_scenario(path)
        assert sc.name and sc.title and {"to_north", "to_south", "result"} <= set(sc.expect)
