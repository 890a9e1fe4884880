"""Every reply of the smart bot is legal over many seeded games (identity 2-8 players, 1v1),
with and without concealed responses; a policy error would raise (strict mode)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sgs.runner import play
from user_agent.games.sanguosha.smart import SmartBot


@pytest.fixture(autouse=True)
def strict() -> Iterator[None]:
    SmartBot.strict = True
    yield
    SmartBot.strict = False


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8, 10])
def test_identity_games_are_legal(players: int) -> None:
    for seed in range(6):
        specs = ["smart"] if seed % 2 == 0 else ["smart", "random"]
        p = play("sanguosha", {"players": players}, 1000 * players + seed, specs)
        assert p.game.outcome is not None


def test_1v1_games_are_legal() -> None:
    for seed in range(10):
        specs = ["smart"] if seed % 2 == 0 else ["random", "smart"]
        p = play("sanguosha", {"mode": "1v1"}, seed, specs)
        assert p.game.outcome is not None


def test_without_concealed_responses_and_random_generals() -> None:
    for seed in range(6):
        cfg = {"players": 5, "conceal_responses": False, "generals": "random"}
        p = play("sanguosha", cfg, seed, ["smart"])
        assert p.game.outcome is not None


def test_deterministic_given_the_seed() -> None:
    a = play("sanguosha", {"players": 5}, 7, ["smart", "random"])
    b = play("sanguosha", {"players": 5}, 7, ["smart", "random"])
    assert a.game.decisions == b.game.decisions
