"""The rotation schedule balances seats and roles exactly."""

from __future__ import annotations

from collections import Counter

import pytest

from sgs.arena.schedule import block_size, chunk_size, chunks, rotations, schedule, team_seats
from sgs.arena.worker import dealt_roles


def seat_counts(specs: list[tuple[str, ...]]) -> Counter[tuple[str, int]]:
    return Counter((bot, seat) for seating in specs for seat, bot in enumerate(seating))


@pytest.mark.parametrize(
    ("bots", "seats"),
    [(["A", "B"], 5), (["A", "B"], 4), (["A", "B", "C"], 5), (["A", "B", "C"], 2), (["A"], 5)],
)
def test_every_bot_plays_every_seat_equally_often_in_a_block(bots: list[str], seats: int) -> None:
    block = rotations(bots, seats)
    counts = seat_counts(block)
    assert len(set(counts.values())) == 1
    assert set(counts) == {(b, s) for b in bots for s in range(seats)}
    assert len(block) == len(set(block))  # distinct assignments


def test_two_bots_at_five_seats_is_two_patterns_rotated() -> None:
    block = rotations(["S", "R"], 5)
    assert len(block) == 10
    assert block[0] == ("S", "R", "S", "R", "S")
    assert block[5] == ("R", "S", "R", "S", "R")
    assert block_size(["S", "R"], 4, "rotate") == 2  # SRSR and RSRS; the rest repeat them


def test_roles_balanced_exactly_per_bot_with_real_deals() -> None:
    config = {"players": 5}
    specs = schedule(["smart", "random"], 5, 40, seed=7)
    assert len(specs) == 40 and len({s.seed for s in specs}) == 4
    roles = {seed: dealt_roles("sanguosha", config, seed) for seed in {s.seed for s in specs}}
    counts: Counter[tuple[str, str]] = Counter()
    for spec in specs:
        assert spec.seats is not None
        for seat, bot in enumerate(spec.seats):
            counts[(bot, roles[spec.seed][seat])] += 1
    per_deal = {"lord": 5, "loyalist": 5, "rebel": 10, "renegade": 5}  # 4 deals x 5 seat-games
    for bot in ("smart", "random"):
        assert {r: counts[(bot, r)] for r in per_deal} == {r: 4 * n for r, n in per_deal.items()}


def test_games_round_up_to_whole_blocks_and_seeds_follow() -> None:
    specs = schedule(["a", "b"], 5, 11, seed=100)
    assert len(specs) == 20
    assert [s.index for s in specs] == list(range(20))
    assert [s.seed for s in specs] == [100] * 10 + [101] * 10
    assert specs == schedule(["a", "b"], 5, 11, seed=100)  # reproducible


def test_teams_lineup_gives_each_side_to_each_bot() -> None:
    specs = schedule(["smart", "random"], 5, 3, seed=1, lineup="teams")
    assert [(s.seed, s.sides) for s in specs] == [
        (1, ("smart", "random")),
        (1, ("random", "smart")),
        (2, ("smart", "random")),
        (2, ("random", "smart")),
    ]
    roles = ["rebel", "lord", "renegade", "loyalist", "rebel"]
    assert team_seats(roles, ("S", "R")) == ("R", "S", "R", "S", "R")


def test_chunks_cover_the_schedule_in_order() -> None:
    specs = schedule(["a", "b"], 2, 100, seed=1)
    size = chunk_size(len(specs), 2)
    parts = chunks(specs, size)
    assert [s for part in parts for s in part] == specs
    assert 1 <= size <= 25
