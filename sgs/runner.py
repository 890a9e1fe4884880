"""The in-process host: one game, one bot per seat, optionally logged. Used by `sgs sim`,
`sgs demo`, tests and benchmarks. The network server is the other host of the same `Game`."""

from __future__ import annotations

import gc
import hashlib
import os
import time
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Game, RequestSpec, Step, view_for
from game_agent.games import load
from protocol.choices import Choice
from replays.writer import LogWriter, header_for
from sgs.errors import UsageError
from sgs.search.sampler import LiveSampler
from user_agent.bot import Bot, NullView
from user_agent.bots import BotSpecError, resolve
from user_agent.games import for_game


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own seed, fixed by the game's seed (so runs repeat exactly), and
    one-way: a bot's seed could be recovered from its moves (Python's `random` is not a
    cryptographic generator), and must not lead back to the game's seed."""
    digest = hashlib.blake2b(f"sgs-bot\n{game_seed}\n{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)


def make_bots(game: str, specs: Sequence[str], seats: int, seed: int) -> list[Bot]:
    if not specs:
        raise BotSpecError("give at least one bot")
    bots = []
    for seat in range(seats):
        cls = resolve(specs[seat % len(specs)], game)
        view = for_game(game, seat, seats) if cls.uses_view else None
        bots.append(cls(seat, bot_seed(seed, seat), view))
    return bots


@dataclass
class BotClock:
    """The wall-clock time each seat's bot spends in one game: the seconds of each `decide`
    (decision by decision) and the seconds in following the game (in all: `on_event`, with the
    filtering of each event for its seat). Measuring never touches the game: the same seed and
    bots give the same game with or without a clock."""

    seats: int
    decide: list[array[float]] = field(init=False)
    events: list[float] = field(init=False)

    def __post_init__(self) -> None:
        self.decide = [array("d") for _ in range(self.seats)]
        self.events = [0.0] * self.seats


@dataclass
class Played:
    game: Game
    bots: list[Bot]
    log_path: str | None

    @property
    def winners(self) -> list[int]:
        return winners_of(self.game.outcome or {})


def winners_of(outcome: Mapping[str, Any]) -> list[int]:
    if isinstance(outcome.get("winners"), list):
        return [int(s) for s in outcome["winners"]]
    w = outcome.get("winner")
    return [] if w is None else [int(w)]


def play(
    game_name: str,
    config: Mapping[str, Any],
    seed: int,
    bot_specs: Sequence[str],
    log_path: str | os.PathLike[str] | None = None,
    clock: BotClock | None = None,
) -> Played:
    """One game to its end; `clock`, when given, gets the time each seat's bot took."""
    game = Game(load(game_name), config, seed)
    bots = make_bots(game_name, bot_specs, game.seats, seed)
    writer = None
    if log_path is not None:
        writer = LogWriter(log_path, header_for(game, [b.name for b in bots]))
    try:
        fewer_collections()
        drive(game, bots, writer, clock=clock)
    finally:
        if writer is not None:
            writer.close()
    return Played(game, bots, None if log_path is None else os.fspath(log_path))


# The cyclic collector's youngest-generation threshold in a process that plays games with
# `play`. A game makes many short-lived containers (events, requests, options) and little cyclic
# garbage: at Python's default (700 allocations) the collector runs about once per decision of a
# 5-player Sanguosha game and took 4-6% of `sgs sim`'s instructions. At 20,000 it takes a
# fraction of that; the young generation then holds at most this many objects.
YOUNG_THRESHOLD = 20_000


def fewer_collections() -> None:
    """Raise the youngest generation's threshold to `YOUNG_THRESHOLD` for the rest of this
    process (`play` does, for `sgs sim` and `sgs arena`): never lowered, and left alone when
    collection is off (0). Process-wide on purpose: putting the old threshold back after each
    game made the next allocation collect the whole game at once, which cost most of the gain.
    No game state depends on when the collector runs."""
    young, middle, old = gc.get_threshold()
    if 0 < young < YOUNG_THRESHOLD:
        gc.set_threshold(YOUNG_THRESHOLD, middle, old)


# Decisions in a row after which nothing has happened (no event) and the game is taken to be
# going round in circles: a bot that answers nil to every Sanguosha `targets` request goes
# back to `play`, picks the card again, and so on. A real game never comes near this.
IDLE_LIMIT = 1000


def give_samplers(game: Game, bots: Sequence[Bot | None]) -> None:
    """Each search bot (`Bot.wants_sampler`) gets samples of `game` for its seat, nothing else."""
    for b in bots:
        if b is not None and b.wants_sampler:
            b.sampler = LiveSampler(game, b.seat)


def drive(
    game: Game,
    bots: Sequence[Bot],
    writer: LogWriter | None = None,
    answer: Callable[[Step], Choice] | None = None,
    clock: BotClock | None = None,
) -> None:
    """Play `game` to its end: each bot gets its seat's view of every event and answers its
    seat's requests; `writer` (if any) records events, requests and decisions in log order.
    `answer` (if any) gives the reply to each step's request instead of its seat's bot (it sees
    the step: its events and its request), e.g. `sgs botcheck`'s checked replies. `clock` (if
    any) gets the seconds each bot spent in `decide` and in `on_event` (`sgs arena`'s time per
    decision).

    The writer is never flushed here: no one outside this process sees the game, so nothing
    must be on the OS before anything else happens. Records reach the file when the writer's
    buffer passes its threshold and when the caller closes it (`play` does)."""
    give_samplers(game, bots)
    listeners = [
        b for b in bots if not isinstance(b.view, NullView) or type(b).on_event is not Bot.on_event
    ]
    step = game.start()
    idle = 0
    while True:
        if listeners and clock is None:
            for ev in step.events:
                for bot in listeners:
                    data = view_for(ev, bot.seat)
                    if data is not None:
                        bot.on_event(ev.kind, data)
        elif listeners and clock is not None and step.events:
            # Bot by bot (each still gets its events in order), one reading of the clock per
            # bot and step: reading it around every event cost the arena about 5% of its speed.
            for bot in listeners:
                began = time.perf_counter()
                for ev in step.events:
                    data = view_for(ev, bot.seat)
                    if data is not None:
                        bot.on_event(ev.kind, data)
                clock.events[bot.seat] += time.perf_counter() - began
        if writer is not None:
            writer.put_step(step.events, step.asked)
        req = step.request
        if req is None:
            return
        # Requests asked together are answered in the order they were asked.
        if answer is None:
            bot = bots[req.seat]
            if clock is None:
                choice = bot.decide(req, bot.view)
            else:
                began = time.perf_counter()
                choice = bot.decide(req, bot.view)
                clock.decide[req.seat].append(time.perf_counter() - began)
        else:
            choice = answer(step)
        step = game.resume(choice)  # req is the first open request: the one answered
        if writer is not None:
            writer.decision(game.decisions[-1])
        idle = 0 if step.events else idle + 1
        if idle >= IDLE_LIMIT:
            raise UsageError(going_round(game, bots, req), exit_code=1)


def going_round(game: Game, bots: Sequence[Bot], last: RequestSpec) -> str:
    """Why a game stopped: its bots answered `IDLE_LIMIT` requests in a row and nothing happened."""
    kinds = sorted({r.kind for r in game.requests[-IDLE_LIMIT:]})
    return (
        f"seed {game.seed}: {IDLE_LIMIT} decisions in a row and nothing happened (requests "
        f"{', '.join(kinds)}; the last to seat {last.seat}, bot {bots[last.seat].name}): a bot "
        "goes round in circles, e.g. nil (go back) at every `targets`; `sgs botcheck` shows "
        "each such reply"
    )
