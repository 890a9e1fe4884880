"""The greedy muhq bot and the seat view it reads (`user_agent.games.muhq.view`)."""

from __future__ import annotations

import copy

import pytest

from game_agent.engine import Game, view_for
from game_agent.games import load
from protocol.choices import RequestSpec
from protocol.games.muhq.state import UNKNOWN, MuhqState
from sgs.runner import make_bots, play
from user_agent.bots import resolve
from user_agent.games import for_game
from user_agent.games.muhq.greedy import GreedyBot
from user_agent.games.muhq.view import MuhqView


def public_state(real: MuhqState, seat: int) -> MuhqState:
    """What `seat` may know of the real state: its own hand; every deck and the other hands
    as placeholders (the deck order is secret to everyone, rules 7); the rest as it is."""
    out = copy.deepcopy(real)
    for side, cards in enumerate(out.cards):
        cards.deck = [UNKNOWN] * len(cards.deck)
        if side != seat:
            cards.hand = [UNKNOWN] * len(cards.hand)
    for side, picked in enumerate(out.drafted):
        if side != seat:
            out.drafted[side] = [UNKNOWN] * len(picked)
    return out


def test_registry_names_the_muhq_bots() -> None:
    assert resolve("greedy", "muhq") is GreedyBot
    view = for_game("muhq", 1, 2)
    assert isinstance(view, MuhqView) and view.seat == 1 and view.state is None


@pytest.mark.parametrize("bots", [["greedy", "random"], ["random", "greedy"]])
def test_greedy_plays_complete_duels_legally_and_deterministically(bots: list[str]) -> None:
    # the engine refuses an illegal reply (IllegalReply), so a finished game was legal
    for seed in range(3):
        a = play("muhq", {}, seed, bots)
        assert a.game.finished and a.game.outcome is not None
        assert a.game.outcome["reason"] in ("vip", "max_rounds")
        again = play("muhq", {}, seed, bots)
        assert [(e.kind, e.data) for e in again.game.events] == [
            (e.kind, e.data) for e in a.game.events
        ]


def test_greedy_against_greedy_and_in_a_draft_game() -> None:
    a = play("muhq", {}, 5, ["greedy", "greedy"])
    assert a.game.finished
    d = play("muhq", {"draft": True}, 6, ["greedy", "random"])
    assert d.game.finished
    assert any(r.kind == "draft_pick" for r in d.game.requests)


@pytest.mark.parametrize(
    ("seed", "config", "bots"),
    [
        (3, {}, ["greedy", "random"]),
        (4, {"draft": True}, ["random", "greedy"]),
        (5, {"hand_rule": "discard_and_draw"}, ["random", "random"]),
    ],
)
def test_the_view_is_exactly_the_public_information(
    seed: int, config: dict[str, object], bots: list[str]
) -> None:
    """Drive a game by hand; before every request, each seat's view equals the real state with
    the hidden cards made placeholders: its own hand is the real hand, the other's is "?"."""
    game = Game(load("muhq"), config, seed)
    players = make_bots("muhq", bots, game.seats, seed)
    views = [MuhqView(seat, game.seats) for seat in range(game.seats)]
    step = game.start()
    checked = 0
    while True:
        for ev in step.events:
            for seat, view in enumerate(views):
                data = view_for(ev, seat)
                if data is not None:
                    view.apply(ev.kind, data)
            for bot in players:
                data = view_for(ev, bot.seat)
                if data is not None:
                    bot.on_event(ev.kind, data)
        req = step.request
        if req is None:
            break
        real: MuhqState = game.state
        for seat, view in enumerate(views):
            assert view.ready and view.state is not None
            assert view.state == public_state(real, seat)
            assert view.hand() == real.cards[seat].hand
            other = 1 - seat
            assert view.state.cards[other].hand == [UNKNOWN] * len(real.cards[other].hand)
        checked += 1
        bot = players[req.seat]
        step = game.resume(bot.decide(req, bot.view), seat=req.seat)
    assert game.finished and checked > 20
    for view in views:
        assert view.outcome == game.outcome
        assert view.state is not None and view.state.outcome == game.outcome


def test_without_a_usable_view_the_bot_answers_the_default() -> None:
    bot = GreedyBot(0, 1, MuhqView(0, 2))  # no game_started folded: no state
    req = RequestSpec(0, 0, "action", "choice", [["select", 1], ["end"]], 1)
    assert bot.decide(req, bot.view) == 1
    view = MuhqView(0, 2)
    view.apply("game_started", {"map": "NO-SUCH-MAP", "players": 2})
    assert view.unknown_map and not view.ready


def test_greedy_beats_random_in_most_duels() -> None:
    """A small version of the arena figure (docs/results/muhq-greedy-random-2p)."""
    wins = 0
    games = 30
    for seed in range(games):
        seat = seed % 2
        bots = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        p = play("muhq", {}, 1000 + seed, bots)
        wins += p.winners == [seat]
    assert wins >= 24, f"greedy won only {wins} of {games}"
