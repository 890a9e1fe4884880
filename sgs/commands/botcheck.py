"""`sgs botcheck`: play a bot through seeded games and positions that reach every request kind,
check every reply, and report the illegal or defaulted ones (docs/botcheck.md). Exit 0 when
clean, 1 when any reply was a problem, 2 for a usage error."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from typing import Any

from game_agent.engine import ConfigError, Game
from game_agent.games import load
from protocol.errors import ProtocolError
from sgs.botcheck import (
    Checker,
    Position,
    Positions,
    Report,
    bundled_positions,
    play_checked,
    read_positions,
    seeded,
    tested_seat,
)
from sgs.errors import UsageError
from sgs.options import add_game_options, game_config, load_scenario
from sgs.progress import progress_bar
from sgs.runner import make_bots
from sgs.structured_logging import configure
from user_agent.bots import BotSpecError

MAX_GAMES = 100_000
MAX_SHOW = 1000
MAX_DEADLINE = 3600.0
MAX_EXEC = 4096  # characters of the --exec command line


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "botcheck",
        help="check a bot's every reply through seeded games and positions (docs/botcheck.md)",
        description="Play a bot (--bot SPEC in-process, or --exec CMD over the wire) through "
        "--games seeded games, the seat it plays rotated, and through the game's positions "
        "that reach every request kind; check every reply; report each illegal or defaulted "
        "one. Exit 0 when clean, 1 when not.",
    )
    add_game_options(p)
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--bot", default=None, metavar="SPEC", help="a bundled bot or module:Class, in-process"
    )
    who.add_argument(
        "--exec",
        default=None,
        metavar="CMD",
        help="a program speaking the wire, e.g. 'node bot.js': started per seat with SGS_CONNECT, "
        "SGS_SEAT, SGS_TABLE, SGS_TOKEN, SGS_BOT_SEED and SGS_PARENT_PID in its environment",
    )
    p.add_argument("--others", default="random", metavar="SPEC", help="the other seats (random)")
    p.add_argument("--games", type=int, default=20, help="seeded games (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses S+i")
    p.add_argument(
        "--positions",
        default=None,
        metavar="FILE",
        help="positions to play besides the game's own (format: docs/botcheck.md)",
    )
    p.add_argument("--no-positions", action="store_true", help="play the seeded games only")
    p.add_argument(
        "--deadline",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds per reply; a later one is a problem and its default applies (default 5)",
    )
    p.add_argument(
        "--show", type=int, default=3, metavar="N", help="problems printed per kind (default 3)"
    )
    p.add_argument("--json", default=None, metavar="FILE", help="write the report as JSON to FILE")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(run=run)


def check_args(args: argparse.Namespace) -> None:
    if not 0 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be in 0..{MAX_GAMES}")
    if not 0 <= args.show <= MAX_SHOW:
        raise UsageError(f"--show must be in 0..{MAX_SHOW}")
    if not 0 < args.deadline <= MAX_DEADLINE:
        raise UsageError(f"--deadline must be more than 0 and at most {MAX_DEADLINE:g} seconds")
    if not 0 <= args.seed < 1 << 64 or args.seed + max(args.games - 1, 0) >= 1 << 64:
        raise UsageError("--seed: every game's seed must be in 0..2^64-1")
    if args.exec is not None:
        if not args.exec.strip() or len(args.exec) > MAX_EXEC:
            raise UsageError(f"--exec takes a command line of 1 to {MAX_EXEC} characters")
        try:
            if not shlex.split(args.exec):
                raise UsageError("--exec names no program")
        except ValueError as exc:
            raise UsageError(f"--exec: {exc}") from None


def positions_of(args: argparse.Namespace, config: dict[str, Any]) -> Positions:
    if args.no_positions:
        return Positions((), bundled_positions(args.game).unreachable)
    own = bundled_positions(args.game)
    extra: tuple[Position, ...] = ()
    unreachable = dict(own.unreachable)
    if args.positions is not None:
        if not os.path.isfile(args.positions):
            raise UsageError(f"cannot read {args.positions}: no such file")
        theirs = read_positions(args.game, args.positions)
        extra = theirs.positions
        unreachable.update(theirs.unreachable)
    if args.scenario:  # --scenario FILE: one more position, from that file
        scenario = {**load_scenario(args.game, args.scenario), **config}
        extra += (Position(os.path.basename(args.scenario), (), scenario),)
    return Positions(own.positions + extra, unreachable)


def run(args: argparse.Namespace) -> int:
    check_args(args)
    if args.log_level is None and not os.environ.get("SGS_LOG_LEVEL"):
        # the tables' and the bots' info lines would bury the report: warnings only, by default
        configure("warning", True if args.log_json else None)
    cwd = os.getcwd()  # as for `sgs sim`: a module:Class names a module in the current directory
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        ruleset = load(args.game)
        schema = ruleset.schema
        scenario, args.scenario = args.scenario, None  # a position of its own, not the games'
        config = game_config(args)
        args.scenario = scenario
        probe = Game(ruleset, config, args.seed)
        others = [s.strip() for s in args.others.split(",") if s.strip()]
        if not others:
            raise UsageError("--others names no bot")
        make_bots(args.game, others, probe.seats, args.seed)
        if args.bot is not None:
            make_bots(args.game, [args.bot], probe.seats, args.seed)
        positions = positions_of(args, config)
    except (ConfigError, BotSpecError, ProtocolError) as exc:
        raise UsageError(str(exc)) from None
    report = Report(
        game=args.game,
        bot=args.bot if args.bot is not None else f"exec {args.exec}",
        kinds=list(schema.requests),
        unreachable=positions.unreachable,
        shown_per_kind=args.show,
    )
    checker = Checker(report, schema, args.deadline)
    total = args.games + len(positions.positions)
    with progress_bar(total, "games", quiet=args.quiet) as bar:
        if args.exec is not None:
            from sgs.botcheck_wire import WireCheck

            wire = WireCheck(args.game, args.exec, others, checker)
            try:
                wire.run(config, args.seed, args.games, positions.positions, bar)
            except ConfigError as exc:  # e.g. a program that cannot be started
                raise UsageError(str(exc)) from None
        else:
            run_in_process(args, config, others, positions.positions, checker, bar)
    for text in report.render():
        print(text)
    if args.json is not None:
        write_json(args.json, report.as_dict())
    return 0 if report.clean else 1


def run_in_process(
    args: argparse.Namespace,
    config: dict[str, Any],
    others: list[str],
    positions: tuple[Position, ...],
    checker: Checker,
    bar: Any,
) -> None:
    report = checker.report
    ruleset = load(args.game)
    for i, seed in seeded(args.seed, args.games):
        game = Game(ruleset, config, seed)
        seat = tested_seat(i, game.seats)
        specs = [args.bot if s == seat else others[s % len(others)] for s in range(game.seats)]
        bots = make_bots(args.game, specs, game.seats, seed)
        play_checked(game, bots, frozenset([seat]), checker, f"seed {seed}")
        report.games += 1
        bar.advance()
    for pos in positions:
        try:
            game = Game(ruleset, pos.config, pos.seed)
            bots = make_bots(args.game, [args.bot], game.seats, pos.seed)
            play_checked(
                game, bots, frozenset(range(game.seats)), checker, f"position {pos.name}", pos.lead
            )
        except ConfigError as exc:
            report.errors.append(f"{pos.name}: {exc}")
        else:
            report.positions.append(pos.name)
        bar.advance()


def write_json(path: str, data: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, sort_keys=True, indent=1)
            f.write("\n")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None
