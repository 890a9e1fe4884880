"""`sgs demo`: serve one table of the demo game over ZeroMQ with every seat played by a bot
process (the game's own first bot vs random), play it to the end, then verify the log by
re-execution. The demo game is the host registry's first (`game_agent.games.GAMES[0]`)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from game_agent.games import GAMES
from replays import verify
from sgs.commands.serve import child_env
from sgs.errors import UsageError
from user_agent.games import client

DEMO = GAMES[0]  # the registry's first game


def demo_bots() -> list[str]:
    """The demo's seats: the game's own first bot (from its client manifest), then random."""
    c = client(DEMO)
    own = next(iter(c.bots), "random") if c is not None else "random"
    return [own, "random"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help=f"serve one {DEMO} game to two bot processes, verify its log")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--log-dir", default="logs")
    p.add_argument("--timeout", type=float, default=120.0, help="give up after this long")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.makedirs(args.log_dir, exist_ok=True)
    bots = demo_bots()
    cmd = [
        sys.executable, "-m", "sgs.cli", "serve", "--game", DEMO,
        "--bots", ",".join(bots), "--seed", str(args.seed), "--log-dir", args.log_dir,
    ]  # fmt: skip
    print(f"$ sgs serve --game {DEMO} --bots {','.join(bots)} --seed {args.seed}", flush=True)
    path = None
    winners = None
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=child_env()) as server:
        assert server.stdout is not None
        try:
            for line in server.stdout:
                print(f"  {line.rstrip()}", flush=True)
                key, _, value = line.partition(": ")
                if key == "log":
                    path = value.strip()
                elif key == "winners":
                    winners = value.strip()
            code = server.wait(args.timeout)
        except subprocess.TimeoutExpired:
            server.kill()
            raise UsageError("the served game did not finish in time", exit_code=1) from None
    if code != 0 or path is None:
        raise UsageError(f"sgs serve exited with {code}", exit_code=1)
    c = client(DEMO)
    sides = c.seat_names if c is not None else ()
    names = {
        str(seat): f"{sides[seat].capitalize() if seat < len(sides) else f'seat {seat}'} ({bot})"
        for seat, bot in enumerate(bots)
    }
    title = (c.title if c is not None else "") or DEMO
    result = (
        "draw"
        if winners is None or winners.startswith("none")
        else f"{names.get(winners, winners)} wins"
    )
    print(f"{title} over the wire, seed {args.seed}: {result}")
    print(f"replay log: {path}")
    report = verify(path)
    print(report.message)
    print(f"see it with: sgs replay {path}")
    return 0 if report.ok else 1
