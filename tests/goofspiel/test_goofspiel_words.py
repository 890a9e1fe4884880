"""Goofspiel's words: a sentence for every event a seat receives, the sealed bid told as made
(never its card) to the other seat, and the request and its options in words."""

from __future__ import annotations

from goofspiel_support import random_game, scenario_config

from game_agent.engine import view_for
from user_agent.games.goofspiel import words


def test_every_event_reads_as_a_sentence_and_a_sealed_bid_names_no_card() -> None:
    g = random_game(scenario_config("g1_tie_discards.toml"), 2)
    names = {0: "Ann", 1: "Bo"}.__getitem__
    for seat in (0, 1):
        for ev in g.events:
            data = view_for(ev, seat)
            assert data is not None
            line = words.event(ev.kind, data, names)
            assert line and line.endswith("."), (ev.kind, line)
            if ev.kind == "bid_made" and ev.data["seat"] != seat:
                assert line == f"{names(ev.data['seat'])} has made a sealed bid."
    started = words.event("game_started", g.events[0].data, names)
    assert (
        started
        == "Goofspiel starts: 5 cards each, from round 3 (Ann 1, Bo 3; prizes left 2, 4, 5)."
    )
    assert words.event("unknown", {}) is None


def test_requests_and_options_in_words() -> None:
    assert words.request("bid", {"round": 2, "prize": 9}) == "Round 2: bid a card for the prize 9."
    assert words.option("bid", 7) == "bid 7"
