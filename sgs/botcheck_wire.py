"""`sgs botcheck --exec CMD`: the bot is a program speaking the wire. For each game the kit serves
one table on 127.0.0.1 (a `Server` in this process, as `sgs serve` does), starts the program
for the seat under test (every seat in a position) with the connection in its environment,
and `sgs bot` processes for the other seats, as `sgs serve --bots` starts them.

The program's environment: `SGS_CONNECT` (the endpoint), `SGS_SEAT`, `SGS_TABLE` (the table's
name, empty), `SGS_GAME`, `SGS_TOKEN`, `SGS_BOT_SEED` and `SGS_PARENT_PID` (docs/botcheck.md);
`{connect}`, `{seat}`, `{table}` and `{game}` in its command line are filled in too.

Every reply the program sends is checked as the table checks it; an illegal one is refused
(`illegal_reply`) and the request stands, so the report counts each refusal and, when the
deadline passed, the default the table applied; messages over the rate limit are counted too.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from collections.abc import Sequence
from typing import Any

import structlog

from game_agent.engine import ConfigError, Game, RequestSpec
from game_agent.games import load
from game_agent.server import Table, TableOptions
from game_agent.server.seats import Seat, Seats
from game_agent.server.server import Server, ServerOptions
from game_agent.server.table import PLAYING, WAITING
from protocol.choices import check_choice
from protocol.messages import Reply
from replays.writer import LogWriter, header_for
from sgs.botcheck import (
    DEADLINE,
    RATE_LIMITED,
    Checker,
    Position,
    Problem,
    category,
    seeded,
    shown,
    tested_seat,
)
from sgs.commands.serve import bot_command, child_env, stop_bots
from sgs.progress import Advance
from sgs.runner import bot_seed
from user_agent.bot import NullView
from user_agent.client import SEED_ENV, TOKEN_ENV
from user_agent.parent import PARENT_ENV

log = structlog.get_logger("sgs.botcheck")

CONNECT_ENV, SEAT_ENV, TABLE_ENV, GAME_ENV = "SGS_CONNECT", "SGS_SEAT", "SGS_TABLE", "SGS_GAME"
FILL_SECONDS = 30.0  # the program must take its seat within this long


def fill(arg: str, endpoint: str, seat: int, game: str) -> str:
    """An --exec argument with `{connect}`, `{seat}`, `{table}` and `{game}` filled in, for a
    program that takes its connection on its command line (the token never goes there)."""
    for name, value in (("connect", endpoint), ("seat", str(seat)), ("table", ""), ("game", game)):
        arg = arg.replace("{" + name + "}", value)
    return arg


class CheckedTable(Table):
    """A table that shows the kit every reply of the seats under test before it checks it."""

    tested: frozenset[int] = frozenset()
    checker: Checker | None = None
    where: str = ""
    seen: dict[tuple[int, int, str], Problem]

    def reply(self, seat: Seat, msg: Reply) -> None:
        checker = self.checker
        if checker is not None and seat.index in self.tested and self.state == PLAYING:
            req = next((r for r in self.game.open if r.seat == seat.index), None)
            if req is not None and msg.id == req.id:
                reason = check_choice(req, msg.choice)
                if reason is not None:
                    self.illegal(checker, req, msg.choice, reason)
        super().reply(seat, msg)

    def illegal(self, checker: Checker, req: RequestSpec, choice: object, reason: str) -> None:
        key = (req.seat, req.id, shown(choice))
        p = self.seen.get(key)
        if p is not None:  # the same reply again: the request stood, the program answered again
            p.repeats += 1
            checker.report.count(req.kind).problems[p.category] += 1
            return
        self.seen[key] = checker.problem(
            req,
            NullView(),
            self.where,
            category(reason),
            shown(choice),
            reason,
            applied="refused (illegal_reply); the request stood",
        )


class CheckedServer(Server):
    """A server that tells the kit of every message it dropped over the rate limit. Its
    refusals are the report's, not log lines (a wrong bot would bury the report in them)."""

    table: CheckedTable | None = None

    def _log_refusal(self, seat: int, identity: bytes, code: str, why: str, table: str) -> None:
        t = self.table
        if code != "rate_limited" or t is None or t.checker is None:
            return
        req = next((r for r in t.game.open if r.seat in t.tested), None)
        if req is None:
            return
        key = (req.seat, req.id, RATE_LIMITED)
        p = t.seen.get(key)
        if p is not None:
            p.repeats += 1
            t.checker.report.count(req.kind).problems[RATE_LIMITED] += 1
            return
        t.seen[key] = t.checker.problem(
            req, NullView(), t.where, RATE_LIMITED, "-", why, applied="messages dropped"
        )


class WireCheck:
    def __init__(self, game: str, command: str, others: Sequence[str], checker: Checker) -> None:
        self.game = game
        self.argv = shlex.split(command)
        self.others = list(others)
        self.checker = checker

    def run(
        self,
        config: dict[str, Any],
        seed: int,
        games: int,
        positions: Sequence[Position],
        bar: Advance,
    ) -> None:
        report = self.checker.report
        ruleset = load(self.game)
        with tempfile.TemporaryDirectory(prefix="sgs-botcheck-") as logs:
            for i, s in seeded(seed, games):
                game = Game(ruleset, config, s)
                seat = tested_seat(i, game.seats)
                if self.play(game, frozenset([seat]), f"seed {s}", (), logs):
                    report.games += 1
                bar.advance()
            for pos in positions:
                game = Game(ruleset, pos.config, pos.seed)
                try:
                    played = self.play(
                        game, frozenset(range(game.seats)), f"position {pos.name}", pos, logs
                    )
                except ConfigError as exc:
                    report.errors.append(f"{pos.name}: {exc}")
                else:
                    if played:
                        report.positions.append(pos.name)
                bar.advance()

    def play(
        self,
        game: Game,
        tested: frozenset[int],
        where: str,
        pos: Position | tuple[()],
        logs: str,
    ) -> bool:
        """One game on a table of its own; -> whether it was played to its end."""
        checker = self.checker
        agents = [
            "exec" if s in tested else self.others[s % len(self.others)] for s in range(game.seats)
        ]
        path = os.path.join(logs, f"{self.game}-{game.seed}-{len(checker.report.positions)}.sgslog")
        writer = LogWriter(path, header_for(game, agents))
        lead = pos.lead if isinstance(pos, Position) else ()
        led = 0
        if lead:  # the kit's own moves first; the table then starts as a resumed one
            step = game.start()
            writer.put_step(step.events, step.asked)
            for move in lead:
                req = step.request
                if req is None:
                    raise ConfigError("the game ended during the lead")
                step = game.resume(move.answer(req), seat=req.seat)
                writer.decision(game.decisions[-1])
                writer.put_step(step.events, step.asked)
            led = len(game.decisions)
        opts = TableOptions(
            deadline=checker.deadline,
            linger=1.0,
            fill_timeout=FILL_SECONDS,
            window_min=0.0,
            abandon_after=FILL_SECONDS,
        )
        table = CheckedTable(
            "", game, Seats.new(agents), writer, opts, log_path=path, resumed=bool(lead)
        )
        table.tested, table.checker, table.where, table.seen = tested, checker, where, {}
        server = CheckedServer(ServerOptions(bind="tcp://127.0.0.1:*"))
        server.table = table
        procs: list[subprocess.Popen[bytes]] = []
        seat_of: dict[int, int] = {}
        try:
            endpoint, _pub = server.bind()
            server.add(table)
            for seat in table.seats.seats:
                proc = self.start(seat, endpoint, game, tested, opts)
                procs.append(proc)
                seat_of[id(proc)] = seat.index
            table.departed = lambda: [seat_of[id(p)] for p in procs if p.poll() is not None]
            mine = [p for p in procs if seat_of[id(p)] in tested]

            def over() -> bool:
                if table.name not in server.tables:
                    return True
                # a program that exits before it took its seat would hold the table for the
                # fill timeout, and a table whose every agent exited is paused: the game is
                # not played
                if table.state == WAITING and any(p.poll() is not None for p in mine):
                    return True
                return all(p.poll() is not None for p in procs)

            server.run(until=over)
        finally:
            server.close()
            table.writer_close()
            stop_bots(procs, grace=5.0 if game.finished else 0.0)
        if not game.finished:
            gone = [p.returncode for p in procs if seat_of[id(p)] in tested and p.returncode]
            why = table.fill_failed or (
                f"the program exited with code {gone[0]} before the game ended"
                if gone
                else "the table closed before the game ended"
            )
            checker.report.errors.append(f"{where}: {why}")
            return False
        self.tally(game, tested, led, where)
        for p in procs:
            if seat_of[id(p)] in tested and p.returncode not in (0, None):
                checker.report.errors.append(
                    f"{where}: the program at seat {seat_of[id(p)]} exited with code {p.returncode}"
                )
        log.info("game checked", where=where, decisions=len(game.decisions))
        return True

    def start(
        self,
        seat: Seat,
        endpoint: str,
        game: Game,
        tested: frozenset[int],
        opts: TableOptions,
    ) -> subprocess.Popen[bytes]:
        env = {
            **child_env(),
            TOKEN_ENV: seat.token,
            SEED_ENV: str(bot_seed(game.seed, seat.index)),
            PARENT_ENV: str(os.getpid()),
        }
        if seat.index in tested:
            env.update(
                {
                    CONNECT_ENV: endpoint,
                    SEAT_ENV: str(seat.index),
                    TABLE_ENV: "",
                    GAME_ENV: self.game,
                }
            )
            argv = [fill(a, endpoint, seat.index, self.game) for a in self.argv]
            try:
                return subprocess.Popen(argv, stdin=subprocess.DEVNULL, env=env)
            except OSError as exc:
                raise ConfigError(f"cannot start {self.argv[0]}: {exc.strerror}") from None
        spec = self.others[seat.index % len(self.others)]
        cmd = bot_command(endpoint, seat.index, spec, opts)
        return subprocess.Popen(cmd, stdin=subprocess.DEVNULL, env=env)

    def tally(self, game: Game, tested: frozenset[int], led: int, where: str) -> None:
        """Count the requests of the seats under test; a decision the deadline made is a
        problem (the table applied the default)."""
        checker = self.checker
        lead = {(d.seat, d.id) for d in game.decisions[:led]}
        decided = {(d.seat, d.id): d for d in game.decisions}
        # A decision past its deadline takes the defaults of all its steps at once (the same
        # seat asked again with no event between): one problem, at its first step.
        followers: set[tuple[int, int]] = set()
        last: tuple[int, int] | None = None
        for made in game.decisions:
            if made.timeout and last == (made.seat, made.at):
                followers.add((made.seat, made.id))
            last = (made.seat, made.at) if made.timeout else None
        for req in game.requests:
            if req.seat not in tested or (req.seat, req.id) in lead:
                continue
            checker.met(req, NullView(), where)
            d = decided.get((req.seat, req.id))
            if d is not None and d.timeout and (d.seat, d.id) not in followers:
                why = f"no legal reply within the deadline ({checker.deadline:g} s)"
                checker.problem(req, NullView(), where, DEADLINE, "-", why)
