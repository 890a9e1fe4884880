"""Goofspiel beyond the conformance suite (tests/conformance runs every registered game's rows:
fold, determinism, `replay --verify`, each seat's stream, the visibility audit, fork; and
tests/architecture its import boundaries): each seat's view folded from its own events agrees
with the game's state, and every request's info fits the schema, on sizes and a scenario that
no manifest row plays."""

from __future__ import annotations

from goofspiel_support import RULES, random_game, scenario_config

from game_agent.engine import SPECTATOR, view_for
from protocol.codec import check_payload
from protocol.messages import RequestMsg
from protocol.registry import get_schema
from user_agent.games import for_game
from user_agent.games.goofspiel.view import GoofspielView

CONFIGS = [{}, {"cards": 3}, {"cards": 7}, scenario_config("g1_tie_discards.toml")]


def test_every_request_fits_the_schema() -> None:
    """(The conformance suite checks the events against the schema, not the requests.)"""
    schema = get_schema("goofspiel")
    assert schema is RULES.schema
    for seed, config in enumerate(CONFIGS):
        g = random_game(config, seed)
        assert g.requests
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
