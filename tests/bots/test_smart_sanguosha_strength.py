"""Smart beats random clearly: 200 seeded 5-player identity games, smart on alternating seats
(3 smart seats in even games, 2 in odd ones; roles are dealt at random), and in every role
smart's win rate is above random's in the same role. 1v1: smart wins most games against random.
"""

from __future__ import annotations

from collections import Counter

from sgs.runner import play

GAMES = 200


def test_smart_beats_random_in_every_role() -> None:
    wins: Counter[tuple[str, str]] = Counter()
    games: Counter[tuple[str, str]] = Counter()
    for seed in range(GAMES):
        specs = ["smart", "random"] if seed % 2 == 0 else ["random", "smart"]
        p = play("sanguosha", {"players": 5}, 50_000 + seed, specs)
        roles = p.game.outcome["roles"]
        for bot in p.bots:
            key = (bot.name, roles[bot.seat])
            games[key] += 1
            wins[key] += bot.seat in p.winners
    rate = {k: wins[k] / games[k] for k in games}
    for role in ("lord", "loyalist", "rebel", "renegade"):
        assert games[("smart", role)] >= 40 and games[("random", role)] >= 40
        assert rate[("smart", role)] > rate[("random", role)], (role, rate)
    # and clearly so where the side matters most
    assert rate[("smart", "lord")] > rate[("random", "lord")] + 0.15, rate
    assert rate[("smart", "rebel")] > rate[("random", "rebel")] + 0.1, rate


def test_smart_beats_random_in_1v1() -> None:
    won = 0
    for seed in range(30):
        specs = ["smart", "random"] if seed % 2 == 0 else ["random", "smart"]
        p = play("sanguosha", {"mode": "1v1"}, 60_000 + seed, specs)
        smart = next(b.seat for b in p.bots if b.name == "smart")
        won += smart in p.winners
    assert won >= 24
