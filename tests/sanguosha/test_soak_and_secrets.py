"""Random full games: invariants after every decision, fold == live, events against the schema,
hidden information never reaching a seat, and every seat's view agreeing with the state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sanguosha_support import check_fold, check_invariants

from game_agent.engine import Game, view_for
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.knowledge import audit_game
from protocol.codec import pack, unpack
from protocol.fields import check_fields
from protocol.registry import get_schema
from user_agent.bot import random_legal
from user_agent.games.sanguosha.view import SanguoshaView, make_view

CONFIGS: list[dict[str, Any]] = [{"mode": "identity", "players": n} for n in range(2, 11)] + [
    {"mode": "1v1"},
    {"players": 6, "role_variant": "two_renegades", "ex_cards": False},
    {"players": 4, "max_rounds": 3, "generals": "random"},
    {"players": 5, "reshuffle_limit": 0},
    {"players": 5, "skills": "none"},
    {"players": 5, "conceal_responses": False},  # the fast path: only holders are asked
]
SCHEMA = get_schema("sanguosha")


def play(config: dict[str, Any], seed: int) -> tuple[Game, list[SanguoshaView]]:
    g = Game(RULESET, config, seed)
    rng = random.Random(seed)
    views = [make_view(s, g.seats) for s in range(g.seats)]
    step = g.start()
    while True:
        for ev in step.events:
            for s, v in enumerate(views):
                d = view_for(ev, s)
                if d is not None:
                    v.apply(ev.kind, d)
        check_invariants(g)
        req = step.request
        if req is None:
            break
        check_fields(req.kind, req.info, SCHEMA.request_fields(req.kind))
        low = [p.seat for p in g.state.players if p.alive and p.max_hp and p.hp < 1]
        assert not low or any(n.endswith("dying") for n in g.stack_names())
        assert (req.default is None and req.cancel) or _legal_default(req)
        if req.kind in ("play", "discard"):
            assert g.state.players[req.seat].alive and g.state.players[req.seat].hp >= 1
        step = g.resume(random_legal(req, rng))
    return g, views


def st_rounds(g: Game) -> int:
    return int(g.state.round)


def _legal_default(req: Any) -> bool:
    from protocol.choices import check_choice

    return check_choice(req, req.default) is None


@pytest.mark.parametrize("i", range(78))
def test_random_games_keep_every_invariant(i: int) -> None:
    config = CONFIGS[i % len(CONFIGS)]
    g, views = play(config, 1000 + i)
    overs = [e for e in g.events if e.kind == "game_over"]
    assert len(overs) == 1 and g.events[-1] is overs[0] and g.outcome is not None
    o = g.outcome
    assert (o["winner"] is None) == (o["winners"] == [])
    if config.get("max_rounds") == 3:
        assert st_rounds(g) <= 3
    if config.get("reshuffle_limit") == 0:
        assert g.state.reshuffles == 0
    check_fold(g)
    assert audit_game(g) == []  # no seat was told of a card it cannot know
    st = g.state
    for ev in g.events:
        check_fields(ev.kind, ev.data, SCHEMA.event_fields(ev.kind))
        if ev.seats is not None and ev.public is not None:
            check_fields(ev.kind, ev.public, SCHEMA.event_fields(ev.kind, redacted=True))
        # secrets: the draw pile's order reaches nobody; hidden cards only their owners
        if ev.kind in ("deck", "reshuffle"):
            assert ev.seats == ()
        if ev.kind in ("draw", "move") and ev.seats is not None:
            assert ev.public is not None and "cards" not in ev.public
        for s in range(g.seats):
            seen = view_for(ev, s)
            if seen is not None:
                assert "order" not in seen
                assert unpack(pack(seen)) == seen
    for s, v in enumerate(views):
        assert sorted(c["id"] for c in v.hand) == sorted(st.players[s].hand)
        assert v.draw_count == len(st.draw)
        assert sorted(c["id"] for c in v.discard) == sorted(st.discard)
        assert sorted(c["id"] for c in v.processing) == sorted(st.processing)
        assert sorted(c["id"] for c in v.removed) == sorted(st.removed)
        assert v.facedown_count == len(st.facedown)
        for p, info in zip(st.players, v.seats, strict=True):
            assert info.hand_count == len(p.hand)
            assert {k: c["id"] for k, c in info.equip.items()} == p.equip
            assert [c["id"] for c in info.judge] == p.judge and info.judge_as == p.judge_as
            assert info.hp == p.hp and info.alive == p.alive and info.max_hp == p.max_hp
            assert info.skills == p.skills and info.face_down == p.face_down
            assert info.marks == p.marks and info.scopes == p.scopes
            assert (info.faction, info.gender) == (p.faction, p.gender)
            assert info.reserve_count == len(p.reserve) and info.lost == p.lost
            assert set(info.reserve) <= set(p.reserve)
        assert sorted(v.seats[s].reserve) == sorted(st.players[s].reserve)  # its own, all known
        assert v.pool == st.pool


def test_roles_of_living_non_lords_stay_secret() -> None:
    g, _views = play({"players": 8}, 77)
    st = g.state
    # during play a seat only knew the lord's role, its own, and the roles of the dead
    for ev in g.events[:-1]:
        if ev.kind == "role" and ev.data["role"] != "lord":
            for s in range(g.seats):
                seen = view_for(ev, s)
                assert seen is not None
                assert (seen["role"] is not None) == (s == ev.data["seat"])
    assert all(NAME[c] for c in st.deck)


@pytest.mark.parametrize("config", [{"players": 7}, {"mode": "1v1"}])
def test_log_records_round_trip_and_refold(config: dict[str, Any]) -> None:
    from game_agent.engine import Event, fold

    g, _ = play(config, 2024)
    records = [unpack(pack(e.to_record())) for e in g.events]
    events = [Event.from_record(r) for r in records]
    assert events == g.events
    cfg = unpack(pack(g.config))
    assert fold(RULESET, cfg, g.seats, events) == g.state
    # re-execution from seed + decisions gives the same events
    g2 = Game(RULESET, cfg, 2024)
    g2.replay(g.decisions)
    assert g2.events == g.events


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items())
)
def test_logs_written_by_the_host_verify(config: dict[str, Any], tmp_path: Any) -> None:
    """The in-process host writes the log; it re-executes byte for byte and refolds."""
    from game_agent.engine import fold
    from replays import read_log, verify
    from sgs.runner import play as host_play

    path = tmp_path / "game.sgslog"
    played = host_play("sanguosha", config, 31, ["random"], path)
    report = verify(str(path))
    assert report.ok, report.message
    g = played.game
    log = read_log(path)
    assert fold(RULESET, log.header["config"], g.seats, log.events) == g.state
