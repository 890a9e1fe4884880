"""Offline play, no server: `python -m sgs.offline --game harmony` (bots on the other seats).
Also `LocalSource`, the in-process source the full-screen console plays (tests use it too).

python -m sgs.offline --game sanguosha --players 5 --seat 0 --bots random --seed 7
python -m sgs.offline --game carcassonne --players 3 --bots random
python -m sgs.offline --game muhq --bots random
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import structlog

from game_agent.engine import ConfigError, Game, RequestSpec, view_for
from game_agent.games import GAMES, load
from protocol.choices import Choice, check_choice
from sgs.cli import dash_values
from sgs.runner import give_samplers, make_bots
from user_agent.bot import Bot
from user_agent.bots import BotSpecError
from user_agent.tui.app import ConsoleApp
from user_agent.tui.source import EndItem, EventItem, Item, NoticeItem, RequestItem

log = structlog.get_logger("sgs.tui")

# --- in process -------------------------------------------------------------------------------


def open_requests(game: Game) -> list[RequestSpec]:
    """Every request open now: `Game.open` when the engine keeps several (one per seat at
    most), else the one pending."""
    many = getattr(game, "open", None)
    if isinstance(many, list):
        return [r for r in many if isinstance(r, RequestSpec)]
    return [] if game.pending is None else [game.pending]


class LocalSource:
    """A game run here: `seat` is the human's, `bots[s]` answers every other seat `s`.

    `deadline` (seconds, 0 = none) is shown as the human's countdown; when it passes, the
    request's default is applied as a timeout, as a server would."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: Sequence[Bot | None],
        deadline: float = 0.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        steps_per_poll: int = 200,
    ) -> None:
        self.engine = game
        self.game = game.ruleset.name
        self.seat = seat
        self.seats = game.seats
        self.bots = bots
        self.deadline = deadline
        self.clock = clock
        self.steps_per_poll = steps_per_poll
        self._sent = 0  # events of `engine.events` already delivered (or skipped)
        self._asked: RequestSpec | None = None  # the human's open request, once delivered
        self._asked_at = 0.0
        self._ended = False
        self._started = False

    @classmethod
    def new(
        cls,
        game_name: str,
        config: Mapping[str, Any],
        seed: int,
        seat: int,
        bot_specs: Sequence[str] = ("random",),
        deadline: float = 0.0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> LocalSource:
        game = Game(load(game_name), config, seed)
        bots: list[Bot | None] = list(make_bots(game_name, bot_specs, game.seats, seed))
        if 0 <= seat < game.seats:
            bots[seat] = None
        give_samplers(game, bots)
        return cls(game, seat, bots, deadline, clock=clock)

    def _events(self) -> list[Item]:
        out: list[Item] = []
        events = self.engine.events
        while self._sent < len(events):
            ev = events[self._sent]
            self._sent += 1
            for bot in self.bots:
                if bot is not None:
                    data = view_for(ev, bot.seat)
                    if data is not None:
                        bot.on_event(ev.kind, data)
            data = view_for(ev, self.seat)
            if data is not None:
                out.append(EventItem(self._sent - 1, ev.kind, data))
        return out

    def poll(self) -> list[Item]:
        out: list[Item] = []
        try:
            self._advance(out)
        except Exception as exc:  # a bot or the engine failed: show it, keep what happened
            log.exception("the game stopped")
            out.extend(self._events())
            self._ended = True
            out.append(EndItem(f"the game stopped: {exc}"))
        return out

    def _advance(self, out: list[Item]) -> None:
        if self._ended:
            return
        if not self._started:
            self._started = True
            self.engine.start()
        for _ in range(self.steps_per_poll):
            out.extend(self._events())
            if self.engine.finished:
                break
            mine = None
            moved = False
            for req in open_requests(self.engine):
                if req.seat == self.seat:
                    mine = req
                    continue
                bot = self.bots[req.seat]
                if bot is None:
                    continue
                self._resume(req, bot.decide(req, bot.view))
                moved = True
                break
            if moved:
                continue
            if mine is not None and mine is not self._asked:
                self._asked = mine
                self._asked_at = self.clock()
                out.append(RequestItem(mine, self.deadline))
            elif (
                mine is not None
                and self.deadline > 0
                and self.clock() - self._asked_at >= self.deadline
            ):
                out.append(NoticeItem("the deadline passed", "deadline", mine.id))
                self._resume(mine, mine.default, timeout=True)
                continue
            break
        out.extend(self._events())
        if self.engine.finished and not self._ended:
            self._ended = True
            out.append(EndItem("game over"))

    def _resume(self, req: RequestSpec, choice: Choice, timeout: bool = False) -> None:
        if req is self.engine.pending:
            self.engine.resume(choice, timeout=timeout)
        else:  # one of several open requests: the engine answers it by its seat
            self.engine.resume(choice, seat=req.seat, timeout=timeout)

    def answer(self, request_id: int, choice: Choice) -> None:
        req = self._asked
        if req is None or req.id != request_id:
            return
        reason = check_choice(req, choice)
        if reason is not None:
            raise ValueError(reason)
        self._asked = None
        self._resume(req, choice)

    def close(self) -> None:
        return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sgs.offline", description=__doc__)
    p.add_argument("--game", default=GAMES[0], help=", ".join(GAMES))
    p.add_argument(
        "--players",
        type=int,
        default=0,
        help="Sanguosha: 2-10 players; Carcassonne: 2-5; muhq: the map's (2)",
    )
    p.add_argument("--seat", type=int, default=0, help="your seat")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    p.add_argument("--bots", default="random", help="bot specs for the other seats, a,b,...")
    p.add_argument("--deadline", type=float, default=0.0, help="seconds per decision (0: none)")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    args = p.parse_args(dash_values(sys.argv[1:] if argv is None else argv))  # `--bots -,x`
    config = {"players": args.players} if args.players else {}
    seed = args.seed if args.seed is not None else random.randrange(1 << 63)
    try:
        source = LocalSource.new(
            args.game, config, seed, args.seat, args.bots.split(","), args.deadline
        )
    except (ConfigError, BotSpecError, KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.seat < source.seats:
        print(f"error: the game has seats 0..{source.seats - 1}", file=sys.stderr)
        return 2
    return ConsoleApp(source, args.lang).run() or 0


if __name__ == "__main__":
    sys.exit(main())
