"""Goofspiel's rules, from scenario files and whole games: the higher bid takes the prize, a tie
discards it, bid cards are spent, the higher total wins (or a draw); options and scenarios that
do not hold together are refused with a clear message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from goofspiel_support import RULES, SCENARIOS, kinds, random_game, scenario_config, scripted

from game_agent.engine import ConfigError, Game
from game_agent.games import manifest
from game_agent.games.goofspiel.scenario import read_scenario


def test_a_scenario_starts_where_its_file_says() -> None:
    g = Game(RULES, scenario_config("g1_tie_discards.toml"), 9)
    step = g.start()
    assert [(e.kind, e.data) for e in step.events] == [
        (
            "game_started",
            {
                "cards": 5,
                "round": 3,
                "hands": [[2, 4, 5], [1, 4, 5]],
                "prizes": [2, 4, 5],  # the order is not told: ascending
                "scores": [1, 3],
                "played": [1, 3],
            },
        ),
        ("prize_revealed", {"round": 3, "prize": 5}),
    ]
    assert [(r.seat, r.kind, r.options, r.info) for r in step.open] == [
        (0, "bid", [2, 4, 5], {"round": 3, "prize": 5}),
        (1, "bid", [1, 4, 5], {"round": 3, "prize": 5}),
    ]
    assert g.stack_names()[-1] == "root" and len(step.asked) == 2  # asked together


def test_a_tie_discards_the_prize_and_the_higher_bid_takes_the_next() -> None:
    g = scripted(scenario_config("g1_tie_discards.toml"), [(5, 5), (2, 1), (4, 4)])
    assert kinds(g, "bids_revealed") == [
        {"round": 3, "prize": 5, "bids": [5, 5], "winner": None, "scores": [1, 3]},
        {"round": 4, "prize": 2, "bids": [2, 1], "winner": 0, "scores": [3, 3]},
        {"round": 5, "prize": 4, "bids": [4, 4], "winner": None, "scores": [3, 3]},
    ]
    assert [d["prize"] for d in kinds(g, "prize_revealed")] == [5, 2, 4]  # the file's order
    assert g.outcome == {"winner": None, "reason": "draw", "scores": [3, 3]}
    assert g.state.hands == [[], []] and g.state.played == [1, 3, 5, 2, 4]


def test_the_higher_total_wins() -> None:
    g = scripted(scenario_config("g1_tie_discards.toml"), [(2, 5), (4, 1), (5, 4)])
    assert [d["winner"] for d in kinds(g, "bids_revealed")] == [1, 0, 0]
    # seat 1 takes 5 (3 + 5 = 8), seat 0 takes 2 and 4 (1 + 2 + 4 = 7)
    assert g.outcome == {"winner": 1, "reason": "total", "scores": [7, 8]}


def test_the_last_prize_decides_a_scenario_file() -> None:
    sc = read_scenario(SCENARIOS / "g2_last_prize.toml")
    g = scripted(sc.config, [(3, 1)])
    assert g.outcome is not None
    assert g.outcome == {"winner": None, **sc.expect}  # 2 + 1 = 3 against 3: a draw


def test_a_whole_game_auctions_every_prize_once_and_spends_every_card() -> None:
    for seed in range(20):
        g = random_game({}, seed)
        revealed = kinds(g, "bids_revealed")
        assert sorted(d["prize"] for d in revealed) == list(range(1, 14))
        assert [d["round"] for d in revealed] == list(range(1, 14))
        for seat in (0, 1):
            assert sorted(d["bids"][seat] for d in revealed) == list(range(1, 14))
        taken = [sum(d["prize"] for d in revealed if d["winner"] == s) for s in (0, 1)]
        assert g.outcome is not None and g.outcome["scores"] == taken
        ties = sum(d["prize"] for d in revealed if d["winner"] is None)
        assert sum(taken) + ties == 91
        assert all(d["winner"] is None for d in revealed if d["bids"][0] == d["bids"][1])


def test_the_cards_option_sets_the_size_of_the_game() -> None:
    g = random_game({"cards": 3}, 4)
    assert kinds(g, "game_started")[0]["hands"] == [[1, 2, 3], [1, 2, 3]]
    assert len(kinds(g, "bids_revealed")) == 3
    orders = {tuple(d["prize"] for d in kinds(random_game({"cards": 5}, s), "prize_revealed"))
              for s in range(30)}  # fmt: skip
    assert len(orders) > 20  # the deck is shuffled


def test_the_manifest_names_the_scenario_loader_and_rows() -> None:
    m = manifest("goofspiel")
    assert m.ruleset is RULES and m.name == "goofspiel"
    assert m.scenario is not None and {r.label for r in m.rows} >= {"2p random", "2p greedy"}


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"cards": 2}, "cards must be an integer from 3 to 13"),
        ({"cards": 14}, "cards must be an integer from 3 to 13"),
        ({"cards": "13"}, "cards must be an integer"),
        ({"suit": "hearts"}, "unknown option"),
        ({"cards": 3, "scenario": {"hands": [[1], [1]]}}, "scenario needs played, scores, deck"),
    ],
)
def test_bad_options_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RULES.configure(config)


GOOD = {"hands": [[2, 3], [1, 3]], "played": [1], "scores": [1, 0], "deck": [3, 2]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deck": [3]}, "played and deck together must hold each prize 1..3 once"),
        ({"deck": [3, 3]}, "a card is listed twice"),
        ({"played": [4]}, "4 is not a card of 1..3"),
        ({"hands": [[2, 3], [1]]}, "seat 1 holds 1 cards for 2 prizes left"),
        ({"hands": [[2, 3]]}, "hands must list two hands"),
        ({"scores": [1, 1]}, "add up to more than the prizes played"),
        ({"scores": [-1, 0]}, "scores must be two whole numbers"),
        ({"colour": "red"}, "unknown key"),
    ],
)
def test_a_scenario_that_does_not_hold_together_is_refused(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        RULES.configure({"cards": 3, "scenario": {**GOOD, **change}})
    assert RULES.configure({"cards": 3, "scenario": GOOD})["scenario"]["deck"] == [3, 2]


def test_configure_is_idempotent() -> None:
    for config in ({}, {"cards": 4}, scenario_config("g1_tie_discards.toml")):
        once = RULES.configure(config)
        assert RULES.configure(once) == once


def test_a_scenario_file_error_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('cards = 3\nhands = [[1], [2]]\nplayed = [2, 3]\nscores = [0, 0]\ndeck = [1]\n'
                 'colour = "red"\n')  # fmt: skip
    with pytest.raises(ConfigError, match=r"bad\.toml: unknown key\(s\) colour"):
        read_scenario(f)
    f.write_text("cards = 3\nhands = [[1], [2, 3]]\nplayed = [2, 3]\nscores = [0, 0]\ndeck = [1]\n")
    with pytest.raises(ConfigError, match=r"bad\.toml: scenario: seat 1 holds 2 cards"):
        read_scenario(f)
