"""Priority windows follow the engine's response-window policy (`game_agent.engine.windows`):
every seat is asked whether or not it could declare a fast action, so the requests the other
seats receive, and the order in which the seats are asked, never tell who held a spell.

The scenario: seat 0's Spearman attacks seat 1's Militia; seat 1 holds a Firebolt it could cast
on the attacker (`stack_response_fizzles_attack`), or holds nothing. Seat 1 passes either way.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from game_agent.engine import ConfigError, Game
from game_agent.games import load
from game_agent.games.muhq.scenario import load_scenario

SCENARIO = Path(__file__).parent / "scenarios" / "stack_response_fizzles_attack.toml"
FIREBOLT = "PROV-08"


def config(firebolt: bool, conceal: bool = True) -> dict[str, Any]:
    cfg = copy.deepcopy(load_scenario(SCENARIO))
    cfg["scenario"]["side"][1]["hand"] = [FIREBOLT] if firebolt else []
    cfg["conceal_responses"] = conceal
    return cfg


def requests(firebolt: bool, conceal: bool = True) -> list[tuple[int, int, str, dict[str, Any]]]:
    """Every request up to seat 0's next action menu: (seat, id, kind, info), in issue order;
    seat 0 selects its Spearman and attacks, every priority request is passed."""
    g = Game(load("muhq"), config(firebolt, conceal), 1)
    step = g.start()
    script = [["select", 3], ["attack", 4]]
    while (req := step.request) is not None:
        if req.kind == "priority":
            assert req.options[0] == ["pass"] and req.default == 0
            step = g.resume(0)
        elif script:
            step = g.resume(req.options.index(script.pop(0)))
        else:
            break
    assert not script and any(e.kind == "attack_resolved" for e in g.events)
    return [(r.seat, r.id, r.kind, r.info) for r in g.requests]


def test_a_seat_with_nothing_to_declare_is_asked_with_pass_alone() -> None:
    g = Game(load("muhq"), config(firebolt=False), 1)
    step = g.start()
    for move in (["select", 3], ["attack", 4]):
        step = g.resume(step.open[0].options.index(move))
    req = step.request
    assert req is not None and (req.seat, req.kind) == (1, "priority")
    assert req.options == [["pass"]] and req.default == 0


def test_the_requests_do_not_depend_on_who_could_respond() -> None:
    holds, empty = requests(firebolt=True), requests(firebolt=False)
    assert [r for r in holds if r[2] == "priority"], "the window must ask someone"
    assert holds == empty
    seats = [s for s, _i, kind, _info in holds if kind == "priority"]
    assert seats == [1, 0]  # the other player, then the declarer


def test_without_concealing_the_seat_with_nothing_is_skipped() -> None:
    """The counterpart of Sanguosha's `conceal_responses = false`: then the requests do tell."""
    holds, empty = requests(firebolt=True, conceal=False), requests(firebolt=False, conceal=False)
    assert holds != empty
    asked = [[s for s, _i, kind, _info in r if kind == "priority"] for r in (holds, empty)]
    assert asked == [[1], []]  # only the holder; the declarer has nothing to declare either


def test_the_option_is_validated() -> None:
    rules = load("muhq")
    assert rules.configure({})["conceal_responses"] is True
    with pytest.raises(ConfigError, match="conceal_responses"):
        rules.configure({"conceal_responses": 1})
