"""Where the time per step goes: cProfile of the environments and of `sgs sim`, by function and
by package.

    .venv/bin/python benchmarks/profile_envs.py [--game all|sanguosha_v0|carcassonne_v0|
                                                       muhq_v0|sim]
                                               [--steps 20000] [--seed 1] [--top 15]
                                               [--dump DIR] [--rates ROUNDS] [--parts ROUNDS]

Four targets, each with deterministic seeds (episode/game `k` has seed `--seed + k`, the
actions come from `numpy.random.default_rng(--seed)`):

- `sanguosha_v0` (5-player identity), `carcassonne_v0` (2 players) and `muhq_v0` (a duel),
  configured as in `benchmarks/envs_bench.py` (the game's first manifest row of random bots):
  `env.last()` and `env.step` with a uniformly random legal action from the observation's
  `action_mask`, for `--steps` steps (whole episodes, the last one cut at the step count);
- `sim`: `sgs.runner.play("sanguosha", {"players": 5}, seed, ["random"])`, what `sgs sim` runs
  in-process for 5-player identity with random bots, whole games until `--steps` decisions.

Each target runs once unprofiled (steps per second, to size the profiler's overhead) and once
under cProfile. For each it prints the top functions by cumulative and by own time, and a table
of own time per package (percent of the profiled total): the engine, the ruleset, the views
that fold events, the observation encoders, the action space and masks, the environment
wrapper, the bots, logging, numpy, the standard library. A built-in function (a C call such as
`list.append`) has no module: its time is charged to the package of the Python function that
called it (split over its callers by their share of its time). cProfile adds a fixed cost per
call, so the shares overstate code that makes many small calls; compare shares, not absolute
times. `--rates ROUNDS` profiles nothing: it measures the targets' steps per second against
RLCard's UNO (`benchmarks/envs_bench.py`'s row), interleaved, UNO after every target slice.
`--parts ROUNDS` profiles nothing either: each environment's µs per step in full, with its
observation cut to the mask (no encoding), and with no folding of views either, interleaved;
the differences are the unprofiled cost of the encodings and of the folding.
Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np

# (file, line, function) as pstats keys them
Func = tuple[str, int, str]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Ordered: the first prefix (of the path relative to the repository) that matches names the
# package. Paths outside the repository are matched by the later rules.
PACKAGES: tuple[tuple[str, str], ...] = (
    ("game_agent/engine/", "engine"),
    ("game_agent/games/", "ruleset"),
    ("user_agent/games/sanguosha/view.py", "view (event folding)"),
    ("user_agent/games/carcassonne/view.py", "view (event folding)"),
    ("user_agent/games/carcassonne/board.py", "view (event folding)"),
    ("user_agent/games/muhq/view.py", "view (event folding)"),
    ("user_agent/games/sanguosha/observe.py", "observation encoding"),
    ("user_agent/games/carcassonne/observe.py", "observation encoding"),
    ("user_agent/games/muhq/observe.py", "observation encoding"),
    ("user_agent/actions.py", "action space and mask"),
    ("sgs/envs/", "env wrapper"),
    ("user_agent/bots/", "bots"),
    ("user_agent/bot.py", "bots"),
    ("user_agent/games/sanguosha/smart.py", "bots"),
    ("user_agent/games/sanguosha/ai/", "bots"),
    ("user_agent/games/carcassonne/greedy.py", "bots"),
    ("user_agent/games/", "user_agent (other)"),
    ("sgs/runner.py", "runner"),
    ("replays/", "logging"),
    ("sgs/structured_logging.py", "logging"),
    ("protocol/games/", "ruleset: protocol/games"),  # rules code the clients share
    ("protocol/", "protocol"),
    ("benchmarks/", "benchmark loop"),
)


ALWAYS = ("engine", "ruleset", "observation encoding", "action space and mask", "bots", "logging")


def package_of(filename: str) -> str:
    if filename == "~" or filename.startswith("<"):
        return "builtin"
    path = os.path.abspath(filename)
    parts = path.replace(os.sep, "/").split("/")
    if path.startswith(ROOT + os.sep) and "site-packages" not in parts:
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        for prefix, name in PACKAGES:
            if rel.startswith(prefix):
                return name
        return "sgs (other)"
    for name, label in (
        ("structlog", "logging"),
        ("logging", "logging"),
        ("numpy", "numpy"),
        ("pettingzoo", "pettingzoo/gymnasium"),
        ("gymnasium", "pettingzoo/gymnasium"),
        ("msgpack", "msgpack"),
    ):
        if name in parts:
            return label
    return "python stdlib" if "site-packages" not in parts else "other libraries"


def label(func: Func) -> str:
    filename, line, name = func
    if filename == "~":
        return name
    path = os.path.abspath(filename)
    if "site-packages" in path:
        filename = path.split("site-packages" + os.sep, 1)[1]
    elif path.startswith(ROOT + os.sep):
        filename = os.path.relpath(path, ROOT)
    else:
        filename = "/".join(filename.split(os.sep)[-2:])
    return f"{filename}:{line}({name})"


# --- targets -----------------------------------------------------------------------------------


def make_env(name: str) -> Any:
    """The environment as `envs_bench.py` configures it (the first manifest row of random bots)."""
    import importlib

    from game_agent.games import manifest
    from sgs.envs import entries

    game, _entry = entries()[name]
    row = next((r for r in manifest(game).rows if r.bots == "random"), None)
    config = dict(row.config) if row else {}
    return getattr(importlib.import_module("sgs.envs"), name).env(config=config)


# The parts a step is timed without (`--parts`): the environment's `observe` replaced, on the
# instance, by one that skips the encodings (only the mask), or the encodings and the folding.
def _mask_only(env: Any, fold: bool) -> Callable[[str], dict[str, Any]]:
    def observe(agent: str) -> dict[str, Any]:
        if fold:
            env.view(env.agent_seat[agent])
        builder = env.builder
        if builder is not None and env.agent_selection == agent and not env.terminations[agent]:
            return {"observation": None, "action_mask": builder.mask()}
        return {"observation": None, "action_mask": np.zeros(env.max_options + 2, np.int8)}

    return observe


def env_target(name: str, variant: str = "full") -> Callable[[int, int], tuple[int, int]]:
    """`steps` random legal actions through the wrapped environment; (steps, episodes)."""

    def run(steps: int, seed: int) -> tuple[int, int]:
        env = make_env(name)
        if variant != "full":
            env.observe = _mask_only(env, fold=variant == "fold")
        rng = np.random.default_rng(seed)
        made = episodes = 0
        while made < steps:
            env.reset(seed=seed + episodes)
            episodes += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                made += 1
                if made >= steps:
                    break
        return made, episodes

    return run


def sim_target(steps: int, seed: int) -> tuple[int, int]:
    """Whole 5-player identity games with random bots, as `sgs sim` plays them in-process."""
    from sgs.runner import play

    made = games = 0
    while made < steps:
        played = play("sanguosha", {"players": 5}, seed + games, ["random"])
        made += len(played.game.decisions)
        games += 1
    return made, games


TARGETS: dict[str, tuple[str, Callable[[int, int], tuple[int, int]]]] = {
    "sanguosha_v0": (
        "sanguosha_v0, 5-player identity, random legal actions",
        env_target("sanguosha_v0"),
    ),
    "carcassonne_v0": (
        "carcassonne_v0, 2 players, random legal actions",
        env_target("carcassonne_v0"),
    ),
    "muhq_v0": ("muhq_v0, a duel, random legal actions", env_target("muhq_v0")),
    "sim": ("sgs sim in-process: sanguosha 5-player identity, random bots", sim_target),
}
ENVS = tuple(name for name in TARGETS if name != "sim")  # the environments


# --- reports -----------------------------------------------------------------------------------


def own_time_by_package(stats: dict[Func, Any]) -> dict[str, float]:
    """Own time per package; a built-in's time goes to its callers' packages."""
    out: dict[str, float] = defaultdict(float)
    for func, (_cc, _nc, tt, _ct, callers) in stats.items():
        pkg = package_of(func[0])
        if pkg != "builtin":
            out[pkg] += tt
            continue
        edges = {c: e[2] for c, e in callers.items()}
        total = sum(edges.values())
        if not edges or total <= 0:
            out["builtin (no caller)"] += tt
            continue
        for caller, t in edges.items():
            caller_pkg = package_of(caller[0])
            out[caller_pkg if caller_pkg != "builtin" else "builtin (no caller)"] += tt * t / total
    return dict(out)


def top(stats: dict[Func, Any], key: int, n: int, total: float) -> list[str]:
    rows = sorted(stats.items(), key=lambda kv: kv[1][key], reverse=True)[:n]
    lines = [f"  {'own s':>7} {'own %':>6} {'cum s':>7} {'cum %':>6} {'calls':>9}  function"]
    for func, (_cc, nc, tt, ct, _callers) in rows:
        lines.append(
            f"  {tt:7.3f} {100 * tt / total:6.1f} {ct:7.3f} {100 * ct / total:6.1f} {nc:9d}  "
            f"{label(func)}"
        )
    return lines


def report(name: str, what: str, steps: int, seed: int, n: int, dump: str | None) -> None:
    run = TARGETS[name][1]
    print(f"== {name}: {what}")
    print(f"   load {load()}")
    t0 = time.perf_counter()
    made, episodes = run(steps, seed)
    bare = time.perf_counter() - t0
    print(
        f"   unprofiled: {made} steps, {episodes} episodes, {bare:.2f} s, "
        f"{made / bare:,.0f} steps/s, {1e6 * bare / made:.1f} us/step"
    )
    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    profiler.runcall(run, steps, seed)
    profiled = time.perf_counter() - t0
    print(
        f"   profiled:   {profiled:.2f} s ({profiled / bare:.1f}x the unprofiled run), "
        f"{1e6 * profiled / made:.1f} us/step"
    )
    if dump is not None:
        os.makedirs(dump, exist_ok=True)
        path = os.path.join(dump, f"{name}.prof")
        profiler.dump_stats(path)
        print(f"   profile written to {path} (python -m pstats {path})")
    ps = pstats.Stats(profiler)
    stats: dict[Func, Any] = ps.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in stats.values())
    print(f"\n   top {n} by cumulative time (total own time {total:.2f} s):")
    print("\n".join(top(stats, 3, n, total)))
    print(f"\n   top {n} by own time:")
    print("\n".join(top(stats, 2, n, total)))
    shares = own_time_by_package(stats)
    print("\n   own time by package (built-ins charged to their callers):")
    print(f"  {'package':28} {'own s':>7} {'share':>6} {'us/step':>8}")
    for pkg in ALWAYS:  # the packages asked about, listed even when they take no time
        shares.setdefault(pkg, 0.0)
    for pkg, t in sorted(shares.items(), key=lambda kv: kv[1], reverse=True):
        print(
            f"  {pkg:28} {t:7.3f} {100 * t / total:5.1f}% {1e6 * t / made * bare / profiled:8.1f}"
        )
    print(
        "   (us/step: the package's share of the unprofiled time per step, an estimate)\n",
        flush=True,
    )


def rates(names: list[str], steps: int, seed: int, rounds: int) -> None:
    """Unprofiled steps per second of the targets and RLCard's UNO, interleaved round by round."""
    from envs_bench import rlcard_game

    uno = rlcard_game("uno")
    totals: dict[str, list[float]] = {n: [0.0, 0.0] for n in ["uno", *names]}  # steps, seconds
    print(f"== rates: {rounds} interleaved rounds, {steps // rounds} steps per target per round")
    print(f"   load {load()}")
    for r in range(rounds):
        for name in names:
            t0 = time.perf_counter()
            made, _ = TARGETS[name][1](steps // rounds, seed + 1000 * r)
            totals[name][0] += made
            totals[name][1] += time.perf_counter() - t0
            # UNO after every target, for as long as the target took (a slice of UNO makes
            # its environment once, as in envs_bench): its rate is sampled through the run
            took = time.perf_counter() - t0
            t0 = time.perf_counter()
            uno_steps, _ = uno(took)
            totals["uno"][0] += uno_steps
            totals["uno"][1] += time.perf_counter() - t0
    base = totals["uno"][0] / totals["uno"][1]
    print(f"  {'target':64} {'steps':>8} {'steps/s':>8} {'vs UNO':>7}")
    for name in ["uno", *names]:
        made_f, seconds = totals[name]
        what = "RLCard uno (2p), RandomAgent, env.run" if name == "uno" else TARGETS[name][0]
        print(f"  {what:64} {made_f:8.0f} {made_f / seconds:8.0f} {made_f / seconds / base:7.2f}")
    print(f"   load {load()}  (sim: decisions; the environments: env steps)\n", flush=True)


def parts(names: list[str], steps: int, seed: int, rounds: int) -> None:
    """Unprofiled µs per step of each environment in full, without its encodings (the
    observation is the mask alone) and without encodings and folding, interleaved round by
    round; the differences are what the encodings and the folding cost."""
    variants = ("full", "fold", "bare")
    print(f"== parts: {rounds} interleaved rounds, {steps // rounds} steps per variant per round")
    print(f"   load {load()}")
    for name in names:
        if name not in ENVS:
            continue
        best = {v: float("inf") for v in variants}
        for v in variants:  # imports and first-call costs out of the timed rounds
            env_target(name, v)(200, seed)
        for r in range(rounds):
            for v in variants:
                t0 = time.perf_counter()
                made, _ = env_target(name, v)(steps // rounds, seed + 1000 * r)
                best[v] = min(best[v], 1e6 * (time.perf_counter() - t0) / made)
        full, fold, bare = best["full"], best["fold"], best["bare"]
        print(f"  {name}: {full:.1f} us per step (the best round of each variant)")
        for what, us in (
            ("observation encodings", full - fold),
            ("folding the views", fold - bare),
            ("the rest: engine, rules, reply builder, PettingZoo, the loop", bare),
        ):
            print(f"    {what:62} {us:6.1f} us {100 * us / full:5.1f}%")
    print(f"   load {load()}\n", flush=True)


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} cpus)"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", choices=["all", *TARGETS], default="all")
    ap.add_argument("--steps", type=int, default=20000, help="steps (decisions for sim) per target")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=15, help="functions in each top list")
    ap.add_argument("--dump", default=None, help="write DIR/<target>.prof for pstats/snakeviz")
    ap.add_argument(
        "--rates",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead of profiling: unprofiled rates against RLCard's UNO, ROUNDS interleaved",
    )
    ap.add_argument(
        "--parts",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead of profiling: µs per step with and without the encodings and the folding",
    )
    args = ap.parse_args()
    names = list(TARGETS) if args.game == "all" else [args.game]
    print(f"python {sys.version.split()[0]}, --steps {args.steps}, --seed {args.seed}\n")
    if args.parts:
        parts(names, args.steps, args.seed, args.parts)
        return
    if args.rates:
        rates(names, args.steps, args.seed, args.rates)
        return
    for name in names:
        report(name, TARGETS[name][0], args.steps, args.seed, args.top, args.dump)


if __name__ == "__main__":
    main()
