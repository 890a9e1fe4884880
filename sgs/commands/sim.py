"""`sgs sim`: play many games in-process with bots and summarise them: per seat, per bot and, for
a game whose seats play roles (its manifest's `roles`, e.g. Sanguosha's lord, loyalist, rebel,
renegade), per role; `--jsonl` writes one line per game. Ctrl-C stops at the end of the current
game and prints what was played so far."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import IO, Any

from game_agent.engine import ConfigError, Game
from game_agent.games import load, manifest
from game_agent.games.manifest import resolve
from sgs.errors import UsageError
from sgs.options import add_game_options, game_config
from sgs.progress import progress_bar
from sgs.runner import make_bots, play
from user_agent.bots import BotSpecError

INTERRUPTED = 130  # the shell's code for a run stopped by SIGINT


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "sim",
        help="simulate games in-process with bots",
        description="Play --games games in-process, one bot per seat, and print wins per seat "
        "and per bot (and per role in Sanguosha's identity mode). Ctrl-C stops after the game "
        "being played and prints the summary of the games finished (exit 130).",
    )
    add_game_options(p)
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses S+i")
    p.add_argument(
        "--bots",
        default="random",
        help="bots per seat, cycled: e.g. random,greedy; a bot's options follow its name, "
        "e.g. mcts:iterations=200 or mcts:time=0.5 (docs/ai.md)",
    )
    p.add_argument(
        "--log-dir",
        default=None,
        help="write one replay log per game here, GAME-SEED.sgslog; refuses (exit 2) if one exists",
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--jsonl",
        default=None,
        metavar="FILE",
        help="write one JSON line per game to FILE (seed, seats: the bot of each, roles, generals, "
        "outcome, winners, decisions, log); '-' for stdout (the summary then goes to stderr)",
    )
    p.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar or progress lines on stderr"
    )
    p.set_defaults(run=run)


# --- one game ------------------------------------------------------------------------------------


@dataclass
class GameResult:
    """What `--jsonl` writes for one game, and what the summary counts."""

    seed: int
    seats: list[str]  # the bot spec of each seat
    roles: list[str] | None  # each seat's role, for a game whose seats play roles
    generals: list[str] | None  # who plays at each seat at the end (e.g. a general)
    outcome: dict[str, Any]
    winners: list[int]
    decisions: int
    log: str | None

    def line(self) -> str:
        return json.dumps(self.__dict__, sort_keys=True)


def result_of(
    game: Game, seed: int, specs: Sequence[str], winners: list[int], log: str | None
) -> GameResult:
    tags = manifest(game.ruleset.name).roles  # a game whose seats play roles tags them
    roles = generals = None
    if tags is not None:
        roles = list(resolve(tags.of)(game))
        generals = None if tags.characters is None else list(resolve(tags.characters)(game))
    return GameResult(
        seed=seed,
        seats=[specs[seat % len(specs)] for seat in range(game.seats)],
        roles=roles,
        generals=generals,
        outcome=dict(game.outcome or {}),
        winners=winners,
        decisions=len(game.decisions),
        log=log,
    )


# --- the summary ---------------------------------------------------------------------------------


@dataclass
class Record:
    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    def as_dict(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "win_rate": rate(self.wins, self.games)}


def rate(wins: int, games: int) -> float | None:
    """Wins per 100 games, one decimal; None for no games."""
    return round(100.0 * wins / games, 1) if games else None


@dataclass
class Tally:
    """Counts over finished games. A seat's record counts the games it played and won; a
    role's (or a bot's) counts seat-games: a 5-player identity game has two rebel seats, so it
    adds 2 rebel games, and 2 rebel wins when the rebels win."""

    games: int = 0
    draws: int = 0
    decisions: int = 0
    seat: dict[int, Record] = field(default_factory=dict)
    bot: dict[str, Record] = field(default_factory=dict)
    bot_role: dict[str, dict[str, Record]] = field(default_factory=dict)
    role: dict[str, Record] = field(default_factory=dict)
    won_by: Counter[str] = field(default_factory=Counter)  # the outcome's winning side
    bot_won_games: Counter[str] = field(default_factory=Counter)  # games a bot won in a seat
    order: tuple[str, ...] = ()  # the order roles are printed in (the manifest's)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.decisions += r.decisions
        winners = set(r.winners)
        if not winners:
            self.draws += 1
        elif isinstance(r.outcome.get("winner"), str):
            self.won_by[r.outcome["winner"]] += 1
        for seat, spec in enumerate(r.seats):
            won = seat in winners
            self.seat.setdefault(seat, Record()).add(won)
            self.bot.setdefault(spec, Record()).add(won)
            if r.roles is not None:
                role = r.roles[seat]
                self.role.setdefault(role, Record()).add(won)
                self.bot_role.setdefault(spec, {}).setdefault(role, Record()).add(won)
        for spec in {r.seats[w] for w in winners}:
            self.bot_won_games[spec] += 1

    def role_order(self) -> list[str]:
        known = [r for r in self.order if r in self.role]
        return known + sorted(r for r in self.role if r not in known)

    def summary(self) -> dict[str, Any]:
        roles = self.role_order()
        return {
            "games": self.games,
            "draws": self.draws,
            "decisions": self.decisions,
            "seat_wins": {str(s): self.seat[s].wins for s in sorted(self.seat)},
            "bot_wins": dict(sorted(self.bot_won_games.items())),
            "by_seat": {str(s): self.seat[s].as_dict() for s in sorted(self.seat)},
            "by_bot": {
                spec: {
                    **rec.as_dict(),
                    "by_role": {
                        role: self.bot_role[spec][role].as_dict()
                        for role in roles
                        if role in self.bot_role.get(spec, {})
                    },
                }
                for spec, rec in sorted(self.bot.items())
            },
            "by_role": {role: self.role[role].as_dict() for role in roles},
            "won_by": dict(sorted(self.won_by.items())),
        }


# --- the run -------------------------------------------------------------------------------------


class StopAfterGame:
    """SIGINT (Ctrl-C) while games run: the first one asks the loop to stop after the game
    being played; a second one interrupts that game too (KeyboardInterrupt)."""

    def __init__(self) -> None:
        self.requested = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        # Only a flag: a handler that logged could deadlock on the lock of a log line the main
        # thread was writing when the signal came.
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    @contextmanager
    def installed(self) -> Iterator[StopAfterGame]:
        try:
            previous = signal.signal(signal.SIGINT, self)
        except ValueError:  # not the main thread: Ctrl-C keeps its default meaning
            yield self
            return
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous)


def log_paths(game: str, seeds: range, log_dir: str | None) -> list[str | None]:
    if log_dir is None:
        return [None] * len(seeds)
    try:
        os.makedirs(log_dir, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"sim failed: cannot write logs in {log_dir}: {exc.strerror}") from None
    paths: list[str | None] = []
    for s in seeds:
        path = os.path.join(log_dir, f"{game}-{s}.sgslog")
        if os.path.exists(path):
            raise UsageError(f"{path} exists; sim never overwrites a log")
        paths.append(path)
    return paths


@contextmanager
def jsonl_output(target: str | None) -> Iterator[IO[str] | None]:
    if target is None:
        yield None
    elif target == "-":
        yield sys.stdout
        sys.stdout.flush()
    else:
        try:
            f = open(target, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            raise UsageError(f"cannot write {target}: {exc.strerror}") from None
        with f:
            yield f


def run(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots:
        raise UsageError("--bots names no bot")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    seeds = range(args.seed, args.seed + args.games)
    try:
        config = game_config(args)
        for s in (seeds[0], seeds[-1]):  # a bad game, option, seed or bot is refused here
            game = Game(load(args.game), config, s)
        make_bots(args.game, bots, game.seats, args.seed)
    except (ConfigError, BotSpecError) as exc:
        raise UsageError(str(exc)) from None
    paths = log_paths(args.game, seeds, args.log_dir)
    tags = manifest(args.game).roles
    tally = Tally(order=() if tags is None else tags.order)
    stop = StopAfterGame()
    started = time.perf_counter()
    aborted = False
    with (
        jsonl_output(args.jsonl) as lines,
        stop.installed(),
        progress_bar(args.games, "games", quiet=args.quiet) as bar,
    ):
        try:
            for s, path in zip(seeds, paths, strict=True):
                if stop.requested:
                    break
                try:
                    played = play(args.game, config, s, bots, path)
                except BaseException:
                    if path is not None and os.path.exists(path):
                        os.unlink(path)  # a game cut short leaves no log behind
                    raise
                result = result_of(played.game, s, bots, played.winners, path)
                tally.add(result)
                if lines is not None:
                    lines.write(result.line() + "\n")
                bar.advance()
        except KeyboardInterrupt:
            aborted = True
    elapsed = time.perf_counter() - started
    interrupted = aborted or stop.requested
    summary = {
        "game": args.game,
        "mode": str(getattr(game.state, "mode", "") or ""),  # the ruleset's, if it has modes
        "requested": args.games,
        "interrupted": interrupted,
        "seed": args.seed,
        "bots": bots,
        "seats": game.seats,
        **tally.summary(),
        "seconds": round(elapsed, 3),
        "decisions_per_second": round(tally.decisions / elapsed, 1) if elapsed > 0 else None,
        "log_dir": args.log_dir,
    }
    out = sys.stderr if args.jsonl == "-" else sys.stdout
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=out)
    else:
        for text in render(summary):
            print(text, file=out)
    return INTERRUPTED if interrupted else 0


# --- text ----------------------------------------------------------------------------------------


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def render(s: dict[str, Any]) -> list[str]:
    """The summary as aligned text tables."""
    games, seed = s["games"], s["seed"]
    mode = f" ({s['mode']}, {s['seats']} seats)" if s["mode"] else ""
    lines = []
    if s["interrupted"]:
        lines.append(f"interrupted: {games} of {s['requested']} games finished")
    seeds = f"seed {seed}" if games == 1 else f"seeds {seed}..{seed + games - 1}"
    if games == 0:
        seeds = f"from seed {seed}"
    lines.append(f"{games} {s['game']} games{mode}, {seeds}, bots {','.join(s['bots'])}")
    roles = list(s["by_role"])
    seats = {f"seat {k}": v for k, v in s["by_seat"].items()}
    width = 2 + max(len(name) for name in [*roles, *s["by_bot"], *seats, "by role"])
    if roles:
        lines += table("side" if s["mode"] == "1v1" else "role", s["by_role"], [], width)
    lines += table("bot", s["by_bot"], roles, width)
    lines += table("seat", seats, [], width)
    if s["won_by"]:
        lines.append("  won by: " + ", ".join(f"{k} {v}" for k, v in s["won_by"].items()))
    lines.append(f"  draws: {s['draws']}")
    lines.append(
        f"  decisions: {s['decisions']} in {s['seconds']} s "
        f"({s['decisions_per_second']} decisions/s)"
    )
    if s["log_dir"]:
        lines.append(f"  logs: {s['log_dir']}")
    return lines


def table(
    title: str, rows: Mapping[str, Mapping[str, Any]], roles: Sequence[str], width: int
) -> list[str]:
    """`by TITLE  games  wins  win%` and a row per entry; with `roles`, each row's win rate in
    each role too. The first column is `width` wide (the same for every table)."""
    head = [f"by {title}", "games", "wins", "win%", *roles]
    body = [
        [
            f"  {name}",
            str(rec["games"]),
            str(rec["wins"]),
            pct(rec["win_rate"]),
            *(pct(rec["by_role"].get(r, {}).get("win_rate")) for r in roles),
        ]
        for name, rec in rows.items()
    ]
    widths = [width] + [max(len(row[i]) for row in [head, *body]) for i in range(1, len(head))]

    def fmt(row: list[str]) -> str:
        cells = [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
        return "  " + "  ".join([row[0].ljust(width), *cells])

    return [fmt(head), *(fmt(row) for row in body)]
