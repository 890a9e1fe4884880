"""Two live games that differ only in what the searching seat has not seen, played with the
same bot seed: the seat's events and the bot's decisions, up to a stopping point."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game_agent.engine import Game, Rng, Step, view_for
from game_agent.games import load
from protocol.choices import Choice, RequestSpec
from sgs.options import load_scenario
from sgs.runner import bot_seed, give_samplers
from user_agent.bot import Bot, View
from user_agent.bots import resolve
from user_agent.games import for_game

SCENARIOS = Path(__file__).parent / "scenarios"


class PassiveBot(Bot):
    """Does nothing that depends on its hand: the default, except a `targets` request (whose
    default goes back) gets its first legal targets."""

    name = "passive"
    uses_view = False

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind == "targets" and request.form == "subset":
            return list(range(max(1, request.min)))
        return request.default


@dataclass
class Played:
    seen: list[tuple[str, Any]] = field(default_factory=list)  # the seat's view of each event
    decisions: list[tuple[str, Choice]] = field(default_factory=list)  # (request kind, reply)
    bot: Bot | None = None


class Stop(Exception):
    pass


def play_until(
    game_name: str,
    scenario: str,
    seed: int,
    spec: str,
    others: Callable[[int], Bot],
    stop: Callable[[Game], bool],
    seat: int = 0,
    sampler: Callable[[Game, int], Any] | None = None,
) -> Played:
    """Seat `seat` is the bot `spec` (seeded as `sgs sim` seeds it), the others `others(seat)`;
    the game stops once `stop(game)` holds before one of the seat's requests."""
    game = Game(load(game_name), load_scenario(game_name, str(SCENARIOS / scenario)), seed)
    cls = resolve(spec, game_name)
    bots: list[Bot] = [
        cls(s, bot_seed(seed, s), for_game(game_name, s, game.seats)) if s == seat else others(s)
        for s in range(game.seats)
    ]
    give_samplers(game, bots)
    if sampler is not None:
        bots[seat].sampler = sampler(game, seat)
    out = Played(bot=bots[seat])
    step: Step = game.start()
    try:
        while True:
            for ev in step.events:
                for b in bots:
                    data = view_for(ev, b.seat)
                    if data is not None:
                        b.on_event(ev.kind, data)
                        if b.seat == seat:
                            out.seen.append((ev.kind, data))
            req = step.request
            if req is None:
                return out
            bot = bots[req.seat]
            if req.seat == seat:
                if stop(game):
                    raise Stop
                choice = bot.decide(req, bot.view)
                out.decisions.append((req.kind, choice))
            else:
                choice = bot.decide(req, bot.view)
            step = game.resume(choice, seat=req.seat)
    except Stop:
        return out


class Omniscient:
    """A sampler that cheats: forks of the live game itself (the control that shows the test
    can fail)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game

    def sample(self, seed: int) -> Any:
        g = self.game.fork()
        g.rng = Rng(seed)  # the chance to come drawn from the sample's seed, as in a sample
        return g
