"""`user_agent.fleet` and `sgs bot --lobby`: many lobby sessions in one process and one poll
loop, against the fake game agent of test_client_handshake.py (real sockets on 127.0.0.1), then
end to end against a real `sgs serve --lobby` (with `sgs status`, `sgs watch`, `sgs play`)."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import PATIENT, WAIT, Proc, Procs, wait_for
from test_client_handshake import (
    GAME,
    OPTIONS,
    FakeServer,
    client_for,
    fake,
    sgs,
)

from protocol.choices import Choice, RequestSpec
from protocol.curve import write_keypair
from protocol.messages import Error, EventMsg, RequestMsg, Welcome
from replays import read_log, verify
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


class Asked(RandomBot):
    """Counts the decisions it was asked for, per request id."""

    asked: ClassVar[Counter[int]] = Counter()

    def decide(self, request: RequestSpec, view: View) -> Choice:
        Asked.asked[request.id] += 1
        return super().decide(request, view)


def test_a_restarted_table_asking_again_gets_the_same_answer(
    fake: Callable[..., FakeServer],
) -> None:
    # The reply to request 0 is lost, then the table restarts from a log that holds every
    # event the seat saw (a new epoch, no rewind): request 0 comes again, word for word.
    server = fake(players=1, requests=2, intro=2, drop_replies=1)
    table = server.add_table("t1", 1)
    Asked.asked.clear()
    player = SeatPlayer("test_fleet:Asked", 5)
    client = client_for(server, table, 0)
    player.start(client.connect())
    end = time.monotonic() + WAIT
    while not server.call(lambda: table.replies[0]):
        assert time.monotonic() < end, "no reply"
        for msg in client.poll(0.05):
            player.handle(client, msg)
    server.restart("t1", keep=3)
    over = False
    while not over:
        assert time.monotonic() < end, "the game did not end"
        for msg in client.poll(0.05):
            over = player.handle(client, msg) or over
    client.bye()
    assert client.epoch == 1 and client.rewinds == 0
    assert Asked.asked == Counter({0: 1, 1: 1})  # the bot was asked once per question
    first = server.call(lambda: table.replies[0][0][1])
    assert server.call(lambda: list(table.answered[0])) == [first, *random_choices(5, 2)[1:]]


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
        *PATIENT,
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
    end = time.monotonic() + WAIT
    while thread.is_alive():
        assert time.monotonic() < end, "the fleet did not finish"
        peak = max(peak, threading.active_count())
        thread.join(0.01)
    assert box["stats"].games == 10
    assert peak <= before + 1  # the fleet's own thread, nothing else


# --- end to end: a real `sgs serve --lobby` ------------------------------------------------------


def real_lobby(procs: Procs, log_dir: Path, *extra: str) -> tuple[Proc, str, str]:
    """A lobby server on free ports: (process, seat endpoint, spectator endpoint)."""
    server = procs.start(["serve", "--lobby", "--log-dir", str(log_dir), *extra])
    line = server.expect("lobby on ")  # lobby on ADDR; spectators on PUB; logs in DIR
    words = line.replace(";", "").split()
    return server, words[2], words[5]


def summary_of(fleet: Proc) -> dict[str, int]:
    line = next(x for x in fleet.lines if x.startswith("fleet: "))
    words = line.replace(",", "").replace("(", "").split()
    return {
        "games": int(words[1]),
        "decisions": int(words[5]),
        "errors": int(words[7]),
        "failed": int(words[9]),
    }


def test_real_lobby_fleet_plays_its_quota_and_status_shows_it(procs: Procs, tmp_path: Path) -> None:
    log_dir = tmp_path / "logs"
    server, endpoint, _ = real_lobby(procs, log_dir, "--linger", "0.5")
    fleet = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "4",
         "--games", "8", "--seed", "3", *PATIENT]
    )  # fmt: skip
    assert fleet.wait() == 0, fleet.output()
    summary = summary_of(fleet)
    assert summary["games"] == 8 and summary["errors"] == 0 and summary["failed"] == 0
    finished = [r for r in fleet.stderr_records() if r.get("event") == "game finished"]
    assert len(finished) == 8 and len({(r["table"], r["seat"]) for r in finished}) == 8
    status = procs.start(["status", "--connect", endpoint, "--json", "--timeout", str(WAIT)])
    assert status.wait() == 0, status.output()
    answer = json.loads("\n".join(status.lines))
    assert answer["queues"] == []
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    logs = sorted(log_dir.glob("*.sgslog"))
    assert len(logs) == 4  # 8 seat-games at 2-seat tables
    logged = 0
    for path in logs:
        report = verify(str(path))
        assert report.ok, report.message
        decisions = read_log(str(path)).decisions
        assert not any(d.timeout for d in decisions)
        logged += len(decisions)
    # Every decision in the logs is one the fleet's bots made (none re-sent, none lost).
    assert logged == summary["decisions"]


def test_real_lobby_watch_follows_a_table_and_sigterm_stops_the_fleet(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    server, endpoint, pub = real_lobby(procs, log_dir, "--linger", "0.5")
    watch = procs.start(["watch", "--connect", pub, "--idle", str(WAIT)])
    fleet = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "4",
         "--games", "0", "--bot", "wire_bots:SlowRandom", *PATIENT],
        SGS_TEST_BOT_DELAY="0.05",
    )  # fmt: skip
    followed = watch.expect("following table ")
    watch.expect("the table closed (game_over)")
    assert watch.wait() == 0, watch.output()
    table = followed.split("'")[1]
    assert table and all(table in line for line in watch.lines if line.startswith("watching"))
    # Two tables play at once, but one table's stream is shown: its seqs follow each other.
    seqs = [int(x[1 : x.index("]")]) for x in watch.lines if x.startswith("[")]
    assert seqs and seqs == list(range(seqs[0], seqs[0] + len(seqs)))

    def finished() -> int:
        seats_files = [Path(f"{p}.seats.json") for p in log_dir.glob("*.sgslog")]
        return sum(1 for p in seats_files if p.exists() and '"finished": true' in p.read_text())

    # a second table finished after the watched one: the first one's byes reached the fleet
    wait_for(lambda: finished() >= 2, what="two finished tables")
    fleet.popen.terminate()  # SIGTERM: bye on every connection, the summary, exit 0
    assert fleet.wait() == 0, fleet.output()
    summary = summary_of(fleet)
    assert summary["games"] >= 2 and summary["failed"] == 0
    server.popen.terminate()
    assert server.wait() == 0, server.output()


def test_real_lobby_illegal_answers_take_the_default_without_waiting_for_the_deadline(
    procs: Procs, tmp_path: Path
) -> None:
    log_dir = tmp_path / "logs"
    server, endpoint, _ = real_lobby(procs, log_dir, "--deadline", "600", "--linger", "0.5")
    fleet = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "2",
         "--bot", "test_fleet:Illegal", *PATIENT]
    )  # fmt: skip
    assert fleet.wait() == 0, fleet.output() + server.output()
    summary = summary_of(fleet)
    assert summary["games"] == 2
    line = next(x for x in fleet.lines if x.startswith("fleet: "))
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    (path,) = sorted(log_dir.glob("*.sgslog"))
    decisions = read_log(str(path)).decisions
    assert decisions and not any(d.timeout for d in decisions)
    # Two refused answers per decision, then its default (a 600 s deadline never came).
    assert f"illegal_reply {2 * len(decisions)}" in line, line


def test_real_lobby_console_plays_through_the_lobby(procs: Procs, tmp_path: Path) -> None:
    log_dir = tmp_path / "logs"
    server, endpoint, _ = real_lobby(procs, log_dir, "--linger", "0.5")
    answers = tmp_path / "answers.txt"
    answers.write_text("d\n" * 40)
    with answers.open() as stdin:
        console = procs.start(
            ["play", "--connect", endpoint, "--lobby", "--game", "harmony", *PATIENT], stdin=stdin
        )
        console.expect("queued for harmony: 1 of 2 players waiting")
        fleet = procs.start(
            ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", *PATIENT]
        )
        seated = console.expect("seated at table ")
        console.expect("seat ")
        console.expect("the game is over")
        assert console.wait() == 0, console.output()
    assert fleet.wait() == 0, fleet.output()
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    (path,) = sorted(log_dir.glob("*.sgslog"))
    assert verify(str(path)).ok
    assert seated.split("'")[1] in {r.get("table") for r in fleet.stderr_records()}


def test_real_lobby_over_curve(procs: Procs, tmp_path: Path) -> None:
    keys, allow = tmp_path / "keys", tmp_path / "allow"
    write_keypair(keys, "server")
    bot_public, _, _ = write_keypair(keys, "bot1")
    write_keypair(keys, "impostor")
    allow.mkdir()
    (allow / "bot1.key").write_bytes(bot_public.read_bytes())
    log_dir = tmp_path / "logs"
    server, endpoint, _ = real_lobby(
        procs, log_dir, "--linger", "0.5", "--curve-secret", str(keys / "server.key_secret"),
        "--curve-allow", str(allow),
    )  # fmt: skip
    client_keys = ["--client-key", str(keys / "bot1.key_secret")]
    fleet = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "2",
         "--server-key", str(keys / "server.key"), *client_keys, *PATIENT]
    )  # fmt: skip
    assert fleet.wait() == 0, fleet.output()
    assert summary_of(fleet)["games"] == 2
    status = procs.start(
        ["status", "--connect", endpoint, "--json", "--server-key", str(keys / "server.key"),
         *client_keys, "--timeout", str(WAIT)]
    )  # fmt: skip
    assert status.wait() == 0, status.output()
    # Pinning another server key: the connection never completes, nothing is played.
    lost = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--give-up", "1",
         "--server-key", str(keys / "impostor.key"), *client_keys]
    )  # fmt: skip
    assert lost.wait() == 4, lost.output()  # gave up (--give-up): no answer, as from no server
    assert summary_of(lost) == {"games": 0, "decisions": 0, "errors": 0, "failed": 1}
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    (path,) = sorted(log_dir.glob("*.sgslog"))
    assert verify(str(path)).ok


def test_curve_options_go_together() -> None:
    out = sgs("status", "--connect", "tcp://127.0.0.1:1", "--server-key", "x.key")
    assert out.returncode != 0 and "go together" in out.stderr
    out = sgs("status", "--connect", "tcp://127.0.0.1:1", "--server-key", "/nope.key",
              "--client-key", "/nope.key_secret")  # fmt: skip
    assert out.returncode != 0 and "/nope.key" in out.stderr
