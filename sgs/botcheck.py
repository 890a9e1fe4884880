"""The bot test kit behind `sgs botcheck` (docs/botcheck.md): play a bot through seeded games
(seats rotated) and through positions that reach every request kind of the game, check every
reply it gives, and report each illegal or defaulted one with the request in words.

Strict: every reply of the bot under test is checked against its request
(`protocol.choices.check_choice`, the engine's own rule) before the game sees it. An illegal
reply is a problem; the request's default is applied so the game can go on (the wire does the
same after the deadline), and the report says so. A `decide` that raises, or that takes longer
than the deadline, is a problem too. Requests that break their kind's contract
(`protocol.asks.request_problem`) are reported as the game's problems.

Positions: `game_agent/games/<game>/botcheck.toml` lists them (`[[position]]`: `name`,
`reaches`, an optional `scenario` file of the game's package, `options`, and `lead`, the moves
the kit makes itself to get there); `unreachable` names the kinds no position can reach, and why.
In a position the bot under test plays every seat, after the lead.
"""

from __future__ import annotations

import importlib.util
import json
import os
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import structlog

from game_agent.engine import ConfigError, Game, RequestSpec, Step, read_toml
from game_agent.games import GAMES
from protocol.asks import request_problem
from protocol.choices import Choice, check_choice
from protocol.registry import GameSchema
from sgs.options import load_scenario
from sgs.runner import drive
from user_agent.bot import Bot, NullView
from user_agent.words.requests import describe

log = structlog.get_logger("sgs.botcheck")

MAX_TEXT = 240  # characters of a reply, an info map or an option list in a problem
MAX_OPTIONS = 8  # options named in a problem's request
MAX_POSITIONS = 200  # positions in one file
MAX_LEAD = 200  # moves of one position's lead

# What went wrong with one reply.
OUT_OF_RANGE = "out of range"
WRONG_FORM = "wrong form"
NIL = "nil not allowed"
DEADLINE = "deadline"
RATE_LIMITED = "rate limited"
RAISED = "raised"
BACK_AND_FORTH = "back and forth"
CONTRACT = "request breaks its contract"
CATEGORIES = (
    OUT_OF_RANGE,
    WRONG_FORM,
    NIL,
    DEADLINE,
    BACK_AND_FORTH,
    RATE_LIMITED,
    RAISED,
    CONTRACT,
)
# Requests of one seat in a row with no event between them (a multi-step question, or `back`
# with nil and the same question again) are one decision, as on the wire: after this many, or
# after the deadline, the rest of the decision takes its defaults at once.
MAX_STEPS = 64


def category(reason: str) -> str:
    """The category of a `check_choice` reason."""
    if "nil is not allowed" in reason:
        return NIL
    if "out of range" in reason:
        return OUT_OF_RANGE
    return WRONG_FORM


def plural(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def clip(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: object) -> str:
    """A reply as the wire would carry it (nil for None), bounded."""
    if value is None:
        return "nil"
    try:
        return clip(json.dumps(value))
    except (TypeError, ValueError):
        return clip(repr(value))


# --- one problem, and the report -----------------------------------------------------------------


@dataclass
class Problem:
    category: str
    kind: str
    form: str
    where: str  # "seed 4" or "position double_swords"
    seat: int
    request_id: int
    request: str  # the request in words
    options: list[str]  # its options in words (the first MAX_OPTIONS)
    more_options: int  # how many options were left out
    info: str  # its info map, as JSON
    reply: str  # what the bot answered
    reason: str
    legal: str  # what would have been legal
    applied: str  # what the game went on with
    repeats: int = 1  # the same reply to the same request, again and again (on the wire)

    def lines(self) -> list[str]:
        again = f" ({self.repeats} times)" if self.repeats > 1 else ""
        opts = "; ".join(f"{i} {o}" for i, o in enumerate(self.options))
        if self.more_options:
            opts += f"; and {self.more_options} more"
        return [
            f"{self.where}, seat {self.seat}, request {self.request_id} ({self.kind}, "
            f"{self.form}): {self.category}{again}",
            f"    request: {self.request}" + (f" (info {self.info})" if self.info != "{}" else ""),
            *([f"    options: {opts}"] if opts else []),
            f"    reply: {self.reply}: {self.reason}",
            f"    legal: {self.legal}",
            f"    applied: {self.applied}",
        ]


def legal_words(req: RequestSpec, default_words: str, nil_words: str = "") -> str:
    """What a reply to `req` may be, in words (`nil_words`: what nil means, from the kind's
    contract)."""
    n = len(req.options)
    top = f"0..{n - 1}" if n else "no index (there are no options)"
    if req.form == "choice":
        text = f"one index in {top}"
    elif req.form == "subset":
        count = str(req.min) if req.min == req.max else f"{req.min} to {req.max}"
        noun = "index" if req.max == 1 else "indices"
        text = f"a strictly increasing list of {count} {noun} in {top}"
    elif req.form == "product":
        axes = ", ".join(f"0..{len(axis) - 1}" for axis in req.options)
        text = f"a list of one index per axis ({axes})"
    elif req.form == "arrange":
        piles = ", ".join(f"{p['name']} {p['min']}..{p['max']}" for p in req.piles)
        text = f"every item of {top} once, the piles ({piles}) separated by -1"
    else:
        text = f"a reply of form {req.form!r}"
    if req.cancel:
        text += f", or nil ({nil_words})" if nil_words else ", or nil"
    return f"{text}; default {shown(req.default)} ({default_words})"


@dataclass
class KindCount:
    met: int = 0
    problems: Counter[str] = field(default_factory=Counter)


@dataclass
class Report:
    game: str
    bot: str
    kinds: list[str]  # every request kind of the game's schema
    unreachable: dict[str, str]  # kinds no position reaches, and why
    shown_per_kind: int = 3
    games: int = 0
    positions: list[str] = field(default_factory=list)
    replies: int = 0
    per_kind: dict[str, KindCount] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # games and positions that failed: not played to their end, or the program exited badly
    errors: list[str] = field(default_factory=list)

    def count(self, kind: str) -> KindCount:
        return self.per_kind.setdefault(kind, KindCount())

    def add(self, p: Problem) -> None:
        self.count(p.kind).problems[p.category] += p.repeats
        self.problems.append(p)
        log.debug("problem", kind=p.kind, category=p.category, where=p.where)

    @property
    def problem_count(self) -> int:
        return len(self.problems)

    @property
    def bad_replies(self) -> int:
        """Replies refused or defaulted, a reply sent again and again counted each time."""
        return sum(p.repeats for p in self.problems)

    @property
    def clean(self) -> bool:
        return not self.problems and not self.errors

    def never_met(self) -> list[str]:
        met = {k for k, c in self.per_kind.items() if c.met}
        return [k for k in self.kinds if k not in met]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "games": self.games,
            "positions": self.positions,
            "replies": self.replies,
            "clean": self.clean,
            "problem_count": self.problem_count,
            "bad_replies": self.bad_replies,
            "per_kind": {
                k: {"met": c.met, "problems": dict(c.problems)}
                for k, c in sorted(self.per_kind.items())
            },
            "never_met": {k: self.unreachable.get(k, "") for k in self.never_met()},
            "problems": [asdict(p) for p in self.problems],
            "errors": self.errors,
        }

    def render(self) -> list[str]:
        lines = [
            f"botcheck: {self.game}, bot {self.bot}: {self.games} games, "
            f"{len(self.positions)} positions, {self.replies} replies checked",
        ]
        kinds = [*self.kinds, *sorted(k for k in self.per_kind if k not in self.kinds)]
        width = max([len("kind"), *(len(k) for k in kinds)])
        lines.append(f"  {'kind'.ljust(width)}  {'met':>6}  problems")
        for k in kinds:
            c = self.per_kind.get(k, KindCount())
            said = ", ".join(f"{n} {cat}" for cat, n in sorted(c.problems.items())) or "0"
            lines.append(f"  {k.ljust(width)}  {c.met:>6}  {said}")
        for k in self.never_met():
            why = self.unreachable.get(k)
            lines.append(f"  never met: {k}" + (f" ({why})" if why else ""))
        for kind in kinds:
            mine = [p for p in self.problems if p.kind == kind]
            if not mine:
                continue
            lines.append(f"problems with {kind} requests: {sum(p.repeats for p in mine)}")
            for p in mine[: self.shown_per_kind]:
                lines += ["  " + line for line in p.lines()]
            if len(mine) > self.shown_per_kind:
                lines.append(f"  and {len(mine) - self.shown_per_kind} more")
        if self.errors:
            lines.append(f"games and positions that failed: {len(self.errors)}")
            lines += [f"  {e}" for e in self.errors[: self.shown_per_kind]]
            if len(self.errors) > self.shown_per_kind:
                lines.append(f"  and {len(self.errors) - self.shown_per_kind} more")
        if self.clean:
            lines.append("clean: every reply was legal and in time")
        else:
            lines.append(
                f"not clean: {plural(self.problem_count, 'problem')} "
                f"({plural(self.bad_replies, 'reply', 'replies')})"
                + (f", {len(self.errors)} games or positions failed" if self.errors else "")
            )
        return lines


# --- checking replies ----------------------------------------------------------------------------


class Checker:
    """Checks the replies of the bot under test and records them in a `Report`."""

    def __init__(self, report: Report, schema: GameSchema, deadline: float) -> None:
        self.report = report
        self.schema = schema
        self.deadline = deadline
        self._contract_seen: set[str] = set()

    def words(self, req: RequestSpec, view: object) -> tuple[str, list[str], str]:
        """The request's title, its options and its default, in words."""
        try:
            w = describe(self.report.game, req, None if isinstance(view, NullView) else view)
            options = list(w.options) or [
                " x ".join(axis[:3]) + (" …" if len(axis) > 3 else "") for axis in w.axes
            ]
            return w.title, options, w.default
        except Exception as exc:  # words are a courtesy: a game without them still gets checked
            log.warning("no words for a request", kind=req.kind, error=str(exc)[:200])
            return req.kind, [shown(o) for o in req.options], "the first"

    def problem(
        self,
        req: RequestSpec,
        view: object,
        where: str,
        what: str,
        reply: str,
        reason: str,
        applied: str = "",
        repeats: int = 1,
    ) -> Problem:
        title, options, default = self.words(req, view)
        ask = self.schema.asks.get(req.kind)
        nil_words = ask.cancel if ask is not None else ""
        p = Problem(
            category=what,
            kind=req.kind,
            form=req.form,
            where=where,
            seat=req.seat,
            request_id=req.id,
            request=clip(title),
            options=[clip(o, 80) for o in options[:MAX_OPTIONS]],
            more_options=max(0, len(options) - MAX_OPTIONS),
            info=clip(json.dumps(req.info, sort_keys=True, default=str)),
            reply=reply,
            reason=clip(reason),
            legal=clip(legal_words(req, default, nil_words), 400),
            applied=applied or f"the default, {shown(req.default)} ({default})",
            repeats=repeats,
        )
        self.report.add(p)
        return p

    def met(self, req: RequestSpec, view: object, where: str) -> None:
        """The bot under test was asked `req`: count it, and check the request's contract."""
        self.report.count(req.kind).met += 1
        self.report.replies += 1
        if req.kind in self._contract_seen:
            return
        # a kind without a contract (a ruleset that declares none) cannot be checked: no problem
        bad = request_problem(self.schema, req) if req.kind in self.schema.asks else None
        if bad is not None:
            self._contract_seen.add(req.kind)  # one per kind: it is the game's problem
            self.problem(req, view, where, CONTRACT, "-", bad, applied="the bot's reply")

    def ask(self, bot: Bot, req: RequestSpec, where: str) -> Choice:
        """Ask the bot under test; -> the reply to apply (its own, or the default)."""
        self.met(req, bot.view, where)
        started = time.perf_counter()
        try:
            choice = bot.decide(req, bot.view)
        except Exception as exc:
            self.problem(req, bot.view, where, RAISED, "-", clip(f"{type(exc).__name__}: {exc}"))
            return req.default
        elapsed = time.perf_counter() - started
        reason = check_choice(req, choice)
        if reason is not None:
            self.problem(req, bot.view, where, category(reason), shown(choice), reason)
            return req.default
        if self.deadline > 0 and elapsed > self.deadline:
            why = f"answered after {elapsed:.2f} s; the deadline is {self.deadline:g} s"
            self.problem(req, bot.view, where, DEADLINE, shown(choice), why)
            return req.default
        return choice


# --- positions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeadStep:
    """One move the kit makes itself on the way to a position: the request kind it expects,
    and the reply (`reply`), or the option to pick: `option`, the first option equal to it or,
    for a table, the first option holding every key of it with that value (recursively)."""

    kind: str
    reply: Choice = None
    option: object = None

    def answer(self, req: RequestSpec) -> Choice:
        if req.kind != self.kind:
            raise ConfigError(f"the lead expected a {self.kind!r} request, got {req.kind!r}")
        if self.option is not None:
            for i, option in enumerate(req.options):
                if holds(option, self.option):
                    return [i] if req.form == "subset" else i
            raise ConfigError(f"the {req.kind!r} request has no option {self.option!r}")
        bad = check_choice(req, self.reply)
        if bad is not None:
            raise ConfigError(f"the lead's reply to {req.kind!r} is not legal: {bad}")
        return self.reply


def holds(value: object, pattern: object) -> bool:
    """Whether `value` equals `pattern` or, for a table, holds each of its keys as it does."""
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(
            k in value and holds(value[k], v) for k, v in pattern.items()
        )
    return value == pattern


@dataclass(frozen=True)
class Position:
    name: str
    reaches: tuple[str, ...]
    config: dict[str, Any]
    lead: tuple[LeadStep, ...] = ()
    seed: int = 1


@dataclass(frozen=True)
class Positions:
    positions: tuple[Position, ...]
    unreachable: dict[str, str]


def package_dir(game: str) -> str | None:
    """The directory of a bundled game's package (None for another ruleset)."""
    if game not in GAMES:
        return None
    spec = importlib.util.find_spec(f"game_agent.games.{game}")
    if spec is None or spec.origin is None:
        return None
    return os.path.dirname(spec.origin)


def bundled_positions(game: str) -> Positions:
    folder = package_dir(game)
    if folder is None:
        return Positions((), {})
    path = os.path.join(folder, "botcheck.toml")
    if not os.path.exists(path):
        return Positions((), {})
    return read_positions(game, path)


def read_positions(game: str, path: str) -> Positions:
    """A positions file (format: docs/botcheck.md); raises ConfigError saying what is wrong."""
    data = read_toml(path)
    unknown = set(data) - {"position", "unreachable"}
    if unknown:
        raise ConfigError(f"{path}: unknown keys {', '.join(sorted(unknown))}")
    entries = data.get("position", [])
    if not isinstance(entries, list) or len(entries) > MAX_POSITIONS:
        raise ConfigError(f"{path}: 'position' is a list of at most {MAX_POSITIONS} tables")
    unreachable = data.get("unreachable", {})
    if not isinstance(unreachable, dict) or not all(
        isinstance(v, str) for v in unreachable.values()
    ):
        raise ConfigError(f"{path}: 'unreachable' maps a request kind to why")
    here = os.path.dirname(os.path.abspath(path))
    out = [_position(game, here, e, f"{path}: position {i}") for i, e in enumerate(entries)]
    return Positions(tuple(out), dict(unreachable))


def _position(game: str, here: str, e: object, where: str) -> Position:
    if not isinstance(e, dict):
        raise ConfigError(f"{where}: a position is a table")
    unknown = set(e) - {"name", "reaches", "scenario", "options", "lead", "seed"}
    if unknown:
        raise ConfigError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
    name = e.get("name")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{where}: 'name' is required")
    reaches = e.get("reaches", [])
    if not isinstance(reaches, list) or not all(isinstance(k, str) for k in reaches):
        raise ConfigError(f"{where}: 'reaches' lists request kinds")
    config: dict[str, Any] = {}
    scenario = e.get("scenario")
    if scenario is not None:
        if not isinstance(scenario, str):
            raise ConfigError(f"{where}: 'scenario' is a file name")
        config.update(load_scenario(game, os.path.join(here, scenario)))
    options = e.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError(f"{where}: 'options' is a table of game options")
    config.update(options)
    lead = e.get("lead", [])
    if not isinstance(lead, list) or len(lead) > MAX_LEAD:
        raise ConfigError(f"{where}: 'lead' is a list of at most {MAX_LEAD} moves")
    steps = []
    for step in lead:
        if not isinstance(step, dict) or not isinstance(step.get("kind"), str):
            raise ConfigError(f"{where}: a lead move is a table with 'kind'")
        unknown = set(step) - {"kind", "reply", "option"}
        if unknown:
            raise ConfigError(f"{where}: a lead move takes kind, reply or option")
        steps.append(LeadStep(step["kind"], step.get("reply"), step.get("option")))
    seed = e.get("seed", 1)
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise ConfigError(f"{where}: 'seed' is an integer in 0..2^64-1")
    return Position(name, tuple(reaches), config, tuple(steps), seed)


# --- playing in-process ---------------------------------------------------------------------------


def tested_seat(game_index: int, seats: int) -> int:
    """The seat the bot under test plays in seeded game `game_index`: every seat in turn."""
    return game_index % seats


def seeded(seed: int, games: int) -> Iterator[tuple[int, int]]:
    """(game index, seed) of each seeded game."""
    for i in range(games):
        yield i, seed + i


class Chain:
    """One decision of one seat: its requests in a row with no event between them."""

    def __init__(self) -> None:
        self.seat = -1
        self.steps = 0
        self.started = 0.0
        self.spent = False  # past its deadline or its steps: defaults at once

    def ask(self, checker: Checker, bot: Bot, req: RequestSpec, where: str) -> Choice:
        if req.seat != self.seat:
            self.seat, self.steps, self.spent = req.seat, 0, False
            self.started = time.perf_counter()
        self.steps += 1
        if self.spent:
            return req.default
        choice = checker.ask(bot, req, where)
        took = time.perf_counter() - self.started
        if self.steps >= MAX_STEPS or (checker.deadline > 0 and took > checker.deadline):
            self.spent = True
            why = (
                f"{self.steps} requests in a row with nothing happening "
                f"(nil goes back to the question before), {took:.2f} s; "
                "on the wire one deadline covers them all"
            )
            checker.problem(req, bot.view, where, BACK_AND_FORTH, shown(choice), why)
            return req.default
        return choice


def play_checked(
    game: Game,
    bots: Sequence[Bot],
    tested: frozenset[int],
    checker: Checker,
    where: str,
    lead: Sequence[LeadStep] = (),
) -> None:
    """Play `game` to its end in-process; the bots of `tested` seats are checked at every reply.
    The lead's moves are made first, by the kit (ConfigError when the game does not follow it)."""
    moves = list(lead)
    chain = Chain()

    def answer(step: Step) -> Choice:
        nonlocal chain
        if step.events:
            chain = Chain()
        req = step.request
        assert req is not None
        bot = bots[req.seat]
        if moves:
            return moves.pop(0).answer(req)
        if req.seat in tested:
            return chain.ask(checker, bot, req, where)
        return bot.decide(req, bot.view)

    drive(game, bots, answer=answer)
