"""Game flow through the engine: requests, illegal replies, alternation, determinism, events
against the schema, and the event-sourcing invariant (fold == live) after full games."""

from __future__ import annotations

from typing import Any

import pytest
from harmony_support import drive, folded, kinds, play_bots, random_chooser, scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from game_agent.engine import Game, IllegalReply
from game_agent.games import load
from game_agent.games.harmony import RULESET
from game_agent.games.harmony.board import CELL_NAMES, position
from protocol.choices import RequestSpec
from protocol.codec import pack, unpack
from protocol.fields import check_fields
from protocol.registry import get_schema
from user_agent.bots.random_bot import RandomBot

SCHEMA = get_schema("harmony")


def test_ruleset_is_loadable_by_name() -> None:
    assert load("harmony") is RULESET
    assert RULESET.schema is SCHEMA


def test_first_request_is_a_product_of_cells_roles_elements() -> None:
    g = Game(RULESET, {"first_player": 1}, seed=0)
    step = g.start()
    req = step.request
    assert req is not None
    assert (req.kind, req.form, req.seat, req.info) == ("place_piece", "product", 1, {"round": 1})
    cells, roles, elements = req.options
    assert len(cells) == 15 and cells[0] == "a/F" and "c/M" in cells
    assert roles == ["T", "W", "A", "M"] and elements == ["w", "f", "e", "l"]
    assert req.default == [0, 0, 0]
    assert kinds(step.events) == ["game_started", "round_started"]
    assert g.stack_names() == ["root", "play_round", "place"]
    check_fields("request info", req.info, SCHEMA.request_fields(req.kind))


def test_placement_emits_piece_placed_and_removes_the_cell() -> None:
    g = Game(RULESET, {"first_player": 0}, seed=0)
    req = g.start().request
    assert req is not None
    step = g.resume([7, 2, 1])  # c/M, Archer, Fire
    assert step.events[0].kind == "piece_placed"
    placed = {"round": 1, "seat": 0, "cell": "c/M", "role": "A", "element": "f"}
    assert step.events[0].data == placed
    nxt = step.request
    assert nxt is not None and nxt.seat == 1 and len(nxt.options[0]) == 15
    # South's next request (round 2) no longer offers c/M
    step = g.resume([0, 0, 0])
    assert step.request is not None and step.request.seat == 1  # North opens round 2
    step = g.resume([0, 0, 0])
    assert step.request is not None and step.request.seat == 0
    assert "c/M" not in step.request.options[0] and len(step.request.options[0]) == 14


@pytest.mark.parametrize(
    "bad", [None, 0, [0, 0], [0, 0, 0, 0], [15, 0, 0], [0, 4, 0], [0, 0, 4], [-1, 0, 0], "a/F"]
)
def test_illegal_replies_are_refused_and_the_request_stands(bad: Any) -> None:
    g = Game(RULESET, {}, seed=5)
    req = g.start().request
    assert req is not None
    n_events = len(g.events)
    with pytest.raises(IllegalReply) as info:
        g.resume(bad)
    assert info.value.reason
    assert g.pending is req and g.decisions == [] and len(g.events) == n_events
    g.resume(req.default)
    assert len(g.decisions) == 1


def test_out_of_range_cell_after_the_field_fills() -> None:
    """Late in the game the cell axis shrinks: an index valid early is refused later."""
    g = Game(RULESET, {"first_player": 0}, seed=1)
    req = g.start().request
    while req is not None and req.info["round"] < 10:
        req = g.resume([len(req.options[0]) - 1, 0, 2]).request  # Earth Titans at the back
    assert req is not None and len(req.options[0]) == 6
    with pytest.raises(IllegalReply):
        g.resume([6, 0, 0])
    assert g.pending is req


@pytest.mark.parametrize("first", [0, 1])
def test_first_placer_alternates_every_round(first: int) -> None:
    g = drive(Game(RULESET, {"first_player": first}, seed=2), lambda r: [0, 0, 2])
    started = [e.data for e in g.events if e.kind == "round_started"]
    assert [d["round"] for d in started] == list(range(1, 16))
    assert [d["first_placer"] for d in started] == [
        first if r % 2 == 1 else 1 - first for r in range(1, 16)
    ]
    # and the placements of each round come in that order
    placed = [e.data for e in g.events if e.kind == "piece_placed"]
    for d in started:
        seats = [p["seat"] for p in placed if p["round"] == d["round"]]
        assert seats == [d["first_placer"], 1 - d["first_placer"]]
    assert [dec.seat for dec in g.decisions][:4] == [first, 1 - first, 1 - first, first]


def test_all_earth_titans_fill_the_field_and_draw_in_round_15() -> None:
    """S10 played out: both always place Earth Titans; no attack phase ever deals damage."""
    g = drive(Game(RULESET, {}, seed=11), lambda req: [0, 0, 2])
    assert g.outcome == {"winner": None, "reason": "board_full", "round": 15, "damage_to": [0, 0]}
    ks = kinds(g.events)
    assert ks.count("round_started") == 15 and ks.count("piece_placed") == 30
    assert ks.count("attack_phase_skipped") == 3 and ks.count("attack_phase_resolved") == 12
    assert ks[-1] == "game_over"
    assert all(v == "Te" for f in position(g.state.board) for v in f.values())
    assert g.state.placed == [15, 15]
    assert folded(g) == g.state


def test_skip_attack_rounds_option() -> None:
    for skip in (0, 3, 5, 15):
        g = drive(Game(RULESET, {"skip_attack_rounds": skip}, seed=3), lambda req: [0, 0, 2])
        skipped = [e.data["round"] for e in g.events if e.kind == "attack_phase_skipped"]
        assert skipped == list(range(1, skip + 1))
    assert g.outcome is not None and g.outcome["damage_to"] is None  # no phase at all


def test_first_player_is_drawn_with_the_game_rng() -> None:
    firsts = set()
    for seed in range(40):
        a = Game(RULESET, {}, seed)
        b = Game(RULESET, {}, seed)
        fa = a.start().events[0].data["first_player"]
        assert fa == b.start().events[0].data["first_player"]  # deterministic
        assert a.pending is not None and a.pending.seat == fa  # Player 1 opens round 1
        firsts.add(fa)
    assert firsts == {0, 1}
    g = Game(RULESET, {"first_player": 1}, seed=0)
    assert g.start().events[0].data["first_player"] == 1


def _check_events_against_schema(g: Game) -> None:
    for ev in g.events:
        assert ev.seats is None and ev.public is None  # no hidden information
        check_fields(ev.kind, ev.data, SCHEMA.event_fields(ev.kind))
    records = [ev.to_record() for ev in g.events]
    assert unpack(pack(records)) == records  # msgpack-plain


CONFIGS: list[dict[str, Any]] = [
    {},
    {"skip_attack_rounds": 0},
    {"mutual_lethal": "draw", "skip_attack_rounds": 0},
    {"mutual_lethal": "compare"},
    {"variants": {"bonus_per_stream": True, "exhausted_transparent": True}},
    {"variants": {"overflow_defence": True, "absolute_order": True}},
]


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c) for c in CONFIGS])
@pytest.mark.parametrize("seed", range(8))
def test_random_games_fold_to_the_live_state(config: dict[str, Any], seed: int) -> None:
    g, _ = play_bots([RandomBot, RandomBot], seed, config)
    assert g.outcome is not None and "winner" in g.outcome
    assert g.outcome["winner"] in (0, 1, None)
    assert g.state.outcome == g.outcome
    assert folded(g) == g.state
    assert g.stack_names() == []
    _check_events_against_schema(g)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_fold_equals_live_after_any_random_game(seed: int, choices: int) -> None:
    g = drive(Game(RULESET, {"skip_attack_rounds": 0}, seed), random_chooser(choices))
    assert folded(g) == g.state


def test_fold_equals_live_at_every_step() -> None:
    g = Game(RULESET, {"skip_attack_rounds": 1}, seed=9)
    choose = random_chooser(9)
    step = g.start()
    while step.request is not None:
        assert folded(g) == g.state
        step = g.resume(choose(step.request))
    assert folded(g) == g.state


def test_same_seed_and_decisions_give_the_same_events() -> None:
    a = drive(Game(RULESET, {}, seed=77), random_chooser(5))
    b = Game(RULESET, {}, seed=77)
    b.replay(a.decisions)
    assert b.events == a.events and b.outcome == a.outcome
    c = drive(Game(RULESET, a.config, seed=77), random_chooser(5))
    assert [e.to_record() for e in c.events] == [e.to_record() for e in a.events]


def test_outcome_of_a_lethal_game() -> None:
    """A full game where South stacks archers in empty lanes and North plays Titans at the back:
    South deals 12 in round 4 and wins."""

    def choose(req: RequestSpec) -> list[int]:
        cells = req.options[0]
        if req.seat == 0:
            return [0, 2, 0]  # South: an Archer in the first free cell (a/F, b/F, ...)
        return [cells.index(next(c for c in cells if c.endswith("B"))), 0, 2]

    g = drive(Game(RULESET, {"first_player": 0}, seed=0), choose)
    assert g.outcome is not None
    assert g.outcome["winner"] == 0 and g.outcome["reason"] == "lethal"
    assert g.outcome["round"] == 4
    resolved = [e.data for e in g.events if e.kind == "attack_phase_resolved"]
    assert resolved[-1]["damage_to"][1] >= 10


def test_state_tracks_turned_pieces_and_resets_them_each_round() -> None:
    g = drive(Game(RULESET, {"skip_attack_rounds": 0}, seed=4), random_chooser(4))
    last_round = g.state.round
    exhausted = [
        (e.data["seat"], e.data["cell"])
        for e in g.events
        if e.kind == "piece_exhausted" and e.data["round"] == last_round
    ]
    turned = [(seat, CELL_NAMES[c]) for seat in (0, 1) for c in g.state.turned[seat]]
    assert sorted(turned) == sorted(exhausted)


@pytest.mark.parametrize("name", [None, "S4"])
def test_events_and_requests_pass_the_strict_codec_with_the_schema(name: str | None) -> None:
    from protocol.codec import decode, encode
    from protocol.messages import EventMsg, RequestMsg

    config = {"skip_attack_rounds": 0} if name is None else scenario(name).config
    g = Game(RULESET, config, seed=8)
    choose = random_chooser(8)
    step = g.start()
    seq = 0
    while True:
        for ev in step.events:
            msg = EventMsg(seq, ev.kind, ev.data)
            assert decode(encode(msg), SCHEMA) == msg
            seq += 1
        if step.request is None:
            break
        rmsg = RequestMsg(step.request.to_wire(), 0.0)
        assert decode(encode(rmsg), SCHEMA) == rmsg
        step = g.resume(choose(step.request))
