"""Seeded games of both rulesets played in-process by random legal replies, with every seat's
view folded, so the words layer can be checked against every request and event they emit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from game_agent.engine import SPECTATOR, Game, view_for
from game_agent.games import load
from protocol.choices import Choice, RequestSpec
from user_agent.bot import random_legal
from user_agent.games import for_game

SANGUOSHA_CONFIGS: list[dict[str, Any]] = [{"players": n} for n in range(2, 9)] + [
    {"mode": "1v1"},
    {"players": 5, "conceal_responses": False},
]


@dataclass
class Asked:
    game: str
    req: RequestSpec
    view: Any
    choice: Choice


@dataclass
class Seen:
    game: str
    seats: int
    viewer: int | None  # None: the full event; SPECTATOR: the public form
    kind: str
    data: dict[str, Any]


@dataclass
class Played:
    game: str
    seats: int
    asked: list[Asked]
    seen: list[Seen]


def play(game: str, config: dict[str, Any], seed: int) -> Played:
    g = Game(load(game), config, seed)
    rng = random.Random(seed)
    views = [for_game(game, s, g.seats) for s in range(g.seats)]
    out = Played(game, g.seats, [], [])
    step = g.start()
    while True:
        for ev in step.events:
            out.seen.append(Seen(game, g.seats, None, ev.kind, ev.data))
            for viewer in (*range(g.seats), SPECTATOR):
                d = view_for(ev, viewer)
                if d is None:
                    continue
                if viewer != SPECTATOR:
                    views[viewer].apply(ev.kind, d)
                if viewer in (0, SPECTATOR):
                    out.seen.append(Seen(game, g.seats, viewer, ev.kind, d))
        req = step.request
        if req is None:
            return out
        choice = random_legal(req, rng)
        out.asked.append(Asked(game, req, views[req.seat], choice))
        step = g.resume(choice)


@cache
def games() -> tuple[Played, ...]:
    played = [
        play("sanguosha", SANGUOSHA_CONFIGS[seed % len(SANGUOSHA_CONFIGS)], seed)
        for seed in range(60)
    ]
    played += [play("harmony", {"skip_attack_rounds": seed % 4}, seed) for seed in range(8)]
    return tuple(played)


def every_request() -> Iterator[Asked]:
    for p in games():
        yield from p.asked


def every_event() -> Iterator[Seen]:
    for p in games():
        yield from p.seen
