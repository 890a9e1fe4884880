"""`user_agent.fleet` and `sgs bot --lobby`: many lobby sessions in one process and one poll
loop, against the fake game agent of test_client_handshake.py (real sockets on 127.0.0.1)."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_client_handshake import (
    GAME,
    OPTIONS,
    WAIT,
    FakeServer,
    client_for,
    fake,
    sgs,
)

from protocol.choices import Choice, RequestSpec
from protocol.messages import Error, EventMsg, RequestMsg, Welcome
from user_agent.bot import View
from user_agent.bots.random_bot import RandomBot
from user_agent.client import REWOUND, Client, Transcript
from user_agent.fleet import Fleet, SeatPlayer, fleet_seed, seed_from_env

__all__ = ["fake"]  # the fixture, shared with test_client_handshake.py


class Illegal(RandomBot):
    """Always answers out of range (to see the fleet fall back to the default)."""

    def decide(self, request: RequestSpec, view: View) -> Choice:
        return len(request.options) + 5


class Counting(RandomBot):
    """Counts the instances made (a rebuilt bot is a new instance)."""

    made = 0

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view)
        Counting.made += 1
        self.seen: list[str] = []

    def on_event(self, kind: str, data: dict[str, Any]) -> None:
        self.seen.append(kind)


def random_choices(seed: int, n: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(len(OPTIONS)) for _ in range(n)]


def run_in_thread(fleet: Fleet) -> tuple[threading.Thread, dict[str, Any]]:
    box: dict[str, Any] = {}

    def go() -> None:
        box["stats"] = fleet.run()

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    return thread, box


def test_fleet_plays_its_quota_through_the_lobby(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2, requests=3)
    fleet = Fleet(server.endpoint, seats=4, game=GAME, bot="random", seed=7, games=8, heartbeat=0.1)
    thread, box = run_in_thread(fleet)
    thread.join(WAIT * 3)
    assert not thread.is_alive(), "the fleet did not finish"
    stats = box["stats"]
    assert stats.games == 8 and not stats.failures and not stats.aborted
    assert stats.decisions == 8 * 3
    assert stats.wins == 4  # the fake's seat 0 always wins
    tables = server.call(lambda: dict(server.tables))
    assert len(tables) == 4 and all(t.over for t in tables.values())
    # Each bot played with the seed of its table and seat.
    for t in tables.values():
        for seat in range(2):
            assert t.answered[seat] == random_choices(fleet_seed(7, t.name, seat), 3)
    # One connection per game (a session queues again on a new one), and no token anywhere.
    assert len(server.routing_ids()) == 8
    tokens = [tok.encode() for t in tables.values() for tok in t.tokens]
    assert all(tok not in f for tok in tokens for f in server.frames_from())


def test_fleet_seed_depends_on_table_seat_and_seed() -> None:
    base = fleet_seed(1, "t1", 0)
    assert base == fleet_seed(1, "t1", 0)
    assert len({base, fleet_seed(2, "t1", 0), fleet_seed(1, "t2", 0), fleet_seed(1, "t1", 1)}) == 4
    assert 0 <= base < 1 << 63


def test_seed_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SGS_BOT_SEED", raising=False)
    assert seed_from_env(5) == 5
    monkeypatch.setenv("SGS_BOT_SEED", "123")
    assert seed_from_env() == 123
    monkeypatch.setenv("SGS_BOT_SEED", "x")
    with pytest.raises(ValueError):
        seed_from_env()


def test_two_illegal_answers_then_the_default(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2, requests=2)
    fleet = Fleet(server.endpoint, seats=2, game=GAME, bot="test_fleet:Illegal", heartbeat=0.1)
    thread, box = run_in_thread(fleet)
    thread.join(WAIT * 3)
    assert not thread.is_alive(), "the fleet did not finish"
    stats = box["stats"]
    assert stats.games == 2
    assert stats.errors["illegal_reply"] == 2 * 2 * 2  # 2 per request, 2 requests, 2 seats
    table = server.call(lambda: server.tables["t1"])
    bad = len(OPTIONS) + 5
    for seat in range(2):
        # The bot was asked again after its first illegal answer, then the default was sent.
        assert table.replies[seat] == [(0, bad), (0, bad), (0, 0), (1, bad), (1, bad), (1, 0)]


def test_stop_leaves_the_queue(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=3)
    fleet = Fleet(server.endpoint, seats=2, game=GAME, games=0, heartbeat=0.1)
    thread, box = run_in_thread(fleet)
    end = time.monotonic() + WAIT
    while server.call(lambda: sum(map(len, server.queues.values()))) != 2:
        assert time.monotonic() < end, "the sessions did not queue"
        time.sleep(0.02)
    fleet.stop()
    thread.join(WAIT)
    assert not thread.is_alive()
    assert box["stats"].games == 0 and fleet.sessions == 0
    end = time.monotonic() + WAIT
    while server.call(lambda: sum(map(len, server.queues.values()))) != 0:
        assert time.monotonic() < end, "the sessions did not leave the queue"
        time.sleep(0.02)


def test_unknown_game_aborts_the_fleet(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2)
    stats = Fleet(server.endpoint, seats=3, game="sanguosha", heartbeat=0.1).run()
    assert stats.aborted and stats.failures["unknown_game"] >= 1
    assert stats.games == 0


def test_seat_player_rebuilds_on_rewind(tmp_path: Path, fake: Callable[..., FakeServer]) -> None:
    server = fake(players=1, requests=2, intro=3)
    table = server.add_table("t1", 1)
    record = Transcript(str(tmp_path / "seat0.jsonl"))
    player = SeatPlayer("test_fleet:Counting", 99, record)
    client = client_for(server, table, 0)
    Counting.made = 0
    player.start(client.connect())
    first_bot = player.bot

    # Play up to request 1 (held back: the restart comes before it is answered).
    end = time.monotonic() + WAIT
    held = False
    while not held:
        assert time.monotonic() < end, "timed out waiting for request 1"
        for msg in client.poll(0.05):
            if isinstance(msg, RequestMsg) and msg.request["id"] == 1:
                held = True
            else:
                player.handle(client, msg)
    assert client.last_seq == 4 and server.call(lambda: len(table.answered[0])) == 1
    server.restart("t1", keep=2)
    over = False

    def finish() -> bool:
        nonlocal over
        for msg in client.poll(0.05):
            over = over or player.handle(client, msg)
        return over

    end = time.monotonic() + WAIT
    while not finish():
        assert time.monotonic() < end, "the game did not end"
    client.bye()
    assert Counting.made == 2 and player.bot is not first_bot and player.rebuilds == 1
    bot = player.bot
    assert isinstance(bot, Counting)
    # The new bot saw the true history only, from seq 0: no event of the old one twice.
    assert bot.seen == ["game_started", "filler", "answered", "answered", "game_over"]
    record.close()
    events = Transcript(str(tmp_path / "seat0.jsonl")).events
    assert [e["seq"] for e in events] == list(range(5))
    # Both answers after the rewind came from a bot with the seat's seed, from scratch.
    assert server.call(lambda: list(table.answered[0])) == random_choices(99, 2)


def test_seat_player_handles_a_rewound_notice_without_a_server(tmp_path: Path) -> None:
    record = Transcript(str(tmp_path / "t.jsonl"))
    player = SeatPlayer("random", 3, record)
    player.start(Welcome(3, "t1", 0, GAME, "1", 2, -1, 0))
    client = Client("tcp://127.0.0.1:1", 0, "x" * 32)
    player.handle(client, EventMsg(0, "game_started", {}))
    assert len(Path(record.path).read_text().splitlines()) == 1
    old = player.bot
    player.handle(client, Error(REWOUND, "rewound", -1))
    assert player.bot is not old and player.rebuilds == 1
    assert Path(record.path).read_text() == ""
    record.close()


# --- the command ---------------------------------------------------------------------------------


def test_sgs_bot_lobby_fleet(fake: Callable[..., FakeServer]) -> None:
    server = fake(players=2, requests=2)
    out = sgs(
        "bot",
        "--connect",
        server.endpoint,
        "--lobby",
        "--game",
        GAME,
        "--seats",
        "4",
        "--games",
        "6",
        "--heartbeat",
        "0.2",
        SGS_BOT_SEED="11",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("fleet: 6 games (3 won), 12 decisions, 0 errors"), out.stdout
    records = [json.loads(line) for line in out.stderr.splitlines() if line.startswith("{")]
    finished = [r for r in records if r.get("event") == "game finished"]
    assert len(finished) == 6
    assert {r["result"] for r in finished} == {"won", "lost"}
    tables = server.call(lambda: dict(server.tables))
    assert len(tables) == 3
    for t in tables.values():
        for seat in range(2):
            assert t.answered[seat] == random_choices(fleet_seed(11, t.name, seat), 2)


def test_sgs_bot_options_are_checked() -> None:
    out = sgs("bot", "--connect", "tcp://127.0.0.1:1", "--lobby")
    assert out.returncode != 0 and "--lobby needs --game" in out.stderr
    out = sgs("bot", "--connect", "tcp://127.0.0.1:1")
    assert out.returncode != 0 and "--seat" in out.stderr
    out = sgs("bot", "--connect", "tcp://127.0.0.1:1", "--lobby", "--game", GAME, "--bot", "nope")
    assert out.returncode == 2 and "unknown bot" in out.stderr


def test_fleet_sessions_share_one_loop(fake: Callable[..., FakeServer]) -> None:
    """Many sessions, one thread: the fleet never starts a thread per seat."""
    server = fake(players=5, requests=1)
    before = threading.active_count()
    fleet = Fleet(server.endpoint, seats=10, game=GAME, heartbeat=0.1)
    peak = 0
    thread, box = run_in_thread(fleet)
    while thread.is_alive():
        peak = max(peak, threading.active_count())
        thread.join(0.01)
    assert box["stats"].games == 10
    assert peak <= before + 1  # the fleet's own thread, nothing else
