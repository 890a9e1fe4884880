"""What the replay log costs: 5-player Sanguosha `sgs sim` (random bots, in process) with a log
and without one, `sgs replay --verify` of those logs, and the bytes of a log, side by side.

    .venv/bin/python benchmarks/log_bench.py --games 40 --rounds 5

Every mode plays (or verifies) the same seeds. Each round runs every mode on each seed in turn,
in an order that rotates from seed to seed, and a game's time is the fastest of the rounds: a
machine shared with other work (this one has 2 cores) then slows a mode only when it slows
all of them, and a spike is not counted. Modes:

  sim              `sgs.runner.play(..., log_path=None)`: what `sgs sim` runs per game
  sim+log          the same, writing a fresh log file per game (`sgs sim --log-dir`): the
                   runner's writer, which nobody asks to flush, writes the header at open and
                   its buffer past 256 KiB and at close (one write for a whole game here)
  sim+log flushed  the same writer flushed after every decision, as the network server does
                   before it sends anything: one os.write per decision
  sim+log v2       the writer as it was before format 3 (kept below), flushed per decision
  sim+encode       the encoder (format 4) without a file: what encoding alone costs
  sim+write        one os.write per decision of a fixed 400 bytes to a fresh file, nothing
                   encoded: what handing each decision to the OS alone costs
  re-execute       `Game` fed the logged choices, nothing read or checked: verify's floor
  verify           `replays.reexecution` (what `sgs replay --verify` runs): the fast road
  verify detailed  `replays.reexecution(..., detailed=True)`: decode every record, compare values,
                   rebuild the file's bytes (the road that names a divergence)

Bytes per game are given for format 4 (the files written; format 3's records, as many bytes,
with chained checksums) and format 2 (the same records with the format-2 encoder). Goals (issue
8): sim with a log <= 1.15x sim's time; verify's decisions per second >= sim's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgpack

from game_agent.engine import Decision, Event, Game, RequestSpec
from game_agent.games import load
from replays.format import Encoder, frame, magic
from replays.reexecution import canonical_bytes, verify
from replays.writer import LogWriter, header_for
from sgs.runner import drive, make_bots, play

GAME = "sanguosha"
BOTS = ["random"]


class Format2Writer:
    """The writer as it was before format 3, to measure it in the same run: one `packb` (a new
    packer) per record, a framed copy per record, a buffered file flushed at every decision."""

    def __init__(self, path: str, header: dict[str, Any]) -> None:
        self._f = open(path, "wb")  # noqa: SIM115 - closed in close()
        self._f.write(magic(2) + frame(msgpack.packb({**header, "format": 2})))
        self._f.flush()

    def events(self, events: list[Event]) -> None:
        for ev in events:
            rec = ["e", ev.kind, ev.data, None if ev.seats is None else list(ev.seats), ev.public]
            self._f.write(frame(msgpack.packb(rec, use_bin_type=True)))

    def request(self, req: RequestSpec) -> None:
        self._f.write(frame(msgpack.packb(["q", req.to_wire()], use_bin_type=True)))

    def step(self, events: list[Event], req: RequestSpec) -> None:
        self.events(events)
        self.request(req)

    def put_step(self, events: list[Event], asked: Sequence[RequestSpec]) -> None:
        self.events(events)
        for req in asked:
            self.request(req)

    def decision(self, d: Decision) -> None:
        rec = ["d", d.id, d.seat, d.choice, d.timeout]
        self._f.write(frame(msgpack.packb(rec, use_bin_type=True)))
        self._f.flush()

    def close(self) -> None:
        self._f.close()


class Flushed(LogWriter):
    """The log writer flushed after every decision (the server's pattern)."""

    def decision(self, d: Decision) -> None:
        super().decision(d)
        self.flush()


class EncodeOnly(Encoder):
    """The encoder (format 4), its bytes dropped at every decision instead of written."""

    def decision(self, d: Decision) -> None:
        self.decision_of(d.id, d.seat, d.choice, d.timeout)
        self.buf.clear()

    def close(self) -> None:
        return None


class WriteOnly:
    """One os.write of 400 bytes per decision to a fresh file, nothing encoded."""

    CHUNK = b"x" * 400

    def __init__(self, path: str) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)

    def events(self, events: list[Event]) -> None:
        return None

    def request(self, req: RequestSpec) -> None:
        return None

    def step(self, events: list[Event], req: RequestSpec) -> None:
        return None

    def put_step(self, events: list[Event], asked: Sequence[RequestSpec]) -> None:
        return None

    def decision(self, d: Decision) -> None:
        os.write(self.fd, self.CHUNK)

    def close(self) -> None:
        os.close(self.fd)


def play_with(config: dict[str, Any], seed: int, make: Callable[[Game], Any]) -> int:
    game = Game(load(GAME), config, seed)
    bots = make_bots(GAME, BOTS, game.seats, seed)
    writer = make(game)
    try:
        drive(game, bots, writer)
    finally:
        writer.close()
    return len(game.decisions)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per round (seeds S..S+N-1)")
    ap.add_argument("--rounds", type=int, default=5, help="a game's time is its fastest round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--dir", default=None, help="where to write the logs (default: a temp dir)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    config = {"players": args.players}
    seeds = list(range(args.seed, args.seed + args.games))
    root = Path(tempfile.mkdtemp(prefix="sgs-log-bench-", dir=args.dir))
    keep = root / "verified"  # one log per seed, for the verify modes
    keep.mkdir()
    scratch = root / "scratch"  # a fresh file per game for the writing modes
    scratch.mkdir()
    n = 0

    def fresh() -> str:
        nonlocal n
        n += 1
        return str(scratch / f"{n}.sgslog")

    def kept(seed: int) -> str:
        return str(keep / f"{GAME}-{seed}.sgslog")

    choices: dict[int, list[Any]] = {}
    for s in seeds:  # the logs verify reads, and the choices re-execution replays
        played = play(GAME, config, s, BOTS, kept(s))
        choices[s] = [d.choice for d in played.game.decisions]

    def reexecute(seed: int) -> int:
        game = Game(load(GAME), config, seed)
        game.start()
        for choice in choices[seed]:
            game.resume(choice)
        return len(choices[seed])

    def checked(seed: int, detailed: bool) -> int:
        report = verify(kept(seed), detailed=detailed)
        if not report.ok:
            raise SystemExit(f"verify failed: {report.message}")
        return report.decisions

    modes: dict[str, Callable[[int], int]] = {
        "sim": lambda s: len(play(GAME, config, s, BOTS).game.decisions),
        "sim+log": lambda s: len(play(GAME, config, s, BOTS, fresh()).game.decisions),
        "sim+log flushed": lambda s: play_with(
            config, s, lambda g: Flushed(fresh(), header_for(g, BOTS * g.seats))
        ),
        "sim+log v2": lambda s: play_with(
            config, s, lambda g: Format2Writer(fresh(), header_for(g, BOTS * g.seats))
        ),
        "sim+encode": lambda s: play_with(config, s, lambda g: EncodeOnly()),
        "sim+write": lambda s: play_with(config, s, lambda g: WriteOnly(fresh())),
        "re-execute": reexecute,
        "verify": lambda s: checked(s, False),
        "verify detailed": lambda s: checked(s, True),
    }
    names = list(modes)
    best = {m: dict.fromkeys(seeds, float("inf")) for m in modes}
    decisions = dict.fromkeys(modes, 0)
    for r in range(args.rounds):
        for i, s in enumerate(seeds):
            k = (i + r) % len(names)
            for name in names[k:] + names[:k]:
                t0 = time.perf_counter()
                got = modes[name](s)
                best[name][s] = min(best[name][s], time.perf_counter() - t0)
                if r == 0:
                    decisions[name] += got
        shutil.rmtree(scratch)
        scratch.mkdir()

    sizes4, sizes2 = [], []
    for s in seeds:
        sizes4.append(os.path.getsize(kept(s)))
        game = Game(load(GAME), config, s)
        game.start()
        for choice in choices[s]:
            game.resume(choice)
        header = header_for(game, BOTS * game.seats)
        header["format"] = 2
        sizes2.append(len(canonical_bytes(header, game)))
    shutil.rmtree(root, ignore_errors=True)

    seconds = {m: sum(best[m].values()) for m in modes}
    dps = {m: decisions[m] / seconds[m] for m in modes}
    sim = seconds["sim"]
    result = {
        "games": args.games,
        "rounds": args.rounds,
        "decisions_per_game": decisions["sim"] / args.games,
        "decisions_per_second": {m: round(v) for m, v in dps.items()},
        "time_over_sim": {m: round(seconds[m] / sim, 3) for m in modes},
        "sim_log_over_sim": round(seconds["sim+log"] / sim, 3),
        "verify_dps_over_sim_dps": round(dps["verify"] / dps["sim"], 3),
        "bytes_per_game_format4": round(sum(sizes4) / len(sizes4)),
        "bytes_per_game_format2": round(sum(sizes2) / len(sizes2)),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print(
        f"{GAME}, {args.players} players, random bots: {args.games} games, fastest of"
        f" {args.rounds} rounds, {result['decisions_per_game']:.0f} decisions per game"
    )
    for m in modes:
        print(
            f"  {m:16s} {dps[m]:8.0f} decisions/s  {seconds[m]:7.3f} s"
            f"  {seconds[m] / sim:6.3f}x sim's time"
        )
    print(
        f"  sim with a log / without (time):       {result['sim_log_over_sim']:.3f}x"
        "  (goal <= 1.15)"
    )
    print(
        f"  verify / sim (decisions per second):   {result['verify_dps_over_sim_dps']:.3f}x"
        "  (goal >= 1.0)"
    )
    b4, b2 = result["bytes_per_game_format4"], result["bytes_per_game_format2"]
    print(f"  bytes per game: format 4 {b4}, format 2 {b2} ({b4 / b2:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
