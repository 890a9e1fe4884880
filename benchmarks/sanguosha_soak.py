"""Soak: random bots play full Sanguosha games and every invariant is checked.

    .venv/bin/python benchmarks/sanguosha_soak.py --games 10000 --seed 1

Games cycle over identity with 2-10 players and the 1v1 mode, every general and all skills (the
random bots choose the generals from their offers). After every decision: all cards of the deck
are in exactly one zone, no HP exceeds max HP, a living seat is below 1 HP only inside a dying
settlement; at the end: exactly one outcome (one game_over event), the winners are consistent
with it, fold(events) == live state, and the knowledge audit (`knowledge.py`) finds no event or
request that told a seat of a card it could not know. Every game is also written to a replay
log as the hosts write it, and that log must pass `replays.reexecution` (re-execution from seed +
decisions, byte for byte); `--no-logs` skips that. The summary counts the generals played and
how often each skill was invoked (its `skill` event, or a card used or played through it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from soaking import play_random

from game_agent.engine import Game, RequestSpec, fold
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.knowledge import audit_game
from game_agent.games.sanguosha.state import State, zone_of_each

CONFIGS: list[dict[str, Any]] = [{"mode": "identity", "players": n} for n in range(2, 11)] + [
    {"mode": "1v1"}
]


def check_state(st: State) -> str | None:
    where = zone_of_each(st)
    if len(where) != len(st.deck) or any(len(z) != 1 for z in where.values()):
        bad = {c: z for c, z in where.items() if len(z) != 1}
        return f"cards not in exactly one zone: {len(where)}/{len(st.deck)} {bad}"
    if set(where) != set(st.deck):
        return "unknown card ids in zones"
    for p in st.players:
        if p.hp > p.max_hp:
            return f"seat {p.seat} HP {p.hp} > max {p.max_hp}"
    return None


def play_one(
    config: dict[str, Any], seed: int, check_every: bool = True, log_path: str | None = None
) -> tuple[Game, int]:
    def at_each(g: Game, req: RequestSpec) -> None:
        err = check_state(g.state)
        if err:
            raise AssertionError(f"seed {seed} {config}: {err}")
        low = [p.seat for p in g.state.players if p.alive and p.max_hp and p.hp < 1]
        if low and not any(n.endswith("dying") for n in g.stack_names()):
            raise AssertionError(f"seed {seed}: seats {low} below 1 HP outside dying")
        if req.kind in ("play", "discard"):
            p = g.state.players[req.seat]
            if not p.alive or p.hp < 1:
                raise AssertionError(f"seed {seed}: {req.kind} asked of a dying/dead seat")

    try:
        g = play_random(RULESET, config, seed, log_path, at_each if check_every else None)
    except AssertionError as exc:
        if str(exc).startswith("seed "):
            raise
        raise AssertionError(f"seed {seed} {config}: {exc}") from None
    check_end(g, seed, config)
    return g, len(g.decisions)


def check_end(g: Game, seed: int, config: dict[str, Any]) -> None:
    err = check_state(g.state)
    if err:
        raise AssertionError(f"seed {seed} {config}: {err}")
    overs = [e for e in g.events if e.kind == "game_over"]
    if len(overs) != 1 or g.outcome is None or overs[0] is not g.events[-1]:
        raise AssertionError(f"seed {seed}: expected exactly one outcome at the end")
    o = g.outcome
    if o["winner"] is None and o["winners"]:
        raise AssertionError(f"seed {seed}: a draw with winners")
    if o["winner"] is not None and not o["winners"]:
        raise AssertionError(f"seed {seed}: a win without winners")
    if fold(RULESET, g.config, g.seats, g.events) != g.state:
        raise AssertionError(f"seed {seed} {config}: fold(events) != live state")
    leaks = audit_game(g)
    if leaks:
        raise AssertionError(f"seed {seed} {config}: knowledge leaks {leaks[:5]}")


def tally(g: Game, skills: Counter[str], generals: Counter[str]) -> None:
    for ev in g.events:
        d = ev.data
        if ev.kind == "skill":
            skills[d["name"]] += 1
        elif ev.kind in ("use", "respond") and d["skill"]:
            skills[d["skill"]] += 1
        elif ev.kind == "general":
            generals[d["general"]] += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fast", action="store_true", help="check zones only at the end of games")
    ap.add_argument("--no-logs", action="store_true", help="do not write and verify replay logs")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    verified = 0
    reasons: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    skills: Counter[str] = Counter()
    generals: Counter[str] = Counter()
    decisions = 0
    events = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        config = CONFIGS[i % len(CONFIGS)]
        path = None if args.no_logs else os.path.join(tmp.name, "game.sgslog")
        g, d = play_one(config, args.seed + i, not args.fast, path)
        verified += path is not None
        tally(g, skills, generals)
        decisions += d
        events += len(g.events)
        assert g.outcome is not None
        reasons[f"{config['mode']}:{g.outcome['reason']}"] += 1
        winners[str(g.outcome["winner"])] += 1
        if (i + 1) % max(1, args.games // 20) == 0:
            el = time.perf_counter() - t0
            print(f"{i + 1}/{args.games} games, {decisions} decisions, {el:.1f}s", flush=True)
    el = time.perf_counter() - t0
    print(
        f"OK: {args.games} games, {decisions} decisions, {events} events in {el:.1f}s "
        f"({decisions / el:.0f} decisions/s with checks); {verified} logs verified; "
        "0 knowledge leaks"
    )
    tmp.cleanup()
    print("winners:", dict(winners))
    print("reasons:", dict(sorted(reasons.items())))
    print(f"generals played ({len(generals)} of 25):", dict(sorted(generals.items())))
    print(f"skills invoked ({len(skills)}):", dict(sorted(skills.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
