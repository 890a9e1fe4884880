"""The console's words: `user_agent.words` (names, request descriptions, the narrator),
guarded so that a presentation bug never stops a game: a call that fails is
logged and the plain form (the id, the kind) is shown instead."""

from __future__ import annotations

from typing import Any

import structlog

from protocol.choices import Choice, RequestSpec
from user_agent.games.sanguosha import names
from user_agent.words import narrate as narration
from user_agent.words import requests as request_words
from user_agent.words.requests import RequestWords

__all__ = [
    "Narrator",
    "RequestWords",
    "card_name",
    "card_text",
    "describe",
    "faction_name",
    "general_name",
    "general_text",
    "kind_name",
]

log = structlog.get_logger("sgs.tui")


def _plain(value: object) -> str:
    return str(value).replace("_", " ")


def card_name(card: dict[str, Any] | None, lang: str = "en") -> str:
    try:
        return names.card_name(card if card is not None else "?", lang)
    except Exception as exc:  # presentation only
        log.debug("words failed", what="card_name", reason=str(exc))
        return _plain((card or {}).get("name", "?"))


def kind_name(kind: str, lang: str = "en") -> str:
    """A card kind's name alone (``indulgence`` -> ``Indulgence``)."""
    try:
        return names.card_name(kind, lang)
    except Exception as exc:  # presentation only
        log.debug("words failed", what="kind_name", reason=str(exc))
        return _plain(kind).title()


def general_name(gid: str, lang: str = "en") -> str:
    return names.general_name(gid, lang) if gid else "?"


def faction_name(faction: str, lang: str = "en") -> str:
    return names.faction_name(faction, lang)


def general_text(gid: str, lang: str = "en") -> str:
    return names.general_text(gid, lang)


def card_text(kind: str, lang: str = "en") -> str:
    return names.card_text(kind, lang)


def describe(game: str, req: RequestSpec, view: Any, lang: str = "en") -> RequestWords:
    try:
        return request_words.describe(game, req, view, lang)
    except Exception as exc:  # presentation only: the options as the request gives them
        log.warning("request words failed", kind=req.kind, reason=str(exc))
        options = [] if req.form == "product" else [_plain(o) for o in req.options]
        axes = [[_plain(o) for o in axis] for axis in req.options] if req.form == "product" else []
        return RequestWords(
            _plain(req.kind),
            options,
            default=_plain(req.default),
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
            return f"{_plain(kind)}."

    def decision(self, req: RequestSpec, choice: Choice, timeout: bool) -> str:
        try:
            return self._inner.decision(req, choice, timeout)
        except Exception as exc:  # presentation only
            log.warning("narration failed", kind=req.kind, reason=str(exc))
            return f"seat {req.seat} answers {_plain(req.kind)}"
