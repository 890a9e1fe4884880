"""The console's words: `user_agent.words` (request descriptions, the narrator), guarded so
that a presentation bug never stops a game: a call that fails is logged and the plain form (the
id, the kind) is shown instead. A game's own names (cards, generals) are its widgets'."""

from __future__ import annotations

from typing import Any

import structlog

from protocol.choices import Choice, RequestSpec
from user_agent.words import narrate as narration
from user_agent.words import requests as request_words
from user_agent.words.requests import RequestWords

__all__ = ["Narrator", "RequestWords", "describe", "plain"]

log = structlog.get_logger("sgs.tui")


def plain(value: object) -> str:
    """An id or a kind as words: `light_lightning` -> `light lightning`."""
    return str(value).replace("_", " ")


def describe(game: str, req: RequestSpec, view: Any, lang: str = "en") -> RequestWords:
    try:
        return request_words.describe(game, req, view, lang)
    except Exception as exc:  # presentation only: the options as the request gives them
        log.warning("request words failed", kind=req.kind, reason=str(exc))
        options = [] if req.form == "product" else [plain(o) for o in req.options]
        axes = [[plain(o) for o in axis] for axis in req.options] if req.form == "product" else []
        return RequestWords(
            plain(req.kind),
            options,
            default=plain(req.default),
            cancel=req.cancel,
            axes=axes,
            axis_names=[f"part {n + 1}" for n in range(len(axes))],
            generic=True,
        )


class Narrator:
    """Sentences for the event log (`user_agent.words.narrate.Narrator`), never raising."""

    def __init__(self, game: str, seats: int, lang: str = "en") -> None:
        self._inner = narration.Narrator(game, seats, lang)

    def event(self, kind: str, data: dict[str, Any]) -> str | None:
        try:
            return self._inner.event(kind, data)
        except Exception as exc:  # presentation only
            log.warning("narration failed", kind=kind, reason=str(exc))
            return f"{plain(kind)}."

    def decision(self, req: RequestSpec, choice: Choice, timeout: bool) -> str:
        try:
            return self._inner.decision(req, choice, timeout)
        except Exception as exc:  # presentation only
            log.warning("narration failed", kind=req.kind, reason=str(exc))
            return f"seat {req.seat} answers {plain(req.kind)}"
