"""What the conformance suite plays: every registered ruleset (`game_agent.games.GAMES`), every
row of its manifest (`manifest(name).rows`: a configuration and its bots), a few seeds. A game
that registers gets the suite; nothing here names a game.

A row is played as `sgs.runner.play` plays it (`make_bots`, `drive`, a `LogWriter`), except that
every seat keeps its client view (`user_agent.games.for_game`) even when its bot reads none, so
that the view a seat kept live can be held against the one its stream folds into. Games are
played once per (row, seed) and kept for the tests of the session.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from game_agent.engine import Event, Game
from game_agent.games import GAMES, load, manifest
from game_agent.games.manifest import Row
from protocol.records import SPECTATOR, view_for
from replays.writer import LogWriter, header_for
from sgs.runner import drive, make_bots
from user_agent.bot import Bot, NullView
from user_agent.games import for_game

SEEDS = (1, 2)


@dataclass(frozen=True)
class Case:
    game: str
    row: Row

    @property
    def id(self) -> str:
        return f"{self.game} {self.row.label}"

    @property
    def bots(self) -> list[str]:
        return [b.strip() for b in self.row.bots.split(",") if b.strip()]


CASES = [Case(name, row) for name in GAMES for row in manifest(name).rows]
DETERMINIZABLE = [c for c in CASES if hasattr(load(c.game), "determinize")]


@dataclass
class Played:
    game: Game
    bots: list[Bot]
    log: Path


_DIR = Path(tempfile.mkdtemp(prefix="sgs-conformance-"))


def play(case: Case, seed: int, log: Path) -> Played:
    game = Game(load(case.game), case.row.config, seed)
    bots = make_bots(case.game, case.bots, game.seats, seed)
    for bot in bots:
        if isinstance(bot.view, NullView):  # keep the seat's view; the bot never reads it
            bot.view = for_game(case.game, bot.seat, game.seats)
    writer = LogWriter(log, header_for(game, [b.name for b in bots]))
    try:
        drive(game, bots, writer)
    finally:
        writer.close()
    return Played(game, bots, log)


_PLAYED: dict[tuple[str, int], Played] = {}


def played(case: Case, seed: int) -> Played:
    """The row's game of `seed`, played once per session."""
    key = (case.id, seed)
    if key not in _PLAYED:
        slug = case.id.replace(" ", "-")
        _PLAYED[key] = play(case, seed, _DIR / f"{slug}-{seed}.sgslog")
    return _PLAYED[key]


def fold_view(game: str, seat: int, seats: int, events: Sequence[Event]) -> Any:
    """The client view of `seat` folded from what it is told of `events` (`view_for`)."""
    view = for_game(game, seat, seats)
    for ev in events:
        data = view_for(ev, seat)
        if data is not None:
            view.apply(ev.kind, data)
    return view


def audience(seats: int) -> list[int]:
    return [*range(seats), SPECTATOR]


def record_bytes(g: Game) -> bytes:
    """The game so far as bytes: its events (omniscient records), requests and decisions."""
    return msgpack.packb(
        [
            [e.to_record() for e in g.events],
            [r.to_wire() for r in g.requests],
            [[d.id, d.seat, d.choice, d.timeout, d.at] for d in g.decisions],
        ],
        use_bin_type=True,
    )
