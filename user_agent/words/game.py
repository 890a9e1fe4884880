"""What one game's words are, as one declarative object the shared driver reads.

Each game's client package holds its `GameWords` in `user_agent/games/<game>/words.py`, named by
its manifest (`ClientGame.words`, a `"module:attr"` reference). The shared code (`Narrator`,
`describe`, `SeatWords`) looks a game's words up with `words_of(game)`; a game without words
(a third-party or test ruleset) gets `GENERIC`: no sentences of its own, plain `kind key=value`
lines and plain option labels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from protocol.choices import RequestSpec
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.words.shapes import RequestContext, RequestWords, Teller

# An event's data -> its sentence (None: bookkeeping a person need not see).
Handler = Callable[[Teller, dict[str, Any]], str | None]
# A request -> its words.
Describer = Callable[[RequestContext], RequestWords]
# What a seat answered, for a choice or subset request: (narrator, request, who, picked
# indices, their labels) -> the sentence.
ChoiceWords = Callable[[Teller, RequestSpec, str, list[int], list[str]], str]
# What a seat answered, for a product request: (narrator, request, its words, the choice) ->
# the sentence, or None for the plain form.
ProductWords = Callable[[Teller, RequestSpec, RequestWords, list[int]], str | None]


@dataclass(frozen=True)
class GameWords:
    # event kind -> its sentence
    events: Mapping[str, Handler] = field(default_factory=dict)
    # request kind -> its words (the shared ones, e.g. `trigger`, apply where a game has none)
    requests: Mapping[str, Describer] = field(default_factory=dict)
    # the `game_over` outcome -> its sentence (without one: `The game is over`)
    outcome: Callable[[Teller, dict[str, Any]], str] | None = None
    # a decision of a choice or subset request in words (without one: `who chooses ...`)
    choice: ChoiceWords | None = None
    # a decision of a product request in words (without one: `who chooses a, b, c`)
    product: ProductWords | None = None
    # seat -> the fixed name of that seat (e.g. a side of the board), None for `seat N`
    seat_name: Callable[[int], str | None] | None = None
    # (a seat's view, seat, lang) -> who plays at that seat (e.g. a general), "" if unknown
    character: Callable[[Any, int, str], str] | None = None
    # seat (None: every seat) -> a table the narrator folds from the events it tells, for the
    # words that need names from earlier events (`narrator.table`; it is given the events
    # after they are told, by its `apply(kind, data)`), None for a game whose words need none
    table: Callable[[int | None], Any] | None = None
    # the languages its sentences, names and request words are written in (`--lang`); in any
    # other language only the shared shell's words are translated, the game's stay English
    langs: frozenset[str] = frozenset({"en"})


GENERIC = GameWords()


@cache
def words_of(game: str) -> GameWords:
    """The words of a game (its client manifest's `words`), else `GENERIC`."""
    c = client(game)
    if c is None or c.words is None:
        return GENERIC
    words: GameWords = resolve(c.words)
    return words
