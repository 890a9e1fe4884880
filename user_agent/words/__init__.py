"""The words layer: everything a person reads about a game, in plain sentences, and no game's
words of its own.

`narrate` turns events and decisions into sentences (`Narrator`), `requests` says what a request
asks and what each option is (`describe`, `RequestWords`), `seats` names the seats; each reads
the game's `GameWords` (`game`), declared in `user_agent/games/<game>/words.py` and named by the
game's client manifest, typed with the shapes below every driver (`shapes`: `RequestWords`,
`RequestContext`, and the `Teller` and `Seats` a handler may use). A game without words gets
plain forms (`text.event_line`).
Every string made here is for people: no raw dicts, no `None`, no snake_case ids.
"""

from __future__ import annotations

from user_agent.words.game import GameWords, words_of
from user_agent.words.narrate import Narrator
from user_agent.words.requests import RequestWords, describe

__all__ = ["GameWords", "Narrator", "RequestWords", "describe", "words_of"]
