"""`sgs demo`: play one game with bots to the end, write its replay, verify it."""

from __future__ import annotations

import argparse
import os

from replays import verify
from sgs.runner import play


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="play one Harmony game with bots and verify its log")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--log-dir", default="logs")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    os.makedirs(args.log_dir, exist_ok=True)
    path = os.path.join(args.log_dir, f"demo-harmony-{args.seed}.sgslog")
    played = play("harmony", {}, args.seed, ["greedy", "random"], path)
    outcome = played.game.outcome or {}
    winners = played.winners
    names = {0: "South (greedy)", 1: "North (random)"}
    result = "draw" if not winners else f"{names[winners[0]]} wins"
    print(f"Harmony of Elements, seed {args.seed}: {result} ({outcome})")
    print(f"decisions: {len(played.game.decisions)}, events: {len(played.game.events)}")
    print(f"replay log: {path}")
    report = verify(path)
    print(report.message)
    print(f"see it with: sgs replay {path}")
    return 0 if report.ok else 1
