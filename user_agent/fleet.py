"""Bots over the wire.

`SeatPlayer` plays one seat's game with a `Bot`: it folds the seat's events into the bot,
answers each request, decides again after an `illegal_reply` (and takes the request's default
after two illegal answers to the same request), and rebuilds the bot from scratch when the
client reports that the table's history was rewound. When a restarted table (a new epoch, no
rewind) asks again a request the bot already decided, word for word, on the very same view, the
player gives the same answer rather than ask the bot twice (a bot's random choices would
otherwise drift): a table that crashed and resumed logs the same decisions as one that did not.

`Fleet` plays many seats from one process: N lobby sessions, each its own DEALER connection
(`user_agent.client.Client`), all served by one loop polling every socket (one `zmq.Poller`,
heartbeats per session, no thread per seat). Each session joins the lobby queue of a game, is
seated when a table fills, plays, and when its game ends joins again, until the process has
played its quota of games:

    fleet = Fleet("tcp://127.0.0.1:5555", seats=50, game="harmony", bot="random", games=200)
    stats = fleet.run()          # returns when the quota is played (or stop() is called)
    print(stats.games, stats.decisions, stats.errors)

A fleet is a good citizen of an open lobby: at most `join_window` (32) of its sessions are
joining at once (queued, or seated and not yet through the seat handshake); the next session
joins when one of those is welcomed. A lobby caps such unproven places per address (64 by
default, `sgs serve --max-unproven`), so two fleets on one host fit under it without a refusal.

Each session gives up after `give_up` seconds without a server (0: never), and stops with the
rest of the fleet when `parent_pid` is given and is no longer this process's parent
(`user_agent.client`, `user_agent.parent`).

`games` counts seat-games for the whole process: None (the default) plays one game per
session, 0 plays until `stop()` (or Ctrl-C). `stop()` may be called from another thread; the
loop notices it within `SWEEP` seconds, says bye on every connection (leaving a queue, or
leaving a seat to its deadlines) and returns.

Bot seeds: a session's bot for seat S of table T gets `fleet_seed(seed, T, S)`, a 63-bit
integer from SHA-256 of the base seed, the table name and the seat. So a fleet's decisions
depend only on the seats it was given and `seed`, never on which session got them or when.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import Counter, OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

import structlog
import zmq

from protocol.choices import Choice, RequestSpec
from protocol.messages import Bye, Error, EventMsg, RequestMsg, Seated, Welcome
from user_agent.bot import Bot
from user_agent.bots import resolve
from user_agent.client import (
    FAILED,
    GIVE_UP_DEFAULT,
    LOBBY_FATAL,
    PARENT_GONE,
    REWOUND,
    SEED_ENV,
    Client,
    Item,
    SocketSetup,
    Transcript,
    split_homes,
)
from user_agent.games import client, for_game

log = structlog.get_logger("sgs.fleet")

JOIN_WINDOW = 32  # sessions joining at once (queued or seated, not yet welcomed)

ILLEGAL_TRIES = 2  # illegal answers to one request before the bot's choice is the default
SWEEP = 0.05  # seconds between two timer sweeps over the sessions (heartbeats, liveness)


def fleet_seed(seed: int, table: str, seat: int) -> int:
    """The seed of the bot that plays `seat` of `table` in a fleet started with `seed`."""
    digest = hashlib.sha256(f"sgs-fleet-bot\n{seed}\n{table}\n{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << 63) - 1)


def seed_from_env(default: int = 0) -> int:
    """The bot seed in `$SGS_BOT_SEED` (how `sgs serve` passes it), else `default`."""
    text = os.environ.get(SEED_ENV, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"${SEED_ENV} must be an integer, got {text!r}") from None


def winners(outcome: dict[str, Any]) -> list[int]:
    if isinstance(outcome.get("winners"), list):
        return [int(w) for w in outcome["winners"]]
    winner = outcome.get("winner")
    return [] if winner is None else [int(winner)]


MAX_SEATS = 4096  # sessions of one fleet process (each holds a socket and its descriptors)
SPARE_SOCKETS = 64  # sockets of a fleet's context besides its sessions'


class SeatPlayer:
    """One seat's game played by a bot of `spec` (`random`, `greedy`, `package.module:Class`).

    Feed it every item a `Client` returns; `handle` answers the requests through that client
    and returns True when the game is over. `record`, if given, receives what the seat sees.
    """

    def __init__(self, spec: str, seed: int, record: Transcript | None = None) -> None:
        self.spec = spec
        self.seed = seed
        self.record = record
        self.bot: Bot | None = None
        self.welcome: Welcome | None = None
        self.decisions = 0
        self.events = 0
        self.bot_errors = 0  # decisions the bot failed to make (its default was taken)
        self.answered = 0  # requests answered (answers sent, less the retries of one request)
        self._last_answered = -1  # the id of the request answered last
        self.defaults = 0  # decisions answered with the request's default (errors included)
        self.illegal_replies = 0  # answers the server refused as illegal
        self.rebuilds = 0
        self.outcome: dict[str, Any] | None = None
        # who the seat is, in words by key (the game's ReportHooks.seat_identity), and those hooks
        self.identity: dict[str, str] = {}
        self._hooks: Any = None
        self.illegal: Counter[int] = Counter()  # request id -> illegal answers so far
        # request id -> (the request, the last event seq seen, the bot's answer): the module doc
        self.decided: OrderedDict[int, tuple[dict[str, Any], int, Choice]] = OrderedDict()
        self.seq = -1  # the seq of the last event folded
        self.log = log.bind(bot=spec)

    def start(self, welcome: Welcome) -> Bot:
        """Make the bot for this seat (raises `BotSpecError` for a bot that does not exist)."""
        self.welcome = welcome
        cls = resolve(self.spec, welcome.game)
        from user_agent.replay import report_hooks  # the words module: loaded for a game only

        self._hooks = report_hooks(welcome.game)
        self.identity = {}
        view = for_game(welcome.game, welcome.seat, welcome.seats) if cls.uses_view else None
        self.bot = cls(welcome.seat, self.seed, view)
        self.log = log.bind(bot=self.spec, table=welcome.table, seat=welcome.seat)
        return self.bot

    def rebuild(self) -> None:
        """Forget everything the bot folded: the seat's true history comes again from seq 0."""
        self.rebuilds += 1
        self.illegal.clear()
        self.decided.clear()
        self.seq = -1
        self.outcome = None
        if self.record is not None:
            self.record.reset()
        if self.welcome is not None:
            self.start(self.welcome)
        self.log.warning("history rewound: bot rebuilt from scratch", rebuilds=self.rebuilds)

    def handle(self, client: Client, item: Item) -> bool:
        """Act on one item from `client`; True when the server said the game is over."""
        if isinstance(item, EventMsg):
            self.events += 1
            self.seq = item.seq
            if self.record is not None:
                self.record.event(item)
            if item.kind == "game_over" and isinstance(item.data.get("outcome"), dict):
                self.outcome = item.data["outcome"]
            if self._hooks is not None and self.welcome is not None:
                seat = self.welcome.seat
                self.identity.update(
                    self._hooks.seat_identity(item.kind, item.data, seat, self.identity)
                )
            if self.bot is not None:
                self.bot.on_event(item.kind, item.data)
        elif isinstance(item, RequestMsg):
            if self.record is not None:
                self.record.request(item)
            self._decide(client, item)
        elif isinstance(item, Welcome):
            if self.bot is None:
                self.start(item)
            else:
                self.welcome = item
        elif isinstance(item, Error):
            if item.code == REWOUND:
                self.rebuild()
            elif item.code == "illegal_reply":
                self.illegal_replies += 1
                self.illegal[item.ref] += 1
                self.decided.pop(item.ref, None)
        elif isinstance(item, Bye):
            return True
        return False

    @property
    def result(self) -> str:
        """The outcome for this seat: won, lost, draw; unfinished before `game_over`."""
        seat = self.welcome.seat if self.welcome is not None else -1
        return "unfinished" if self.outcome is None else _result(self.outcome, seat)

    def who(self) -> list[str]:
        """The seat's words: its name in the game's manifest (Harmony: south), then what its
        events told (Sanguosha: role, general)."""
        if self.welcome is None:
            return []
        c = client(self.welcome.game)
        names = c.seat_names if c is not None else ()
        seat = self.welcome.seat
        return [*([names[seat]] if 0 <= seat < len(names) else []), *self.identity.values()]

    def summary(self, record: str | None = None) -> str:
        """One line of what this seat's game was: game, table, seat and who it was, the
        outcome for it, and how the bot answered."""
        w = self.welcome
        if w is None:
            return f"bot {self.spec}: no game (never seated)"
        who = self.who()
        seat = f"seat {w.seat}" + (f" ({', '.join(who)})" if who else "")
        table = f" table {w.table!r}," if w.table else ""
        line = (
            f"played: {w.game},{table} {seat} as {self.spec}: {self.result}; "
            f"{self.answered} requests answered, {self.defaults} defaults taken "
            f"({self.bot_errors} bot errors), {self.illegal_replies} illegal answers refused"
        )
        return line + (f"; record: {record}" if record else "")

    def _decide(self, client: Client, msg: RequestMsg) -> None:
        try:
            req = RequestSpec(**msg.request)
        except TypeError as exc:
            self.log.error("malformed request from the server", reason=str(exc))
            return
        if self.bot is None:  # pragma: no cover - the client delivers welcome first
            client.reply(req.id, req.default)
            return
        before = self.decided.get(req.id)
        if before is not None and before[:2] == (msg.request, self.seq):
            self.log.info("request asked again after a restart: same answer", request=req.id)
            client.reply(req.id, before[2])
            return
        if self.illegal[req.id] >= ILLEGAL_TRIES:
            self.log.warning("bot answered illegally twice: default taken", request=req.id)
            self.defaults += 1
            choice = req.default
        else:
            try:
                choice = self.bot.decide(req, self.bot.view)
            except Exception:  # a bot's bug must not stall its table: the default is legal
                self.bot_errors += 1
                self.defaults += 1
                self.log.exception("bot failed to decide: default taken", request=req.id)
                choice = req.default
        self.decisions += 1
        if req.id != self._last_answered:  # not a retry after an illegal answer
            self.answered += 1
            self._last_answered = req.id
        self.decided[req.id] = (msg.request, self.seq, choice)
        while len(self.decided) > 32:
            self.decided.popitem(last=False)
        client.reply(req.id, choice)


@dataclass
class FleetStats:
    games: int = 0  # seat-games played to the end
    wins: int = 0  # of those, games this fleet's seat won (or shared)
    decisions: int = 0
    events: int = 0
    rewinds: int = 0
    reconnects: int = 0
    losses: int = 0
    draws: int = 0
    bot_errors: int = 0  # decisions a bot failed to make (its default was taken)
    defaults: int = 0  # decisions answered with the default (bot errors, twice illegal)
    # seat-games and wins by the first word of who the seat was (Sanguosha: its role)
    by_identity: Counter[str] = field(default_factory=Counter)
    wins_by_identity: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # server notices, by code
    failures: Counter[str] = field(default_factory=Counter)  # sessions stopped, by code
    seconds: float = 0.0
    aborted: str = ""  # why the whole fleet stopped early (a lobby refusal), or ""

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "by_identity": {k: [n, self.wins_by_identity[k]] for k, n in self.by_identity.items()},
            "decisions": self.decisions,
            "events": self.events,
            "errors": sum(self.errors.values()),
            "error_codes": dict(self.errors),
            "failures": dict(self.failures),
            "rewinds": self.rewinds,
            "reconnects": self.reconnects,
            "bot_errors": self.bot_errors,
            "defaults": self.defaults,
            "seconds": round(self.seconds, 3),
            "aborted": self.aborted,
        }


class _Session:
    def __init__(self, index: int, client: Client) -> None:
        self.index = index
        self.client = client
        self.player: SeatPlayer | None = None
        self.registered: zmq.Socket[bytes] | None = None
        self.started = time.monotonic()


class Fleet:
    """N lobby sessions playing `game` with bots of `bot`, in one poll loop (see the module
    docstring). `socket_setup` is called on every socket before it connects (e.g. CURVE)."""

    def __init__(
        self,
        endpoint: str,
        *,
        seats: int,
        game: str,
        mode: str = "",
        players: int = 0,
        bot: str = "random",
        seed: int = 0,
        games: int | None = None,
        name: str = "",
        heartbeat: float = 1.0,
        liveness: float = 5.0,
        give_up: float = GIVE_UP_DEFAULT,
        parent_pid: int | None = None,
        socket_setup: SocketSetup | None = None,
        context: zmq.Context[zmq.Socket[bytes]] | None = None,
        join_window: int = JOIN_WINDOW,
    ) -> None:
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a fleet plays 1 to {MAX_SEATS} seats at once")
        if games is not None and games < 0:
            raise ValueError("games must be 0 (no limit) or more")
        if give_up < 0:
            raise ValueError("give_up must be 0 (retry forever) or more seconds")
        resolve(bot, game)  # an unknown bot fails now, not at the first table
        self.homes = split_homes(endpoint)  # too many homes, or an empty one, fails now too
        self.endpoint = endpoint  # every session's homes (user_agent.client: tried in turn)
        self._good_home = 0  # where the last seated join was heard: the next join starts there
        self.seats = seats
        self.game, self.mode, self.players = game, mode, players
        self.bot = bot
        self.seed = seed
        self.quota: int | None = seats if games is None else (games or None)
        self.name = name or f"fleet:{bot}"
        self.heartbeat, self.liveness, self.give_up = heartbeat, liveness, give_up
        self.parent_pid = parent_pid
        self.socket_setup = socket_setup
        self._ctx = context or zmq.Context.instance()
        need = seats + SPARE_SOCKETS
        if self._ctx.get(zmq.MAX_SOCKETS) < need:
            # ZeroMQ's default of 1023 sockets per context (taken before the first socket)
            self._ctx.set(zmq.MAX_SOCKETS, need)
        self.stats = FleetStats()
        self._started_games = 0
        self.join_window = max(1, join_window)
        self._unproven: set[int] = set()  # sessions joining, not yet welcomed
        self._to_join: deque[int] = deque()  # sessions waiting for a place in the window
        self._sessions: list[_Session] = []
        self._by_sock: dict[zmq.Socket[bytes], _Session] = {}
        self._poller = zmq.Poller()
        self._stop = threading.Event()
        self._t0 = 0.0

    def stop(self) -> None:
        """Ask `run` to finish (thread-safe)."""
        self._stop.set()

    @property
    def sessions(self) -> int:
        """Sessions still playing or waiting."""
        return len(self._sessions)

    def run(self) -> FleetStats:
        self._t0 = time.monotonic()
        log.info(
            "fleet starting",
            endpoint=self.endpoint,
            seats=self.seats,
            game=self.game,
            mode=self.mode,
            players=self.players,
            bot=self.bot,
            games=self.quota or "unlimited",
        )
        reason = "stopped"
        try:
            self._to_join.extend(range(self.seats))
            self._admit()
            next_sweep = 0.0
            while self._sessions and not self._stop.is_set():
                now = time.monotonic()
                if now >= next_sweep:
                    next_sweep = now + SWEEP
                    for s in list(self._sessions):
                        self._service(s, s.client.on_timer(now))
                    continue
                wait = max(next_sweep - now, 0.0)
                for sock, _ in self._poller.poll(int(wait * 1000) + 1):
                    ready = self._by_sock.get(sock)
                    if ready is not None and ready.client.socket is sock:
                        self._service(ready, ready.client.on_readable())
        except KeyboardInterrupt:
            reason = "interrupted"
            raise
        finally:
            for s in list(self._sessions):
                s.client.bye(reason)
                self._retire(s)
            self._by_sock.clear()
            self._poller = zmq.Poller()
            self.stats.seconds = time.monotonic() - self._t0
            log.info("fleet finished", reason=reason, **self.stats.summary())
        return self.stats

    # --- sessions ------------------------------------------------------------------------------

    def _admit(self) -> None:
        """Start waiting sessions while the join window has room."""
        while self._to_join and len(self._unproven) < self.join_window:
            if not self._join(self._to_join.popleft()):
                self._to_join.clear()

    def _join(self, index: int) -> bool:
        """Start a session's next game: a new connection that queues in the lobby."""
        if self.quota is not None and self._started_games >= self.quota:
            return False
        self._unproven.add(index)
        self._started_games += 1
        first = self._good_home
        client = Client(
            ",".join(self.homes[first:] + self.homes[:first]),
            name=f"{self.name}/{index}",
            heartbeat=self.heartbeat,
            liveness=self.liveness,
            give_up=self.give_up,
            parent_pid=self.parent_pid,
            context=self._ctx,
            socket_setup=self.socket_setup,
        )
        s = _Session(index, client)
        self._sessions.append(s)
        client.open_join(self.game, self.mode, self.players)
        self._sync(s)
        return True

    def _service(self, s: _Session, items: list[Item]) -> None:
        for item in items:
            if isinstance(item, Welcome) and s.index in self._unproven:
                self._unproven.discard(s.index)  # through the handshake: its place is free
                self._admit()
            if isinstance(item, Seated):
                s.player = SeatPlayer(self.bot, fleet_seed(self.seed, item.table, item.seat))
                if s.client.home in self.homes:  # it answers: the next sessions start there
                    self._good_home = self.homes.index(s.client.home)
                continue
            if isinstance(item, Error):
                if item.code == REWOUND:
                    self.stats.rewinds += 1
                else:
                    self.stats.errors[item.code] += 1
            if s.player is None:
                continue
            if s.player.handle(s.client, item):
                self._game_over(s)
                return
        if s.client.state == FAILED:
            self._failed(s)
            return
        self._sync(s)

    def _game_over(self, s: _Session) -> None:
        player = s.player
        assert player is not None
        s.client.bye("done")
        self._retire(s)
        self.stats.games += 1
        welcome = player.welcome
        seat = welcome.seat if welcome is not None else -1
        result = player.result
        self.stats.wins += result == "won"
        self.stats.losses += result == "lost"
        self.stats.draws += result == "draw"
        who = player.who()
        if who:
            self.stats.by_identity[who[0]] += 1
            self.stats.wins_by_identity[who[0]] += result == "won"
        log.info(
            "game finished",
            session=s.index,
            table=welcome.table if welcome is not None else "",
            seat=seat,
            result=result,
            who=", ".join(who),
            decisions=player.decisions,
            events=player.events,
            seconds=round(time.monotonic() - s.started, 3),
            games=self.stats.games,
        )
        self._to_join.append(s.index)
        self._admit()

    def _failed(self, s: _Session) -> None:
        failure = s.client.failure
        code = failure.code if failure is not None and failure.code else "connection"
        self.stats.failures[code] += 1
        self._retire(s)
        log.error("session stopped", session=s.index, code=code, reason=str(failure))
        if code in LOBBY_FATAL:  # every session would be refused the same way
            self.stats.aborted = str(failure)
            self._stop.set()
        elif code == PARENT_GONE:  # the same for every session: the whole fleet stops
            self._stop.set()

    def _retire(self, s: _Session) -> None:
        """The session's connection is over: count what it did, forget its socket."""
        s.client.close()
        self._sync(s)
        self._sessions.remove(s)
        if s.index in self._unproven:
            self._unproven.discard(s.index)
            self._admit()
        self.stats.reconnects += s.client.reconnects
        if s.player is not None:
            self.stats.decisions += s.player.decisions
            self.stats.events += s.player.events
            self.stats.bot_errors += s.player.bot_errors
            self.stats.defaults += s.player.defaults

    def _sync(self, s: _Session) -> None:
        """Keep the poller in step with the session's current socket (it changes on
        reconnects)."""
        sock = s.client.socket
        if sock is s.registered:
            return
        if s.registered is not None:
            self._poller.unregister(s.registered)
            self._by_sock.pop(s.registered, None)
        if sock is not None:
            self._poller.register(sock, zmq.POLLIN)
            self._by_sock[sock] = s
        s.registered = sock


def _result(outcome: dict[str, Any] | None, seat: int) -> str:
    if outcome is None:
        return "unknown"
    won = winners(outcome)
    if not won:
        return "draw"
    return "won" if seat in won else "lost"
