"""Goofspiel against what every ruleset owes the house: the fold of the events is the live
state, the same seed and replies give the same game, a log re-executes (`replay --verify`),
every event and request fits the schema in the form each seat gets, each seat's view folded
from its own events agrees with the game, a fork is the original, and the client side imports
nothing of the game agent."""

from __future__ import annotations

import ast
from pathlib import Path

from goofspiel_support import RULES, random_game, scenario_config

from game_agent.engine import SPECTATOR, Game, fold, view_for
from protocol.codec import check_payload
from protocol.messages import EventMsg, RequestMsg
from protocol.registry import get_schema
from replays import verify
from sgs.runner import play
from user_agent.games import for_game
from user_agent.games.goofspiel.view import GoofspielView

CONFIGS = [{}, {"cards": 3}, {"cards": 7}, scenario_config("g1_tie_discards.toml")]
REPO = Path(__file__).resolve().parents[2]


def test_the_fold_of_the_events_is_the_live_state_at_every_step() -> None:
    for config in CONFIGS:
        g = Game(RULES, config, 2)
        step = g.start()
        while step.request is not None:
            assert fold(RULES, g.config, g.seats, g.events) == g.state
            step = g.resume(0, seat=step.request.seat)
        assert fold(RULES, g.config, g.seats, g.events) == g.state


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    a, b, c = random_game({}, 11), random_game({}, 11), random_game({}, 12)
    assert [e.to_record() for e in a.events] == [e.to_record() for e in b.events]
    assert a.decisions == b.decisions
    assert [e.to_record() for e in a.events] != [e.to_record() for e in c.events]


def test_events_and_requests_fit_the_schema_in_every_seats_form() -> None:
    schema = get_schema("goofspiel")
    assert schema is RULES.schema
    for seed, config in enumerate(CONFIGS):
        g = random_game(config, seed)
        for seat in (0, 1, SPECTATOR):
            for i, ev in enumerate(g.events):
                data = view_for(ev, seat)
                assert data is not None  # every event reaches everyone, in some form
                check_payload(EventMsg(i, ev.kind, data), schema)
        for req in g.requests:
            check_payload(RequestMsg(req.to_wire(), 0.0), schema)


def test_each_seats_view_agrees_with_the_game() -> None:
    for seed, config in enumerate(CONFIGS):
        g = random_game(config, seed)
        st = g.state
        for seat in (0, 1, SPECTATOR):
            view = for_game("goofspiel", seat, 2)
            assert isinstance(view, GoofspielView)
            for ev in g.events:
                data = view_for(ev, seat)
                assert data is not None
                view.apply(ev.kind, data)
                if ev.kind == "bid_made":  # the view knows its own bid only
                    bidder = ev.data["seat"]
                    assert view.has_bid[bidder]
                    if bidder == seat:
                        assert view.bid == ev.data["card"]
                    else:
                        assert "card" not in data
            assert view.hands == st.hands and view.scores == st.scores
            assert view.prizes == st.prizes and view.outcome == g.outcome
            assert view.cards == st.cards and view.round == st.round
            assert [r.prize for r in view.history] == st.played[len(view.played) :]
            assert view.render()


def test_a_logged_game_verifies_by_both_roads(tmp_path: Path) -> None:
    for seed, config in enumerate(CONFIGS):
        path = tmp_path / f"g{seed}.sgslog"
        played = play("goofspiel", config, seed, ["greedy", "random"], path)
        assert played.game.outcome is not None
        for detailed in (False, True):
            report = verify(str(path), detailed=detailed)
            assert report.ok and report.warning is None, report.message


def test_a_fork_is_the_original_at_every_step() -> None:
    g = Game(RULES, {"cards": 5}, 4)
    step = g.start()
    while step.request is not None:
        f = g.fork()
        assert [e.to_record() for e in f.events] == [e.to_record() for e in g.events]
        assert f.state == g.state and [r.to_wire() for r in f.open] == [r.to_wire() for r in g.open]
        step = g.resume(len(step.request.options) - 1, seat=step.request.seat)
    assert g.fork().state == g.state


def test_the_client_imports_nothing_of_the_game_agent_or_the_command() -> None:
    """Layer 5: `user_agent.games.goofspiel` imports the contract and shared client code only
    (its greedy bot does not simulate the game, so it has no exception to claim)."""
    for path in sorted((REPO / "user_agent" / "games" / "goofspiel").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                top = name.split(".")[0]
                assert top not in ("game_agent", "sgs", "replays"), f"{path.name} imports {name}"
    for path in sorted((REPO / "game_agent" / "games" / "goofspiel").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                m = node.module
                assert m.startswith(
                    ("game_agent.engine", "game_agent.games.goofspiel", "game_agent.games.manifest")
                ) or m.startswith(("protocol.games.goofspiel", "protocol.registry")) or m in (
                    "__future__", "collections.abc", "dataclasses", "typing", "os",
                ), f"{path.name} imports {m}"  # fmt: skip
