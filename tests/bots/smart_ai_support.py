"""Helpers for the smart-bot tests: a scenario table where every seat is a (strict) SmartBot
that sees exactly its seat's events, driven until a chosen request comes up."""

from __future__ import annotations

from collections.abc import Callable

from game_agent.engine import Game, view_for
from game_agent.games import load
from game_agent.games.sanguosha.scenario import config_from_toml
from protocol.choices import Choice, RequestSpec, check_choice
from user_agent.bots.smart_sanguosha import SmartBot
from user_agent.views.sanguosha import SanguoshaView


class SmartTable:
    def __init__(self, toml: str, seed: int = 1) -> None:
        cfg = config_from_toml(toml)
        self.g = Game(load("sanguosha"), cfg, seed)
        n = self.g.seats
        self.bots = [SmartBot(s, 100 + s, SanguoshaView(s, n)) for s in range(n)]
        for b in self.bots:
            b.strict = True
        self.step = self.g.start()
        self._feed()

    def _feed(self) -> None:
        for ev in self.step.events:
            for b in self.bots:
                data = view_for(ev, b.seat)
                if data is not None:
                    b.on_event(ev.kind, data)

    def decide(self, req: RequestSpec) -> Choice:
        bot = self.bots[req.seat]
        return bot.decide(req, bot.view)

    def run_until(self, pred: Callable[[RequestSpec], bool], limit: int = 3000) -> RequestSpec:
        """Let the bots play until a request matching `pred` is pending; return it."""
        for _ in range(limit):
            req = self.step.request
            assert req is not None, f"game over before the request: {self.g.outcome}"
            if pred(req):
                return req
            self.answer(req)
        raise AssertionError("no such request")

    def answer(self, req: RequestSpec) -> Choice:
        choice = self.decide(req)
        assert check_choice(req, choice) is None
        self.step = self.g.resume(choice, seat=req.seat)
        self._feed()
        return choice


def respond_reason(seat: int, reason: str) -> Callable[[RequestSpec], bool]:
    return lambda r: r.seat == seat and r.kind == "respond" and r.info.get("reason") == reason


def option_names(req: RequestSpec, choice: Choice) -> str:
    """The name of the card a `respond` / `play` choice picked ("decline", "end" otherwise)."""
    assert isinstance(choice, int)
    o = req.options[choice]
    card = o.get("card")
    if isinstance(card, dict):
        return str(card["name"])
    return str(o.get("kind"))
