"""One chunk of arena games, played where a backend runs it (a pool process or a Ray task).

Each game is a pure function of (game, config, seed, seating): the game's RNG comes from its
seed, each bot's from `sgs.runner.bot_seed(seed, seat)`. So a game's record is the same on
every backend and with any number of workers.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from game_agent.engine import Game
from game_agent.games import load
from sgs.arena.schedule import GameSpec, team_seats
from sgs.arena.timing import DecisionTimes
from sgs.commands.sim import result_of
from sgs.runner import BotClock, play


@dataclass
class GameRecord:
    """One finished game: what games.jsonl holds, one JSON line each."""

    index: int
    seed: int
    seats: list[str]  # the bot of each seat
    roles: list[str] | None  # Sanguosha: each seat's role (1v1: warm or cool)
    generals: list[str] | None
    outcome: dict[str, Any]
    winners: list[int]
    decisions: int
    log: str | None

    def line(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_line(cls, text: str) -> GameRecord:
        return cls(**json.loads(text))


@dataclass(frozen=True)
class Job:
    """What every chunk of one tournament shares."""

    game: str
    config: Mapping[str, Any]
    log_dir: str | None = None


def dealt_roles(game: str, config: Mapping[str, Any], seed: int) -> list[str]:
    """The roles the seed deals, read from a copy of the game started up to its first
    request (the roles are dealt before anyone is asked anything)."""
    g = Game(load(game), config, seed)
    g.start()
    return [str(p.role) for p in g.state.players]


def log_path(job: Job, spec: GameSpec) -> str | None:
    if job.log_dir is None:
        return None
    return os.path.join(job.log_dir, f"{job.game}-{spec.index:06d}-seed{spec.seed}.sgslog")


@dataclass
class Chunk:
    """What one chunk gives back: its games' records, and the time of each bot's decisions
    (wall-clock: reported apart from the records, which are the same on every run)."""

    records: list[GameRecord]
    times: DecisionTimes = field(default_factory=DecisionTimes)


def play_one(job: Job, spec: GameSpec, times: DecisionTimes | None = None) -> GameRecord:
    seats: Sequence[str]
    if spec.sides is not None:
        seats = team_seats(dealt_roles(job.game, job.config, spec.seed), spec.sides)
    else:
        assert spec.seats is not None
        seats = spec.seats
    path = log_path(job, spec)
    clock = BotClock(len(seats))
    try:
        played = play(job.game, job.config, spec.seed, list(seats), path, clock=clock)
    except BaseException:
        if path is not None and os.path.exists(path):
            os.unlink(path)  # a game cut short leaves no log behind
        raise
    r = result_of(played.game, spec.seed, list(seats), played.winners, path)
    if times is not None:
        for seat, bot in enumerate(seats):
            times.add(bot, clock.decide[seat], clock.events[seat])
    return GameRecord(
        index=spec.index,
        seed=r.seed,
        seats=r.seats,
        roles=r.roles,
        generals=r.generals,
        outcome=r.outcome,
        winners=r.winners,
        decisions=r.decisions,
        log=r.log,
    )


def play_chunk(job: Job, specs: Sequence[GameSpec]) -> Chunk:
    times = DecisionTimes()
    return Chunk([play_one(job, spec, times) for spec in specs], times)


def ignore_sigint() -> None:
    """Pool processes leave Ctrl-C to the parent, which stops the run in order."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
