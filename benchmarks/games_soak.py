"""Soak: random bots play full games of every registered game and every invariant is checked.

    .venv/bin/python benchmarks/games_soak.py [--game G] --games 10000 --seed 1

For every game (`game_agent.games.GAMES`, or the one `--game` names), `--games` games, seeds
S, S+1, ...: each is played by random legal replies, written to a replay log as the hosts write
it, and that log must pass `replays.reexecution` (re-execution from seed + decisions, byte for
byte; `--no-logs` skips that); at the end, exactly one outcome (one game_over, the last event)
and fold(events) == the live state. A game whose manifest names a `soak` section
(`game_agent.games.manifest.Soak`) chooses the configurations cycled over, checks its own
invariants at every decision and at the end, and adds its figures to the summary; the others
cycle over their manifest rows' configurations. `--fast` skips the checks at every decision,
`--first` starts at another game index (to split a soak in processes), `--option KEY=VALUE` goes
to every game's configuration (a soak section may read it otherwise: muhq's `content`).

Exit status 1 and the seed on the first failure.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from soaking import play_random

from game_agent.engine import Game, RequestSpec, fold
from game_agent.games import GAMES, manifest
from game_agent.games.manifest import GameManifest, Soak, resolve
from sgs.options import parse_value


class RowsSoak:
    """The soak of a game without its own section: its manifest rows' configurations."""

    def __init__(self, m: GameManifest) -> None:
        self.m = m

    def config(self, i: int, options: Mapping[str, Any]) -> dict[str, Any]:
        rows = self.m.rows
        base = rows[i % len(rows)].config if rows else {}
        return self.m.ruleset.configure({**base, **options})

    def at_each(self, game: Game, request: RequestSpec) -> None:
        return None

    def at_end(self, game: Game) -> None:
        return None

    def note(self) -> str:
        return ""

    def lines(self) -> list[str]:
        return []


def soak_of(m: GameManifest) -> Soak:
    if m.soak is None:
        return RowsSoak(m)
    made: Soak = resolve(m.soak)()
    return made


def check_end(m: GameManifest, g: Game) -> None:
    overs = [e for e in g.events if e.kind == "game_over"]
    if len(overs) != 1 or overs[0] is not g.events[-1] or g.outcome is None:
        raise AssertionError("expected exactly one outcome, at the end")
    if fold(m.ruleset, g.config, g.seats, g.events) != g.state:
        raise AssertionError("fold(events) != live state")


def soak_game(name: str, args: argparse.Namespace, options: Mapping[str, Any]) -> bool:
    m = manifest(name)
    soak = soak_of(m)
    verified = decisions = events = 0
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        for n in range(args.games):
            i = args.first + n
            seed = args.seed + i
            config = soak.config(i, options)
            path = None if args.no_logs else os.path.join(tmp, "game.sgslog")
            try:
                g = play_random(m.ruleset, config, seed, path, None if args.fast else soak.at_each)
                check_end(m, g)
                soak.at_end(g)
            except AssertionError as exc:
                print(f"FAILED: {name} seed {seed} game {i} {config}: {exc}", file=sys.stderr)
                return False
            verified += path is not None
            decisions += len(g.decisions)
            events += len(g.events)
            if (n + 1) % max(1, args.games // 20) == 0:
                el = time.perf_counter() - t0
                print(
                    f"{name}: {n + 1}/{args.games} games, {decisions} decisions, {el:.1f}s",
                    flush=True,
                )
        el = time.perf_counter() - t0
    note = soak.note()
    print(
        f"OK: {name}: {args.games} games, {decisions} decisions, {events} events in {el:.1f}s "
        f"({decisions / el:.0f} decisions/s with checks); {verified} logs verified"
        + (f"; {note}" if note else "")
    )
    for line in soak.lines():
        print(line)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", choices=GAMES, default=None, help="one game (default: every game)")
    ap.add_argument("--games", type=int, default=1000, help="games per game (1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the index of the first game")
    ap.add_argument("--fast", action="store_true", help="check only at the end of games")
    ap.add_argument("--no-logs", action="store_true", help="do not write and verify replay logs")
    ap.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a config option"
    )
    args = ap.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            ap.error(f"--option takes KEY=VALUE, got {item!r}")
        options[key.strip()] = parse_value(value.strip(), key.strip())
    for name in [args.game] if args.game else GAMES:
        if not soak_game(name, args, options):
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
