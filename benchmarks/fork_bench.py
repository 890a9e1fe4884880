"""What `Game.fork()` and `Game.determinize(seat, seed)` cost, through the public API, for every
bundled game at two points of a game (issue 24's groundwork; nothing here is asserted anywhere).

    .venv/bin/python benchmarks/fork_bench.py [--game G] [--games N] [--reps R] [--seed S] [--quick]

For each game (`game_agent.games.GAMES`, or the one `--game` names) and each manifest row of
random bots: random-bot games (`sgs.runner.play`, as `sgs sim` plays them) with seeds S, S+1, ...
give the typical length (the median decisions of the first N games, printed). The points are 175
and 350 decisions for 5-player identity Sanguosha (the issue's points) and a quarter and a half
of the typical length for every other row. At each point, the first N games still running there
are rebuilt there (`Game.replay` of their first k decisions), and each is then timed R times,
interleaved: a new game replaying those k decisions from scratch (the engine alone), `fork()`,
and `determinize(seat, seed)` for the seat whose request is open (Sanguosha takes a sample only
at the seat's own request). The table gives medians and p90s in ms over the N x R timings, the
ratio of the fork's median to the median replay from scratch, and the 1-minute load average at
the end of the row. A second table gives, per point, what a snapshot of the state would cost:
`copy.deepcopy(game.state)`, the same without the attributes that do not pickle (Sanguosha's
derived skill index, built of closures), a pickle round trip of that and the pickle's size.
"""

from __future__ import annotations

import argparse
import copy
import math
import os
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Decision, EngineError, Game
from game_agent.games import GAMES, manifest
from sgs.runner import play

# The issue's points for 5-player identity Sanguosha; other rows take fractions of their length.
ISSUE_POINTS = (175, 350)
FRACTIONS = (0.25, 0.5)
# Event kinds that start a turn (Sanguosha's `turn`; Carcassonne's and muhq's `turn_started`).
TURN_KINDS = frozenset({"turn", "turn_started"})


@dataclass
class Played:
    seed: int
    decisions: list[Decision]
    seconds: float  # the whole game with random bots


@dataclass
class Pool:
    """Random-bot games of one row, played lazily from the first seed on (so deterministic)."""

    game: str
    config: dict[str, Any]
    seed: int
    games: list[Played] = field(default_factory=list)

    def __iter__(self) -> Iterator[Played]:
        i = 0
        while True:
            if i == len(self.games):
                seed = self.seed + i
                t0 = time.perf_counter()
                g = play(self.game, self.config, seed, ["random"]).game
                dt = time.perf_counter() - t0
                self.games.append(Played(seed, list(g.decisions), dt))
            yield self.games[i]
            i += 1

    def running_at(self, k: int, n: int, cap: int) -> list[Played]:
        """The first n games that are still running after k decisions (looking at most at cap)."""
        out: list[Played] = []
        for i, p in enumerate(self):
            if i >= cap or len(out) == n:
                break
            if len(p.decisions) > k:
                out.append(p)
        return out


@dataclass
class Point:
    label: str
    config_label: str
    k: int
    games: int
    events: float  # median events at the point
    replay: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)  # each game's first fork (a replay)
    fork: list[float] = field(default_factory=list)  # the later ones (from the snapshot)
    det: list[float] = field(default_factory=list)
    det_refused: int = 0
    det_hook: bool = True
    bots_pro_rata: list[float] = field(default_factory=list)
    copy: list[float] = field(default_factory=list)  # the ruleset's copy_state (or deepcopy)
    since_turn: list[int] = field(default_factory=list)  # decisions since the turn started
    load: float = 0.0


def ms(seconds: float) -> float:
    return seconds * 1000.0


def p90(xs: Sequence[float]) -> float:
    s = sorted(xs)
    return s[max(0, math.ceil(0.9 * len(s)) - 1)]


def med(xs: Sequence[float]) -> float:
    return statistics.median(xs) if xs else math.nan


def load1() -> float:
    return os.getloadavg()[0]


def points_for(game: str, config: dict[str, Any], typical: float) -> list[int]:
    identity = config.get("mode", "identity") == "identity"
    if game == "sanguosha" and identity and config.get("players") == 5:
        return list(ISSUE_POINTS)
    return sorted({max(1, round(typical * f)) for f in FRACTIONS})


def measure(
    game: str, row_label: str, config: dict[str, Any], pool: Pool, k: int, n: int, reps: int
) -> Point:
    ruleset = manifest(game).ruleset
    chosen = pool.running_at(k, n, cap=20 * n)
    pt = Point(game, row_label, k, len(chosen), 0.0)
    pt.det_hook = hasattr(ruleset, "determinize")
    events: list[int] = []
    for gi, p in enumerate(chosen):
        base = Game(ruleset, config, p.seed)
        base.start()
        after = [len(base.events)]  # events after i decisions
        for d in p.decisions[:k]:
            base.resume(d.choice, seat=d.seat, timeout=d.timeout)
            after.append(len(base.events))
        turns = [j for j, e in enumerate(base.events) if e.kind in TURN_KINDS]
        if turns:
            made = next(i for i, count in enumerate(after) if count > turns[-1])
            pt.since_turn.append(k - made)
        events.append(len(base.events))
        seat = base.open[0].seat if base.open else 0
        copy_state = getattr(ruleset, "copy_state", copy.deepcopy)
        pt.bots_pro_rata.append(ms(p.seconds * k / len(p.decisions)))
        for r in range(reps + 1):
            t0 = time.perf_counter()
            Game(ruleset, config, p.seed).replay(p.decisions[:k])
            t1 = time.perf_counter()
            f = base.fork()
            t2 = time.perf_counter()
            pt.replay.append(ms(t1 - t0))
            (pt.fork if r else pt.first).append(ms(t2 - t1))
            assert len(f.decisions) == k
            if pt.det_hook and r:
                try:
                    t3 = time.perf_counter()
                    base.determinize(seat, gi * reps + r)
                    t4 = time.perf_counter()
                    pt.det.append(ms(t4 - t3))
                except EngineError:
                    pt.det_refused += 1
            t5 = time.perf_counter()
            copy_state(base.state)
            t6 = time.perf_counter()
            pt.copy.append(ms(t6 - t5))
    pt.events = med(events) if events else math.nan
    pt.load = load1()
    return pt


def num(x: float, width: int, digits: int) -> str:
    return f"{'-':>{width}}" if math.isnan(x) else f"{x:{width}.{digits}f}"


def fmt(xs: Sequence[float]) -> str:
    if not xs:
        return f"{'-':>7} {'-':>7}"
    digits = 3 if med(xs) < 1 else 2
    return f"{med(xs):7.{digits}f} {p90(xs):7.{digits}f}"


def print_tables(points: Sequence[Point]) -> None:
    head = (
        f"{'game':12} {'config':22} {'point':>6} {'games':>5} {'events':>7} "
        f"{'replay':>7} {'p90':>7} {'first':>7} {'fork':>7} {'p90':>7} {'determ':>7} {'p90':>7} "
        f"{'copy':>6} {'turn+':>5} {'replay/fork':>11} {'load':>5}"
    )
    print()
    print("ms (median, p90). replay: a new game fed the k decisions (what fork() cost before")
    print("snapshots); first: a game's first fork (a replay, which arms its snapshots); fork and")
    print("determ: the later ones; copy: the ruleset's copy_state of the state; turn+: median")
    print("decisions since the turn began (fed back by a fork); load: 1-min average at row end")
    print(head)
    for pt in points:
        ratio = med(pt.replay) / med(pt.fork) if pt.fork else math.nan
        det = fmt(pt.det) if pt.det_hook else f"{'no hook':>15}"
        refused = f"  ({pt.det_refused} determinize refused)" if pt.det_refused else ""
        since = med([float(n) for n in pt.since_turn]) if pt.since_turn else math.nan
        first = med(pt.first) if pt.first else math.nan
        print(
            f"{pt.label:12} {pt.config_label:22} {pt.k:6d} {pt.games:5d} {pt.events:7.0f} "
            f"{fmt(pt.replay)} {num(first, 7, 2)} {fmt(pt.fork)} {det} "
            f"{num(med(pt.copy), 6, 3)} {num(since, 5, 0)} {ratio:11.1f} {pt.load:5.2f}{refused}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", choices=GAMES, default=None, help="one game (default: every game)")
    ap.add_argument("--games", type=int, default=30, help="games per point (30)")
    ap.add_argument("--reps", type=int, default=5, help="timings of each kind per game (5)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    ap.add_argument("--quick", action="store_true", help="5 games x 2 timings, first row only")
    args = ap.parse_args(argv)
    games, reps = (5, 2) if args.quick else (args.games, args.reps)
    print(f"fork_bench: games {games} x reps {reps}, seed {args.seed}, load {load1():.2f}")
    points: list[Point] = []
    for game in [args.game] if args.game else GAMES:
        m = manifest(game)
        rows = [r for r in (*m.rows, *m.bench_rows) if r.bots == "random"]
        if args.quick:
            rows = rows[:1]
        for row in rows:
            config = m.ruleset.configure(dict(row.config))
            pool = Pool(game, config, args.seed)
            first = [p for _, p in zip(range(games), pool, strict=False)]
            lengths = [len(p.decisions) for p in first]
            typical = statistics.median(lengths)
            ks = points_for(game, config, typical)
            print(
                f"{game} {row.label}: typical length {typical:g} decisions "
                f"(median of {len(lengths)} random-bot games, {min(lengths)}-{max(lengths)}); "
                f"points {', '.join(map(str, ks))}; load {load1():.2f}",
                flush=True,
            )
            for k in ks:
                points.append(measure(game, row.label, config, pool, k, games, reps))
    print_tables(points)
    print(f"\nload at the end {load1():.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
