"""How seats are named in sentences: `seat 3`, with who plays there when it is known
(`seat 3 (Guan Yu)`, the game's `character`), a game's fixed name for the seat (its
`seat_name`), or a name given by the caller; `you` for the asking seat."""

from __future__ import annotations

from typing import Any

from user_agent.words.game import words_of
from user_agent.words.lang import sentence_lang
from user_agent.words.messages import SHELL


class SeatWords:
    def __init__(
        self,
        game: str,
        view: Any | None = None,
        me: int | None = None,
        lang: str = "en",
        names: dict[int, str] | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.me = me
        self._words = words_of(game)
        self.lang = sentence_lang(lang, self._words.langs)  # the game's words' language
        self.names = dict(names or {})
        self.generals: dict[int, str] = {}  # who plays at a seat, as told by the events

    def general(self, seat: int) -> str:
        """Who plays at the seat (e.g. a general's name), "" when not known."""
        if seat in self.generals:
            return self.generals[seat]
        character = self._words.character
        return "" if character is None else character(self.view, seat, self.lang)

    def name(self, seat: object) -> str:
        """`seat 3 (Guan Yu)`, or the game's own name of the seat."""
        if type(seat) is not int:
            return SHELL(self.lang, "seat.nobody")
        if seat in self.names:
            return self.names[seat]
        fixed = None if self._words.seat_name is None else self._words.seat_name(seat)
        if fixed is not None:
            return fixed
        g = self.general(seat)
        if g:
            return SHELL(self.lang, "seat.named", seat=seat, general=g)
        return SHELL(self.lang, "seat.bare", seat=seat)

    def who(self, seat: object) -> str:
        """Like `name`, but `you` for the asking seat."""
        if self.me is not None and seat == self.me:
            return SHELL(self.lang, "seat.you")
        return self.name(seat)

    def option(self, seat: int) -> str:
        """A seat as an option: `seat 3 (Guan Yu)`, `seat 1 (you)`."""
        base = self.name(seat)
        if self.me is None or seat != self.me:
            return base
        if base.endswith((")", "\uff09")):  # `)`, or the full-width one
            return base[:-1] + SHELL(self.lang, "seat.you_inside") + base[-1]
        return base + SHELL(self.lang, "seat.you_after")

    def whose(self, seat: object) -> str:
        """`your` for the asking seat, else `seat 3 (Guan Yu)'s`."""
        if self.me is not None and seat == self.me:
            return SHELL(self.lang, "seat.your")
        return SHELL(self.lang, "seat.whose", who=self.name(seat))
