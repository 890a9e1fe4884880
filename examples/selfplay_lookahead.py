"""Self-play with the PettingZoo environments: a masked random policy against a one-step
lookahead that searches on forks of the game.

    .venv/bin/python examples/selfplay_lookahead.py --game harmony --games 40
    .venv/bin/python examples/selfplay_lookahead.py --game carcassonne --games 10 --candidates 8

The lookahead policy, when it is to act, draws up to K distinct complete replies to the pending
request (masked random picks), and for each one takes a sample of the game as its seat may know
it (`Game.determinize`: a fork in which everything the seat has not seen is dealt again; for
Harmony, which hides nothing, that is a plain `Game.fork`), plays the reply on it, and finishes
that game with random replies. It keeps the reply whose playout scored best (+1 win, 0 draw,
-1 loss) and then feeds it to the environment pick by pick. Seats alternate between games.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

import numpy as np

from game_agent.engine import EngineError, Game
from protocol.choices import Choice, RequestSpec
from sgs.runner import winners_of
from user_agent.actions import ReplyBuilder
from user_agent.bot import random_legal

CONFIGS: dict[str, dict[str, Any]] = {
    "harmony": {},
    "carcassonne": {"players": 2},
    "sanguosha": {"mode": "1v1"},
}


def random_replies(req: RequestSpec, k: int, max_options: int, rng: random.Random) -> list[Choice]:
    """Up to k distinct complete replies, each built by masked random picks."""
    out: list[Choice] = []
    for _ in range(4 * k):
        b = ReplyBuilder(req, max_options)
        while not b.act(rng.choice(np.flatnonzero(b.mask()).tolist())):
            pass
        if b.reply not in out:
            out.append(b.reply)
        if len(out) == k:
            break
    return out


def playout(game: Game, seat: int, rng: random.Random) -> float:
    """Finish the game with random replies; +1 if `seat` won, -1 if it lost, 0 on a draw."""
    while not game.finished:
        req = game.pending
        assert req is not None
        game.resume(random_legal(req, rng), seat=req.seat)
    winners = winners_of(game.outcome or {})
    return 0.0 if not winners else 1.0 if seat in winners else -1.0


def lookahead(game: Game, req: RequestSpec, k: int, max_options: int, rng: random.Random) -> Choice:
    replies = random_replies(req, k, max_options, rng)
    best, best_value = replies[0], -2.0
    for reply in replies:
        try:
            sample = game.determinize(req.seat, rng.getrandbits(63))
        except EngineError:  # no sample can be taken at this point: keep the first reply
            return replies[0]
        sample.resume(reply, seat=req.seat)
        value = playout(sample, req.seat, rng)
        if value > best_value:
            best, best_value = reply, value
    return best


def actions_for(reply: Choice, req: RequestSpec, max_options: int) -> list[int]:
    """The env actions that build `reply` (inverse of the pick-by-pick building)."""
    if reply is None:
        return [max_options + 1]
    if req.form == "choice":
        assert isinstance(reply, int)
        return [reply]
    assert isinstance(reply, list)
    if req.form == "product":
        return list(reply)
    if req.form == "subset":
        return list(reply) + ([] if len(reply) == min(req.max, len(req.options)) else [max_options])
    raise ValueError("arrange replies are fed pick by pick by the random policy only")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(CONFIGS), default="harmony")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--candidates", type=int, default=12, help="replies tried per decision (K)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    env = importlib.import_module(f"sgs.envs.{args.game}_v0").env(config=CONFIGS[args.game])
    rng = random.Random(args.seed)
    results = {"lookahead": [0, 0, 0], "random": [0, 0, 0]}  # wins, draws, losses
    t0 = time.perf_counter()
    for n in range(args.games):
        env.reset(seed=args.seed + n)
        smart = env.possible_agents[n % 2]  # the lookahead's seat alternates
        queue: list[int] = []
        final: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                final[agent] = reward
                env.step(None)
                continue
            mask = obs["action_mask"]
            builder = env.builder
            fresh = not builder.picked and builder.piles == [[]]
            if agent == smart and fresh and builder.req.form != "arrange" and not queue:
                reply = lookahead(env.game, builder.req, args.candidates, env.max_options, rng)
                queue = actions_for(reply, builder.req, env.max_options)
            if agent == smart and queue:
                env.step(queue.pop(0))
            else:
                env.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        for agent in env.possible_agents:
            who = "lookahead" if agent == smart else "random"
            reward = final[agent]
            results[who][0 if reward > 0 else 1 if reward == 0 else 2] += 1
    el = time.perf_counter() - t0
    print(f"{args.games} {args.game} games in {el:.1f} s, K = {args.candidates}")
    for who, (w, d, lost) in results.items():
        rate = 100 * w / args.games
        print(f"  {who:9} wins {w:3d}  draws {d:3d}  losses {lost:3d}  win rate {rate:5.1f}%")


if __name__ == "__main__":
    main()
