"""The engine's errors: what a ruleset refuses (`ConfigError`, the contract's own, handed on),
how the engine was misdriven (`EngineError`), a reply the pending request does not allow
(`IllegalReply`), and the end of a game unwinding the stack (`GameOver`)."""

from __future__ import annotations

from protocol.choices import RequestSpec
from protocol.errors import ConfigError

__all__ = ["ConfigError", "EngineError", "GameOver", "IllegalReply"]


class EngineError(RuntimeError):
    """The engine was driven wrongly (resume without a request, a runaway stack, ...)."""


class IllegalReply(ValueError):
    """A reply that is not legal for the pending request. The request still stands."""

    def __init__(self, request: RequestSpec, reason: str) -> None:
        super().__init__(f"illegal reply to request {request.id} ({request.kind}): {reason}")
        self.request = request
        self.reason = reason


class GameOver(BaseException):
    """Raised through the stack by `Game.end`; the engine unwinds every frame.

    A BaseException, so that a settlement's `except Exception` cannot swallow the end of a game.
    """
