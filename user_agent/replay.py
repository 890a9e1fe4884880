"""Plays a log back: as a game report in sentences (omniscient, or as one seat saw it), or as
JSON lines (one per record) for other tools.

The report (`render`) starts with a `#` header line, then the setup, then one section per turn
(the game's `ReportHooks` say which event opens one and how its `==` header reads; Sanguosha:
each player's turn; Harmony: each round), and last the board the game's hooks close it with.
A damaged log ends with a `!! the log is damaged ...` line (what could be read is shown before
it); a format-2/3 log whose decisions are not in canonical order (`replays.format`) with a
`!! warning: ...` line. Events are sentences from `user_agent.words.Narrator` (bookkeeping left
out); a request is a `? seat N is asked: ...` line and its answer a `> ...` line saying what
was chosen. `first`/`last` keep turns first..last (the setup is turn 0). A game without words
(a test ruleset) is shown as plain `kind key=value` lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from protocol.choices import RequestSpec
from protocol.records import Decision, Event, view_for
from replays.reader import OLD_ORDER, Log
from user_agent.games import client
from user_agent.games.manifest import resolve
from user_agent.words.messages import SHELL
from user_agent.words.narrate import EVENT_KINDS, Narrator
from user_agent.words.requests import describe_for
from user_agent.words.seats import SeatWords
from user_agent.words.text import event_line


class ReportHooks:
    """A game's part of the replay report (`ClientGame.report` names its instance): where its
    turns begin and how a turn's header reads, the board closing the report, its picture. This
    base is the generic behaviour, for a game without hooks (a third-party ruleset): no turns,
    no closing board."""

    # the event that opens a turn (None: the report has no turns), and whether its own
    # sentence is said under the turn's header (False: the header says it all)
    turn_event: str | None = None
    turn_event_said = False
    # "module:function" drawing a PNG of the table, `(log, out, step, seat) -> path`, and what
    # it draws in words (`sgs replay --png`); None: the game has no picture
    picture: str | None = None
    picture_what = ""

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        """The `==` line opening turn number `turn` (`data`: its turn event's)."""
        return SHELL(narrator.shell, "replay.turn", turn=turn)

    def words_view(self, narrator: Narrator) -> Any:
        """What a request's words read besides the seats (a table the narrator folds), or None."""
        return None

    def closing(self, log: Log, seat: int | None, last: int | None) -> Iterator[str]:
        """Lines closing the report: the table after turn `last` (None: at the end)."""
        return iter(())

    def seat_identity(
        self, kind: str, data: dict[str, Any], seat: int, known: dict[str, str]
    ) -> dict[str, str]:
        """Who `seat` is in the game, as far as one event it was sent tells (Sanguosha's `role`
        and `general`: `{"role": "rebel"}`, `{"general": "Zhang Fei"}`), in words by key;
        `known`: the words so far, which the result updates (a key given again is replaced).
        `sgs bot` closes with these words, and a fleet counts its games by the first key.
        Generic: nothing."""
        return {}

    def account(self, log: Log) -> list[str]:
        """A finished game told in a few lines (`sgs demo` prints them): here only who won,
        from the outcome of `game_over`."""
        over = [e for e in log.events if e.kind == "game_over"]
        if not over:
            return ["the game did not finish"]
        outcome = over[-1].data.get("outcome") or {}
        winners = outcome.get("winners") or []
        if not winners:
            return ["winner: nobody (a draw)"]
        return ["winner: " + ", ".join(f"seat {s}" for s in winners)]


GENERIC = ReportHooks()


def report_hooks(game: str) -> ReportHooks:
    """The report hooks of `game` (from its client manifest), or the generic ones."""
    c = client(game)
    if c is None or c.report is None:
        return GENERIC
    found: ReportHooks = resolve(c.report)
    return found


class _Report:
    def __init__(self, log: Log, seat: int | None, lang: str) -> None:
        h = log.header
        self.game = str(h["game"])
        self.seat = seat
        self.lang = lang
        seats = len(h.get("seats", [])) or int(h.get("config", {}).get("players", 0) or 0)
        self.words = self.game in EVENT_KINDS
        self.hooks = report_hooks(self.game)
        self.narrator = Narrator(self.game, seats, lang)
        self.line = event_line
        self.requests: dict[tuple[int, int], RequestSpec] = {}
        self.turn = 0

    def event(self, rec: Event, data: dict[str, Any]) -> list[str]:
        out: list[str] = []
        turn = rec.kind == self.hooks.turn_event
        if turn:
            self.turn += 1
            out.append(self.hooks.turn_header(self.turn, data, self.narrator))
        if rec.kind == "game_over":
            out.append(SHELL(self.lang, "replay.game_over"))
        text = self.narrator.event(rec.kind, data) if self.words else self.line(rec.kind, data)
        if text is None or (turn and not self.hooks.turn_event_said):
            return out
        if rec.seats is not None and self.seat is None:
            text += f"  ({_audience(rec.seats, self.lang)})"
        out.append(f"  {text}")
        return out

    def request(self, rec: RequestSpec) -> list[str]:
        self.requests[(rec.seat, rec.id)] = rec
        if not self.words:
            return [
                SHELL(
                    self.lang,
                    "replay.asked_plain",
                    seat=rec.seat,
                    kind=rec.kind,
                    form=rec.form,
                    n=len(rec.options),
                )
            ]
        seats = SeatWords(self.game, None, rec.seat, self.lang)
        seats.generals = self.narrator.words.generals  # the generals met so far, by seat
        view = self.hooks.words_view(self.narrator)
        if view is not None:
            seats.view = view  # (muhq: the names of cards and permanents)
        w = describe_for(self.game, rec, seats, self.lang)
        return [SHELL(self.lang, "replay.asked", seat=rec.seat, title=w.title)]

    def decision(self, rec: Decision) -> list[str]:
        req = self.requests.get((rec.seat, rec.id))
        if req is None or not self.words:
            how = SHELL(self.lang, "replay.answers_deadline") if rec.timeout else ""
            return [SHELL(self.lang, "replay.answers", seat=rec.seat, id=rec.id, how=how)]
        return [f"  > {self.narrator.decision(req, rec.choice, rec.timeout)}"]


def _same(event_line: str, decision_line: str) -> bool:
    """Whether an event's sentence only repeats the decision line before it (case, the
    leading marker and the full stop aside)."""

    def norm(line: str) -> str:
        return line.strip().removeprefix(">").strip().rstrip(".").casefold()

    return norm(event_line) == norm(decision_line)


def _audience(seats: tuple[int, ...], lang: str = "en") -> str:
    if not seats:
        return SHELL(lang, "replay.seen_by_nobody")
    ordered = sorted(seats)
    if len(ordered) == 1:
        return SHELL(lang, "replay.seen_by_one", seat=ordered[0])
    listed = ", ".join(map(str, ordered[:-1]))
    return SHELL(lang, "replay.seen_by_many", seats=listed, last=ordered[-1])


def header_line(log: Log, seat: int | None, lang: str = "en") -> str:
    h = log.header
    agents = ", ".join(f"{s['seat']} {s['agent']}" for s in h.get("seats", []))
    head = SHELL(lang, "replay.head", game=h["game"], version=h["ruleset_version"])
    if seat is None:
        return SHELL(lang, "replay.omniscient", head=head, seed=h["seed"], agents=agents)
    # the seed would give away the deck order, every role and every hand
    who = SHELL(lang, "replay.a_spectator") if seat < 0 else SHELL(lang, "seat.bare", seat=seat)
    return SHELL(lang, "replay.as_seen", head=head, agents=agents, who=who)


def render(
    log: Log,
    seat: int | None = None,
    lang: str = "en",
    first: int | None = None,
    last: int | None = None,
) -> Iterator[str]:
    """The game report, line by line (`seat`: as that seat saw it; -1 a spectator)."""
    yield header_line(log, seat, lang)
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
    yield from report.hooks.closing(log, seat, last)
    if log.ending is not None:
        how, reason = log.ending
        yield SHELL(lang, "replay.ended", how=how, reason=reason)
    if log.damage is not None:
        where = SHELL(lang, "replay.mid_file") if log.damage.mid_file else ""
        yield SHELL(lang, "replay.damaged", where=where, reason=log.damage.reason)
    if log.disorder is not None:
        yield SHELL(lang, "replay.warning", reason=log.disorder.reason, old=OLD_ORDER)


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
    """How many turns a log holds (its game's turn events: a Carcassonne or a muhq turn)."""
    kind = report_hooks(str(log.header.get("game"))).turn_event
    return sum(1 for e in log.events if e.kind == kind)


def last_step(log: Log, last: int | None) -> int | None:
    """The turn a closing board shows for the report's `last` (None: the end of the game)."""
    return last if last is not None and last < turn_count(log) else None


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
