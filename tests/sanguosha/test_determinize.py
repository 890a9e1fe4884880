"""`Game.determinize` for Sanguosha: a sample keeps everything the seat has seen and deals
again the rest (hidden cards among the hidden zones, hidden roles among their seats)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from sanguosha_support import check_fold, check_invariants

from game_agent.engine import SPECTATOR, EngineError, Game, view_for
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.determinize import known_cards, known_roles
from game_agent.games.sanguosha.knowledge import card_ids
from game_agent.games.sanguosha.state import State
from user_agent.bot import random_legal

PUBLIC_SEAT = ("general", "hp", "max_hp", "alive", "equip", "judge", "judge_as", "marks", "skills")


def places(st: State) -> dict[int, tuple[str, int | None, int]]:
    """card id -> (zone, seat, index in the zone)."""
    out: dict[int, tuple[str, int | None, int]] = {}
    for zone in ("draw", "discard", "processing", "removed", "facedown"):
        for i, c in enumerate(getattr(st, zone)):
            out[c] = (zone, None, i)
    for p in st.players:
        for i, c in enumerate(p.hand):
            out[c] = ("hand", p.seat, i)
        for slot, c in p.equip.items():
            out[c] = ("equip:" + slot, p.seat, 0)
        for i, c in enumerate(p.judge):
            out[c] = ("judge", p.seat, i)
    return out


def step(g: Game, rng: random.Random) -> None:
    req = rng.choice(g.open)
    g.resume(random_legal(req, rng), seat=req.seat)


def sample_points(seed: int, config: dict[str, Any], tries: int = 4) -> list[tuple[Game, int]]:
    """Games stopped at random points (`tries` of them, each before its end), with the seat
    whose own request is open there."""
    out = []
    rng = random.Random(seed)
    while len(out) < tries:
        g = Game(RULESET, config, rng.randrange(1 << 32))
        g.start()
        played: list[tuple[int, Any]] = []
        while g.open:
            req = rng.choice(g.open)
            played.append((req.seat, random_legal(req, rng)))
            g.resume(played[-1][1], seat=req.seat)
        stop = rng.randrange(1, len(played))
        g = Game(RULESET, config, g.seed)
        g.start()
        for seat, choice in played[:stop]:
            g.resume(choice, seat=seat)
        out.append((g, g.open[0].seat))
    return out


def check_sample(g: Game, d: Game, seat: int) -> None:
    a: State = g.state
    b: State = d.state
    assert d.determinized and not g.determinized
    assert b.players[seat].hand == a.players[seat].hand
    for zone in ("discard", "processing", "removed"):
        assert getattr(b, zone) == getattr(a, zone)
    assert len(b.draw) == len(a.draw) and len(b.facedown) == len(a.facedown)
    for pa, pb in zip(a.players, b.players, strict=True):
        for attr in PUBLIC_SEAT:
            assert getattr(pb, attr) == getattr(pa, attr), (pa.seat, attr)
        assert len(pb.hand) == len(pa.hand)
    known = known_cards(g, seat)
    before, after = places(a), places(b)
    for c in known:  # in another's hand only the hand counts (nobody else sees its order)
        where = before[c]
        assert after[c] == where if where[0] != "hand" else after[c][:2] == where[:2], c
    moved = {c for c in before if after[c][:2] != before[c][:2]}
    assert not moved & known
    # the roles: the seat's own, and all it was shown, stay; the counts stay
    for s in known_roles(g, seat):
        assert b.players[s].role == a.players[s].role
    assert Counter(p.role for p in b.players) == Counter(p.role for p in a.players)
    # the new event tells nobody anything but a count
    ev = d.events[-1]
    assert ev.kind == "redeal" and ev.seats == ()
    for watcher in [*range(d.seats), SPECTATOR]:
        seen = view_for(ev, watcher)
        assert seen == {"seat": seat, "count": seen["count"]}
        assert not card_ids(seen)
    check_invariants(d)
    check_fold(d)


def test_a_sample_keeps_what_the_seat_has_seen() -> None:
    checked = 0
    for g, seat in sample_points(1, {"players": 5}, tries=8):
        try:
            d = g.determinize(seat, 5)
        except EngineError as exc:
            assert "has not seen" in str(exc)
            continue
        check_sample(g, d, seat)
        checked += 1
    assert checked >= 4


def test_seeds_give_samples() -> None:
    g = Game(RULESET, {"players": 5}, 3)
    g.start()
    rng = random.Random(3)
    while not any(e.kind == "round" for e in g.events):
        step(g, rng)
    seat = g.open[0].seat
    a, b, c = (g.determinize(seat, s) for s in (1, 1, 2))
    assert a.events == b.events and a.state == b.state
    assert a.state != c.state
    # the hidden cards moved: the draw pile and the other hands, never the seat's own
    st: State = g.state
    assert a.state.draw != st.draw
    assert any(a.state.players[s].hand != st.players[s].hand for s in range(g.seats) if s != seat)
    # roles: over a few seeds the non-lords the seat cannot see change places
    hidden = [s for s in range(g.seats) if s not in known_roles(g, seat)]
    assert len(hidden) == (4 if st.players[seat].role == "lord" else 3)
    dealt = {tuple(g.determinize(seat, s).state.players[h].role for h in hidden) for s in range(8)}
    assert len(dealt) > 1


def test_the_determinizing_seat_is_asked_together_with_others() -> None:
    g = Game(RULESET, {"players": 5}, 11)
    g.start()
    rng = random.Random(11)
    while len(g.open) < 2:
        step(g, rng)
    seat = g.open[1].seat
    d = g.determinize(seat, 9)
    assert d.open == g.open  # general choices name no card
    check_sample(g, d, seat)


@pytest.mark.parametrize("seed", range(6))
def test_determinized_games_play_on_to_the_end(seed: int) -> None:
    config = {"players": 5} if seed % 2 else {"players": 4, "conceal_responses": False}
    played = 0
    for g, seat in sample_points(100 + seed, config, tries=4):
        try:
            d = g.determinize(seat, seed)
        except EngineError:
            continue
        rng = random.Random(seed)
        again = d.fork()  # a sample forks (the resampling is applied again at its point)
        assert again.events == d.events and again.state == d.state and again.determinized
        n = 0
        while d.open:
            step(d, rng)
            n += 1
            if n % 25 == 0:
                check_invariants(d)
        assert d.finished
        check_invariants(d)
        check_fold(d)
        played += 1
    assert played >= 1


def test_determinize_refuses_what_it_cannot_sample() -> None:
    g = Game(RULESET, {"players": 5}, 2)
    with pytest.raises(EngineError, match="started"):
        g.determinize(0, 1)
    g.start()
    rng = random.Random(2)
    alone = named = 0
    for _ in range(3000):
        if not g.open or (alone and named):
            break
        others = [r for r in g.open if r.seat != 0]
        if others and not g.asked_together:
            # another seat is settling: its frames may hold its hidden cards
            with pytest.raises(EngineError, match="settlement may hold cards"):
                g.determinize(0, 1)
            alone += 1
        elif any(card_ids({"o": r.options, "i": r.info}) - known_cards(g, 0) for r in others):
            # asked together, naming cards seat 0 has not seen (a Nullification window)
            with pytest.raises(EngineError, match="names cards seat 0 has not seen"):
                g.determinize(0, 1)
            named += 1
        step(g, rng)
    assert alone and named
