"""`sgs replay FILE`: a recorded game as a report in sentences, as JSON lines (`--json`), in the
full-screen viewer (`--tui`), or `--verify` it by re-execution (`--verify FILE|DIR...`: any
number of logs, over every core; `sgs.verifying`).

Exit codes: 0 a whole log; 1 a damaged log (torn, corrupt, records out of order or missing,
decisions not in canonical order: what could be read is still printed, and one `error: ...`
line on stderr names the byte where the damage starts) or, with `--verify`, any divergence; 2
an unusable log or bad options (`error: ...`). With several logs: one line per log, in order,
and a summary line; exit 0 if every log verifies, 1 if any diverges or is damaged, 2 if any is
unusable. A format-2/3 log whose decisions are not in
canonical order (an older served log) exits 0 with one `warning: ...` line on stderr."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

from game_agent.engine import SPECTATOR
from protocol.errors import ProtocolError
from replays import LogError, read_log, verify
from replays.reader import Log
from sgs.verifying import Outcome, Tally, VerifyUsageError, jobs_for, logs_in, verify_all
from user_agent.games import GAMES
from user_agent.games.manifest import resolve
from user_agent.replay import (
    damage_message,
    disorder_message,
    json_lines,
    render,
    report_hooks,
    turn_count,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="print or verify a recorded game")
    p.add_argument(
        "file",
        nargs="+",
        help="a .sgslog file (with --verify: any number of logs and directories of logs)",
    )
    p.add_argument(
        "--seat", type=int, default=None, help="show only what this seat saw (-1: a spectator)"
    )
    p.add_argument(
        "--from",
        dest="first",
        type=int,
        default=None,
        metavar="N",
        help="start at turn N (Harmony: round N; 0 is the setup)",
    )
    p.add_argument(
        "--to", dest="last", type=int, default=None, metavar="M", help="stop after turn M"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the records as JSON lines (events, requests, decisions) instead of a report",
    )
    p.add_argument("--tui", action="store_true", help="open the full-screen viewer")
    p.add_argument(
        "--lang",
        choices=("en", "zh"),
        default="en",
        help="the language of the report: its own lines (every game) and the game's "
        "sentences and names (Sanguosha; docs/console.md)",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="re-execute from seed + decisions; exit 1 on any divergence",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="with --verify of several logs: worker processes (default: every core)",
    )
    p.add_argument(
        "--ruleset",
        default=None,
        metavar="MODULE:ATTR",
        help="with --verify: the ruleset to re-execute with (imported), for a game that is "
        "neither bundled nor registered; a module named by the log itself is never imported",
    )
    p.add_argument(
        "--png",
        default=None,
        metavar="OUT",
        help="Carcassonne: draw the board as a PNG picture into OUT (the end of the game, or "
        "after turn --step N)",
    )
    p.add_argument(
        "--step",
        type=int,
        default=None,
        metavar="N",
        help="with --png: the board after turn N (0: before turn 1; default: the end)",
    )
    p.set_defaults(run=run)


def fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def tui(path: str, seat: int | None, lang: str) -> int:
    try:
        viewer = importlib.import_module("user_agent.tui.replay")
    except ImportError:
        return fail("the full-screen viewer is not installed")
    code: int = viewer.main(path, seat, lang)
    return code


def png(log: Log, out: str, step: int | None, seat: int | None) -> int:
    game = str(log.header.get("game"))
    picture = report_hooks(game).picture
    if picture is None:
        drawn = [h.picture_what for h in map(report_hooks, GAMES) if h.picture is not None]
        return fail(f"--png draws {' and '.join(drawn)}; this log is {game}")
    try:
        render_png = resolve(picture)  # Pillow is loaded only for pictures
        path = render_png(log, out, step, seat)
    except ImportError as exc:
        return fail(f"--png needs Pillow ({exc})")
    except ValueError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"cannot write {out} ({exc.strerror or exc})")
    print(f"wrote {path} (board after turn {turn_count(log) if step is None else step})")
    return flagged(log)


def flagged(log: Log) -> int:
    """Say on stderr what is wrong with a log that could be read: 1 if it is damaged, else 0."""
    warning = disorder_message(log)
    if warning is not None:
        print(f"warning: {warning}", file=sys.stderr)
    error = damage_message(log)
    if error is not None:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


def verify_many(paths: list[str], ruleset: str | None, jobs: int | None) -> int:
    """Several logs (or directories): one line per log in order, then a summary line."""
    try:
        logs = logs_in(paths)
        workers = jobs_for(jobs, len(logs))
    except VerifyUsageError as exc:
        return fail(str(exc))
    tally = Tally(started=time.perf_counter())

    def done(outcome: Outcome) -> None:
        tally.add(outcome)
        report = outcome.report
        if report is None:
            print(f"error: {outcome.unusable}", file=sys.stderr)
            return
        print(report.message, file=sys.stdout if report.ok else sys.stderr)
        if report.warning is not None:
            print(f"warning: {report.warning}", file=sys.stderr)

    try:
        verify_all(logs, ruleset, workers, done)
    except KeyboardInterrupt:
        print(f"interrupted: {tally.summary(workers)}", file=sys.stderr)
        return 130
    sys.stdout.flush()
    print(tally.summary(workers), file=sys.stderr if tally.ok < tally.logs else sys.stdout)
    return 2 if tally.unusable else 1 if tally.failed else 0


def run(args: argparse.Namespace) -> int:
    if args.ruleset is not None and not args.verify:
        return fail("--ruleset goes with --verify")
    if args.jobs is not None and not args.verify:
        return fail("--jobs goes with --verify")
    if len(args.file) > 1 or (args.verify and os.path.isdir(args.file[0])):
        if not args.verify:
            return fail("several files go with --verify (the others read one log)")
        return verify_many(args.file, args.ruleset, args.jobs)
    args.file = args.file[0]
    for flag, value in (("--from", args.first), ("--to", args.last)):
        if value is not None and value < 0:
            return fail(f"{flag} must be 0 or more")
    if args.first is not None and args.last is not None and args.first > args.last:
        return fail("--from must not come after --to")
    if args.json and args.tui:
        return fail("--json and --tui do not go together")
    if args.step is not None and args.png is None:
        return fail("--step goes with --png")
    if args.png is not None:
        for flag, on in (("--json", args.json), ("--tui", args.tui), ("--verify", args.verify)):
            if on:
                return fail(f"--png and {flag} do not go together")
        if args.step is not None and args.step < 0:
            return fail("--step must be 0 or more")
    try:
        if args.verify:
            report = verify(args.file, args.ruleset)
            print(report.message, file=sys.stdout if report.ok else sys.stderr)
            if report.warning is not None:
                print(f"warning: {report.warning}", file=sys.stderr)
            return 0 if report.ok else 1
        log = read_log(args.file)
    except LogError as exc:
        return fail(str(exc))
    seats = len(log.header.get("seats", []))
    if args.seat is not None and not SPECTATOR <= args.seat < seats:
        return fail(f"--seat must be in {SPECTATOR}..{seats - 1}")
    if args.tui:
        return tui(args.file, args.seat, args.lang)
    if args.png is not None:
        return png(log, args.png, args.step, args.seat)
    try:
        if args.json:
            lines = json_lines(log, args.seat)
        else:
            lines = render(log, args.seat, args.lang, args.first, args.last)
        for line in lines:
            print(line)
    except ProtocolError as exc:
        return fail(exc.message)
    sys.stdout.flush()  # the report first, then what is wrong with it
    return flagged(log)
