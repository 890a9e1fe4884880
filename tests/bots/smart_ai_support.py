"""Helpers for the smart-bot tests: a scenario table where every seat is a (strict) SmartBot
that sees exactly its seat's events, driven until a chosen request comes up."""

from __future__ import annotations

from collections.abc import Callable

from game_agent.engine import Game, view_for
from game_agent.games import load
from game_agent.games.sanguosha.scenario import config_from_toml
from protocol.choices import Choice, RequestSpec, check_choice
from user_agent.games.sanguosha.smart import SmartBot
from user_agent.games.sanguosha.view import SanguoshaView


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


def seated_bot(seat: int, roles: list[str], generals: list[str] | None = None) -> SmartBot:
    """A strict SmartBot at a table of `len(roles)` seats, told the public facts of a game's
    start (the lord's role, its own role, each seat's general at 4 HP), with an empty hand."""
    n = len(roles)
    bot = SmartBot(seat, 1, SanguoshaView(seat, n))
    bot.strict = True
    for s, role in enumerate(roles):
        if role == "lord" or s == seat:
            bot.on_event("role", {"seat": s, "role": role})
        general = generals[s] if generals else "xuchu"
        bot.on_event(
            "general",
            {"seat": s, "general": general, "max_hp": 4, "hp": 4, "faction": "wei",
             "gender": "male", "skills": []},
        )  # fmt: skip
    return bot


def give(bot: SmartBot, *cards: tuple[int, str, str, int]) -> None:
    """Put cards (id, name, suit, rank) in the bot's hand."""
    bot.on_event(
        "draw",
        {"seat": bot.seat, "reason": "test",
         "cards": [{"id": i, "name": n, "suit": s, "rank": r} for i, n, s, r in cards]},
    )  # fmt: skip


def request(kind: str, options: list[object], **kw: object) -> RequestSpec:
    """A request as the engine would send it (defaults: a `choice` with default 0)."""
    spec = {"form": "choice", "default": 0, "min": 1, "max": 1, "cancel": False, "info": {}}
    spec.update(kw)
    return RequestSpec(0, 0, kind, options=options, **spec)  # type: ignore[arg-type]
