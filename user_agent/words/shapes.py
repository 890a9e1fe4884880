"""The shapes a game's words are typed with, below every driver of the words layer: what a
request says (`RequestWords`), what a describer reads (`RequestContext`), and what a handler may
use of the seats' names (`Seats`, which `seats.SeatWords` is) and of the narrator (`Teller`,
which `narrate.Narrator` is). `game.GameWords` is typed with these alone, so the drivers import
it and it imports none of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from protocol.choices import RequestSpec


@dataclass
class RequestWords:
    title: str
    options: list[str] = field(default_factory=list)
    option_seats: list[int | None] = field(default_factory=list)
    default: str = ""
    cancel: bool = False
    hint: str = ""
    axes: list[list[str]] = field(default_factory=list)  # product form only
    axis_names: list[str] = field(default_factory=list)
    piles: list[str] = field(default_factory=list)  # arrange form only
    generic: bool = False  # True: no words are known for this request kind
    how: str = ""  # how to type an answer, where the game says it its own way (product form)
    lang: str = "en"  # the language these words are in (the game's, `GameWords.langs`)

    @property
    def by_seat(self) -> bool:
        """Whether every option designates a seat (answers are then seat numbers)."""
        return bool(self.option_seats) and all(s is not None for s in self.option_seats)


class Seats(Protocol):
    """How the seats are named, for one reader (`seats.SeatWords`)."""

    @property
    def view(self) -> Any: ...  # the reader's view of the table (names of what is known)

    @property
    def lang(self) -> str: ...  # the language of the game's words (`GameWords.langs`)

    @property
    def generals(self) -> dict[int, str]: ...  # who plays at a seat, as told by the events

    def name(self, seat: object) -> str: ...  # `seat 3 (Guan Yu)`

    def who(self, seat: object) -> str: ...  # `you` for the reader's seat

    def option(self, seat: int) -> str: ...  # `seat 1 (you)`

    def whose(self, seat: object) -> str: ...  # `your`, `seat 3 (Guan Yu)'s`


class Teller(Protocol):
    """What an event's handler may use of the narrator telling it (`narrate.Narrator`)."""

    @property
    def lang(self) -> str: ...

    @property
    def words(self) -> Seats: ...

    @property
    def notes(self) -> dict[str, Any]: ...  # what the game's words remember of earlier events

    @property
    def table(self) -> Any | None: ...  # the game's table, folded from the events told

    def s(self, seat: object) -> str: ...  # the seat's name

    def S(self, seat: object) -> str: ...  # the seat's name, capitalised


@dataclass
class RequestContext:
    """What a describer reads: the request, the seats' names and the language."""

    req: RequestSpec
    seats: Seats
    lang: str

    @property
    def info(self) -> dict[str, Any]:
        return self.req.info

    def who(self, seat: object) -> str:
        return self.seats.who(seat)
