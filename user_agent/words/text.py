"""Small text helpers every game's words use (none of them knows a game)."""

from __future__ import annotations

from typing import Any

from user_agent.words.messages import SHELL


def plain(word: object) -> str:
    """An id as words: `hand_limit` -> `hand limit` (the last resort for unknown ids)."""
    return str(word).replace("_", " ").strip()


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def n_cards(n: int, lang: str = "en") -> str:
    return SHELL(lang, "cards.one") if n == 1 else SHELL(lang, "cards.many", n=n)


def event_line(kind: str, data: dict[str, Any]) -> str:
    """An event of a game without words, as it comes: `kind key=value ...`."""
    args = " ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind} {args}".rstrip()
