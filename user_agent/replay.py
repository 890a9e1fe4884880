"""Plays a log back: as a game report in sentences (omniscient, or as one seat saw it), or as
JSON lines (one per record) for other tools.

The report (`render`) starts with a `#` header line, then the setup, then one section per turn
(Sanguosha: each player's turn; Harmony: each round) with a `==` header. A damaged log ends
with a `!! the log is damaged ...` line (what could be read is shown before it); a format-2/3
log whose decisions are not in canonical order (`replays.format`) with a `!! warning: ...`
line. Events are sentences
from `user_agent.words.Narrator` (bookkeeping left out); a request is a `? seat N is asked: ...`
line and its answer a `> ...` line saying what was chosen. `first`/`last` keep turns first..last
(the setup is turn 0). A game without words (a test ruleset) is shown as plain
`kind key=value` lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from game_agent.engine import Decision, Event, RequestSpec, view_for
from replays.reader import OLD_ORDER, Log
from user_agent.games.carcassonne.board import board_lines, scores_line
from user_agent.games.carcassonne.view import CarcassonneView
from user_agent.games.muhq.board import MuhqTable
from user_agent.words.narrate import EVENT_KINDS, Narrator
from user_agent.words.requests import describe_for
from user_agent.words.seats import SeatWords
from user_agent.words.text import event_line

# The event that opens a new turn in the report, per game.
TURN_EVENTS = {
    "sanguosha": "turn",
    "harmony": "round_started",
    "carcassonne": "turn_started",
    "muhq": "turn_started",
}


class _Report:
    def __init__(self, log: Log, seat: int | None, lang: str) -> None:
        h = log.header
        self.game = str(h["game"])
        self.seat = seat
        self.lang = lang
        seats = len(h.get("seats", [])) or int(h.get("config", {}).get("players", 0) or 0)
        self.words = self.game in EVENT_KINDS
        self.narrator = Narrator(self.game, seats, lang)
        self.line = event_line
        self.requests: dict[tuple[int, int], RequestSpec] = {}
        self.turn = 0

    def event(self, rec: Event, data: dict[str, Any]) -> list[str]:
        out: list[str] = []
        if rec.kind == TURN_EVENTS.get(self.game):
            self.turn += 1
            out.append(self.turn_header(data))
        if rec.kind == "game_over":
            out.append("== Game over ==")
        text = self.narrator.event(rec.kind, data) if self.words else self.line(rec.kind, data)
        if text is None or rec.kind == "turn" or rec.kind == "turn_started":
            return out
        if rec.seats is not None and self.seat is None:
            text += f"  ({_audience(rec.seats)})"
        out.append(f"  {text}")
        return out

    def turn_header(self, data: dict[str, Any]) -> str:
        if self.game == "harmony":
            return f"== Round {data.get('round')} =="
        if self.game == "carcassonne":
            return f"== Turn {data.get('turn')}: {self.narrator.s(data.get('seat'))} =="
        if self.game == "muhq":
            t = self.narrator.muhq
            who = t.side_name(data.get("side")) if t is not None else f"seat {data.get('side')}"
            return f"== Turn {data.get('turn')} (round {data.get('round')}): {who} =="
        who = self.narrator.s(data.get("seat"))
        return f"== Turn {self.turn} (round {data.get('round')}): {who} =="

    def request(self, rec: RequestSpec) -> list[str]:
        self.requests[(rec.seat, rec.id)] = rec
        if not self.words:
            return [f"  ? seat {rec.seat} {rec.kind} ({rec.form}, {len(rec.options)} options)"]
        seats = SeatWords(self.game, None, rec.seat, self.lang)
        seats.generals = self.narrator.words.generals  # the generals met so far, by seat
        if self.narrator.muhq is not None:
            seats.view = self.narrator.muhq  # names of cards and permanents
        w = describe_for(self.game, rec, seats, self.lang)
        return [f"  ? seat {rec.seat} is asked: {w.title}"]

    def decision(self, rec: Decision) -> list[str]:
        req = self.requests.get((rec.seat, rec.id))
        if req is None or not self.words:
            how = " (deadline: the default)" if rec.timeout else ""
            return [f"  > seat {rec.seat} answers request {rec.id}{how}"]
        return [f"  > {self.narrator.decision(req, rec.choice, rec.timeout)}"]


def _same(event_line: str, decision_line: str) -> bool:
    """Whether an event's sentence only repeats the decision line before it (case, the
    leading marker and the full stop aside)."""

    def norm(line: str) -> str:
        return line.strip().removeprefix(">").strip().rstrip(".").casefold()

    return norm(event_line) == norm(decision_line)


def _audience(seats: tuple[int, ...]) -> str:
    if not seats:
        return "seen by nobody"
    ordered = sorted(seats)
    if len(ordered) == 1:
        return f"seen only by seat {ordered[0]}"
    return "seen only by seats " + ", ".join(map(str, ordered[:-1])) + f" and {ordered[-1]}"


def header_line(log: Log, seat: int | None) -> str:
    h = log.header
    agents = ", ".join(f"{s['seat']} {s['agent']}" for s in h.get("seats", []))
    head = f"# {h['game']} (ruleset {h['ruleset_version']})"
    if seat is None:
        return f"{head}, seed {h['seed']}; seats: {agents}; everything shown"
    # the seed would give away the deck order, every role and every hand
    who = "a spectator" if seat < 0 else f"seat {seat}"
    return f"{head}; seats: {agents}; as {who} saw it"


def render(
    log: Log,
    seat: int | None = None,
    lang: str = "en",
    first: int | None = None,
    last: int | None = None,
) -> Iterator[str]:
    """The game report, line by line (`seat`: as that seat saw it; -1 a spectator)."""
    yield header_line(log, seat)
    report = _Report(log, seat, lang)

    def shown() -> bool:
        return (first is None or report.turn >= first) and (last is None or report.turn <= last)

    said = ""  # the last decision line, to drop an event line that only repeats it
    for rec in log.records:
        if isinstance(rec, Event):
            data = rec.data if seat is None else view_for(rec, seat)
            if data is None:
                continue
            lines = report.event(rec, data)
            if said and lines and _same(lines[0], said):
                lines = lines[1:]  # "> seat 1 places …" then "Seat 1 places ….": say it once
            said = ""
        elif isinstance(rec, RequestSpec):
            if seat is not None and rec.seat != seat:
                continue
            lines = report.request(rec)
        elif isinstance(rec, Decision):
            if seat is not None and rec.seat != seat:
                continue
            lines = report.decision(rec)
            said = lines[-1] if lines else ""
        else:
            continue
        if shown():
            yield from lines
    if report.game == "carcassonne":
        yield from carcassonne_board(log, seat, last)
    if report.game == "muhq":
        yield from muhq_board(log, seat, last)
    if log.ending is not None:
        how, reason = log.ending
        yield f"== the table was {how} before the game ended: {reason}"
    if log.damage is not None:
        where = " in the middle of the file" if log.damage.mid_file else ""
        yield f"!! the log is damaged{where}: {log.damage.reason}"
    if log.disorder is not None:
        yield f"!! warning: {log.disorder.reason}{OLD_ORDER}"


def damage_message(log: Log) -> str | None:
    """One line for a damaged log (`sgs replay` prints it after `error: `), or None."""
    if log.damage is None:
        return None
    where = " (in the middle of the file)" if log.damage.mid_file else ""
    return f"{log.path}: damaged log{where}: {log.damage.reason}"


def disorder_message(log: Log) -> str | None:
    """One line for a format-2/3 log whose decisions are not in canonical order (`sgs replay`
    prints it after `warning: `), or None."""
    if log.disorder is None:
        return None
    return f"{log.path}: {log.disorder.reason}{OLD_ORDER}"


def turn_count(log: Log) -> int:
    """How many turns a Carcassonne log holds (its `turn_started` events)."""
    return sum(1 for e in log.events if e.kind == "turn_started")


def carcassonne_view(log: Log, step: int | None = None, seat: int | None = None) -> CarcassonneView:
    """The table of a Carcassonne log after turn `step` (0: the setup; None: the end of the game,
    final scoring included), as `seat` saw it (None: everything). A turn ends where the next
    one starts, or where final scoring (or the game's end) begins."""
    game = log.header.get("game")
    if game != "carcassonne":
        raise ValueError(f"this log is {game}, not carcassonne")
    turns = turn_count(log)
    if step is not None and not 0 <= step <= turns:
        raise ValueError(f"there is no turn {step}: the log has turns 0..{turns}")
    view = CarcassonneView(-1 if seat is None else seat, len(log.header.get("seats", [])))
    for rec in log.events:
        if step is not None:
            if rec.kind == "turn_started" and rec.data.get("turn", 0) > step:
                break
            if rec.kind in ("final_scoring", "game_over"):
                break
        data = rec.data if seat is None else view_for(rec, seat)
        if data is not None:
            view.apply(rec.kind, data)
    return view


def carcassonne_board(log: Log, seat: int | None, last: int | None) -> Iterator[str]:
    """The report's closing board: after turn `last` (beyond the last turn: the end)."""
    step = last if last is not None and last < turn_count(log) else None
    view = carcassonne_view(log, step, seat)
    yield "== Board at the end ==" if step is None else f"== Board after turn {step} =="
    for line in board_lines(view):
        yield f"  {line}"
    yield f"  {scores_line(view)}"


def muhq_table(log: Log, step: int | None = None, seat: int | None = None) -> MuhqTable:
    """The table of a muhq log after turn `step` (0: the setup; None: the end of the game), as
    `seat` saw it (None: everything; -1 a spectator). A turn ends where the next one starts."""
    game = log.header.get("game")
    if game != "muhq":
        raise ValueError(f"this log is {game}, not muhq")
    table = MuhqTable(None)  # a report names no "you"; game_started carries the content
    for rec in log.events:
        if step is not None and rec.kind == "turn_started" and rec.data.get("turn", 0) > step:
            break
        data = rec.data if seat is None else view_for(rec, seat)
        if data is not None:
            table.apply(rec.kind, data)
    return table


def muhq_board(log: Log, seat: int | None, last: int | None) -> Iterator[str]:
    """The report's closing map: after turn `last` (beyond the last turn: the end)."""
    step = last if last is not None and last < turn_count(log) else None
    table = muhq_table(log, step, seat)
    yield "== Map at the end ==" if step is None else f"== Map after turn {step} =="
    for line in table.table_lines():
        yield f"  {line}"


def json_lines(log: Log, seat: int | None = None) -> Iterator[str]:
    """The records as JSON lines: events (`type: "event"`, kind, data, and in full logs the
    seats that saw a secret one), requests (`type: "request"`, the request's fields) and
    decisions (`type: "decision"`, seat, id, choice, timeout), and last, for a table the host
    ended early, `type: "ending"` (how, reason). With `seat`, what it saw."""
    yield from _json_records(log, seat)
    if log.ending is not None:
        how, reason = log.ending
        yield json.dumps({"type": "ending", "how": how, "reason": reason}, ensure_ascii=False)


def _json_records(log: Log, seat: int | None) -> Iterator[str]:
    for rec in log.records:
        item: dict[str, Any]
        if isinstance(rec, Event):
            data = rec.data if seat is None else view_for(rec, seat)
            if data is None:
                continue
            item = {"type": "event", "kind": rec.kind, "data": data}
            if seat is None:
                item["seats"] = None if rec.seats is None else list(rec.seats)
        elif isinstance(rec, RequestSpec):
            if seat is not None and rec.seat != seat:
                continue
            item = {"type": "request", **rec.to_wire()}
        elif isinstance(rec, Decision):
            if seat is not None and rec.seat != seat:
                continue
            item = {
                "type": "decision",
                "seat": rec.seat,
                "id": rec.id,
                "choice": rec.choice,
                "timeout": rec.timeout,
            }
        else:
            continue
        yield json.dumps(item, ensure_ascii=False, default=str)
