"""Key presses a person needs for a whole 5-player identity Sanguosha game (issue 22, item 2).

    .venv/bin/python benchmarks/keypress_count.py [--seed S] [--games N]

Seat 0 is the person, seats 1-4 `smart` bots; the game is played in-process (`sgs.runner.drive`).
The person's decisions are the smart bot's (a scripted person), and what is counted is how many
of seat 0's requests need a key, under three consoles:

- before: every request is shown and waits for a key (decline-only windows included);
- after: the console answers without a key what the game's passes cover
  (`user_agent.games.sanguosha.passes`: a response request whose only option is to decline);
- after + switch: the same with the player's pass switch on (`pass`, the p key, `sgs play
  --auto-pass`): every Nullification window is declined without a key, even with one in hand.

The first two play the same game (a decline-only request has one answer, whoever gives it); the
switch changes seat 0's answers (it never uses a Nullification), so its game is its own. Nothing
here touches the wire: the server's hold of each window (`--window-min`) changes no decision.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from game_agent.engine import Game
from game_agent.games.sanguosha import RULESET
from protocol.choices import Choice, RequestSpec
from sgs.runner import drive
from user_agent.bot import Bot, View
from user_agent.games import for_game
from user_agent.games.sanguosha.passes import PASSES
from user_agent.games.sanguosha.smart import SmartBot

PLAYERS = 5


@dataclass
class Tally:
    requests: int = 0  # seat 0's requests
    keyed: int = 0  # ... that needed a key
    by_kind: Counter[str] = field(default_factory=Counter)  # passed without a key, per window
    nullify_windows: int = 0
    nullify_holding: int = 0  # Nullification windows in which seat 0 could answer


class Person(SmartBot):
    """Seat 0: the smart bot's answers, through a console that passes what `PASSES` covers
    (`consoled` False: the console before issue 22, every request takes a key)."""

    def __init__(
        self, seat: int, seed: int, view: View, tally: Tally, consoled: bool, switch: bool
    ) -> None:
        super().__init__(seat, seed, view)
        self.tally, self.consoled, self.switch = tally, consoled, switch

    def decide(self, request: RequestSpec, view: View) -> Choice:
        t = self.tally
        t.requests += 1
        reason = str(request.info.get("reason", "")) if request.kind == "respond" else ""
        if reason == "nullify":
            t.nullify_windows += 1
            t.nullify_holding += len(request.options) > 1
        passed = PASSES.answer(request, self.switch) if self.consoled else None
        if passed is not None:
            t.by_kind[reason or request.kind] += 1
            return passed
        t.keyed += 1
        return super().decide(request, view)


def count(seed: int, consoled: bool, switch: bool) -> Tally:
    game = Game(RULESET, {"players": PLAYERS}, seed)
    tally = Tally()
    bots: list[Bot] = [
        Person(0, seed, for_game("sanguosha", 0, game.seats), tally, consoled, switch),
        *(
            SmartBot(s, seed * 10 + s, for_game("sanguosha", s, game.seats))
            for s in range(1, game.seats)
        ),
    ]
    drive(game, bots)
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    ap.add_argument("--games", type=int, default=1, help="games, seeds S..S+N-1 (1)")
    args = ap.parse_args()
    rows = [("before", False, False), ("after", True, False), ("after + switch", True, True)]
    print(
        f"5-player identity Sanguosha, seat 0 a person, seats 1-4 smart bots, {args.games} game(s)"
    )
    print(f"{'console':<16}{'seed':>6}{'requests':>10}{'keys':>7}{'passed':>8}  "
          "Nullification windows (seat 0 could answer)  passed by window")  # fmt: skip
    totals: dict[str, list[int]] = {label: [0, 0] for label, _c, _s in rows}
    for seed in range(args.seed, args.seed + args.games):
        for label, consoled, switch in rows:
            t = count(seed, consoled, switch)
            totals[label][0] += t.requests
            totals[label][1] += t.keyed
            passed = sum(t.by_kind.values())
            kinds = ", ".join(f"{k} {n}" for k, n in t.by_kind.most_common())
            print(
                f"{label:<16}{seed:>6}{t.requests:>10}{t.keyed:>7}{passed:>8}  "
                f"{t.nullify_windows:>5} ({t.nullify_holding}){'':<32}{kinds}"
            )
    for label, (requests, keyed) in totals.items():
        print(f"total {label:<16} {requests} requests, {keyed} keys")


if __name__ == "__main__":
    main()
