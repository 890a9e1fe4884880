"""Carcassonne in words: every event of seeded games (full, as a seat and as a spectator sees
it) narrates as a plain sentence, every request is described with one label per option, and
every decision says what was chosen; the same standards as the Sanguosha and Harmony walks."""

from __future__ import annotations

import re
from functools import cache

from words_games import Played, play

from protocol.choices import RequestSpec
from protocol.registry import get_schema
from user_agent.words.narrate import EVENT_KINDS, Narrator
from user_agent.words.requests import DESCRIBERS, RequestWords, describe

RAW = re.compile(r"[{}\[\]_]|None|\bkind\b")
CONFIGS = [
    {"players": 2},
    {"players": 3},
    {"players": 5, "farm_scoring": "per_city_4"},
    {"players": 4, "farm_scoring": "per_farm_3_once_per_city", "followers": 3},
]


@cache
def games() -> tuple[Played, ...]:
    return tuple(play("carcassonne", CONFIGS[seed % len(CONFIGS)], seed) for seed in range(6))


def strings(w: RequestWords) -> list[str]:
    return [w.title, w.default, w.hint, *w.options]


def test_every_event_and_request_kind_of_the_schema_has_words() -> None:
    schema = get_schema("carcassonne")
    assert set(schema.events) | {"game_over"} <= EVENT_KINDS["carcassonne"]
    assert set(schema.requests) <= set(DESCRIBERS["carcassonne"])


def test_every_event_of_seeded_games_narrates_plainly() -> None:
    said: set[str] = set()
    for p in games():
        narrators: dict[int | None, Narrator] = {}
        for seen in p.seen:
            n = narrators.setdefault(seen.viewer, Narrator("carcassonne", p.seats))
            text = n.event(seen.kind, seen.data)
            where = f"{seen.kind} {seen.data} (viewer {seen.viewer})"
            assert text is not None and text.strip() and text.endswith("."), where
            assert not RAW.search(text), f"raw text {text!r} for {where}"
            assert text[0].isupper(), text
            said.add(seen.kind)
    everything = set(get_schema("carcassonne").events) | {"game_over"}
    assert everything - {"tile_discarded"} <= said  # a discard needs a rare stack


def test_every_request_of_seeded_games_is_described_in_words() -> None:
    kinds: set[str] = set()
    for p in games():
        for asked in p.asked:
            req = asked.req
            w = describe("carcassonne", req, asked.view)
            where = f"{req.kind} {req.options} {req.info}"
            assert not w.generic, f"no words for {where}"
            for text in strings(w):
                assert text.strip(), f"an empty label in {where}: {w}"
                assert not RAW.search(text), f"raw text {text!r} in {where}"
            assert len(w.options) == len(req.options) == len(w.option_seats)
            assert not w.by_seat and "option number" in w.hint
            assert str(req.info["tile"]) in w.title
            if req.kind == "place_tile":
                for (x, y, r), label in zip(req.options, w.options, strict=True):
                    assert label == f"({x},{y}) turned {90 * r}°"
            else:
                assert w.options[-1] == "no follower (skip)" == w.default
                roles = {"city": "knight", "road": "thief", "field": "farmer", "cloister": "monk"}
                for seg, label in zip(req.options[:-1], w.options, strict=False):
                    kind = req.info["segments"][seg]
                    assert label == f"{roles[kind]} on the {kind} {seg}"
            kinds.add(req.kind)
    assert kinds == {"place_tile", "deploy"}


def test_every_decision_of_seeded_games_says_what_was_chosen() -> None:
    puts = keeps = places = 0
    for p in games():
        n = Narrator("carcassonne", p.seats)
        for asked in p.asked:
            text = n.decision(asked.req, asked.choice)
            assert text.startswith(f"seat {asked.req.seat} "), text
            assert not RAW.search(text), f"raw text {text!r} for {asked.req.kind}"
            puts += " puts a " in text
            keeps += text.endswith(" keeps its followers")
            places += " places tile " in text
    assert puts and keeps and places


def test_sentences_for_a_turn() -> None:
    n = Narrator("carcassonne", 3)
    assert n.event("tile_drawn", {"seat": 2, "tile": "K", "left": 41}) == (
        "Seat 2 draws tile K; 41 tiles left."
    )
    placed = {"seat": 2, "tile": "K", "x": 2, "y": -1, "rotation": 1}
    assert n.event("tile_placed", placed) == "Seat 2 places tile K at (2,-1) turned 90°."
    knight = {"seat": 2, "x": 2, "y": -1, "segment": "C1", "feature": "city", "role": "knight"}
    assert n.event("follower_deployed", knight) == "Seat 2 puts a knight on the city C1 at (2,-1)."
    scored = {
        "feature": "city", "x": 0, "y": 1, "segment": "C1", "tiles": 2, "pennants": 0,
        "points": 4, "winners": [0], "final": False, "cities": 0,
    }  # fmt: skip
    assert n.event("feature_scored", scored) == (
        "The city at (0,1) is complete (2 tiles): 4 points to seat 0."
    )
    back = {"seat": 2, "x": 2, "y": -1, "segment": "C1"}
    assert n.event("follower_returned", back) == (
        "Seat 2's knight on C1 at (2,-1) goes back to the supply."
    )
    gone = {"seat": 1, "tile": "X", "reason": "unplaceable", "left": 3}
    assert n.event("tile_discarded", gone) == (
        "Tile X fits nowhere and is removed from the game; 3 tiles left."
    )
    over = {"winners": [0, 2], "scores": [30, 12, 30], "reason": "stack_empty", "turns": 71}
    assert n.event("game_over", {"outcome": over}) == (
        "Seat 0 and seat 2 share the win with 30 points (seat 0 30, seat 1 12, seat 2 30): "
        "the stack is empty after 71 turns."
    )
    assert n.event("stack", {"count": 71}) == "The stack holds 71 tiles, face down."


def test_words_for_placing_and_deploying() -> None:
    options = [[1, 0, 0], [0, -1, 3]]
    place = RequestSpec(7, 1, "place_tile", "choice", options, 0, info={"tile": "K", "left": 41})
    w = describe("carcassonne", place)
    assert w.title.startswith("Place tile K (41 tiles left)")
    assert w.options == ["(1,0) turned 0°", "(0,-1) turned 270°"]
    assert Narrator("carcassonne", 2).decision(place, 1) == (
        "seat 1 places tile K at (0,-1) turned 270°"
    )
    info = {"tile": "B", "x": 1, "y": 0, "rotation": 0, "supply": 1,
            "segments": {"CL": "cloister", "F1": "field"}}  # fmt: skip
    deploy = RequestSpec(8, 1, "deploy", "choice", ["CL", "F1", "skip"], 2, info=info)
    d = describe("carcassonne", deploy)
    assert d.options == ["monk on the cloister CL", "farmer on the field F1", "no follower (skip)"]
    assert "1 follower in your supply" in d.title
    n = Narrator("carcassonne", 2)
    assert n.decision(deploy, 0) == "seat 1 puts a monk on the cloister CL"
    assert n.decision(deploy, 2) == "seat 1 keeps its followers"
    assert n.decision(deploy, 2, timeout=True).startswith("seat 1 takes the default (deadline)")
