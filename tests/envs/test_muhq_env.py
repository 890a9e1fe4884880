"""`sgs.envs.muhq_v0`: PettingZoo's API and seed tests in every mode, seeded episodes that
repeat, random masked play that finishes every game with no illegal action and meets every
request kind, what the observation shows, and that it is the same when only what the seat
cannot see differs (two scenario files; a determinized sample) and changes when a thing it sees
does."""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from game_agent.engine import EngineError, Game, view_for
from game_agent.games.muhq.scenario import load_scenario
from protocol.games.muhq.schema import REQUESTS
from replays import verify
from user_agent.actions import ReplyBuilder
from user_agent.games import for_game
from user_agent.games.muhq.observe import (
    MAX_OPTIONS,
    REQUEST_KINDS,
    SIDE_FEATURES,
    TERRAIN,
    VERB,
    MuhqObs,
)

# the modes and options a random episode must survive; the default duel is also in
# tests/envs/test_env_api.py (every environment's manifest rows)
CONFIGS: list[dict[str, Any]] = [
    {"mode": "kraken"},
    {"draft": True},
    {"hand_rule": "discard_and_draw"},
    {"content": "tests/muhq/content", "defeat_threshold": "le0"},
    {"conceal_responses": False, "reshuffle_mid_draw": True, "diagonal_rule": "alternating"},
]


def env(**kwargs: Any) -> Any:
    from sgs.envs import muhq_v0

    return muhq_v0.env(**kwargs)


def default_action(req: Any, mask: Any) -> int:
    """The request's default: `end` / `tap` (the last option) in the action phase, DONE for a
    discard, else the first option (`pass`, `pay`)."""
    legal = np.flatnonzero(mask)
    if req.form == "subset":
        return MAX_OPTIONS  # DONE: discard nothing
    if req.kind in ("action", "unit_action"):
        return len(req.options) - 1
    return int(legal[0])


def play(
    e: Any, seed: int, policy_seed: int = 0
) -> tuple[list[tuple[str, int, bytes]], Counter[str]]:
    """A whole episode with random masked actions: (agent, action, observation bytes) per step,
    and the request kinds met."""
    rng = np.random.default_rng(policy_seed)
    e.reset(seed=seed)
    trace = []
    kinds: Counter[str] = Counter()
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        mask = obs["action_mask"]
        req = e.builder.req
        kinds[req.kind] += 1
        if req.form == "choice":  # a choice: exactly its options, nothing else
            assert mask[: len(req.options)].all() and mask.sum() == len(req.options)
        legal = np.flatnonzero(mask)
        action = int(legal[rng.integers(len(legal))])
        trace.append((agent, action, obs["observation"].tobytes()))
        e.step(action)
    return trace, kinds


@pytest.mark.parametrize("config", CONFIGS[:2], ids=["kraken", "draft"])
def test_pettingzoo_api_and_seed_tests_pass(config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on Dict observation spaces
        api_test(env(config=config), num_cycles=300)
        seed_test(lambda: env(config=config), num_cycles=100)


@pytest.mark.parametrize("config", CONFIGS, ids=["kraken", "draft", "dad", "content", "opts"])
def test_the_same_seed_gives_the_same_episode_and_its_log_verifies(
    config: dict[str, Any], tmp_path: Path
) -> None:
    e = env(config=config, log_dir=str(tmp_path))
    a, _ = play(e, seed=11)
    assert e.game.outcome is not None
    report = verify(e.log_path)
    assert report.ok, report.message
    b, _ = play(env(config=config), seed=11)
    assert a == b
    c, _ = play(env(config=config), seed=12)
    assert c != a


def test_random_masked_play_finishes_every_game_and_meets_every_request_kind() -> None:
    kinds: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    for k in range(30):
        e = env(config=({}, *CONFIGS)[k % 6])
        _, met = play(e, seed=100 + k, policy_seed=k)
        kinds += met
        outcome = e.game.outcome
        assert outcome is not None and e.agents == []
        outcomes[str(outcome["reason"])] += 1
    # masks worked for every kind of request of muhq (the engine's `trigger` it never asks)
    assert set(kinds) == set(REQUEST_KINDS) == set(REQUESTS) - {"trigger"}, kinds
    assert len(outcomes) >= 2, outcomes


def test_the_observation_shows_the_map_the_units_and_only_the_own_hand() -> None:
    e = env(config={"mode": "kraken"})
    e.reset(seed=5)
    rng = np.random.default_rng(1)
    checked = 0
    for _ in range(400):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        seat = e.agent_seat[agent]
        obs = e.observe(agent)
        vec = obs["observation"]
        enc: MuhqObs = e.encoder
        st = e.game.state
        tiles = vec[: enc.side_rows].reshape(enc.height * enc.width, enc.tile_features)
        for i, code in enumerate(st.spec.tiles):
            assert tiles[i, TERRAIN[code[0]]] == 1 and tiles[i, : len(TERRAIN)].sum() == 1
        on_map = [p for p in st.perms.values() if p.under is None]
        present = len(TERRAIN) + 3
        assert tiles[:, present].sum() == len(on_map)
        for p in on_map:
            row = tiles[p.pos[1] * enc.width + p.pos[0]]
            assert row[present] == 1
            assert row[present + 1 + enc.who(seat, p.controller)] == 1
            assert row[present + 4 + enc.card_index[p.card]] == 1
        hand = vec[enc.hand : enc.hand + enc.cards]
        assert hand.sum() == len(st.cards[seat].hand)
        for card in st.cards[seat].hand:
            assert hand[enc.card_index[card]] >= 1
        for side in range(enc.sides):
            row = enc.side_rows + enc.relative(seat, side) * enc.side_features
            assert vec[row] == 1 and vec[row + 5] * 10 == pytest.approx(len(st.cards[side].hand))
            assert vec[row + 4] * 20 == pytest.approx(st.cards[side].resource)
        req = e.builder.req
        assert vec[enc.request + REQUEST_KINDS.index(req.kind)] == 1
        if req.kind in ("action", "unit_action", "priority", "buy", "upkeep"):
            rows = vec[enc.options :].reshape(MAX_OPTIONS, enc.option_features)
            for i, option in enumerate(req.options):
                assert rows[i, VERB[option[0]]] == 1 and rows[i, : len(VERB)].sum() == 1
            assert rows[len(req.options) :].sum() == 0
            checked += 1
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    assert checked > 20


# --- what the seat cannot see ---------------------------------------------------------------------

SCENARIO = """
title = "seat 0 to act"
round = 2
turn = 0
phase = "actions"

[config]
first_player = 0

[[permanent]]
card = "PROV-00"
seat = 0
at = "d1"

[[permanent]]
card = "PROV-00"
seat = 1
at = "d7"

[[permanent]]
card = "PROV-03"
seat = 0
at = "c2"

[[permanent]]
card = "PROV-01"
seat = 1
at = "e6"
damage = {damage}

[[side]]
hand = ["PROV-08", "PROV-04", "PROV-11"]
deck = {deck0}
discard = ["PROV-02"]
resource = 3

[[side]]
hand = {hand1}
deck = {deck1}
discard = ["PROV-01"]
resource = {resource1}
"""

BASE = {
    "damage": 0,
    "deck0": '["PROV-01", "PROV-02", "PROV-05"]',
    "hand1": '["PROV-08", "PROV-09"]',
    "deck1": '["PROV-01", "PROV-02", "PROV-03"]',
    "resource1": 2,
}
# seat 0's deck in another order; seat 1's hand and deck other cards of the same counts
HIDDEN = {
    **BASE,
    "deck0": '["PROV-05", "PROV-01", "PROV-02"]',
    "hand1": '["PROV-01", "PROV-13"]',
    "deck1": '["PROV-09", "PROV-08", "PROV-12"]',
}


def scenario(tmp_path: Path, name: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The position as a scenario file `position.toml` in its own directory (the file's name is
    the scenario's name, which every seat is told)."""
    path = tmp_path / name / "position.toml"
    path.parent.mkdir()
    path.write_text(SCENARIO.format(**fields))
    return load_scenario(path)


def seat_0_watches(config: dict[str, Any]) -> tuple[list[bytes], list[bytes]]:
    """Seat 0 plays seeded random masked actions through its turn; seat 1 takes its defaults
    (pass, end, tap, discard nothing) until seat 0's next turn starts. Per step: seat 0's
    observation and mask, and seat 1's."""
    e = env(config=config)
    e.reset(seed=1)
    rng = np.random.default_rng(3)
    mine, theirs = [], []
    turn = e.game.state.turn
    while e.game.state.turn <= turn + 1 and not e.terminations[e.agent_selection]:
        for who, into in (("player_0", mine), ("player_1", theirs)):
            o = e.observe(who)
            into.append(o["observation"].tobytes() + o["action_mask"].tobytes())
        obs = e.observe(e.agent_selection)
        if e.agent_selection == "player_0":
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
        else:
            e.step(default_action(e.builder.req, obs["action_mask"]))
    return mine, theirs


def test_seat_0_sees_the_same_when_only_what_it_cannot_see_differs(tmp_path: Path) -> None:
    a_mine, a_theirs = seat_0_watches(scenario(tmp_path, "a", BASE))
    b_mine, b_theirs = seat_0_watches(scenario(tmp_path, "b", HIDDEN))
    assert len(a_mine) > 10  # seat 0's turn, seat 1's priority windows, seat 1's turn
    assert a_mine == b_mine
    # the games did differ: seat 1 sees its own hand
    assert a_theirs[0] != b_theirs[0]


@pytest.mark.parametrize(
    "change",
    [{"damage": 1}, {"resource1": 3}, {"hand1": '["PROV-08"]'}, {"deck1": '["PROV-01"]'}],
    ids=["a unit's damage", "seat 1's resource", "seat 1's hand size", "seat 1's deck size"],
)
def test_seat_0_sees_a_change_of_what_it_can_see(tmp_path: Path, change: dict[str, Any]) -> None:
    a_mine, _ = seat_0_watches(scenario(tmp_path, "a", BASE))
    b_mine, _ = seat_0_watches(scenario(tmp_path, "b", {**BASE, **change}))
    assert a_mine[0] != b_mine[0]


def observation(enc: MuhqObs, game: Game, seat: int) -> bytes:
    """The seat's observation of a game, folded from scratch as the environment folds it."""
    view = for_game("muhq", seat, game.seats)
    for ev in game.events:
        data = view_for(ev, seat)
        if data is not None:
            view.apply(ev.kind, data)
    out = np.zeros(enc.size, np.float32)
    enc.encode_state(view, seat, out)
    req = game.pending
    if req is not None and req.seat == seat:
        enc.encode_request(view, seat, req, ReplyBuilder(req, MAX_OPTIONS), out)
    return out.tobytes()


def test_a_determinized_sample_gives_the_seat_the_same_observation() -> None:
    """`Game.determinize(seat)` deals again exactly what the seat has not seen (deck orders, the
    other players' hands): the seat's observation of the sample equals its observation of the
    game, while the hidden cards did move."""
    samples = moved = 0
    for k, config in enumerate([{}, {"mode": "kraken"}] * 3):
        e = env(config=config)
        e.reset(seed=40 + k)
        rng = np.random.default_rng(k)
        for step in range(600):
            agent = e.agent_selection
            if e.terminations[agent]:
                break
            obs = e.observe(agent)
            if step % 37 == 0 and not e.builder.picked:
                seat = e.agent_seat[agent]
                game = e.game
                try:
                    d = game.determinize(seat, seed=step)
                except EngineError:  # the draft, or another seat's open request
                    d = None
                if d is not None:
                    here = observation(e.encoder, game, seat)
                    assert here == obs["observation"].tobytes()  # the helper is the env's fold
                    assert observation(e.encoder, d, seat) == here
                    samples += 1
                    real = [(c.hand, c.deck) for c in game.state.cards]
                    moved += real != [(c.hand, c.deck) for c in d.state.cards]
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
    assert samples >= 30
    assert moved >= samples // 2


def test_the_shape_is_the_documented_one_and_render_draws_the_map() -> None:
    assert env().encoder.size == env(config={"mode": "kraken"}).encoder.size == 12_251
    glade = env(config={"content": "tests/muhq/content", "map": "TEST-GLADE"})
    assert glade.encoder.size == 11_431
    e = env(config={"mode": "kraken"}, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text.splitlines()[0].split() == list("abcdefg")
    assert "Kraken" in text and "seat 0: resource" in text


def test_what_the_seat_deduces_of_each_hand_and_deck_is_exactly_the_cards_there() -> None:
    """The sides' last per-card block: the cards of the side's hand and deck the seat cannot see
    (its own deck, the Kraken's deck), deduced from what is public, equal to the real ones."""
    checks = 0
    for k, config in enumerate([{}, {"mode": "kraken"}, {"draft": True}, *CONFIGS[2:]]):
        e = env(config=config)
        e.reset(seed=70 + k)
        rng = np.random.default_rng(k)
        enc: MuhqObs = e.encoder
        for _ in range(500):
            agent = e.agent_selection
            if e.terminations[agent]:
                break
            seat = e.agent_seat[agent]
            obs = e.observe(agent)
            vec = obs["observation"]
            st = e.game.state
            for side in range(st.sides):
                row = enc.side_rows + enc.relative(seat, side) * enc.side_features
                c = st.cards[side]
                real = c.deck if side == seat or side >= st.players else c.hand + c.deck
                want = np.zeros(enc.cards, np.float32)
                for card in real:
                    want[enc.card_index[card]] += 1
                assert vec[row + SIDE_FEATURES - 1] == 1  # known
                got = vec[row + SIDE_FEATURES + 2 * enc.cards : row + enc.side_features]
                assert (got == want).all(), (side, got, want)
                checks += 1
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
    assert checks > 3000


def test_in_a_scenario_nothing_is_deduced(tmp_path: Path) -> None:
    e = env(config=scenario(tmp_path, "a", BASE))
    e.reset(seed=1)
    enc: MuhqObs = e.encoder
    vec = e.observe("player_0")["observation"]
    for side in range(2):
        row = enc.side_rows + side * enc.side_features
        assert vec[row] == 1 and vec[row + SIDE_FEATURES - 1] == 0
        assert vec[row + SIDE_FEATURES + 2 * enc.cards : row + enc.side_features].sum() == 0
