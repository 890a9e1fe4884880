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
from user_agent.words.messages import SHELL
from user_agent.words.seats import SeatWords
from user_agent.words.shapes import RequestContext, RequestWords
from user_agent.words.text import plain

# --- shared pieces of describers ----------------------------------------------------------------


def seat_options(c: RequestContext) -> tuple[list[str], list[int | None]]:
    """The options of a request whose options are seats, and those seats."""
    seats = [o if type(o) is int else None for o in c.req.options]
    lang = c.seats.lang
    return [
        c.seats.option(o) if type(o) is int else SHELL(lang, "seat.a_player") for o in c.req.options
    ], seats


def default_words(
    c: RequestContext, options: list[str], verb: str = "", none: str | None = None
) -> str:
    """The request's default in words (`none`: what no answer means; declining by default)."""
    lang = c.seats.lang
    if none is None:
        none = SHELL(lang, "default.decline")
    d = c.req.default
    if d is None:
        return none
    if isinstance(d, int):
        return options[d] if 0 <= d < len(options) else none
    if c.req.form == "arrange":
        return _arrangement_words(c, options, list(d))
    picked = [options[i] for i in d if 0 <= i < len(options)]
    if not picked:
        return SHELL(lang, "default.nothing")
    what = SHELL(lang, "list.sep").join(picked)
    return SHELL(lang, "default.picked", verb=verb, what=what).strip()


def _arrangement_words(c: RequestContext, options: list[str], choice: list[int]) -> str:
    return arrangement(c.seats.lang, pile_names(c), options, choice)


def arrangement(lang: str, names: list[str], options: list[str], choice: list[int]) -> str:
    """Cards put into piles, in words: `top of the draw pile: a, b; bottom ...: nothing`."""
    sep = SHELL(lang, "list.sep")
    parts = []
    for name, pile in zip(names, split_piles(choice), strict=False):
        cards = sep.join(options[i] for i in pile) or SHELL(lang, "nothing")
        parts.append(SHELL(lang, "pile.named", name=name, cards=cards))
    return SHELL(lang, "list.semi").join(parts)


def pile_names(c: RequestContext) -> list[str]:
    """The piles of an arrange request, in words (a seat's pile by the seat's name)."""
    out = []
    for p in c.req.piles:
        seat = p.get("seat")
        if type(seat) is int:
            out.append(c.seats.option(seat))
        else:
            name = str(p.get("name", "pile"))
            known = name in ("top", "bottom")
            out.append(SHELL(c.seats.lang, f"pile.{name}") if known else plain(name))
    return out


def choice_words(c: RequestContext, title: str, options: list[str]) -> RequestWords:
    """The words of a choice or subset request whose options designate no seat."""
    return RequestWords(title, options, [None] * len(options), default_words(c, options))


# --- the request kinds every game has (the engine asks them) -----------------------------------


def _trigger(c: RequestContext) -> RequestWords:
    lang = c.seats.lang
    opts = [
        SHELL(lang, "trigger.pass") if o == "pass" else SHELL(lang, "trigger.use", skill=plain(o))
        for o in c.req.options
    ]
    title = SHELL(lang, "trigger.title", timing=plain(c.info.get("timing", "")))
    return choice_words(c, title, opts)


COMMON: dict[str, Describer] = {"trigger": _trigger}


def _generic(c: RequestContext) -> RequestWords:
    lang = c.lang
    an_option = SHELL(lang, "generic.option")
    opts = [plain(o) if not isinstance(o, dict | list) else an_option for o in c.req.options]
    title = SHELL(lang, "generic.title", kind=plain(c.req.kind))
    if c.req.form == "product":
        w = RequestWords(title, generic=True)
        w.axes = [[plain(x) for x in axis] for axis in c.req.options]
        w.axis_names = [SHELL(lang, "generic.part", n=n + 1) for n in range(len(w.axes))]
        return w
    return RequestWords(
        title,
        opts,
        [None] * len(opts),
        default_words(c, opts),
        generic=True,
    )


def how_words(req: RequestSpec, w: RequestWords, lang: str, console: bool = False) -> str:
    """How to type an answer (`console`: the line console's arrange example, counted from 1)."""
    unit = SHELL(lang, "hint.seat_unit" if w.by_seat else "hint.option_unit")
    if w.how:
        return w.how
    if req.form == "choice":
        return SHELL(lang, "hint.choice", unit=unit)
    if req.form == "subset":
        if req.min == req.max:
            span = SHELL(lang, "hint.span_one", min=req.min)
        else:
            span = SHELL(lang, "hint.span", min=req.min, max=req.max)
        key = "hint.subset_one" if req.max == 1 else "hint.subset_many"
        how = SHELL(lang, key, span=span, unit=unit)
        if req.min == 0:
            how += SHELL(lang, "hint.subset_none")
        return how
    if req.form == "product":
        return SHELL(lang, "hint.product")
    return SHELL(lang, "hint.arrange_console" if console else "hint.arrange")


def cancel_words(req: RequestSpec, w: RequestWords, lang: str, said: str | None = None) -> str:
    """What 'c' does, as the hint's tail ("" when the request cannot be cancelled); `said`: the
    language of the request's words (its default), when it is not `lang`."""
    if not req.cancel:
        return ""
    declines = w.default == SHELL(said or lang, "default.decline")
    what = SHELL(lang, "default.decline" if declines else "default.cancel")
    return SHELL(lang, "hint.cancel", what=what)


def _hint(req: RequestSpec, w: RequestWords, lang: str, said: str) -> str:
    how = how_words(req, w, lang)
    tail = cancel_words(req, w, lang, said)
    return how + SHELL(lang, "hint.default", default=w.default) + tail


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
    c = RequestContext(req, seats, seats.lang)
    fn = words_of(game).requests.get(req.kind) or COMMON.get(req.kind)
    w = fn(c) if fn is not None else _generic(c)
    w.cancel = req.cancel
    w.lang = seats.lang
    if not w.default:
        w.default = SHELL(seats.lang, "default.first")
    w.hint = _hint(req, w, lang, seats.lang)
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
