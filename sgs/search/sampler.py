"""The host's side of `user_agent.bot.Sampler`: samples of the live game for one seat, taken
only while that seat's own request is open, and nothing else of the game."""

from __future__ import annotations

from typing import Any

from game_agent.engine import EngineError, Game


class SampleRefused(Exception):
    """No sample can be taken now (the bot's request is not open, or the ruleset refuses)."""


class LiveSampler:
    """`sample(seed)` -> `game.determinize(seat, seed)`, at the seat's own request only."""

    __slots__ = ("_game", "_seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self._seat = seat

    def sample(self, seed: int) -> Any:
        game = self._game
        if not any(r.seat == self._seat for r in game.open):
            raise SampleRefused(f"seat {self._seat} has no open request: no sample now")
        try:
            return game.determinize(self._seat, seed)
        except EngineError as exc:
            raise SampleRefused(str(exc)) from None

    def __repr__(self) -> str:  # never show the game
        return f"LiveSampler(seat={self._seat})"
