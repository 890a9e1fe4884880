"""`sgs arena`: a tournament of bots, fair (every bot in every seat and role equally often),
fast (chunks of games on local processes or Ray) and reproducible (the same seed gives the same
games on any backend). Writes report.md, charts and one JSON line per game under --out; Ctrl-C
keeps the games finished so far (exit 130). Docs: docs/arena.md."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from game_agent.engine import ConfigError
from sgs.arena.schedule import LINEUPS
from sgs.commands.sim import INTERRUPTED, StopAfterGame, jsonl_output
from sgs.errors import UsageError
from sgs.options import add_game_options, game_config
from sgs.progress import progress_bar
from user_agent.bots import BotSpecError

BACKENDS = ("process", "ray")  # sgs.arena.backends.BACKENDS (imported when the command runs)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "arena",
        help="a tournament of bots: rotated seats and roles, intervals, ratings, a report",
        description="Play about --games games between --bots, each bot in every seat and role "
        "equally often (the games are rounded up to whole blocks of one deal), on local "
        "processes or Ray, and write report.md, charts, ratings and one JSON line per game "
        "under --out. Ctrl-C keeps the finished games and writes their report (exit 130).",
    )
    add_game_options(p)
    p.add_argument(
        "--bots",
        default="random",
        help="the bots, e.g. smart,random (default random); a bot's options follow its name, "
        "e.g. mcts:iterations=200 (docs/ai.md)",
    )
    p.add_argument("--games", type=int, default=100, help="how many games at least (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal; deal b uses S+b")
    p.add_argument(
        "--lineup",
        choices=LINEUPS,
        default="rotate",
        help="rotate: every rotation of the bots over the seats for each deal (default); "
        "teams: Sanguosha identity, the lord's side one bot and the rest the other, both ways; "
        "paired: two bots, each deal played twice with every seat's bot exchanged (reports "
        "the pair share with a bootstrap interval)",
    )
    p.add_argument("--workers", type=int, default=2, help="processes or Ray CPUs (default 2)")
    p.add_argument(
        "--backend", choices=BACKENDS, default="process", help="process (default) or ray"
    )
    p.add_argument(
        "--ray-address", default=None, metavar="ADDR", help="a Ray cluster (default: a local Ray)"
    )
    p.add_argument("--log-dir", default=None, help="keep every game's replay log here")
    p.add_argument(
        "--out", default=None, metavar="DIR", help="output dir (default arena-GAME-SEED)"
    )
    p.add_argument("--force", action="store_true", help="write into a non-empty --out")
    p.add_argument(
        "--jsonl",
        default=None,
        metavar="FILE",
        help="also write the game lines to FILE ('-': stdout)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or progress lines")
    p.set_defaults(run=run)


def check_log_dir(log_dir: str | None) -> None:
    if log_dir is None:
        return
    try:
        os.makedirs(log_dir, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot write logs in {log_dir}: {exc.strerror}") from None
    if any(name.endswith(".sgslog") for name in os.listdir(log_dir)):
        raise UsageError(f"{log_dir} already holds logs; arena never overwrites a log")


def run(args: argparse.Namespace) -> int:
    # Imported here: matplotlib and openskill would slow every `sgs` command down by a second.
    from sgs.arena import results
    from sgs.arena.report import render_text
    from sgs.arena.timing import DecisionTimes
    from sgs.arena.tournament import TournamentFailed, execute, plan, summarize

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots:
        raise UsageError("--bots names no bot")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.ray_address is not None and args.backend != "ray":
        raise UsageError("--ray-address needs --backend ray")
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise UsageError(
                "--backend ray needs ray: pip install 'sgs-sanguosha-server[ray]'"
            ) from None
    try:
        t = plan(args.game, game_config(args), bots, args.games, args.seed, args.lineup)
    except (ConfigError, BotSpecError) as exc:
        raise UsageError(str(exc)) from None
    out = args.out or f"arena-{args.game}-{args.seed}"
    results.prepare(out, args.force)
    check_log_dir(args.log_dir)
    stop = StopAfterGame()
    times = DecisionTimes()
    started = time.perf_counter()
    failure = None
    with stop.installed(), progress_bar(len(t.specs), "games", quiet=args.quiet) as bar:
        try:
            records, interrupted = execute(
                t,
                backend=args.backend,
                workers=args.workers,
                address=args.ray_address,
                log_dir=args.log_dir,
                advance=bar.advance,
                stop=lambda: stop.requested,
                times=times,
            )
        except TournamentFailed as exc:  # the finished games are written all the same
            records, interrupted, failure = exc.records, True, exc.reason
    elapsed = time.perf_counter() - started
    summary, ratings = summarize(t, records)
    summary["out"] = out
    summary["run"] = {
        "backend": args.backend,
        "workers": args.workers,
        "seconds": round(elapsed, 3),
        "games_per_second": round(len(records) / elapsed, 2) if elapsed > 0 else None,
        "decision_ms": times.summary(),
    }
    results.write(out, records, summary, ratings)
    with jsonl_output(args.jsonl) as lines:
        if lines is not None:
            lines.writelines(r.line() + "\n" for r in records)
    stream = sys.stderr if args.jsonl == "-" else sys.stdout
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=stream)
    else:
        for text in render_text(summary):
            print(text, file=stream)
    if failure is not None:
        print(
            f"sgs arena: error: {failure}; the {len(records)} games finished before are in {out}",
            file=sys.stderr,
        )
        return 1
    return INTERRUPTED if interrupted or stop.requested else 0
