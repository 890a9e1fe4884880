"""Paired games: a pair replays one deal with the bots exchanged in every seat; the pair share
and its bootstrap interval; a lineup that cannot be paired is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from arena_support import record, sgs

from game_agent.engine import ConfigError
from protocol.records import Decision, Event
from replays.reader import read_log
from sgs.arena.pairs import complete_pairs, paired
from sgs.arena.schedule import pair_seatings, schedule
from sgs.arena.tournament import Tournament, execute, plan, summarize
from sgs.arena.worker import GameRecord
from sgs.runner import BotClock, play


def test_a_pair_is_one_seed_with_the_bots_exchanged() -> None:
    specs = schedule(["smart", "random"], 5, 9, seed=40, lineup="paired")
    assert len(specs) == 10  # rounded up to whole pairs
    for p in range(5):
        first, second = specs[2 * p], specs[2 * p + 1]
        assert first.seed == second.seed == 40 + p
        assert first.seats is not None and second.seats is not None
        assert all(
            {x, y} == {"smart", "random"} for x, y in zip(first.seats, second.seats, strict=True)
        )
    firsts = [specs[2 * p].seats for p in range(5)]
    assert len(set(firsts)) == 5  # every rotation of S R S R S comes first once
    assert firsts[0] == ("smart", "random", "smart", "random", "smart")


def test_two_seats_alternate() -> None:
    assert pair_seatings(["a", "b"], 2, 0) == (("a", "b"), ("b", "a"))
    assert pair_seatings(["a", "b"], 2, 1) == (("b", "a"), ("a", "b"))
    assert pair_seatings(["a", "a", "b"], 3, 0) == (("a", "a", "b"), ("b", "b", "a"))


@pytest.mark.parametrize(
    "bots",
    [["random"], ["random", "random"], ["random", "smart", "user_agent.bots.random_bot:RandomBot"]],
)
def test_a_lineup_that_cannot_be_paired_is_refused(bots: list[str]) -> None:
    with pytest.raises(ConfigError, match="--lineup paired needs two different bots"):
        plan("sanguosha", {"players": 5}, bots, 4, 1, lineup="paired")


def deal(log: Any) -> dict[str, Any]:
    """What a Sanguosha log shows of the deal: the roles, the shuffled deck, the lord's offer."""
    events: list[Event] = [r for r in log.records if isinstance(r, Event)]
    first_decision = next(i for i, r in enumerate(log.records) if isinstance(r, Decision))
    return {
        "seed": log.header["seed"],
        "config": log.header["config"],
        "roles": [e.data for e in events if e.kind == "role"],
        "deck": [e.data for e in events if e.kind == "deck"][:1],
        "offer": [str(r) for r in log.records[:first_decision] if not isinstance(r, Event)],
    }


@pytest.mark.parametrize("players", [5, 8])
def test_the_logs_of_a_pair_hold_one_deal_and_swapped_seats(players: int, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    done = sgs(
        ["arena", "--game", "sanguosha", "--players", str(players), "--bots", "smart,random",
         "--lineup", "paired", "--games", "4", "--seed", "21", "--out", str(tmp_path / "out"),
         "--log-dir", str(logs), "--quiet"],
        tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "paired games: 2 pairs" in done.stdout
    games = [json.loads(x) for x in (tmp_path / "out" / "games.jsonl").read_text().splitlines()]
    assert len(games) == 4
    for first, second in (games[0:2], games[2:4]):
        one, two = read_log(first["log"]), read_log(second["log"])
        assert deal(one) == deal(two)
        assert deal(one)["deck"] and len(deal(one)["roles"]) == players
        swap = {"smart": "random", "random": "smart"}
        seats_one = [s["agent"] for s in one.header["seats"]]
        seats_two = [s["agent"] for s in two.header["seats"]]
        assert seats_two == [swap[b] for b in seats_one] == second["seats"]
        assert first["roles"] == second["roles"]
        assert one.decisions != two.decisions  # the bots played the deal differently


def pair_of(
    a_wins: list[int], b_wins: list[int], roles: list[str], seed: int, index: int
) -> list[GameRecord]:
    """Two records of one deal: bot a in the even seats first, then the bots exchanged."""
    n = len(roles)
    first = ["a" if s % 2 == 0 else "b" for s in range(n)]
    second = ["b" if s % 2 == 0 else "a" for s in range(n)]
    winners_one = sorted(
        [s for s in a_wins if first[s] == "a"] + [s for s in b_wins if first[s] == "b"]
    )
    winners_two = sorted(
        [s for s in a_wins if second[s] == "a"] + [s for s in b_wins if second[s] == "b"]
    )
    one = record(first, roles, winners_one, index)
    two = record(second, roles, winners_two, index + 1)
    one.seed = two.seed = seed
    return [one, two]


def test_the_pair_share_counts_each_seat_against_itself() -> None:
    roles = ["lord", "rebel", "rebel"]
    # seat 0: a won (as the lord) and b did not; seat 1: both won; seat 2: b only.
    records = pair_of([0, 1], [1, 2], roles, 1, 0)
    p = paired("sanguosha", records, ["a", "b"], seed=1)
    assert p["pairs"] == 1
    assert (p["all"]["a_only"], p["all"]["both"], p["all"]["b_only"]) == (1, 1, 1)
    assert p["all"]["share"] == 0.5
    assert p["by_role"]["lord"]["share"] == 1.0
    assert p["by_role"]["rebel"]["share"] == 0.25  # a: half a point of two
    assert list(p["by_role"]) == ["lord", "rebel"]


def test_two_seats_win_both_one_none() -> None:
    both = pair_of([0, 1], [], ["seat 0", "seat 1"], 1, 0)  # a won both games
    one = pair_of([0], [0], ["seat 0", "seat 1"], 2, 2)  # each won one (as seat 0)
    none = pair_of([], [0, 1], ["seat 0", "seat 1"], 3, 4)
    for records, share in ((both, 1.0), (one, 0.5), (none, 0.0)):
        assert paired("harmony", records, ["a", "b"], seed=1)["all"]["share"] == share
    p = paired("harmony", both + one + none, ["a", "b"], seed=1)
    assert (p["ahead"], p["even"], p["behind"]) == (1, 1, 1)
    assert p["all"]["share"] == 0.5


def test_an_incomplete_pair_is_left_out() -> None:
    records = pair_of([0], [], ["x", "y"], 1, 0) + pair_of([0], [], ["x", "y"], 2, 2)[:1]
    assert [(a.index, b.index) for a, b in complete_pairs(records)] == [(0, 1)]


@pytest.fixture(scope="module")
def played() -> tuple[Tournament, list[GameRecord]]:
    t = plan("sanguosha", {"players": 5}, ["smart", "random"], 60, seed=5, lineup="paired")
    records, interrupted = execute(t, backend="process", workers=2)
    assert not interrupted
    return t, records


def test_the_bootstrap_interval_is_reproducible_and_holds_the_estimate(
    played: tuple[Tournament, list[GameRecord]],
) -> None:
    t, records = played
    summary, _ = summarize(t, records)
    p = summary["pairs"]
    assert p == paired("sanguosha", list(reversed(records)), t.bots, t.seed)
    assert p["pairs"] == 30 and p["resamples"] == 2000
    for row in [p["all"], *p["by_role"].values()]:
        low, high = row["ci95"]
        assert low <= row["share"] <= high
        assert high - low < 0.5
    low, high = p["unpaired_ci95"]  # the games resampled one by one, for comparison
    assert low <= p["all"]["share"] <= high
    assert set(p["by_role"]) == {"lord", "loyalist", "rebel", "renegade"}
    assert p["by_role"]["rebel"]["seat_pairs"] == 2 * p["by_role"]["lord"]["seat_pairs"] == 60
    other = paired("sanguosha", records, t.bots, t.seed + 1)  # another bootstrap seed
    assert other["all"]["share"] == p["all"]["share"]
    assert other["all"]["ci95"] != p["all"]["ci95"]


def test_the_clock_does_not_change_the_game() -> None:
    clock = BotClock(5)
    timed = play("sanguosha", {"players": 5}, 9, ["smart", "random"], clock=clock)
    plain = play("sanguosha", {"players": 5}, 9, ["smart", "random"])
    assert timed.game.decisions == plain.game.decisions
    assert sum(len(d) for d in clock.decide) == len(plain.game.decisions)
    assert all(x >= 0 for d in clock.decide for x in d)
    assert clock.events[0] > 0  # smart follows the game
