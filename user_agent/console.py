"""The line console for one seat (`sgs play`, the `--plain` mode): tells the game as it happens in
sentences, says what each request asks with its options numbered, and reads the answer.

Answering: options that designate a player (the targets of a card, a skill's "to whom?") are
chosen by the player's seat number; every other option by the number shown before it (its
index). Harmony's placement takes a cell, a role and an element by name (`c/F A f`), or one
index per part. `d` takes the default, `c` cancels or declines when allowed, `?` repeats the
request. Commands at any prompt: `hand`, `table`, `help`, `card NAME`, `general NAME`. The
full text is `HELP` below (what `help` prints).

The console keeps polling the connection while it waits for a line, so heartbeats flow and
events keep arriving while the human thinks.
"""

from __future__ import annotations

import os
import re
import select
from collections.abc import Callable
from typing import Any, TextIO

from protocol.choices import SEPARATOR, Choice, RequestSpec, check_choice
from protocol.errors import ProtocolError
from protocol.messages import Bye, Error, EventMsg, RequestMsg, Welcome
from protocol.registry import GameSchema, get_schema
from user_agent.bot import View
from user_agent.client import REWOUND, Client
from user_agent.games import for_game
from user_agent.games.harmony.board import ELEMENTS, ROLES, board_lines, legend_lines
from user_agent.games.muhq.board import MuhqTable
from user_agent.games.sanguosha.names import (
    card_name,
    card_text,
    faction_name,
    find_card,
    find_general,
    general_name,
    general_text,
    mark_text,
    phase_name,
    plain,
    role_name,
    skill_name,
)
from user_agent.games.sanguosha.tables import SLOT_NAMES
from user_agent.words.narrate import Narrator
from user_agent.words.requests import RequestWords, describe
from user_agent.words.text import event_line

HELP = """\
How to answer:
  * Options that designate a player (the targets of a card, a skill's 'to whom?') are chosen
    by the player's SEAT NUMBER: with '2) seat 2 (Guan Yu)' listed, type 2. Every other option
    is chosen by the number shown before it.
  * Choose-one requests take one number; choose-several requests take numbers separated by
    spaces (an empty line chooses none, when that is allowed).
  * Harmony's placement takes a cell, a role and an element, e.g. 'c/F A f' or 'c/F Af'
    (cells are named as in the rules: lane a to e, row F front, M middle, B back); three
    numbers, one per part, also work.
  * Arranging cards into piles: every card number once, pile by pile, piles separated by '/',
    e.g. '2 0 / 1' (cards 2 then 0 on the first pile, card 1 on the second).
  * Carcassonne's options are numbered too: where the tile goes, '(x,y) turned 90°' (x east,
    y north of the start tile at (0,0); clockwise quarter turns), then which follower to put
    on which part of the tile ('knight on the city C1'), or 'no follower (skip)'.
  * muhq's options are numbered and worded ('play Spearman at c1', 'attack King #2 at d7',
    'move to c3'); tiles are a column letter and a row number, a1 bottom left, as on the map
    'table' draws (a permanent shows two letters of its card and its seat, e.g. Ki0).
  * 'd' takes the default (said in words with each request); 'c' cancels or declines when the
    request allows it; '?' shows the request again.
Commands, at any prompt:
  hand            your cards
  table           every seat: general, faction, HP, hand size, equipment, judgement area,
                  role when known, marks; whose turn and phase (Harmony, Carcassonne: the
                  board and the scores; muhq: the map, its permanents and each side's cards)
  card NAME       what a card does, e.g. 'card snatch'
  general NAME    a general's skills, e.g. 'general guan yu'
  help            this text"""
COMMANDS = ("hand", "table", "help", "card", "general")


# --- the earlier, index-only forms (kept for callers that use them directly) -------------------


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def describe_request(
    req: RequestSpec, option: Callable[[str, Any], str] | None = None
) -> list[str]:
    """The request as numbered lines in its raw form (indices only). The console itself uses
    `request_lines`, which says it in words."""

    def show(o: Any) -> str:
        if option is not None:
            try:
                return option(req.kind, o)
            except Exception:  # presentation only: fall back to the plain form
                pass
        return _show(o)

    info = " ".join(
        f"{k}={show(v) if isinstance(v, dict) else _show(v)}" for k, v in req.info.items()
    )
    lines = [f"--- your decision #{req.id}: {req.kind} {info}".rstrip()]
    if req.form == "product":
        lines.append("choose one option per axis (e.g. '0 0 0'):")
        for n, axis in enumerate(req.options):
            opts = "  ".join(f"{i}) {show(o)}" for i, o in enumerate(axis))
            lines.append(f"  axis {n}: {opts}")
    else:
        if req.form == "subset":
            lines.append(f"choose {req.min} to {req.max} of (indices, space-separated):")
        elif req.form == "arrange":
            piles = " / ".join(f"{p['name']} ({p['min']}-{p['max']})" for p in req.piles)
            lines.append(f"place every item, in order, into the piles {piles}:")
        else:
            lines.append("choose one of:")
        for i, o in enumerate(req.options):
            lines.append(f"  {i}) {show(o)}")
    extra = ", 'c' to cancel" if req.cancel else ""
    lines.append(f"default: {_show(req.default)} ('d' takes it{extra}, '?' shows this again)")
    return lines


def parse_answer(req: RequestSpec, line: str) -> tuple[Choice, str | None]:
    """Turn a typed line of indices into a choice; the second item is an error, or None."""
    text = line.strip().lower()
    if text == "d":
        return req.default, None
    if text == "c":
        return None, None if req.cancel else "this request cannot be cancelled"
    if req.form == "arrange":
        text = text.replace("/", f" {SEPARATOR} ")
    try:
        numbers = [int(t) for t in text.replace(",", " ").split()]
    except ValueError:
        return None, "type numbers separated by spaces, 'd' or 'c'"
    choice: Choice
    if req.form == "choice":
        if len(numbers) != 1:
            return None, "type one number"
        choice = numbers[0]
    else:
        choice = numbers
    reason = check_choice(req, choice)
    return choice, reason


# --- the request in words, and answers by seat number or name ---------------------------------


def request_lines(req: RequestSpec, w: RequestWords) -> list[str]:
    """The request for a person: the question, the options (keyed by seat number where they
    designate seats), the default and how to answer."""
    lines = [f"--- your decision #{req.id}: {w.title}"]
    if req.form == "product":
        named = w.axis_names == ["cell", "role", "element"]  # typed by name: no shifting numbers
        for n, (name, axis) in enumerate(zip(w.axis_names, w.axes, strict=False)):
            opts = "  ".join(label if named else f"{i}) {label}" for i, label in enumerate(axis))
            lines.append(f"  axis {n}: {name}  {opts}")
    else:
        if req.form == "arrange":
            lines.append("  piles, in order: " + " / ".join(w.piles))
        for i, label in enumerate(w.options):
            key = w.option_seats[i] if w.by_seat else i
            lines.append(f"  {key}) {label}")
    how = w.hint.replace(f"; 'd' for the default ({w.default})", "; 'd' takes the default")
    lines.append(f"default: {w.default}")
    lines.append(f"how: {how}; '?' shows this again, 'help' explains")
    return lines


_PIECE = re.compile(r"^([TWAM])([wfel])$")
_CELL = re.compile(r"^([a-eA-E])/?([FMBfmb])$")
_ROLE_WORDS = {n.lower(): k for k, (n, _d, _h) in ROLES.items()}
_ELEMENT_WORDS = {n.lower(): k for k, n in ELEMENTS.items()}


def _placement(req: RequestSpec, text: str) -> tuple[Choice, str | None]:
    """Harmony's cell x role x element by name (`c/F A f`, `cF Af`, `c/M titan water`)."""
    cells = [str(c) for c in req.options[0]]
    roles = [str(r) for r in req.options[1]]
    elements = [str(e) for e in req.options[2]]
    cell = role = element = None
    for token in text.replace(",", " ").split():
        piece = _PIECE.match(token)
        cell_m = _CELL.match(token) if "/" in token or not piece else None
        if piece:
            role, element = piece.group(1), piece.group(2)
        elif cell_m:
            cell = f"{cell_m.group(1).lower()}/{cell_m.group(2).upper()}"
        elif token in ROLES:
            role = token
        elif token in ELEMENTS:
            element = token
        elif token.lower() in _ROLE_WORDS:
            role = _ROLE_WORDS[token.lower()]
        elif token.lower() in _ELEMENT_WORDS:
            element = _ELEMENT_WORDS[token.lower()]
        else:
            return None, (
                f"type numbers, or a cell, a role and an element (e.g. 'c/F A f'): "
                f"{token!r} is none of these"
            )
    missing = [n for n, v in (("a cell", cell), ("a role", role), ("an element", element)) if not v]
    if missing:
        return None, "give " + " and ".join(missing) + " (e.g. 'c/F A f')"
    if cell not in cells:
        return None, f"{cell} is not an empty cell of your field"
    if role not in roles or element not in elements:
        return None, "that piece cannot be placed"
    return [cells.index(str(cell)), roles.index(str(role)), elements.index(str(element))], None


def read_answer(req: RequestSpec, w: RequestWords, line: str) -> tuple[Choice, str | None]:
    """A typed answer -> a choice; the second item is an error to show, or None. Options that
    designate seats are answered by seat number; others by index."""
    text = line.strip()
    if text.lower() == "d":
        return req.default, None
    if text.lower() == "c":
        return None, None if req.cancel else "this request cannot be cancelled"
    numeric = all(t.lstrip("-").isdigit() for t in text.replace(",", " ").split())
    if req.form == "product" and w.axis_names == ["cell", "role", "element"] and not numeric:
        return _placement(req, text)
    if not w.by_seat:
        answer, error = parse_answer(req, text)
        if error is not None and not numeric:
            error = "type numbers separated by spaces, 'd', 'c', or a command ('help' lists them)"
        return answer, error
    try:
        numbers = [int(t) for t in text.replace(",", " ").split()]
    except ValueError:
        return None, "type seat numbers separated by spaces, 'd' or 'c'"
    seats = list(w.option_seats)
    wrong = [n for n in numbers if n not in seats]
    if wrong:
        listed = ", ".join(str(s) for s in seats)
        return None, f"seat {wrong[0]} is not one of the choices (seats {listed})"
    indices = [seats.index(n) for n in numbers]
    choice: Choice
    if req.form == "choice":
        if len(indices) != 1:
            return None, "type one seat number"
        choice = indices[0]
    else:
        choice = sorted(indices)
    return choice, check_choice(req, choice)


# --- what the seat knows, on demand ------------------------------------------------------------


def hand_lines(game: str, view: Any) -> list[str]:
    if game == "harmony":
        return ["Harmony has no hand: your pieces are on the board ('table' shows it)"]
    if game == "carcassonne":
        return _carcassonne_hand(view)
    if game == "muhq":
        return _muhq_lines(view, "hand")
    hand = list(getattr(view, "hand", []))
    if not hand:
        return ["your hand is empty"]
    return [f"your hand ({len(hand)}): " + ", ".join(card_name(c) for c in hand)]


def _seat_line(view: Any, seat: int) -> list[str]:
    info = view.seats[seat]
    head = f"seat {seat}"
    if seat == view.seat:
        head += " (you)"
    bits = []
    if info.general:
        g = general_name(info.general)
        bits.append(f"{g}, {faction_name(info.faction)}" if info.faction else g)
    bits.append(f"{info.hp}/{info.max_hp} HP" if info.max_hp else "no general yet")
    bits.append(f"{info.hand_count} in hand")
    if info.role:
        bits.append(role_name(info.role))
    if not info.alive:
        bits.append("dead")
    if info.face_down:
        bits.append("face down")
    lines = [f"{head}: " + ", ".join(bits)]
    if info.equip:
        equip = ", ".join(
            f"{SLOT_NAMES.get(slot, plain(slot))} {card_name(c)}" for slot, c in info.equip.items()
        )
        lines.append(f"    equipment: {equip}")
    if info.judge:
        judged = ", ".join(
            card_name(c)
            + (
                f" as {card_name(info.judge_as[c['id']])}"
                if info.judge_as.get(c["id"], c["name"]) != c["name"]
                else ""
            )
            for c in info.judge
        )
        lines.append(f"    judgement area: {judged}")
    marks = {k: v for k, v in info.marks.items() if v not in (None, False, 0)}
    if marks:
        shown = [mark_text(k, v) for k, v in marks.items()]
        lines.append("    marks: " + ", ".join(shown))
    if info.skills:
        lines.append("    skills: " + ", ".join(skill_name(s) for s in info.skills))
    return lines


def _carcassonne_hand(view: Any) -> list[str]:
    lines = ["Carcassonne has no hand: each turn a player draws one tile and places it"]
    drawn = getattr(view, "drawn", None)
    current = getattr(view, "current", None)
    me = getattr(view, "seat", None)
    if drawn:
        whose = "your" if current == me else f"seat {current}'s"
        lines.append(f"the tile being placed: {drawn} ({whose} turn)")
    else:
        lines.append("no tile is drawn right now")
    supply = getattr(view, "supply", [])
    if isinstance(me, int) and 0 <= me < len(supply):
        lines.append(f"your followers in supply: {supply[me]}")
    return lines


def _carcassonne_board(view: Any) -> list[str]:
    """The board grid (`user_agent.games.carcassonne.board`), or a line saying it failed."""
    try:
        from user_agent.games.carcassonne import board as carcassonne_board

        return list(carcassonne_board.board_lines(view))
    except Exception as exc:  # the board is a help, never a reason to stop the console
        return [f"(the board cannot be drawn: {exc})"]


def _carcassonne_table(view: Any) -> list[str]:
    lines = _carcassonne_board(view)
    try:
        from user_agent.games.carcassonne import board as carcassonne_board

        lines.append(carcassonne_board.scores_line(view))
    except Exception:
        lines.append("scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(view.scores)))
    supply = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.supply))
    lines.append(f"followers in supply: {supply}")
    if view.current is not None:
        tile = f", placing tile {view.drawn}" if view.drawn else ""
        lines.append(f"turn {view.turn}: seat {view.current}'s turn{tile}")
    lines.append(f"the stack: {view.left} tiles left")
    return lines


def _muhq_lines(view: Any, what: str) -> list[str]:
    """muhq's `hand` or `table` from the console's folded table, or a line saying it failed."""
    if not isinstance(view, MuhqTable):
        return ["nothing is known about the table yet"]
    try:
        return view.hand_lines() if what == "hand" else view.table_lines()
    except Exception as exc:  # the words are a help, never a reason to stop the console
        return [f"(the table cannot be drawn: {exc})"]


def table_lines(game: str, view: Any) -> list[str]:
    if game == "muhq":
        return _muhq_lines(view, "table")
    if game == "carcassonne":
        return _carcassonne_table(view)
    if game == "harmony":
        lines = [f"round {getattr(view, 'round', 0)}"]
        lines += board_lines(view)
        dmg = getattr(view, "damage_to", None)
        if dmg:
            lines.append(f"last attack phase: South took {dmg[0]}, North took {dmg[1]}")
        return lines
    seats = getattr(view, "seats", None)
    if not isinstance(seats, list):
        return ["nothing is known about the table yet"]
    lines = []
    for s in range(len(seats)):
        lines += _seat_line(view, s)
    if view.current >= 0:
        phase = f", {phase_name(view.phase)} phase" if view.phase else ""
        lines.append(f"round {view.round}: seat {view.current}'s turn{phase}")
    lines.append(f"draw pile: {view.draw_count} cards; discard pile: {len(view.discard)} cards")
    return lines


def lookup_lines(command: str, name: str) -> list[str]:
    if not name:
        example = "snatch" if command == "card" else "guan yu"
        return [f"! type '{command} NAME', e.g. '{command} {example}'"]
    if command == "card":
        kid = find_card(name)
        return card_text(kid).split("\n") if kid else [f"! no card is called {name!r}"]
    gid = find_general(name)
    return general_text(gid).split("\n") if gid else [f"! no general is called {name!r}"]


class Console:
    def __init__(
        self,
        client: Client,
        inp: TextIO,
        out: Callable[[str], None],
    ) -> None:
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
        self._legend_shown = False
        self._buffer = ""

    def start(self, welcome: Welcome) -> None:
        self.game, self.seat, self.seats = welcome.game, welcome.seat, welcome.seats
        try:
            self.schema = get_schema(welcome.game)
            self._line = event_line
        except ProtocolError:
            self.schema = None
        self._fresh_view()
        where = f" ({'South' if welcome.seat == 0 else 'North'})" if self.game == "harmony" else ""
        self.out(
            f"seat {welcome.seat}{where} of {welcome.seats} at {welcome.game} "
            f"(table {welcome.table!r}); waiting for the game ('help' at any prompt)"
        )

    def _fresh_view(self) -> None:
        self.view = for_game(self.game, self.seat, self.seats)
        if self.game in ("sanguosha", "harmony", "carcassonne", "muhq"):
            self.narrator = Narrator(self.game, self.seats)
            if self.narrator.muhq is not None:
                self.narrator.muhq.seat = self.seat

    def _table_view(self) -> Any:
        """What `hand`, `table` and the request words read: muhq's folded table (kept by the
        narrator from the events told), else the seat's view."""
        if self.game == "muhq" and self.narrator is not None:
            return self.narrator.muhq
        return self.view

    def render(self, kind: str, data: dict[str, Any]) -> str | None:
        """One event as a sentence (None: bookkeeping, not shown)."""
        if self.narrator is not None:
            try:
                text = self.narrator.event(kind, data)
            except Exception:  # words must never take the console down
                text = None
            else:
                if kind == "game_over":
                    return f"=== game over: {text}"
                return text
        if self._line is not None:
            try:
                return self._line(kind, data)
            except Exception:
                pass
        return f"{plain(kind)}: " + ", ".join(f"{plain(k)} {_show(v)}" for k, v in data.items())

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
            if line == "":
                eof = True  # no more input: keep watching; requests take their defaults
                self.out("(input closed; requests will take their defaults at the deadline)")
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
        return describe(self.game, req, self._table_view())

    def _show_request(self) -> None:
        req, w = self.pending, self.words
        if req is None or w is None:
            return
        if self.game == "harmony":
            self.out("\n".join(board_lines(self.view, legend=not self._legend_shown)))
            self._legend_shown = True
        if self.game == "carcassonne" and req.kind == "place_tile":
            self.out("\n".join(_carcassonne_board(self.view)))
        table = self._table_view()
        if isinstance(table, MuhqTable) and req.kind in ("unit_action", "drop", "place_carried"):
            self.out("\n".join(table.grid_lines()))
        for line in request_lines(req, w):
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
                self.out("! the server sent a malformed request")
                return False
            self.words = self._describe(self.pending)
            self._show_request()
            if msg.deadline > 0:
                self.out(f"(you have {msg.deadline:g} s)")
            self.out("> ")
        elif isinstance(msg, Error):
            if msg.code == REWOUND:
                self._fresh_view()  # the events come again from the start
            self.out(f"! {plain(msg.code)}: {msg.message}")
            if msg.code == "deadline" and self.pending and self.pending.id == msg.ref:
                self.pending = None
        elif isinstance(msg, Bye):
            why = "" if msg.reason == "game_over" else f" ({plain(msg.reason)})"
            self.out(f"the game is over{why}")
            self.client.bye("game over")
            return True
        return False

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
        if head not in COMMANDS:
            return None
        if head == "hand":
            return hand_lines(self.game, self._table_view())
        if head == "table":
            return table_lines(self.game, self._table_view())
        if head == "help":
            extra = legend_lines() if self.game == "harmony" else []
            return HELP.split("\n") + extra
        return lookup_lines(head, rest.strip())

    def _answer(self, line: str) -> None:
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
                self.out("(no decision is pending)")
            return
        if line.strip() == "?":
            self._show_request()
            self.out("> ")
            return
        choice, error = read_answer(req, w, line)
        if error is not None:
            self.out(f"! {error}")
            self.out("> ")
            return
        self.client.reply(req.id, choice)
        self.pending = None
        self.words = None
