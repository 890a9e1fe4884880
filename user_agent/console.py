"""The line console for one seat (`sgs play`, the `--plain` mode): tells the game as it happens in
sentences, says what each request asks with its options numbered, and reads the answer.

Answering: options that designate a player (the targets of a card, a skill's "to whom?") are
chosen by the player's seat number; every other option by the number shown before it, counted
from 1 as in the full-screen console (option index + 1). `d` takes the default, `c` cancels or
declines when allowed, `?` repeats the request. Commands at any prompt: `hand`, `table`,
`help`, `quit` (or `q`: leave the table; the seat stays yours) and the game's own (`card
NAME`), and `pass`: the game's pass switch (Sanguosha: pass on every Nullification window).
A request the game's passes cover (a window with `decline` as its only option) is answered
without a key, in one line (`user_agent.passes`). What is
particular to a game (its board above a request, `hand` and `table`, answers typed by name, its
commands and help) is its `ConsoleHooks` (`user_agent.games.<game>.console`, named by its
client manifest); a game without them gets the generic behaviour of the base class.

The console keeps polling the connection while it waits for a line, so heartbeats flow and
events keep arriving while the human thinks.
"""

from __future__ import annotations

import os
import select
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from protocol.choices import SEPARATOR, Choice, RequestSpec, check_choice
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, RequestMsg, Welcome
from protocol.registry import GameSchema, get_schema
from user_agent.bot import View
from user_agent.client import REWOUND, Client
from user_agent.games import client, for_game
from user_agent.games.manifest import resolve
from user_agent.passes import NONE, Passes, passes_for, switch_line
from user_agent.words.messages import SHELL, choice_reason
from user_agent.words.narrate import Narrator
from user_agent.words.requests import RequestWords, cancel_words, describe, how_words
from user_agent.words.text import event_line

# what `help` says (in each language: `user_agent.words.messages`)
ANSWERING = SHELL("en", "console.answering")
DEFAULTS = SHELL("en", "console.defaults")
COMMANDS = ("hand", "table", "help")
PASS = "pass"  # the player's pass switch (`user_agent.passes`), for a game that has one
# leaving: never an answer (answers are numbers, `d`, `c`, `?` or a game's names, none of them
# a bare `q`); the seat stays ours, the server takes the defaults of what it asks
QUIT = ("quit", "q")


def _plain(value: object) -> str:
    """An id as words: `hand_limit` -> `hand limit`."""
    return str(value).replace("_", " ").strip()


@dataclass(frozen=True)
class Lookup:
    """A game's own console command (`card NAME`): the line `help` shows, an example name, and
    the function from the typed name to the lines it prints."""

    help: str
    example: str
    lines: Callable[[str], list[str]]


class ConsoleHooks:
    """A game's part of the line console (`ClientGame.console` names its instance). This base
    is the generic behaviour, for a game without hooks (a third-party ruleset)."""

    # the extra bullets of "How to answer", and what `table` shows (help's words)
    answering: tuple[str, ...] = ()
    table_help = SHELL("en", "console.table_generic")
    # the game's own commands (`card NAME`): name -> Lookup
    lookups: Mapping[str, Lookup] = {}
    # the language its lines are written in (`set_lang`; a game's own lines may stay English)
    lang = "en"

    def set_lang(self, lang: str) -> ConsoleHooks:
        """These hooks for a console in `lang` (the generic ones: a copy in that language)."""
        if lang == self.lang:
            return self
        other = type(self)()
        other.lang = lang
        if type(self) is ConsoleHooks:
            other.table_help = SHELL(lang, "console.table_generic")
        return other

    def greeting(self, seat: int) -> str:
        """What follows `seat N` when the console starts (Harmony: ' (South)')."""
        return ""

    def start(self, narrator: Narrator, seat: int) -> None:
        """The narrator is new (the console started, or the events come again)."""

    def table_view(self, view: Any, narrator: Narrator | None) -> Any:
        """What `hand`, `table` and the request words read (the seat's view by default)."""
        return view

    def hand_lines(self, view: Any) -> list[str]:
        hand = getattr(view, "hand", None)
        if not isinstance(hand, list):
            return [SHELL(self.lang, "console.hand_unknown")]
        if not hand:
            return [SHELL(self.lang, "console.hand_empty")]
        shown = SHELL(self.lang, "list.sep").join(
            _plain(c.get("name", c) if isinstance(c, dict) else c) for c in hand
        )
        return [SHELL(self.lang, "console.hand", n=len(hand), cards=shown)]

    def table_lines(self, view: Any) -> list[str]:
        return [SHELL(self.lang, "console.table_unknown")]

    def before_request(self, req: RequestSpec, view: Any, first: bool) -> list[str]:
        """Lines shown above a request (a board); `first`: no request was shown before."""
        return []

    def legend_lines(self) -> list[str]:
        """Lines `help` adds at its end (a legend of the board's signs)."""
        return []

    def typed_by_name(self, w: RequestWords) -> bool:
        """Whether a product request is answered by names (its axes shown without numbers)."""
        return False

    def parse(self, req: RequestSpec, w: RequestWords, text: str) -> tuple[Choice, str | None]:
        """A typed answer that is not numbers, for a request `typed_by_name`."""
        return None, SHELL(self.lang, "error.numbers")


GENERIC = ConsoleHooks()


def hooks_for(game: str) -> ConsoleHooks:
    """The console hooks of `game` (from its client manifest), or the generic ones."""
    c = client(game)
    if c is None or c.console is None:
        return GENERIC
    found: ConsoleHooks = resolve(c.console)
    return found


def help_lines(hooks: ConsoleHooks, lang: str = "en", passes: Passes = NONE) -> list[str]:
    """What `help` prints: how to answer, the game's own ways, the commands."""
    lines = SHELL(lang, "console.answering").split("\n")
    for bullet in hooks.answering:
        lines += bullet.split("\n")
    lines += SHELL(lang, "console.defaults").split("\n")
    lines += SHELL(lang, "console.table_help", what=hooks.table_help).split("\n")
    lines += [look.help for look in hooks.lookups.values()]
    if passes.switch:
        lines.append(
            SHELL(
                lang, "console.pass_help", command=f"{PASS:<15}", switch=passes.switch_words(lang)
            )
        )
    lines.append(SHELL(lang, "console.help_help"))
    lines.append(SHELL(lang, "console.quit_help"))
    return lines + hooks.legend_lines()


# --- typed indices -> a choice ----------------------------------------------------------------


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def parse_answer(req: RequestSpec, line: str, lang: str = "en") -> tuple[Choice, str | None]:
    """Turn a typed line of option numbers (counted from 1) into a choice; the second item is
    an error, or None."""
    text = line.strip().lower()
    if text == "d":
        return req.default, None
    if text == "c":
        return None, None if req.cancel else SHELL(lang, "error.no_cancel")
    piles = text.split("/") if req.form == "arrange" else [text]
    numbers: list[int] = []
    try:
        for k, pile in enumerate(piles):
            if k:
                numbers.append(SEPARATOR)
            numbers += [int(t) - 1 for t in pile.replace(",", " ").split()]
    except ValueError:
        return None, SHELL(lang, "error.numbers")
    if any(n < 0 for n in numbers if n != SEPARATOR) or (
        req.form != "arrange" and SEPARATOR in numbers
    ):
        return None, SHELL(lang, "error.from_one")
    choice: Choice
    if req.form == "choice":
        if len(numbers) != 1:
            return None, SHELL(lang, "error.one_number")
        choice = numbers[0]
    else:
        choice = numbers
    return choice, choice_error(req, choice, lang)


def choice_error(req: RequestSpec, choice: Choice, lang: str = "en") -> str | None:
    """Why a choice does not fit the request (the protocol's reason; in another language the
    reason in that language's words), or None."""
    reason = check_choice(req, choice)
    return None if reason is None else choice_reason(lang, reason)


# --- the request in words, and answers by seat number or name ---------------------------------


def request_lines(
    req: RequestSpec, w: RequestWords, hooks: ConsoleHooks = GENERIC, lang: str = "en"
) -> list[str]:
    """The request for a person: the question, the options (keyed by seat number where they
    designate seats), the default and how to answer."""
    lines = [SHELL(lang, "console.decision", id=req.id, title=w.title)]
    if req.form == "product":
        named = hooks.typed_by_name(w)  # typed by name: no shifting numbers
        for n, (name, axis) in enumerate(zip(w.axis_names, w.axes, strict=False)):
            opts = "  ".join(
                label if named else f"{i + 1}) {label}" for i, label in enumerate(axis)
            )
            lines.append(SHELL(lang, "console.axis", n=n, name=name, options=opts))
    else:
        if req.form == "arrange":
            lines.append(SHELL(lang, "console.piles", piles=" / ".join(w.piles)))
        for i, label in enumerate(w.options):
            key = w.option_seats[i] if w.by_seat else i + 1
            lines.append(f"  {key}) {label}")
    how = how_words(req, w, lang, console=True) + SHELL(lang, "hint.default_console")
    how += cancel_words(req, w, lang, w.lang)
    lines.append(SHELL(lang, "console.default", default=w.default))
    lines.append(SHELL(lang, "console.how", how=how))
    return lines


def read_answer(
    req: RequestSpec,
    w: RequestWords,
    line: str,
    hooks: ConsoleHooks = GENERIC,
    lang: str = "en",
) -> tuple[Choice, str | None]:
    """A typed answer -> a choice; the second item is an error to show, or None. Options that
    designate seats are answered by seat number; others by their number, counted from 1 (or by
    the game's names, when its `hooks` say the request is typed by name)."""
    text = line.strip()
    if text.lower() == "d":
        return req.default, None
    if text.lower() == "c":
        return None, None if req.cancel else SHELL(lang, "error.no_cancel")
    numeric = all(t.lstrip("-").isdigit() for t in text.replace(",", " ").split())
    if req.form == "product" and hooks.typed_by_name(w) and not numeric:
        return hooks.parse(req, w, text)
    if not w.by_seat:
        answer, error = parse_answer(req, text, lang)
        if error is not None and not numeric:
            error = SHELL(lang, "error.numbers_or_command")
        return answer, error
    try:
        numbers = [int(t) for t in text.replace(",", " ").split()]
    except ValueError:
        return None, SHELL(lang, "error.seat_numbers")
    seats = list(w.option_seats)
    wrong = [n for n in numbers if n not in seats]
    if wrong:
        listed = ", ".join(str(s) for s in seats)
        return None, SHELL(lang, "error.not_a_choice", seat=wrong[0], seats=listed)
    indices = [seats.index(n) for n in numbers]
    choice: Choice
    if req.form == "choice":
        if len(indices) != 1:
            return None, SHELL(lang, "error.one_seat")
        choice = indices[0]
    else:
        choice = sorted(indices)
    return choice, choice_error(req, choice, lang)


class Console:
    def __init__(
        self,
        client: Client,
        inp: TextIO,
        out: Callable[[str], None],
        lang: str = "en",
        *,
        pass_switch: bool = False,
    ) -> None:
        self.lang = lang  # the reader's language (`sgs play --lang`)
        self.client = client
        self.inp = inp
        self.out = out
        self.schema: GameSchema | None = None
        self._line: Callable[[str, dict[str, Any]], str] | None = None
        self.game = ""
        self.seat = -1
        self.seats = 0
        self.view: View | None = None
        self.narrator: Narrator | None = None
        self.pending: RequestSpec | None = None
        self.words: RequestWords | None = None
        self.hooks = GENERIC
        # requests answered without a key (`user_agent.passes`), and the player's pass switch
        self.passes = NONE
        self.pass_switch = pass_switch
        self.passed = 0  # requests answered without a key
        self._request_shown = False  # (a game's board may show its legend with the first)
        self._buffer = ""

    def start(self, welcome: Welcome) -> None:
        self.game, self.seat, self.seats = welcome.game, welcome.seat, welcome.seats
        self.hooks = hooks_for(welcome.game).set_lang(self.lang)
        self.passes = passes_for(welcome.game)
        try:
            self.schema = get_schema(welcome.game)
            self._line = event_line
        except ProtocolError:
            self.schema = None
        self._fresh_view()
        where = self.hooks.greeting(welcome.seat)
        self.out(
            SHELL(
                self.lang,
                "console.greeting",
                seat=welcome.seat,
                where=where,
                seats=welcome.seats,
                game=welcome.game,
                table=repr(welcome.table),
            )
        )

    def _fresh_view(self) -> None:
        self.view = for_game(self.game, self.seat, self.seats)
        if client(self.game) is not None:  # a game with words (else: its schema's renderer)
            self.narrator = Narrator(self.game, self.seats, self.lang)
            self.hooks.start(self.narrator, self.seat)

    def _table_view(self) -> Any:
        """What `hand`, `table` and the request words read (the game's hooks say: the seat's
        view, or a table the narrator folds from the events told)."""
        return self.hooks.table_view(self.view, self.narrator)

    def render(self, kind: str, data: dict[str, Any]) -> str | None:
        """One event as a sentence (None: bookkeeping, not shown)."""
        if self.narrator is not None:
            try:
                text = self.narrator.event(kind, data)
            except Exception:  # words must never take the console down
                text = None
            else:
                if kind == "game_over":
                    return SHELL(self.lang, "console.game_over", text=text)
                return text
        if self._line is not None:
            try:
                return self._line(kind, data)
            except Exception:
                pass
        return f"{_plain(kind)}: " + ", ".join(f"{_plain(k)} {_show(v)}" for k, v in data.items())

    def run(self) -> int:
        fd = self.inp.fileno()
        eof = False
        while True:
            # Commands (`hand`, `table`, ...) are read and answered at any time; an answer
            # typed ahead waits in the buffer for its request (and holds back what follows it).
            holding = self.pending is None and self._held()
            want_input = not eof and not holding
            ready_line = want_input and "\n" in self._buffer
            fds = (fd,) if want_input and not ready_line else ()
            for msg in self.client.poll(0.0 if ready_line else 0.5, fds):
                if self._show(msg):
                    return 0
            if eof or (self.pending is None and self._held()):
                continue
            line = self._read_line(fd)
            if line is None:
                continue
            if line.strip().lower() in QUIT:
                self.out(SHELL(self.lang, "console.leave"))
                self.client.bye("quit")
                return 0
            if line == "":
                eof = True  # no more input: keep watching; requests take their defaults
                self.out(SHELL(self.lang, "console.input_closed"))
                continue
            if self.pending is None and self.command(line) is None:
                self._buffer = line + self._buffer  # an answer: it waits for its request
                continue
            self._answer(line)

    def _held(self) -> bool:
        """Whether the buffer starts with a whole line that is an answer, not a command."""
        if "\n" not in self._buffer:
            return False
        first = self._buffer.partition("\n")[0]
        return self.command(first) is None

    def _describe(self, req: RequestSpec) -> RequestWords:
        return describe(self.game, req, self._table_view(), self.lang)

    def _show_request(self) -> None:
        req, w = self.pending, self.words
        if req is None or w is None:
            return
        shown = self.hooks.before_request(req, self._table_view(), not self._request_shown)
        if shown:
            self.out("\n".join(shown))
        self._request_shown = True
        for line in request_lines(req, w, self.hooks, self.lang):
            self.out(line)

    def _show(self, msg: EventMsg | RequestMsg | Error | Bye) -> bool:
        """Print one incoming message; True when the game is over."""
        if isinstance(msg, EventMsg):
            if self.view is not None:
                self.view.apply(msg.kind, msg.data)
            text = self.render(msg.kind, msg.data)
            if text is not None:
                self.out(text)
        elif isinstance(msg, RequestMsg):
            try:
                self.pending = RequestSpec(**msg.request)
            except TypeError:
                self.out(SHELL(self.lang, "console.malformed"))
                return False
            if self._pass_pending():
                return False
            self.words = self._describe(self.pending)
            self._show_request()
            if msg.deadline > 0:
                self.out(SHELL(self.lang, "console.deadline", seconds=f"{msg.deadline:g}"))
            self.out("> ")
        elif isinstance(msg, Error):
            if msg.code == REWOUND:
                self._fresh_view()  # the events come again from the start
            self.out(SHELL(self.lang, "console.error", code=_plain(msg.code), message=msg.message))
            if msg.code == "deadline" and self.pending and self.pending.id == msg.ref:
                self.pending = None
        elif isinstance(msg, Bye):
            why = (
                ""
                if msg.reason == "game_over"
                else SHELL(self.lang, "paren", what=_plain(msg.reason))
            )
            self.out(SHELL(self.lang, "console.over", why=why))
            self.client.bye("game over")
            return True
        return False

    def _pass_pending(self) -> bool:
        """Answer the pending request without a key when the game's passes say so (a
        decline-only window, or the switch's kind with the switch on): one line, no prompt."""
        req = self.pending
        if req is None:
            return False
        choice = self.passes.answer(req, self.pass_switch)
        if choice is None:
            return False
        self.client.reply(req.id, choice)
        self.pending = None
        self.words = None
        self.passed += 1
        notice = self.passes.notice(req, self.pass_switch, self.lang)
        if notice:
            self.out(notice)
        return True

    def toggle_pass(self) -> None:
        """The `pass` command: the switch on or off; a pending request it covers is answered."""
        self.pass_switch = not self.pass_switch
        self.out(switch_line(self.passes, self.pass_switch, self.lang))
        self._pass_pending()

    def _read_line(self, fd: int) -> str | None:
        """One line if one is ready (without blocking past what is available), '' at EOF."""
        if "\n" not in self._buffer:
            ready, _, _ = select.select([fd], [], [], 0)
            if not ready:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                rest, self._buffer = self._buffer, ""
                return rest + "\n" if rest else ""
            self._buffer += chunk.decode(errors="replace")
            if "\n" not in self._buffer:
                return None
        line, _, self._buffer = self._buffer.partition("\n")
        return line + "\n"

    def command(self, line: str) -> list[str] | None:
        """The output of a console command (`hand`, `table`, `help`, `card X`, `general X`),
        or None when the line is not a command."""
        head, _, rest = line.strip().partition(" ")
        head = head.lower()
        if head == PASS and self.passes.switch and not rest.strip():
            return [
                switch_line(self.passes, not self.pass_switch, self.lang)
            ]  # what `_answer` will do
        if head not in COMMANDS and head not in self.hooks.lookups:
            return None
        if head == "hand":
            return self.hooks.hand_lines(self._table_view())
        if head == "table":
            return self.hooks.table_lines(self._table_view())
        if head == "help":
            return help_lines(self.hooks, self.lang, self.passes)
        look = self.hooks.lookups[head]
        name = rest.strip()
        if not name:
            return [SHELL(self.lang, "console.lookup_usage", head=head, example=look.example)]
        return look.lines(name)

    def _answer(self, line: str) -> None:
        if line.strip().lower() == PASS and self.passes.switch:
            self.toggle_pass()
            if self.pending is not None:
                self.out("> ")
            return
        req, w = self.pending, self.words
        shown = self.command(line)
        if shown is not None:
            for text in shown:
                self.out(text)
            if req is not None:
                self.out("> ")
            return
        if req is None or w is None:
            if line.strip():
                self.out(SHELL(self.lang, "console.not_pending"))
            return
        if line.strip() == "?":
            self._show_request()
            self.out("> ")
            return
        choice, error = read_answer(req, w, line, self.hooks, self.lang)
        if error is not None:
            self.out(SHELL(self.lang, "console.wrong", error=error))
            self.out("> ")
            return
        self.client.reply(req.id, choice)
        self.pending = None
        self.words = None
