"""Why exchanging the bots does not narrow the interval in Sanguosha identity (docs/ai-table.md):
the correlation, over the pairs of a paired arena run, of the first bot's margin (its seat win
rate minus the other's) in the pair's two games, and the mean margin in the pairs where one bot
held a whole side (the lord with the loyalists, or all the others) against the rest.

    .venv/bin/python scripts/pair_correlation.py docs/results/sanguosha-5p-smart-random/games.jsonl
"""

from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np

LORD_SIDE = ("lord", "loyalist")


def margin(game: dict[str, Any], a: str) -> float:
    won = set(game["winners"])
    mine = [s in won for s, b in enumerate(game["seats"]) if b == a]
    theirs = [s in won for s, b in enumerate(game["seats"]) if b != a]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


def one_bot_side(game: dict[str, Any]) -> bool:
    lord = {b for b, r in zip(game["seats"], game["roles"], strict=True) if r in LORD_SIDE}
    rest = {b for b, r in zip(game["seats"], game["roles"], strict=True) if r not in LORD_SIDE}
    return len(lord) == 1 or len(rest) == 1


def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        games = [json.loads(line) for line in f]
    a = games[0]["seats"][0]
    first = np.array([margin(g, a) for g in games[0::2]])
    second = np.array([margin(g, a) for g in games[1::2]])
    pure = np.array([one_bot_side(g) for g in games[0::2]])
    mean = (first + second) / 2
    print(
        f"{path}: {len(first)} pairs; {a}'s margin, correlation between the two games of a "
        f"pair {np.corrcoef(first, second)[0, 1]:.3f}; mean margin {mean[pure].mean():.3f} in "
        f"the {int(pure.sum())} pairs where one bot held a whole side, {mean[~pure].mean():.3f} "
        "in the others"
    )


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
