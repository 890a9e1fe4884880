"""`sgs demo`: serve one whole table of the demo game over ZeroMQ with every seat played by a
bot process, play it to the end, tell it in a few lines read from its log (the game's report
hooks: `ReportHooks.account`), verify the log by re-execution, and say how to watch, replay and
play the next one. The demo game and its configuration are the first manifest row marked as the
demo (`GameManifest.demo`, found by `game_agent.games.demo()`)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from game_agent.games import demo, manifest
from replays import read_log, verify
from sgs.commands.serve import child_env
from sgs.errors import UsageError
from user_agent.client import TOKEN_ENV
from user_agent.games import client
from user_agent.replay import report_hooks

DEMO, ROW = demo()


def config_flags(config: Mapping[str, Any]) -> list[str]:
    """A row's config as `sgs serve` options (`--players 5`, `--mode 1v1`, `--option k=v`)."""
    out: list[str] = []
    for key, value in config.items():
        if key in ("players", "mode"):
            out += [f"--{key}", str(value)]
        else:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            out += ["--option", f"{key}={text}"]
    return out


def seat_count() -> int:
    ruleset = manifest(DEMO).ruleset
    return int(ruleset.seat_count(ruleset.configure(dict(ROW.config))))


def demo_bots() -> list[str]:
    """The demo's seats: the row's bots cycled over the seats; a row of `random` bots gets the
    game's own first bot (from its client manifest) at seat 0."""
    spec = ROW.bots.split(",")
    bots = [spec[i % len(spec)] for i in range(seat_count())]
    c = client(DEMO)
    if bots == ["random"] * len(bots) and c is not None and c.bots:
        bots[0] = next(iter(c.bots))
    return bots


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    c = client(DEMO)
    title = (c.title if c is not None else "") or DEMO
    p = sub.add_parser(
        "demo", help=f"serve a whole {title} game ({ROW.label}) to bot processes, verify its log"
    )
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--log-dir", default="logs")
    p.add_argument("--timeout", type=float, default=120.0, help="give up after this long")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.makedirs(args.log_dir, exist_ok=True)
    bots = demo_bots()
    flags = ["--game", DEMO, *config_flags(ROW.config), "--bots", ",".join(bots)]
    cmd = [
        sys.executable, "-m", "sgs.cli", "serve", *flags,
        "--seed", str(args.seed), "--log-dir", args.log_dir,
    ]  # fmt: skip
    print(f"$ sgs serve {' '.join(flags)} --seed {args.seed}", flush=True)
    path = None
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=child_env()) as server:
        assert server.stdout is not None
        try:
            for line in server.stdout:
                print(f"  {line.rstrip()}", flush=True)
                key, _, value = line.partition(": ")
                if key == "log":
                    path = value.strip()
            code = server.wait(args.timeout)
        except subprocess.TimeoutExpired:
            server.kill()
            raise UsageError("the served game did not finish in time", exit_code=1) from None
    if code != 0 or path is None:
        raise UsageError(f"sgs serve exited with {code}", exit_code=1)
    c = client(DEMO)
    title = (c.title if c is not None else "") or DEMO
    log = read_log(path)
    print()
    print(f"{title} over the wire, seed {args.seed} ({ROW.label}, {len(bots)} bot processes):")
    for line in report_hooks(DEMO).account(log):
        print(f"  {line}")
    print(f"replay log: {path}")
    report = verify(path)
    print(report.message)
    game = ["--game", DEMO, *config_flags(ROW.config)]
    open_seat = ",".join(["-", *bots[1:]])
    print("next:")
    print(f"  replay it:        sgs replay {path}   (full screen: sgs replay {path} --tui)")
    print(f"  watch one live:   sgs serve {' '.join(game)} --bots {','.join(bots)}, then the")
    print("                    'spectators: sgs watch --connect …' line it prints")
    # `--bots=…`: a value that starts with '-' must be attached, or argparse takes it for an option
    pad = " " * 20
    serve = f"sgs serve {' '.join(game)} --bots={open_seat} --bind tcp://127.0.0.1:5555"
    print(f"  play seat 0 in the browser: {serve} --web http://127.0.0.1:8080/ &")
    print(f"{pad}sgs web --connect tcp://127.0.0.1:5555   and open the 'seat 0: browser:' link")
    print(f"  in a terminal:    {TOKEN_ENV}=<token> sgs play --connect <endpoint> --seat 0")
    return 0 if report.ok else 1
