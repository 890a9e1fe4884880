"""How seats are named in sentences: `seat 3`, with who plays there when it is known
(`seat 3 (Guan Yu)`, the game's `character`), a game's fixed name for the seat (its
`seat_name`), or a name given by the caller; `you` for the asking seat."""

from __future__ import annotations

from typing import Any

from user_agent.words.game import words_of


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
        self.lang = lang
        self.names = dict(names or {})
        self.generals: dict[int, str] = {}  # who plays at a seat, as told by the events
        self._words = words_of(game)

    def general(self, seat: int) -> str:
        """Who plays at the seat (e.g. a general's name), "" when not known."""
        if seat in self.generals:
            return self.generals[seat]
        character = self._words.character
        return "" if character is None else character(self.view, seat, self.lang)

    def name(self, seat: object) -> str:
        """`seat 3 (Guan Yu)`, or the game's own name of the seat."""
        if type(seat) is not int:
            return "nobody"
        if seat in self.names:
            return self.names[seat]
        fixed = None if self._words.seat_name is None else self._words.seat_name(seat)
        if fixed is not None:
            return fixed
        g = self.general(seat)
        return f"seat {seat} ({g})" if g else f"seat {seat}"

    def who(self, seat: object) -> str:
        """Like `name`, but `you` for the asking seat."""
        if self.me is not None and seat == self.me:
            return "you"
        return self.name(seat)

    def option(self, seat: int) -> str:
        """A seat as an option: `seat 3 (Guan Yu)`, `seat 1 (you)`."""
        base = self.name(seat)
        if self.me is None or seat != self.me:
            return base
        return base[:-1] + ", you)" if base.endswith(")") else f"{base} (you)"

    def whose(self, seat: object) -> str:
        """`your` for the asking seat, else `seat 3 (Guan Yu)'s`."""
        who = self.who(seat)
        return "your" if who == "you" else f"{who}'s"
