"""The ruleset on the engine: loading, options, the turn (rules 4), secrecy, folding, determinism,
the incremental features against the whole-board reference, and the audit of whole games."""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

import pytest
from carcassonne_support import play_moves

from game_agent.engine import ConfigError, Game, IllegalReply, fold, view_for
from game_agent.games import available, load
from game_agent.games.carcassonne import RULESET
from game_agent.games.carcassonne.audit import problems, recount
from game_agent.games.carcassonne.board import Placed, legal_placements
from game_agent.games.carcassonne.features import analyse, legal_deployments
from game_agent.games.carcassonne.scoring import completed_by
from game_agent.games.carcassonne.state import CarcState
from protocol.codec import pack, unpack
from protocol.fields import check_fields
from protocol.games.carcassonne.schema import SCHEMA


def random_game(seed: int, players: int, **config: Any) -> Game:
    g = Game(RULESET, RULESET.configure({"players": players, **config}), seed)
    rng = random.Random(seed)
    g.start()
    while not g.finished:
        req = g.pending
        assert req is not None
        g.resume(rng.randrange(len(req.options)))
    return g


def test_loadable_by_name_and_available() -> None:
    assert load("carcassonne") is RULESET
    assert "carcassonne" in available()


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 1}, "players must be an integer from 2 to 5"),
        ({"players": 6}, "players must be an integer from 2 to 5"),
        ({"farm_scoring": "per_farm_9"}, "farm_scoring must be one of per_farm_3"),
        ({"first_player": 3}, "first_player must be an integer from 0 to 1"),
        ({"meeples": 7}, "unknown option"),
        ({"scenario": {"stack": ["Z"]}}, "stack must list tile kinds"),
        ({"scenario": {"stack": ["C", "C"]}}, r"more tiles than the game has: C \(2 > 1\)"),
        (
            {"scenario": {"tiles": [["D", 0, 0, 0], ["E", 0, 1, 0]], "stack": []}},
            r"tiles\[1\] E at \(0,1\) rotation 0 does not fit",
        ),
        (
            {"scenario": {"followers": [[0, 0, 0, "C9"]], "stack": []}},
            "has no segment 'C9'; it has C1, R1, F1, F2",
        ),
        (
            {
                "scenario": {
                    "tiles": [["D", 0, 0, 0], ["E", 0, 1, 2]],
                    "followers": [[0, 0, 1, "C1"]],
                    "stack": [],
                }
            },
            "on a completed feature",
        ),
        ({"followers": 21}, "followers must be an integer from 0 to 20"),
        ({"scenario": {"tiles": [["D", 10**9, 0, 0]]}}, r"tiles\[0\]: x must be .* -72 to 72"),
        ({"scenario": {"tiles": [["D", 0, 0, 0]] * 73}}, "tiles must list 1 to 72 tiles"),
        ({"scenario": {"stack": ["D"] * 10**6}}, "the tiles and the stack hold at most 72"),
        ({"scenario": {"followers": [[0, 0, 0, "C1"]] * 15}}, "at most 14 followers"),
        ({"scenario": {"scores": [10**9, 0]}}, "scores must list 2 integers from 0 to 10000"),
    ],
)
def test_bad_configs_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RULESET.configure(config)


def test_configure_is_idempotent_and_msgpack_plain() -> None:
    c = RULESET.configure({"players": 4, "scenario": {"stack": ["E", "U"], "turn": 2}})
    assert RULESET.configure(c) == c
    assert unpack(pack(c)) == c
    assert c["first_player"] == 2


def test_the_stack_is_secret_and_the_drawn_tile_public() -> None:
    g = Game(RULESET, RULESET.configure({"players": 3}), seed=5)
    g.start()
    stack = next(e for e in g.events if e.kind == "stack")
    assert len(stack.data["order"]) == 71
    for seat in (0, 1, 2, -1):
        assert view_for(stack, seat) == {"count": 71}
    drawn = next(e for e in g.events if e.kind == "tile_drawn")
    assert drawn.seats is None and drawn.data["tile"] == stack.data["order"][0]
    req = g.pending
    assert req is not None and req.kind == "place_tile"
    assert req.info == {"tile": stack.data["order"][0], "left": 70}
    # the first request offers placements next to the start tile only
    assert {(x, y) for x, y, _ in req.options} <= {(0, 1), (1, 0), (0, -1), (-1, 0)}


def test_first_player_is_random_by_seed_or_configured() -> None:
    firsts = {
        Game(RULESET, RULESET.configure({"players": 4}), seed)
        .start()
        .events[0]
        .data["first_player"]
        for seed in range(40)
    }
    assert firsts == {0, 1, 2, 3}
    g = Game(RULESET, RULESET.configure({"players": 4, "first_player": 2}), seed=1)
    g.start()
    assert g.pending is not None and g.pending.seat == 2


def test_turns_go_in_seat_order_and_every_tile_is_placed_or_discarded() -> None:
    g = random_game(3, 3)
    seats = [e.data["seat"] for e in g.events if e.kind == "turn_started"]
    first = seats[0]
    assert seats == [(first + i) % 3 for i in range(len(seats))]
    placed = sum(1 for e in g.events if e.kind == "tile_placed")
    discarded = sum(1 for e in g.events if e.kind == "tile_discarded")
    assert placed + discarded == 71
    assert g.outcome is not None and g.outcome["turns"] == len(seats)


@pytest.mark.parametrize("bad", [-1, 10_000, [0], "0", None, 1.0])
def test_illegal_replies_are_refused_and_the_request_stands(bad: Any) -> None:
    g = Game(RULESET, RULESET.configure({}), seed=2)
    g.start()
    req = g.pending
    with pytest.raises(IllegalReply):
        g.resume(bad)
    assert g.pending is req


def test_deploy_defaults_to_skip_and_lists_only_free_segments() -> None:
    played = play_moves(
        RULESET.configure({"scenario": {"stack": ["E", "E"]}}), ["E@(0,1)r180", "C1"]
    )
    deploys = [r for r in played.requests if r.kind == "deploy"]
    first = deploys[0]
    assert first.options == ["C1", "F1", "skip"]
    assert first.options[first.default] == "skip"
    assert first.info["segments"] == {"C1": "city", "F1": "field"}
    assert first.info["supply"] == 7


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_fold_audit_and_recount(players: int, seed: int) -> None:
    g = random_game(seed, players)
    state: CarcState = g.state
    assert fold(RULESET, g.config, g.seats, g.events) == state
    assert problems(g.events, players, 7) == []
    assert recount(g.events) == state.scores
    assert g.outcome is not None and g.outcome["scores"] == state.scores
    for ev in g.events:
        check_fields(ev.kind, ev.data, SCHEMA.event_fields(ev.kind))
        if ev.public is not None:
            check_fields(ev.kind, ev.public, SCHEMA.event_fields(ev.kind, redacted=True))
    records = [ev.to_record() for ev in g.events]
    assert unpack(pack(records)) == records


@pytest.mark.parametrize("variant", ["per_city_4", "per_farm_3_once_per_city"])
def test_farm_variants_recount(variant: str) -> None:
    for seed in range(3):
        g = random_game(seed, 3, farm_scoring=variant)
        assert recount(g.events) == g.state.scores


def test_the_audit_catches_a_lost_follower_and_a_wrong_score() -> None:
    g = random_game(1, 2)
    events = list(g.events)
    i = next(i for i, e in enumerate(events) if e.kind == "follower_returned")
    assert problems(events[:i] + events[i + 1 :], 2, 7)
    j = next(i for i, e in enumerate(events) if e.kind == "feature_scored" and e.data["winners"])
    bumped = type(events[j])(
        events[j].kind, {**events[j].data, "points": events[j].data["points"] + 1}
    )
    assert problems([*events[:j], bumped, *events[j + 1 :]], 2, 7)
    assert recount(events[:j] + events[j + 1 :]) == recount(events)  # recount reads the board


def test_fold_equals_live_at_every_step() -> None:
    g = Game(RULESET, RULESET.configure({"players": 2}), seed=9)
    rng = random.Random(9)
    step = g.start()
    n = 0
    while step.request is not None:
        if n % 7 == 0:
            assert fold(RULESET, g.config, g.seats, g.events) == g.state
        step = g.resume(rng.randrange(len(step.request.options)))
        n += 1
    assert fold(RULESET, g.config, g.seats, g.events) == g.state


def test_same_seed_and_decisions_give_the_same_events() -> None:
    a = random_game(77, 4)
    b = Game(RULESET, a.config, seed=77)
    b.replay(a.decisions)
    assert b.events == a.events and b.outcome == a.outcome
    c = random_game(78, 4)
    assert c.events != a.events


@pytest.mark.parametrize("seed", range(4))
def test_incremental_features_match_the_whole_board_reference(seed: int) -> None:
    """At every turn: legal placements, free segments and completed features as the engine
    offers them equal what `board`, `features` and `scoring` compute from the whole board."""
    g = Game(RULESET, RULESET.configure({"players": 3}), seed)
    rng = random.Random(seed)
    g.start()
    while not g.finished:
        req = g.pending
        assert req is not None
        st: CarcState = g.state
        board = {p: Placed(t.letter, t.rotation) for p, t in st.regions.tiles.items()}
        followers = dict(st.followers)
        if req.kind == "place_tile":
            want = sorted([x, y, r] for (x, y), r in legal_placements(board, req.info["tile"]))
            assert sorted(req.options) == want
        else:
            pos = (req.info["x"], req.info["y"])
            assert req.options[:-1] == legal_deployments(board, followers, pos)
            before = len(g.events)
            g.resume(rng.randrange(len(req.options)))
            board_after = {p: Placed(t.letter, t.rotation) for p, t in st.regions.tiles.items()}
            deployed = [e for e in g.events[before:] if e.kind == "follower_deployed"]
            on = dict(followers)
            for e in deployed:
                on[((e.data["x"], e.data["y"]), e.data["segment"])] = e.data["seat"]
            awards = completed_by(board_after, on, pos, analyse(board_after, on))
            scored = [
                (e.data["feature"], e.data["points"], tuple(e.data["winners"]))
                for e in g.events[before:]
                if e.kind == "feature_scored" and not e.data["final"]
            ]
            assert sorted(scored) == sorted((a.reason, a.points, a.winners) for a in awards)
            continue
        g.resume(rng.randrange(len(req.options)))


def test_a_scenario_file_with_a_huge_player_count_is_refused(tmp_path: Any) -> None:
    from game_agent.games.carcassonne.scenario import load_scenario

    path = tmp_path / "many.toml"
    path.write_text("players = 1000000000\nstack = []\n", encoding="utf-8")
    tracemalloc.start()
    try:
        with pytest.raises(ConfigError, match="players must be an integer from 2 to 5"):
            load_scenario(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 << 20  # it used to allocate a list of 10^9 scores (8 GB) first
