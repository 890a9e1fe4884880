"""The line console (`sgs play`, the plain mode) over a real served table: `sgs serve` and
`sgs play` run as processes on free 127.0.0.1 ports; a person's typing is written to the
console's stdin as its prompts appear. Checks the commands (`hand`, `table`, `help`, `card`,
`general`), choosing a target by seat number, and that nothing raw reaches the screen."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game_agent.engine import Decision, Event
from protocol.choices import RequestSpec
from replays import read_log
from user_agent.console import read_answer, request_lines
from user_agent.games.harmony.console import CONSOLE as HARMONY
from user_agent.words.requests import describe

REPO = Path(__file__).resolve().parents[2]
WAIT = 40.0
RAW = re.compile(r"\{'|'\}|\bNone\b|[a-z]_[a-z]")


class Proc:
    def __init__(self, args: list[str], stderr: Path, stdin: int | None = None) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO), SGS_LOG="json", SGS_TEST_BOT_DELAY="0")
        self._err = open(stderr, "wb")  # noqa: SIM115 - closed in kill()
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "sgs.cli", *args],
            stdout=subprocess.PIPE,
            stderr=self._err,
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            cwd=REPO,
            env=env,
            text=True,
        )
        self.lines: list[str] = []
        self._q: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self._q.put(line.rstrip("\n"))
        self._q.put(None)

    def next_line(self, deadline: float) -> str | None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("timed out; output so far:\n" + "\n".join(self.lines[-40:]))
        try:
            line = self._q.get(timeout=left)
        except queue.Empty:
            raise AssertionError("timed out:\n" + "\n".join(self.lines[-40:])) from None
        if line is not None:
            self.lines.append(line)
        return line

    def expect(self, prefix: str) -> str:
        end = time.monotonic() + WAIT
        while True:
            line = self.next_line(end)
            if line is None:
                raise AssertionError(f"ended before {prefix!r}:\n" + "\n".join(self.lines))
            if line.startswith(prefix):
                return line

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(10)
        self._err.close()


@pytest.fixture
def started(tmp_path: Path) -> Iterator[list[Proc]]:
    procs: list[Proc] = []
    yield procs
    for p in procs:
        p.kill()


def serve(procs: list[Proc], tmp: Path, *args: str) -> tuple[str, str, str]:
    """-> (endpoint, token of seat 0, log path)."""
    p = Proc(["serve", "--log-dir", str(tmp / "logs"), *args], tmp / "serve.err")
    procs.append(p)
    endpoint = p.expect("table ").rsplit(" on ", 1)[1]
    token = p.expect("seat 0: ").split("SGS_TOKEN=")[1].split()[0]
    log = p.expect("log: ")[len("log: ") :]
    return endpoint, token, log


class Person:
    """Types into `sgs play` as its prompts appear; remembers each request block shown."""

    def __init__(self, procs: list[Proc], tmp: Path, endpoint: str, token: str) -> None:
        read, self.write_fd = os.pipe()
        args = ["play", "--connect", endpoint, "--seat", "0", "--token", token]
        self.proc = Proc(args, tmp / "play.err", stdin=read)
        os.close(read)
        procs.append(self.proc)
        self.typed: list[str] = []

    def type(self, line: str) -> None:
        self.typed.append(line)
        os.write(self.write_fd, (line + "\n").encode())

    def prompt(self) -> list[str] | None:
        """The lines since the last prompt, up to the next `> ` (None when the game ended)."""
        end = time.monotonic() + WAIT
        block: list[str] = []
        while True:
            line = self.proc.next_line(end)
            if line is None:
                return None
            if line == "> ":
                return block
            block.append(line)

    def close(self) -> None:
        os.close(self.write_fd)


def slash_option(block: list[str]) -> str | None:
    for line in block:
        m = re.match(r"  (\d+)\) \S+ Slash on ", line)
        if m:
            return m.group(1)
    return None


def listed_seats(block: list[str]) -> list[int]:
    return [int(m.group(1)) for line in block if (m := re.match(r"  (\d+)\) seat \1\b", line))]


def test_plain_console_commands_and_a_target_chosen_by_seat_number(
    started: list[Proc], tmp_path: Path
) -> None:
    endpoint, token, log_path = serve(
        started, tmp_path, "--game", "sanguosha", "--players", "3", "--bots=-,random,random",
        "--seed", "3", "--option", "max_rounds=2",
    )  # fmt: skip
    person = Person(started, tmp_path, endpoint, token)
    first = person.prompt()
    assert first is not None and any("choose your general" in line for line in first)
    for command in ("hand", "table", "help", "card snatch", "general guan yu", "hello"):
        person.type(command)
        assert person.prompt() is not None
    person.type("d")
    aimed: int | None = None
    while (block := person.prompt()) is not None:
        if aimed is None and (n := slash_option(block)) is not None:
            person.type(n)
        elif aimed is None and "Choose the target of" in " ".join(block):
            seats = listed_seats(block)
            assert seats, block
            aimed = seats[-1]
            person.type(str(aimed))
        else:
            person.type("table" if "table" not in person.typed[-3:] else "d")
    person.close()
    assert person.proc.popen.wait(WAIT) == 0
    out = "\n".join(person.proc.lines)

    assert "your hand is empty" in out  # `hand` before the deal
    assert "seat 0 (you): no general yet, 0 in hand, lord" in out  # `table`
    assert "SEAT NUMBER" in out and "Commands, at any prompt:" in out  # `help`
    assert "Snatch 顺手牵羊: Trick." in out  # `card snatch`
    assert "Guan Yu 关羽 - Shu, 4 HP, male" in out and "Wusheng (conversion)" in out
    assert "! type numbers separated by spaces, 'd', 'c', or a command" in out  # `hello`
    assert "Seat 0 (Cao Cao) enters play" in out
    assert re.search(r"seat 0 \(you\): Cao Cao, Wei, \d/4 HP, \d+ in hand, lord", out)
    assert aimed is not None
    assert "Seat 0 (Cao Cao) uses " in out
    assert re.search(rf"Seat 0 \(Cao Cao\) uses \S+ Slash on seat {aimed} ", out), out
    assert "=== game over: The game is a draw" in out
    for line in person.proc.lines:
        # the Bye line keeps the server's reason code as it is (other tools match it)
        assert not RAW.search(line), line

    # the log agrees: the target request was answered with the index of that seat
    log = read_log(log_path)
    reqs = {(r.seat, r.id): r for r in log.records if isinstance(r, RequestSpec)}
    answers = [
        (reqs[(d.seat, d.id)], d.choice)
        for d in log.records
        if isinstance(d, Decision) and d.seat == 0 and reqs[(d.seat, d.id)].kind == "targets"
    ]
    assert answers and answers[0][0].options[answers[0][1][0]] == aimed
    assert any(isinstance(e, Event) and e.kind == "use" for e in log.records)


def test_targets_are_read_as_seat_numbers_and_other_options_as_indices() -> None:
    card = {"name": "slash", "suit": "spade", "rank": 7, "color": "black"}
    req = RequestSpec(
        1, 0, "targets", "subset", [2, 4, 1], None, 1, 2, True, {"card": card, "step": "target"}
    )
    w = describe("sanguosha", req)
    assert read_answer(req, w, "4") == ([1], None)
    assert read_answer(req, w, "1 2") == ([0, 2], None)
    _, error = read_answer(req, w, "0")
    assert error == "seat 0 is not one of the choices (seats 2, 4, 1)"
    assert read_answer(req, w, "c") == (None, None)
    # every other option by its number, counted from 1 as in the full-screen console (this
    # pinned "0" before issue 22: the plain console numbered from 0)
    play = RequestSpec(2, 0, "play", "choice", [{"kind": "end", "card": None}], 0)
    assert read_answer(play, describe("sanguosha", play), "1") == (0, None)
    assert read_answer(play, describe("sanguosha", play), "0")[1] == "options are numbered from 1"
    assert "  1) " in "\n".join(request_lines(play, describe("sanguosha", play)))


def test_harmony_placement_by_cell_and_piece_names() -> None:
    axes = [["a/F", "c/F", "c/M"], ["T", "W", "A", "M"], ["w", "f", "e", "l"]]
    req = RequestSpec(0, 1, "place_piece", "product", axes, [0, 0, 0], info={"round": 1})
    w = describe("harmony", req)
    assert read_answer(req, w, "c/M A f", HARMONY) == ([2, 2, 1], None)
    assert read_answer(req, w, "cF Ww", HARMONY) == ([1, 1, 0], None)
    assert read_answer(req, w, "c/m mage lightning", HARMONY) == ([2, 3, 3], None)
    assert read_answer(req, w, "2 1 3", HARMONY) == ([1, 0, 2], None)  # numbers count from 1
    assert read_answer(req, w, "b/B Af", HARMONY)[1] == "b/B is not an empty cell of your field"
    assert read_answer(req, w, "c/F A", HARMONY)[1] == "give an element (e.g. 'c/F A f')"
    assert str(read_answer(req, w, "hello", HARMONY)[1]).startswith("type numbers, or a cell")


def test_plain_console_places_a_harmony_piece_by_cell_name(
    started: list[Proc], tmp_path: Path
) -> None:
    endpoint, token, log_path = serve(
        started, tmp_path, "--game", "harmony", "--bots=-,greedy", "--seed", "5"
    )
    person = Person(started, tmp_path, endpoint, token)
    first = person.prompt()
    assert first is not None
    text = "\n".join(first)
    assert "pieces: role letter then element letter" in text  # the legend
    assert "  axis 0: cell  a/F  b/F  c/F" in text and "1) a/F" not in text
    person.type("c/F A f")
    typed_table = False
    while person.prompt() is not None:
        if not typed_table:
            person.type("table")
            typed_table = True
        else:
            person.type("d")
    person.close()
    assert person.proc.popen.wait(WAIT) == 0
    out = "\n".join(person.proc.lines)
    assert "South places a Fire Archer at c/F." in out
    assert re.search(r"South front \(F\) +\. +\. +Af\*? ", out)  # `table` draws the board
    assert "=== game over: " in out
    for line in person.proc.lines:
        assert not RAW.search(line), line
    first_decision = next(d for d in read_log(log_path).decisions if d.seat == 0)
    assert first_decision.choice == [2, 2, 1]  # c/F (third empty cell), Archer, Fire


class ScriptedClient:
    """Stands in for `user_agent.client.Client`: hands out scripted messages, one batch per
    poll once `ready()` says so, and records the replies."""

    def __init__(self, batches: list[tuple[object, list[object]]]) -> None:
        self.batches = batches
        self.replies: list[tuple[int, object]] = []
        self.deadline = time.monotonic() + 15

    def poll(self, timeout: float, fds: tuple[int, ...] = ()) -> list[object]:
        if time.monotonic() > self.deadline:
            raise AssertionError("the console never got to the next scripted step")
        if self.batches:
            ready = self.batches[0][0]
            if ready is None or (callable(ready) and ready()):
                return self.batches.pop(0)[1]
        time.sleep(min(timeout, 0.02))
        return []

    def reply(self, request_id: int, choice: object) -> None:
        self.replies.append((request_id, choice))

    def bye(self, reason: str = "done") -> None:
        pass


def test_commands_work_while_waiting_and_answers_typed_ahead_wait_their_turn() -> None:
    from protocol.messages import Bye, EventMsg, RequestMsg, Welcome
    from user_agent.console import Console

    shown: list[str] = []
    read, write = os.pipe()
    card = {"name": "slash", "suit": "spade", "rank": 7, "color": "black"}
    request = RequestSpec(0, 1, "targets", "subset", [2, 0], None, 1, 1, True,
                          {"card": card, "step": "target"})  # fmt: skip
    general = {"seat": 1, "general": "guanyu", "max_hp": 4, "hp": 4, "faction": "shu",
               "gender": "male", "skills": ["wusheng"]}  # fmt: skip
    client = ScriptedClient(
        [
            (None, [EventMsg(0, "general", general)]),
            (lambda: any(x.startswith("seat 1 (you): Guan Yu") for x in shown), []),
            (None, [RequestMsg(request.to_wire(), 30.0)]),
            (lambda: bool(client.replies), [Bye("game_over")]),
        ]
    )
    os.write(write, b"table\n2\n")  # `table` now; `2` (a seat number) when the request comes
    os.close(write)
    with os.fdopen(read) as inp:
        console = Console(client, inp, shown.append)  # type: ignore[arg-type]
        console.start(Welcome(3, "t", 1, "sanguosha", "4", 3, -1, 0))
        assert console.run() == 0
    table_at = next(i for i, x in enumerate(shown) if x.startswith("seat 1 (you): Guan Yu"))
    asked_at = next(i for i, x in enumerate(shown) if x.startswith("--- your decision #0"))
    assert table_at < asked_at  # the table was shown before any request
    assert client.replies == [(0, [0])]  # seat 2 is the first option
    assert "  2) seat 2" in shown and "  0) seat 0" in shown


def test_quit_leaves_the_plain_console_cleanly(started: list[Proc], tmp_path: Path) -> None:
    endpoint, token, _ = serve(started, tmp_path, "--game", "harmony", "--bots=-,greedy")
    person = Person(started, tmp_path, endpoint, token)
    assert person.prompt() is not None  # a request is pending: `q` is not taken as an answer
    person.type("help")
    helped = person.prompt()
    assert helped is not None and any(x.startswith("  quit, q ") for x in helped)
    person.type("q")
    assert person.proc.popen.wait(WAIT) == 0
    assert person.proc.expect("you leave the table") in person.proc.lines
    person.close()
