"""A tournament from plan to summary: the schedule, its run on a backend, the statistics and
ratings over the finished games (sorted by game index, so the backend never shows)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import ConfigError, Game
from game_agent.games import load
from sgs.arena import backends
from sgs.arena.pairs import paired
from sgs.arena.ratings import Ratings, rate_all
from sgs.arena.schedule import PAIRED, GameSpec, block_size, chunk_size, chunks, distinct, schedule
from sgs.arena.stats import tally
from sgs.arena.timing import DecisionTimes
from sgs.arena.worker import Chunk, GameRecord, Job
from sgs.runner import make_bots


@dataclass
class Tournament:
    game: str
    config: Mapping[str, Any]
    bots: list[str]
    seed: int
    requested: int
    lineup: str
    seats: int
    mode: str
    specs: list[GameSpec] = field(default_factory=list)

    @property
    def block(self) -> int:
        return block_size(self.bots, self.seats, self.lineup)


def plan(
    game: str,
    config: Mapping[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    lineup: str = "rotate",
) -> Tournament:
    """The tournament's schedule. A bad game, option or bot raises ConfigError or
    BotSpecError here, before anything runs."""
    g = Game(load(game), config, seed)
    for bot in distinct(bots):
        make_bots(game, [bot], g.seats, seed)
    mode = str(getattr(g.state, "mode", "") or "")
    if lineup == "teams":
        if mode != "identity" or g.seats < 3:
            raise ConfigError("--lineup teams needs Sanguosha's identity mode with 3+ players")
        if len(distinct(bots)) != 2:
            raise ConfigError("--lineup teams needs two different bots")
    if lineup == "paired":
        names = distinct(bots)
        if len(names) != 2:
            raise ConfigError(
                f"--lineup paired needs two different bots to exchange, not {len(names)} "
                f"({','.join(names)})"
            )
        if g.seats < 2:
            raise ConfigError("--lineup paired needs a game of two or more seats")
    t = Tournament(game, dict(config), list(bots), seed, games, lineup, g.seats, mode)
    t.specs = schedule(bots, g.seats, games, seed, lineup)
    return t


def execute(
    t: Tournament,
    *,
    backend: str = "process",
    workers: int = 2,
    address: str | None = None,
    log_dir: str | None = None,
    advance: Callable[[int], None] = lambda n: None,
    stop: Callable[[], bool] = lambda: False,
    times: DecisionTimes | None = None,
) -> tuple[list[GameRecord], bool]:
    """Play the schedule -> (the finished games by index, whether the run stopped early).
    `times`, when given, gathers each bot's time per decision."""
    job = Job(t.game, t.config, log_dir)
    tasks = chunks(t.specs, chunk_size(len(t.specs), workers))
    records: list[GameRecord] = []

    def done(batch: Chunk) -> None:
        records.extend(batch.records)
        if times is not None:
            times.merge(batch.times)
        advance(len(batch.records))

    interrupted = False
    failed: backends.ChunkFailed | None = None
    try:
        backends.run(backend, job, tasks, workers, done, stop, address)
    except KeyboardInterrupt:
        interrupted = True
    except backends.ChunkFailed as exc:
        failed = exc
    records.sort(key=lambda r: r.index)
    if failed is not None:
        raise TournamentFailed(records, str(failed)) from failed
    return records, interrupted or len(records) < len(t.specs)


class TournamentFailed(Exception):
    """A chunk could not be played (`backends.ChunkFailed`); `records` are the games that
    finished before, by index, for the caller to keep."""

    def __init__(self, records: list[GameRecord], reason: str) -> None:
        super().__init__(reason)
        self.records = records
        self.reason = reason


def summarize(t: Tournament, records: Sequence[GameRecord]) -> tuple[dict[str, Any], Ratings]:
    """The summary (the same for the same games, whatever ran them) and the ratings."""
    ratings = rate_all(t.game, records)
    summary = {
        "game": t.game,
        "mode": t.mode,
        "seats": t.seats,
        "bots": t.bots,
        "lineup": t.lineup,
        "seed": t.seed,
        "requested": t.requested,
        "scheduled": len(t.specs),
        "block": t.block,
        "interrupted": len(records) < len(t.specs),
        **tally(t.game, records).summary(),
        "ratings": ratings.table(),
        "pairs": paired(t.game, records, t.bots, t.seed) if t.lineup in PAIRED else None,
    }
    return summary, ratings
