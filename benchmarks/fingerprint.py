"""Fingerprint every bundled game: proof that a refactor changed no bytes.

For each row (every registered game's manifest rows, `game_agent.games.manifest(game).rows`,
named `<game> <row.label>`: a config and the bots of its seats) this plays --games seeded
games (seeds 1..N) with `sgs sim --log-dir` in a subprocess (the CLI is the surface most likely
to survive a module move) and writes one entry of sha256 digests:

- `log`: the replay logs' bytes, concatenated in seed order (the same as
  `cat GAME-1.sgslog GAME-2.sgslog ... | sha256sum`).
- `views`: for every game, for every seat and the spectator (-1), in that order, the bytes of
  each `event` message the server would send that seat (`protocol.codec.encode` of the
  `protocol.messages.EventMsg` the fan-out builds: its seq counts that seat's events from 0,
  and an event the seat is told nothing of takes no number).
- `requests`: every request (`RequestSpec.to_wire()`, with the number of events before it) and
  every decision (id, seat, choice, timeout, at) in log order, as the log reader returns them.
- `folded`: for every game, every seat's and the spectator's user-agent view at the end of the
  game, folded from its own events (what `view_for` gives it, as `sgs.runner.drive` hands them
  to a bot); see `canonical` for the representation hashed.
- `text`: `sgs replay LOG` (the narrated replay) of the first 5 logs. Reported, never failed:
  wording may change on purpose.

Every part but the logs is length-prefixed before it is hashed, so no two sequences of parts
hash alike. Subprocesses and this script run with PYTHONHASHSEED=0 (the script re-executes
itself when it is not set), so set iteration order cannot make a run differ from the next.

    python benchmarks/fingerprint.py --games 200 --out base.json
    python benchmarks/fingerprint.py --games 200 --out new.json
    python benchmarks/fingerprint.py --compare base.json new.json   # exit 1 on a difference

A row in both files that differs fails the comparison, and so does a row of A missing from B; a
row only in B (a game or row added since A was taken) is listed and not compared.

The two imports that issue 21 moves go through `_view_for_event` and `_view_for` below (a new
location first, the old one as the fallback): fix them there if the guess is wrong.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import msgpack

DIGESTS = ("log", "views", "requests", "folded")  # a difference in any of these fails --compare
REPORTED = ("text",)  # differences reported only
TEXT_LOGS = 5  # how many logs of each row `text` narrates
SPECTATOR = -1


@dataclass(frozen=True)
class Row:
    name: str
    game: str
    options: tuple[str, ...]  # `sgs sim` game options: --option KEY=VALUE
    bots: str  # `sgs sim --bots`

    def sim_args(self) -> list[str]:
        return ["--game", self.game, *self.options, "--bots", self.bots]


def _rows() -> list[Row]:
    """Every registered game's manifest rows, named `<game> <row.label>`."""
    from game_agent.games import GAMES, manifest

    rows: list[Row] = []
    for game in GAMES:
        for row in manifest(game).rows:
            options = [f"--option={k}={_toml(v)}" for k, v in row.config.items()]
            rows.append(Row(f"{game} {row.label}", game, tuple(options), row.bots))
    return rows


def _toml(value: object) -> str:
    """A config value as `sgs sim --option` reads it (TOML): JSON's scalars and arrays are."""
    return json.dumps(value)


ROWS = _rows()


# --- the adaptors: what issue 21 moves --------------------------------------------------------


def _import_first(attr: str, *modules: str) -> Any:
    """`attr` of the first of `modules` that can be imported and has it."""
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if hasattr(module, attr):
            return getattr(module, attr)
    raise ImportError(f"no {attr} in any of {', '.join(modules)}")


def _view_for_event() -> Callable[[Any, int], dict[str, Any] | None]:
    """ADAPTOR: the one visibility function, `view_for(event, seat)`."""
    fn: Callable[[Any, int], dict[str, Any] | None] = _import_first(
        "view_for", "protocol.records", "game_agent.engine"
    )
    return fn


def _view_for(game: str, seat: int, seats: int) -> Any:
    """ADAPTOR: the bundled user-agent view of `game` for `seat` (-1: the spectator).
    After issue 21: `user_agent.games.for_game(game, seat, seats)`; before it:
    `user_agent.views.for_game(game, seat, seats)`."""
    try:
        registry: Any = importlib.import_module("user_agent.games")
        return registry.for_game(game, seat, seats)
    except (ModuleNotFoundError, AttributeError):
        views: Any = importlib.import_module("user_agent.views")
        return views.for_game(game, seat, seats)


# --- a deterministic representation of a view -------------------------------------------------


def canonical(o: object, _path: frozenset[int] = frozenset()) -> Any:
    """`o` as plain JSON data that does not depend on memory addresses, hash seeds or module
    paths: an object is its class's __qualname__ (not its module: modules move) and its public
    attributes (from __dict__ and __slots__; names starting with `_` are caches and are
    skipped), sorted by name; a dict is its [key, value] pairs and a set its items, sorted by
    their JSON text; lists and tuples keep their order and are told apart. A cycle is
    `["cycle", qualname]`."""
    if o is None or isinstance(o, bool | int | str):
        return o
    if isinstance(o, float):
        return ["float", repr(o)]
    if isinstance(o, bytes | bytearray):
        return ["bytes", bytes(o).hex()]
    if isinstance(o, enum.Enum):
        return ["enum", type(o).__qualname__, canonical(o.value, _path)]
    if isinstance(o, type | types.FunctionType | types.BuiltinFunctionType | types.MethodType):
        return ["callable", getattr(o, "__qualname__", type(o).__qualname__)]
    if isinstance(o, types.ModuleType):
        return ["module", o.__name__]
    if id(o) in _path:
        return ["cycle", type(o).__qualname__]
    path = _path | {id(o)}
    if isinstance(o, list):
        return ["list", [canonical(x, path) for x in o]]
    if isinstance(o, tuple):
        return ["tuple", type(o).__qualname__, [canonical(x, path) for x in o]]
    if isinstance(o, dict):
        pairs = [[canonical(k, path), canonical(v, path)] for k, v in o.items()]
        return ["dict", sorted(pairs, key=_json)]
    if isinstance(o, set | frozenset):
        return ["set", sorted((canonical(x, path) for x in o), key=_json)]
    names: set[str] = set(getattr(o, "__dict__", {}))
    for cls in type(o).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    if dataclasses.is_dataclass(o):
        names.update(f.name for f in dataclasses.fields(o))
    public = sorted(n for n in names if not n.startswith("_") and hasattr(o, n))
    if not public:
        text = repr(o)
        return ["object", type(o).__qualname__, "" if " at 0x" in text else text]
    return ["object", type(o).__qualname__, [[n, canonical(getattr(o, n), path)] for n in public]]


def _json(o: object) -> str:
    return json.dumps(o, sort_keys=True, separators=(",", ":"))


# --- one row ----------------------------------------------------------------------------------


class Digest:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def part(self, b: bytes) -> None:
        self.h.update(len(b).to_bytes(8, "big"))
        self.h.update(b)

    def hex(self) -> str:
        return self.h.hexdigest()


def _pack(o: object) -> bytes:
    out: bytes = msgpack.packb(o, use_bin_type=True)
    return out


def sgs_command() -> list[str]:
    """The `sgs` command of the Python running this script (its venv), else the one on PATH."""
    here = Path(sys.executable).parent / "sgs"
    if here.exists():
        return [str(here)]
    found = shutil.which("sgs")
    if found is None:
        raise SystemExit("fingerprint: no `sgs` command next to this Python or on PATH")
    return [found]


def _run(cmd: Sequence[str], cwd: str | None = None) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=False)
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: {err[-2000:]}")
    return done.stdout


def fingerprint_row(row: Row, games: int, keep: str | None) -> dict[str, Any]:
    started = time.perf_counter()
    if keep is None:
        with tempfile.TemporaryDirectory(prefix="sgs-fingerprint-") as tmp:
            result = _fingerprint_in(row, games, os.path.join(tmp, "logs"))
    else:
        log_dir = os.path.join(keep, row.name.replace(" ", "-"))
        if os.path.isdir(log_dir):
            shutil.rmtree(log_dir)  # sim never overwrites a log
        result = _fingerprint_in(row, games, log_dir)
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def _fingerprint_in(row: Row, games: int, log_dir: str) -> dict[str, Any]:
    sgs = sgs_command()
    sim = [*sgs, "sim", *row.sim_args(), "--games", str(games), "--seed", "1"]
    _run([*sim, "--log-dir", log_dir, "--quiet", "--json"])
    paths = [os.path.join(log_dir, f"{row.game}-{s}.sgslog") for s in range(1, games + 1)]
    from replays import read_log  # stable across issue 21

    view_for = _view_for_event()
    event_msg: Any = _import_first("EventMsg", "protocol.messages")
    encode: Callable[[Any], bytes] = _import_first("encode", "protocol.codec")

    log_h = hashlib.sha256()
    views, requests, folded, text = Digest(), Digest(), Digest(), Digest()
    counts = {"log_bytes": 0, "events": 0, "requests": 0, "decisions": 0, "messages": 0}
    for i, path in enumerate(paths):
        blob = Path(path).read_bytes()
        log_h.update(blob)
        counts["log_bytes"] += len(blob)
        log = read_log(path)
        if log.damage is not None or log.ending is not None:
            raise RuntimeError(f"{path}: damaged or ended early ({log.damage or log.ending})")
        seats = len(log.header["seats"])
        audience = [*range(seats), SPECTATOR]
        events = log.events
        counts["events"] += len(events)
        # views: each seat's wire messages, seat by seat
        for seat in audience:
            seq = 0
            for ev in events:
                data = view_for(ev, seat)
                if data is None:
                    continue
                views.part(encode(event_msg(seq=seq, kind=ev.kind, data=data)))
                seq += 1
            counts["messages"] += seq
            views.part(b"end of seat")
        # requests and decisions, in log order
        n_events = 0
        for rec in log.records:  # Event | RequestSpec | Decision, told apart by their fields
            r: Any = rec
            if hasattr(r, "to_wire"):
                requests.part(_pack(["request", n_events, r.to_wire()]))
                counts["requests"] += 1
            elif hasattr(r, "choice"):
                requests.part(_pack(["decision", r.id, r.seat, r.choice, r.timeout, r.at]))
                counts["decisions"] += 1
            else:
                n_events += 1
        # folded views, fed event by event in seat order (as sgs.runner.drive feeds bots)
        kept = [(seat, _view_for(row.game, seat, seats)) for seat in audience]
        for ev in events:
            for seat, view in kept:
                data = view_for(ev, seat)
                if data is not None:
                    view.apply(ev.kind, data)
        for _seat, view in kept:
            folded.part(_json(canonical(view)).encode())
        if i < TEXT_LOGS:
            text.part(_run([*sgs, "replay", os.path.basename(path)], cwd=log_dir))
    return {
        "game": row.game,
        "sim": sim[1:],
        "games": games,
        "log": log_h.hexdigest(),
        "views": views.hex(),
        "requests": requests.hex(),
        "folded": folded.hex(),
        "text": text.hex(),
        **counts,
    }


def _work(job: tuple[Row, int, str | None]) -> tuple[str, dict[str, Any] | str]:
    row, games, keep = job
    try:
        return row.name, fingerprint_row(row, games, keep)
    except Exception as exc:  # reported by the parent, which exits 2
        return row.name, f"{type(exc).__name__}: {exc}"


def fingerprint(rows: Sequence[Row], games: int, jobs: int, keep: str | None) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, dict[str, Any]] = {}
    failed: dict[str, str] = {}
    work = [(row, games, keep) for row in rows]
    print(f"fingerprint: {len(rows)} rows x {games} games, {jobs} jobs", file=sys.stderr)
    with Pool(jobs) as pool:
        for done, (name, result) in enumerate(pool.imap_unordered(_work, work), 1):
            if isinstance(result, str):
                failed[name] = result
                print(f"[{done}/{len(rows)}] {name}: FAILED {result}", file=sys.stderr)
                continue
            out[name] = result
            print(
                f"[{done}/{len(rows)}] {name}: {result['seconds']} s, "
                f"{result['events']} events, {result['decisions']} decisions",
                file=sys.stderr,
            )
    if failed:
        raise SystemExit(f"fingerprint: {len(failed)} rows failed: {', '.join(failed)}")
    return {
        "games": games,
        "seeds": [1, games],
        "commit": _git_head(),
        "seconds": round(time.perf_counter() - started, 1),
        "rows": {row.name: out[row.name] for row in rows},
    }


def _git_head() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=False
        )
    except OSError:
        return ""
    return done.stdout.strip()


# --- compare ----------------------------------------------------------------------------------


def compare(a_path: str, b_path: str) -> int:
    a = json.loads(Path(a_path).read_text())
    b = json.loads(Path(b_path).read_text())
    if a["games"] != b["games"]:
        print(f"cannot compare: {a['games']} games per row against {b['games']}")
        return 2
    print(f"A: {a_path} (commit {a.get('commit', '?')[:12]})")
    print(f"B: {b_path} (commit {b.get('commit', '?')[:12]})")
    names = [*a["rows"], *(n for n in b["rows"] if n not in a["rows"])]
    fields = (*DIGESTS, *REPORTED)
    width = max(len(n) for n in [*names, "row"])
    print("  ".join(["row".ljust(width), *(f.ljust(9) for f in fields)]).rstrip())
    failed = reported = new = 0
    for name in names:
        ra, rb = a["rows"].get(name), b["rows"].get(name)
        if ra is None:  # a row added since A was taken (a new game or row): nothing to compare
            cells = ["new in B (not compared)"]
            new += 1
        elif rb is None:
            cells = ["missing in B"]
            failed += 1
        else:
            cells = ["equal" if ra[f] == rb[f] else "DIFFERENT" for f in fields]
            failed += any(ra[f] != rb[f] for f in DIGESTS)
            reported += any(ra[f] != rb[f] for f in REPORTED)
        print("  ".join([name.ljust(width), *(c.ljust(9) for c in cells)]).rstrip())
    print(
        f"{len(names)} rows: {failed} differ in {'/'.join(DIGESTS)}"
        + (f"; {reported} differ in text only (not a failure)" if reported else "")
        + (f"; {new} new in B, not in A (not a failure)" if new else "")
    )
    return 1 if failed else 0


# --- main -------------------------------------------------------------------------------------


def main(argv: Iterable[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=100, help="games per row, seeds 1..N (100)")
    p.add_argument("--out", default=None, metavar="FILE", help="write the JSON here too")
    p.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two JSON files")
    p.add_argument("--only", default=None, metavar="TEXT", help="only the rows naming TEXT")
    p.add_argument("--jobs", type=int, default=2, help="rows played at once (2)")
    p.add_argument(
        "--keep", default=None, metavar="DIR", help="keep the logs in DIR/<row>/ (to diff them)"
    )
    args = p.parse_args(None if argv is None else list(argv))
    if args.compare:
        return compare(*args.compare)
    if args.games < 1:
        p.error("--games must be at least 1")
    rows = [r for r in ROWS if args.only is None or args.only in r.name]
    if not rows:
        p.error(f"no row names {args.only!r}: {', '.join(r.name for r in ROWS)}")
    result = fingerprint(rows, args.games, max(1, args.jobs), args.keep)
    text = json.dumps(result, indent=2, sort_keys=True)
    print(text)
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        Path(args.out).write_text(text + "\n")
        print(f"fingerprint: wrote {args.out} in {result['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # one set order for this run and the next
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    sys.exit(main())
