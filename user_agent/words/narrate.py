"""Events and decisions as sentences: `Narrator(game, seats).event(kind, data)` gives one plain
sentence per event, or None for bookkeeping a person need not see (the deck's order, the end of
a phase, cards leaving the table after they settled). It reads the full event data as well as
a seat's or a spectator's view of it (hidden cards arrive as counts).

The sentences are the game's (`GameWords.events`, in `user_agent/games/<game>/words.py`); this
driver only dispatches, keeps the seats' names and the game's folded table (`table`), and gives
plain forms where a game has no words: a game without words gets `kind key=value` lines."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from protocol.choices import Choice, RequestSpec
from user_agent.games import GAMES
from user_agent.words.game import GENERIC, words_of
from user_agent.words.messages import SHELL
from user_agent.words.requests import arrangement, describe_for
from user_agent.words.seats import SeatWords
from user_agent.words.shapes import RequestWords
from user_agent.words.text import cap, event_line, plain


class Narrator:
    def __init__(
        self, game: str, seats: int, lang: str = "en", names: dict[int, str] | None = None
    ) -> None:
        self.game = game
        self.seats = seats
        self.shell = lang  # the reader's language (the shell's words)
        self.spoken = words_of(game)
        self.words = SeatWords(game, None, None, lang, names)
        self.lang = self.words.lang  # the language of the game's sentences
        # what the game's words remember of earlier events of the stream (by the game's keys)
        self.notes: dict[str, Any] = {}
        # the table folded from the events told (names of cards and permanents, for a game
        # whose words need them); the request words read it as the seats' view
        make = self.spoken.table
        self.table: Any | None = None if make is None else make(None)
        if self.table is not None:
            self.words.view = self.table

    # --- helpers ---------------------------------------------------------------------------

    def s(self, seat: object) -> str:
        return self.words.name(seat)

    def S(self, seat: object) -> str:
        return cap(self.words.name(seat))

    # --- events ----------------------------------------------------------------------------

    def knows(self, kind: str) -> bool:
        """Whether this event kind has its own sentence (else `event` only names the kind)."""
        return kind == "game_over" or kind in self.spoken.events

    def event(self, kind: str, data: dict[str, Any]) -> str | None:
        """One sentence for the event, or None when it is bookkeeping."""
        # the game's handlers take any `Teller`; `game_over` is the narrator's own
        handler: Callable[[Narrator, dict[str, Any]], str | None] | None = (
            _game_over if kind == "game_over" else None
        )
        handler = handler or self.spoken.events.get(kind)
        if handler is None:
            self._fold(kind, data)
            stop = SHELL(self.lang, "stop")
            return (
                f"{cap(plain(kind))}{stop}"
                if self.spoken is not GENERIC
                else event_line(kind, data)
            )
        try:
            text = handler(self, data)  # told from the table before the event
        finally:
            self._fold(kind, data)
        if text is None:
            return None
        stop = SHELL(self.lang, "stop")
        return text.rstrip(".").rstrip(stop) + stop

    def _fold(self, kind: str, data: dict[str, Any]) -> None:
        if self.table is not None:
            self.table.apply(kind, data)

    # --- decisions -------------------------------------------------------------------------

    def request_words(self, req: RequestSpec) -> RequestWords:
        return describe_for(self.game, req, self.words, self.lang)

    def decision(self, req: RequestSpec, choice: Choice, timeout: bool = False) -> str:
        """What a seat answered, as a sentence."""
        lang = self.lang
        who = self.s(req.seat)
        w = self.request_words(req)
        if timeout:
            return SHELL(lang, "decision.deadline", who=who, default=w.default)
        if choice is None:
            back = w.default == SHELL(lang, "default.go_back")
            return SHELL(lang, "decision.back" if back else "decision.decline", who=who)
        sep = SHELL(lang, "list.sep")
        if req.form == "product" and isinstance(choice, list):
            product = self.spoken.product
            said = None if product is None else product(self, req, w, choice)
            if said is not None:
                return said
            parts = [axis[i] for axis, i in zip(w.axes, choice, strict=False) if 0 <= i < len(axis)]
            return SHELL(lang, "decision.product", who=self.S(req.seat), parts=sep.join(parts))
        if req.form == "arrange" and isinstance(choice, list):
            parts_said = arrangement(lang, w.piles, w.options, choice)
            return SHELL(lang, "decision.arrange", who=who, parts=parts_said)
        picked = [choice] if isinstance(choice, int) else list(choice)
        labels = [w.options[i] for i in picked if 0 <= i < len(w.options)]
        if self.spoken.choice is not None:
            return self.spoken.choice(self, req, who, picked, labels)
        return choice_decision(req, who, labels, lang)


def choice_decision(req: RequestSpec, who: str, labels: list[str], lang: str = "en") -> str:
    """What a seat chose, plainly (a `trigger`: the skill it uses, or that it passes)."""
    what = SHELL(lang, "list.sep").join(labels) or SHELL(lang, "nothing")
    if req.kind == "trigger":
        if what == SHELL(lang, "trigger.pass"):
            return SHELL(lang, "decision.pass", who=who)
        return SHELL(lang, "decision.trigger", who=who, what=what)
    return SHELL(lang, "decision.choose", who=who, what=what)


def _game_over(n: Narrator, d: dict[str, Any]) -> str:
    o = d.get("outcome")
    o = o if isinstance(o, dict) else {}
    if n.spoken.outcome is not None:
        return n.spoken.outcome(n, o)
    ws = o.get("winners")
    reason = SHELL(n.lang, "paren", what=plain(o["reason"])) if o.get("reason") else ""
    if not isinstance(ws, list) or not ws:
        return SHELL(n.lang, "over.none", reason=reason)
    who = SHELL(n.lang, "list.and").join(n.s(w) for w in ws)
    return SHELL(n.lang, "over.one" if len(ws) == 1 else "over.many", who=cap(who), reason=reason)


class _EventKinds(Mapping[str, frozenset[str]]):
    """game -> the event kinds its words tell (a game without words is not in it)."""

    def __getitem__(self, game: str) -> frozenset[str]:
        words = words_of(game)
        if words is GENERIC:
            raise KeyError(game)
        return frozenset(words.events) | {"game_over"}

    def __iter__(self) -> Iterator[str]:
        return (g for g in GAMES if words_of(g) is not GENERIC)

    def __len__(self) -> int:
        return sum(1 for _ in self)


EVENT_KINDS: Mapping[str, frozenset[str]] = _EventKinds()
