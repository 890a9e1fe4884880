"""How seats are named in sentences: `seat 3`, with the general when it is known
(`seat 3 (Guan Yu)`), or a name given by the caller; `you` for the asking seat."""

from __future__ import annotations

from typing import Any

from user_agent.games.sanguosha.names import general_name

HARMONY_SIDES = ("South", "North")


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
        self.generals: dict[int, str] = {}

    def general(self, seat: int) -> str:
        if seat in self.generals:
            return self.generals[seat]
        seats = getattr(self.view, "seats", None)
        if isinstance(seats, list) and 0 <= seat < len(seats):
            g = getattr(seats[seat], "general", "")
            if g:
                return general_name(g, self.lang)
        return ""

    def name(self, seat: object) -> str:
        """`seat 3 (Guan Yu)`; a Harmony seat is `South`/`North`."""
        if type(seat) is not int:
            return "nobody"
        if seat in self.names:
            return self.names[seat]
        if self.game == "harmony" and 0 <= seat < 2:
            return HARMONY_SIDES[seat]
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


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
