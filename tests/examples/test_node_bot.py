"""The Node.js example bot (`examples/node-bot/`) against real `sgs serve` tables.

Each game test serves a table with one open seat and a bundled bot in the other, runs the Node
bot (`node bot.mjs`, its token in SGS_TOKEN, as `sgs serve` prints it) in the open seat, and
checks what the user would: the bot exits 0 with its summary line, the table ends, the log
verifies, and the Node bot's seat took no default by timeout, had no reply refused (the server's
`refused` lines) and was told of no error (its summary). The Node bot's dependencies are
installed with `npm ci` on first use (and again only when package-lock.json changes); `make
node` installs node and npm themselves from Debian's packages when they are missing.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sgs_process import sgs
from wire_support import REPO, WAIT, Procs, procs, wait_for

from protocol.choices import RequestSpec
from protocol.records import Decision, Event
from replays import read_log
from replays.reader import Log

__all__ = ["procs"]

BOT = REPO / "examples" / "node-bot"
STAMP = BOT / "node_modules" / ".sgs-installed"  # the sha256 of the lock it was installed from
SUMMARY = re.compile(
    r"^node-bot: seat (?P<seat>\d+) of (?P<game>\w+) table '.*': game over \((?P<reason>[^;]*); "
    r"winners: (?P<winners>[^;]*); .*\); (?P<requests>\d+) requests answered "
    r"\((?P<backs>\d+) went back, (?P<again>\d+) asked again, (?P<defaults>\d+) defaults\); "
    r"errors: (?P<errors>[^;]*); (?P<sessions>\d+) sessions?, epoch (?P<epoch>\d+); "
    r"seed (?P<seed>\d+)$"
)


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("node is not installed: `make node` installs Debian's nodejs and npm")
    return found


@pytest.fixture(scope="module")
def node_bot() -> Iterator[Path]:
    """examples/node-bot with its node_modules installed from package-lock.json."""
    node()
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm is not installed: `make node` installs Debian's nodejs and npm")
    lock = hashlib.sha256((BOT / "package-lock.json").read_bytes()).hexdigest()
    with open(BOT / ".npm-ci.lock", "w") as guard:  # two test workers never install at once
        fcntl.flock(guard, fcntl.LOCK_EX)
        if not STAMP.exists() or STAMP.read_text() != lock:
            done = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund"],
                cwd=BOT,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
            STAMP.write_text(lock)
    yield BOT


def run_node_bot(bot: Path, *args: str, token: str | None) -> subprocess.CompletedProcess[str]:
    """`node bot.mjs ARGS` as a user runs it, the token (if any) in SGS_TOKEN."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    if token is not None:
        env["SGS_TOKEN"] = token
    return subprocess.run(
        [node(), "bot.mjs", *args],
        cwd=bot,
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def play_a_game(
    bot: Path, procs: Procs, game: str, bots: str, seed: int, *node_args: str
) -> re.Match[str]:
    """Serve a 2-seat `game` with seat 0 open, play it with the Node bot, check the game and
    the log; returns the Node bot's summary."""
    served = procs.serve(
        "--game", game, "--players", "2", f"--bots=-,{bots}", "--seed", str(seed),
        "--window-min", "0",
    )  # fmt: skip
    assert list(served.tokens) == [0], "the table should have one open seat, seat 0"
    done = run_node_bot(
        bot, "--connect", served.endpoint, "--seat", "0", "--seed", str(seed), *node_args,
        token=served.tokens[0],
    )  # fmt: skip
    assert done.returncode == 0, f"node bot: {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert served.proc.wait() == 0, served.proc.output()

    # The Node bot's own account: the game ended, and no error reached it (no deadline,
    # no rate_limited, no illegal_reply, ...).
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    summary = SUMMARY.match(lines[0])
    assert summary is not None, lines[0]
    assert (summary["game"], summary["errors"], summary["sessions"]) == (game, "none", "1"), lines
    assert summary["defaults"] == "0", lines[0]  # something legal was always there to pick
    assert done.stderr == "", done.stderr  # nothing refused, nothing dropped

    # The server's account: the log is whole and re-executes, and every decision of seat 0 was
    # the Node bot's own reply (none a timeout's default), one per request it counted, its
    # nils as many as it says it went back.
    verified = sgs("replay", "--verify", served.log_path)
    assert verified.returncode == 0 and ": OK," in verified.stdout, verified
    log = read_log(served.log_path)
    assert log.damage is None and log.events[-1].kind == "game_over"
    ours = [d for d in log.decisions if d.seat == 0]
    assert ours and not any(d.timeout for d in ours), "a decision of seat 0 timed out"
    assert len(ours) == int(summary["requests"]), (len(ours), lines[0])
    assert sum(d.choice is None for d in ours) == int(summary["backs"]), lines[0]
    asked_again, looped = chains(log, 0)
    assert looped == [], looped  # no question answered the same way twice in one decision
    assert asked_again == int(summary["again"]), (asked_again, lines[0])
    records = served.proc.stderr_records()
    refused = [r for r in records if r.get("event") in ("refused", "refusals not logged")]
    assert refused == [], refused  # no message of any seat was refused
    assert not [r for r in records if r.get("event") == "deadline passed, default applied"]
    return summary


def chains(log: Log, seat: int) -> tuple[int, list[str]]:
    """From the log alone: how often `seat` was asked a question again with no event in between
    (a back re-asks the request that opened the follow-up), and the answers repeated within
    such a chain (a loop: the same card picked again after going back from its targets)."""
    asked: set[str] = set()
    answered: set[str] = set()
    specs: dict[int, RequestSpec] = {}
    again, looped = 0, []
    for record in log.records:
        if isinstance(record, Event):
            asked.clear()
            answered.clear()
        elif isinstance(record, RequestSpec) and record.seat == seat:
            specs[record.id] = record
        elif isinstance(record, Decision) and record.seat == seat:
            wire = specs.pop(record.id).to_wire()
            del wire["id"]
            question = json.dumps(wire, sort_keys=True, default=str)
            answer = json.dumps([wire, record.choice], sort_keys=True, default=str)
            again += question in asked
            if answer in answered:
                looped.append(answer[:300])
            asked.add(question)
            answered.add(answer)
    return again, looped


def test_node_bot_plays_sanguosha(node_bot: Path, procs: Procs) -> None:
    summary = play_a_game(node_bot, procs, "sanguosha", "random", 3)
    assert summary["backs"] == "0"  # it never sends nil while something else is legal


def test_node_bot_goes_back_without_looping(node_bot: Path, procs: Procs) -> None:
    """`--back 1`: nil (= back, or decline) the first time each request allows it. Every back
    re-asks the request that opened the follow-up; the bot picks an option it has not tried
    there, or the default (Sanguosha's `end`), so each decision ends (no deadline passes)."""
    summary = play_a_game(node_bot, procs, "sanguosha", "random", 1, "--back", "1")
    assert int(summary["backs"]) > 0 and int(summary["again"]) > 0, summary[0]


def test_node_bot_plays_carcassonne(node_bot: Path, procs: Procs) -> None:
    play_a_game(node_bot, procs, "carcassonne", "greedy", 1)


def test_node_bot_lives_through_a_server_killed_and_resumed(
    node_bot: Path, procs: Procs, tmp_path: Path
) -> None:
    """kill -9 the game agent mid-game and `sgs serve --resume` it: the Node bot does the
    handshake again on its own (not_seated is its cue), sees the new epoch and plays on."""
    served = procs.serve(
        "--game", "sanguosha", "--players", "2", "--bots=-,wire_bots:SlowRandom", "--seed", "4",
        "--window-min", "0", "--bind", f"ipc://{tmp_path}/table.sock",
        SGS_TEST_BOT_DELAY="0.05",
    )  # fmt: skip
    bot = subprocess.Popen(
        [node(), "bot.mjs", "--connect", served.endpoint, "--seat", "0", "--seed", "4"],
        cwd=node_bot,
        env={"PATH": os.environ.get("PATH", ""), "SGS_TOKEN": served.tokens[0]},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        wait_for(lambda: decisions(served.log_path) >= 30, what="the game to get going")
        os.kill(served.proc.popen.pid, signal.SIGKILL)
        served.proc.popen.wait(WAIT)
        again = procs.resume(served.log_path, SGS_TEST_BOT_DELAY="0.05")
        out, err = bot.communicate(timeout=WAIT)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(WAIT)
    assert bot.returncode == 0, (bot.returncode, out, err)
    assert again.proc.wait() == 0, again.proc.output()
    summary = SUMMARY.match(out.strip())
    assert summary is not None, out
    assert (summary["sessions"], summary["epoch"], summary["errors"]) == ("2", "1", "none"), out
    verified = sgs("replay", "--verify", served.log_path)
    assert verified.returncode == 0 and ": OK," in verified.stdout, verified
    log = read_log(served.log_path)
    assert log.events[-1].kind == "game_over"
    assert not any(d.timeout for d in log.decisions if d.seat == 0)


def decisions(path: str) -> int:
    return len(read_log(path).decisions)


def test_node_bot_stops_at_a_server_that_cannot_prove_the_token(
    node_bot: Path, procs: Procs
) -> None:
    served = procs.serve("--game", "harmony", "--bots=-,random", "--window-min", "0")
    done = run_node_bot(node_bot, "--connect", served.endpoint, "--seat", "0", token="0" * 32)
    assert done.returncode == 3, done
    assert done.stderr.strip() == "refused: the server cannot prove our token (not our table?)"
    # It sent nothing after the challenge: the server saw no auth, so no bad_token refusal.
    refusals = [r for r in served.proc.stderr_records() if r.get("event") == "refused"]
    assert not [r for r in refusals if "token" in str(r)], refusals


@pytest.mark.parametrize(
    ("args", "token", "message"),
    [
        (("--seat", "0"), "x", "error: --connect ENDPOINT is required (tcp://HOST:PORT)"),
        (("--connect", "tcp://127.0.0.1:1", "--seat", "0"), None, "error: no token: set"),
        (("--connect", "tcp://127.0.0.1:1", "--seat", "x"), "t", "error: --seat must be"),
        (("--connect", "nowhere", "--seat", "0"), "t", "error: --connect: not a tcp://"),
        (("--connect", "tcp://h:1", "--seat", "0", "--bogus"), "t", "error: Unknown option"),
    ],
    ids=["no-connect", "no-token", "bad-seat", "bad-endpoint", "unknown-option"],
)
def test_node_bot_usage_errors(
    node_bot: Path, args: tuple[str, ...], token: str | None, message: str
) -> None:
    done = run_node_bot(node_bot, *args, token=token)
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(message), done.stderr


def test_node_bot_unit_tests(node_bot: Path) -> None:
    done = subprocess.run(
        [node(), "--test", "test/"],
        cwd=node_bot,
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^# fail 0$", done.stdout, re.M), done.stdout
    assert re.search(r"^# pass [1-9]", done.stdout, re.M), done.stdout


def test_the_node_bot_is_clean_under_the_bot_test_kit(node_bot: Path) -> None:
    """`sgs botcheck --exec` plays the Node bot through seeded games and every position that
    reaches a Sanguosha request kind: no illegal reply, no default taken, every kind met."""
    command = f"{node()} {node_bot / 'bot.mjs'} --connect {{connect}} --seat {{seat}}"
    done = sgs("botcheck", "--game", "sanguosha", "--exec", command, "--games", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "clean: every reply was legal and in time" in done.stdout, done.stdout
    assert "never met" not in done.stdout, done.stdout


def test_node_bot_follows_a_lobby_front_to_the_worker_that_holds_its_table(
    node_bot: Path, procs: Procs, tmp_path: Path
) -> None:
    """`sgs serve --lobby --workers 1`: the seat lines name the front; the Node bot's hello
    there is answered `moved`, and it says the same hello at the worker and plays the game."""
    config = tmp_path / "tables.toml"
    config.write_text('[[table]]\nname = "duel"\ngame = "harmony"\n')
    log_dir = tmp_path / "logs"
    front = f"ipc://{tmp_path}/front.sock"
    server = procs.start(
        ["serve", "--lobby", "--workers", "1", "--tables", str(config), "--log-dir",
         str(log_dir), "--bind", front, "--linger", "0.5"]
    )  # fmt: skip
    tokens: dict[int, str] = {}
    while len(tokens) < 2:
        line = server.expect("  seat ")
        assert f"--connect {front} --table duel" in line, line  # agents know only the front
        tokens[int(line.split()[1].rstrip(":"))] = line.split("SGS_TOKEN=")[1].split()[0]
    other = procs.start(
        ["bot", "--connect", front, "--table", "duel", "--seat", "1", "--bot", "random"],
        SGS_TOKEN=tokens[1],
    )
    done = run_node_bot(
        node_bot, "--connect", front, "--table", "duel", "--seat", "0", "--seed", "2",
        token=tokens[0],
    )  # fmt: skip
    assert done.returncode == 0, f"node bot: {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert other.wait() == 0, other.output()
    summary = SUMMARY.match(done.stdout.strip())
    assert summary is not None, done.stdout
    assert (summary["game"], summary["errors"], summary["sessions"]) == ("harmony", "none", "1")
    server.popen.terminate()
    assert server.wait() == 0, server.output()
    (log,) = sorted(log_dir.glob("*.sgslog"))
    verified = sgs("replay", "--verify", str(log))
    assert verified.returncode == 0 and ": OK," in verified.stdout, verified
    assert not any(d.timeout for d in read_log(str(log)).decisions if d.seat == 0)
