"""The greedy Goofspiel bot bids in proportion to the prize, from its view only, and beats a
random bidder by a wide margin from either seat over 200 games played by `sgs sim`. The same
measure on two random bots stays far below the margin: the check can fail."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from user_agent.games.goofspiel.greedy import matching_bid

REPO = Path(__file__).resolve().parents[2]
GAMES = 200
MARGIN = 75.0  # per cent of the games won by the seat under test


def sim(bots: str) -> dict[str, Any]:
    args = ["sim", "--game", "goofspiel", "--bots", bots, "--games", str(GAMES)]
    out = subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args, "--seed", "1000", "--json", "-q"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    summary: dict[str, Any] = json.loads(out.stdout)
    assert summary["games"] == GAMES and summary["game"] == "goofspiel"
    return summary


def seat_rate(summary: dict[str, Any], seat: int) -> float:
    rate: float = summary["by_seat"][str(seat)]["win_rate"]
    return rate


def test_greedy_beats_random_from_either_seat_and_random_does_not() -> None:
    assert seat_rate(sim("greedy,random"), 0) >= MARGIN
    assert seat_rate(sim("random,greedy"), 1) >= MARGIN
    even = sim("random,random")
    assert max(seat_rate(even, 0), seat_rate(even, 1)) < MARGIN


def test_the_bid_matches_the_prize_rank_in_the_hand() -> None:
    hand = list(range(1, 14))
    assert [matching_bid(p, hand, hand) for p in (1, 7, 13)] == [0, 6, 12]
    # prizes 2, 9, 11 left and the hand 3, 5, 12: the rank of each prize picks the card
    assert [matching_bid(p, [2, 9, 11], [3, 5, 12]) for p in (2, 9, 11)] == [0, 1, 2]
    assert matching_bid(13, [13], [4]) == 0
