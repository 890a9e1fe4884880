"""The client's distances and attack ranges (`SanguoshaView.distances`, over the rulebook's
pure functions and only what a seat may see) equal the rules' own (`distance.py`) at every
decision of many seeded games: identity with 2 to 8 players and 1v1, random legal decisions,
horses and weapons coming and going, seats dying. Each seat's view is folded from its own event
stream, as a console folds it; every seat's distances are compared, not only the viewer's."""

from __future__ import annotations

import random

import pytest
from sanguosha_support import Table

from game_agent.engine import Game, view_for
from game_agent.games.sanguosha.distance import attack_range, distances_from
from game_agent.games.sanguosha.rules import RULESET
from protocol.games.sanguosha import rulebook
from sgs.offline import open_requests
from user_agent.bot import random_legal
from user_agent.games.sanguosha.view import SanguoshaView

CONFIGS = [{"mode": "identity", "players": n} for n in (2, 3, 4, 5, 6, 8)] + [{"mode": "1v1"}]
SEEDS = range(4)
MAX_DECISIONS = 600


def play(config: dict[str, object], seed: int) -> tuple[int, set[str]]:
    """Play one game, comparing at every decision; -> (positions compared, modifiers seen)."""
    game = Game(RULESET, RULESET.configure(config), seed)
    rng = random.Random(seed)
    game.start()
    seats = game.seats
    views = [SanguoshaView(s, seats) for s in range(seats)]
    folded = 0
    compared = 0
    seen: set[str] = set()
    for _ in range(MAX_DECISIONS):
        for ev in game.events[folded:]:
            for s, v in enumerate(views):
                data = view_for(ev, s)
                if data is not None:
                    v.apply(ev.kind, data)
        folded = len(game.events)
        st = game.state
        if any(p.general for p in st.players):
            for a, p in enumerate(st.players):
                if not p.alive:
                    assert all(v.distances(a) == {} for v in views)
                    continue
                want = distances_from(st, a)
                reach = attack_range(st, a)
                for v in views:
                    assert v.distances(a) == want, (config, seed, a, v.seat)
                    assert v.attack_range(a) == reach, (config, seed, a, v.seat)
                seen.update(k for k in views[0].keys_of(a) if k in MODIFIERS)
                if reach > 1:
                    seen.add("weapon")
                compared += 1
        if game.finished:
            break
        reqs = open_requests(game)
        assert reqs
        req = reqs[0]
        choice = random_legal(req, rng)
        if req is game.pending:
            game.resume(choice)
        else:
            game.resume(choice, seat=req.seat)
    return compared, seen


MODIFIERS = set(rulebook.DISTANCE_FROM) | set(rulebook.DISTANCE_TO)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['mode']}-{c.get('players', 2)}")
def test_the_clients_distances_are_the_rules(config: dict[str, object]) -> None:
    compared = 0
    seen: set[str] = set()
    for seed in SEEDS:
        n, s = play(config, seed)
        compared += n
        seen |= s
    assert compared > 200
    if config.get("players", 2) >= 4:  # long enough games equip horses and weapons
        assert {"plus_horse", "minus_horse", "weapon"} <= seen, seen


def test_mashu_and_both_horses_from_a_scenario() -> None:
    """Ma Chao (Mashu, Dayuan) and Lü Meng (Jueying): every seat's view agrees with the rules,
    and seat 0 sees 1, 1, 2, 1, 1 (the +1 horse keeps Lü Meng at 2, out of Slash range)."""
    t = Table(file="skills/mashu.toml")
    views = [SanguoshaView(s, 6) for s in range(6)]
    for ev in t.g.events:
        for s, v in enumerate(views):
            data = view_for(ev, s)
            if data is not None:
                v.apply(ev.kind, data)
    for v in views:
        for a in range(6):
            assert v.distances(a) == distances_from(t.st, a)
            assert v.attack_range(a) == attack_range(t.st, a) == 1
    assert views[3].distances(0) == {1: 1, 2: 1, 3: 2, 4: 1, 5: 1}
    assert "mashu" in views[1].keys_of(0) and "minus_horse" in views[1].keys_of(0)
