"""What a request asks, in words: a title sentence, one label per option, the default and how
to answer. `describe(game, req, view)` reads the game's describers (`GameWords.requests`, in
`user_agent/games/<game>/words.py`) and the shared ones for the request kinds every game has
(`trigger`); an unknown kind gets a plain description with `generic=True` (the coverage test
fails on it)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from protocol.choices import RequestSpec, split_piles
from user_agent.games import GAMES
from user_agent.words.game import GENERIC, Describer, words_of
from user_agent.words.seats import SeatWords
from user_agent.words.shapes import RequestContext, RequestWords
from user_agent.words.text import plain

# --- shared pieces of describers ----------------------------------------------------------------


def seat_options(c: RequestContext) -> tuple[list[str], list[int | None]]:
    """The options of a request whose options are seats, and those seats."""
    seats = [o if type(o) is int else None for o in c.req.options]
    return [c.seats.option(o) if type(o) is int else "a player" for o in c.req.options], seats


def default_words(
    c: RequestContext, options: list[str], verb: str = "", none: str = "decline"
) -> str:
    """The request's default in words (`none`: what no answer means)."""
    d = c.req.default
    if d is None:
        return none
    if isinstance(d, int):
        return options[d] if 0 <= d < len(options) else none
    if c.req.form == "arrange":
        return _arrangement_words(c, options, list(d))
    picked = [options[i] for i in d if 0 <= i < len(options)]
    if not picked:
        return "choose nothing"
    what = ", ".join(picked)
    return f"{verb} {what}".strip()


def _arrangement_words(c: RequestContext, options: list[str], choice: list[int]) -> str:
    names = pile_names(c)
    parts = []
    for name, pile in zip(names, split_piles(choice), strict=False):
        parts.append(f"{name}: " + (", ".join(options[i] for i in pile) or "nothing"))
    return "; ".join(parts)


def pile_names(c: RequestContext) -> list[str]:
    """The piles of an arrange request, in words (a seat's pile by the seat's name)."""
    out = []
    for p in c.req.piles:
        seat = p.get("seat")
        if type(seat) is int:
            out.append(c.seats.option(seat))
        else:
            name = str(p.get("name", "pile"))
            out.append(
                {"top": "top of the draw pile", "bottom": "bottom of the draw pile"}.get(
                    name, plain(name)
                )
            )
    return out


def choice_words(c: RequestContext, title: str, options: list[str]) -> RequestWords:
    """The words of a choice or subset request whose options designate no seat."""
    return RequestWords(title, options, [None] * len(options), default_words(c, options))


# --- the request kinds every game has (the engine asks them) -----------------------------------


def _trigger(c: RequestContext) -> RequestWords:
    opts = ["pass" if o == "pass" else f"use {plain(o)}" for o in c.req.options]
    title = f"Now ({plain(c.info.get('timing', ''))}): use a skill?"
    return choice_words(c, title, opts)


COMMON: dict[str, Describer] = {"trigger": _trigger}


def _generic(c: RequestContext) -> RequestWords:
    opts = [plain(o) if not isinstance(o, dict | list) else "an option" for o in c.req.options]
    if c.req.form == "product":
        w = RequestWords(f"Decide: {plain(c.req.kind)}.", generic=True)
        w.axes = [[plain(x) for x in axis] for axis in c.req.options]
        w.axis_names = [f"part {n + 1}" for n in range(len(w.axes))]
        return w
    return RequestWords(
        f"Decide: {plain(c.req.kind)}.",
        opts,
        [None] * len(opts),
        default_words(c, opts),
        generic=True,
    )


def _hint(req: RequestSpec, w: RequestWords) -> str:
    unit = "seat number" if w.by_seat else "option number"
    if w.how:
        how = w.how
    elif req.form == "choice":
        how = f"type the {unit}"
    elif req.form == "subset":
        span = f"{req.min}" if req.min == req.max else f"{req.min} to {req.max}"
        plural = "" if req.max == 1 else "s, separated by spaces"
        how = f"type {span} {unit}{plural}"
        if req.min == 0:
            how += " (an empty line for none)"
    elif req.form == "product":
        how = "type one option number per part, separated by spaces"
    else:
        how = "type every option number once, pile by pile, piles separated by '/', e.g. '2 0 / 1'"
    extra = "; 'c' to " + ("decline" if w.default == "decline" else "cancel") if req.cancel else ""
    return f"{how}; 'd' for the default ({w.default}){extra}"


class _Describers(Mapping[str, Mapping[str, Describer]]):
    """game -> request kind -> describer: the game's own over the shared ones (a game without
    words is not in it)."""

    def __getitem__(self, game: str) -> Mapping[str, Describer]:
        words = words_of(game)
        if words is GENERIC:
            raise KeyError(game)
        return {**COMMON, **words.requests}

    def __iter__(self) -> Iterator[str]:
        return (g for g in GAMES if words_of(g) is not GENERIC)

    def __len__(self) -> int:
        return sum(1 for _ in self)


DESCRIBERS: Mapping[str, Mapping[str, Describer]] = _Describers()


def describe(
    game: str, req: RequestSpec, view: Any | None = None, lang: str = "en"
) -> RequestWords:
    """The request in words, for the seat that must answer it (`view`: that seat's view, for
    the names of who plays at each seat)."""
    return describe_for(game, req, SeatWords(game, view, req.seat, lang), lang)


def describe_for(game: str, req: RequestSpec, seats: SeatWords, lang: str = "en") -> RequestWords:
    """`describe` with the seat names given (a narrator names seats its own way)."""
    c = RequestContext(req, seats, lang)
    fn = words_of(game).requests.get(req.kind) or COMMON.get(req.kind)
    w = fn(c) if fn is not None else _generic(c)
    w.cancel = req.cancel
    if not w.default:
        w.default = "the first option"
    w.hint = _hint(req, w)
    return w


__all__ = [
    "COMMON",
    "DESCRIBERS",
    "RequestContext",
    "RequestWords",
    "choice_words",
    "default_words",
    "describe",
    "describe_for",
    "pile_names",
    "seat_options",
]
