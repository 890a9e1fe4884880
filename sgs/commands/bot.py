"""`sgs bot`: run user_agent bots over the wire: one seat whose token you hold (`--seat`), or a
fleet of lobby sessions in one process (`--lobby --seats N`, see `user_agent.fleet`).

Exit codes (docs/wire.md): 0 the game (or the fleet's quota) is played, 2 a usage error,
3 the connection failed for good (refused, taken over, an impostor; for a fleet: sessions
failed), 4 gave up: no server for `--give-up` seconds, 5 the `sgs serve` that started this bot
is gone ($SGS_PARENT_PID, `user_agent.parent`), 130 Ctrl-C, 143 SIGTERM.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import Any

import structlog
import zmq

from game_agent.games import GAMES
from sgs.errors import UsageError
from sgs.options import check_endpoints
from sgs.progress import following
from user_agent.bots import BotSpecError, resolve, wire_problem
from user_agent.client import (
    GIVE_UP,
    GIVE_UP_DEFAULT,
    MAX_HOMES,
    PARENT_GONE,
    SEED_ENV,
    TOKEN_ENV,
    Client,
    ClientError,
    SocketSetup,
    Transcript,
    homes_in_words,
    split_homes,
)
from user_agent.fleet import MAX_SEATS, Fleet, FleetStats, SeatPlayer, seed_from_env
from user_agent.parent import (
    ParentDied,
    ParentError,
    parent_alive,
    parent_from_env,
    unwatch_parent,
    watch_parent,
)

log = structlog.get_logger("sgs.bot")

EXIT_FAILED = 3  # the connection failed for good (refused, session replaced, an impostor)
EXIT_GAVE_UP = 4  # no server for --give-up seconds
EXIT_PARENT_GONE = 5  # the sgs serve that started this bot ($SGS_PARENT_PID) is gone
EXIT_SIGTERM = 128 + signal.SIGTERM


class Terminated(BaseException):
    """SIGTERM arrived (how `sgs serve` stops its bots). A BaseException, so no bot's
    `except Exception` swallows it."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "bot",
        help="play a seat of a served table with a bot, or many seats through the lobby",
        description="One seat: --seat N with its token ($SGS_TOKEN). Through the lobby: "
        "--lobby --game G [--seats N]: N sessions in one process, each queued for a table of G, "
        "seated, playing, and queued again until --games seat-games are played.",
        epilog="Exit codes: 0 played, 2 usage error, 3 the connection failed for good (refused; "
        f"a fleet: sessions failed), {EXIT_GAVE_UP} gave up (--give-up), {EXIT_PARENT_GONE} "
        "the sgs serve that started it (--bots) is gone, 130 Ctrl-C, 143 SIGTERM.",
    )
    add_connection_options(p)
    p.add_argument(
        "--seats",
        type=int,
        default=1,
        metavar="N",
        help="with --lobby: how many sessions (seats at once) this process plays (default 1)",
    )
    p.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="K",
        help="with --lobby: seat-games to play in all, then exit (default: one per session; "
        "0: until Ctrl-C)",
    )
    p.add_argument(
        "--bot",
        default="random",
        help="random, greedy or package.module:Class "
        "(not mcts: a search bot plays in-process only, sgs sim / sgs arena)",
    )
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="with --lobby: no progress bar (shown on a terminal when there is a total)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"the bot's seed (default ${SEED_ENV}, else 0); with --lobby the base of every "
        "bot's seed, mixed with its table name and seat",
    )
    p.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="append what the seat receives to FILE (JSON lines); when FILE exists, resume "
        "from the last event it holds (one seat only)",
    )
    p.set_defaults(run=run)


def add_connection_options(p: argparse.ArgumentParser) -> None:
    """The options of a seated agent (`sgs bot`, `sgs play`): where, which seat or which lobby
    queue, timing, and CURVE keys."""
    p.add_argument(
        "--connect",
        required=True,
        metavar="ADDR",
        help="the server's endpoint (tcp://HOST:PORT or ipc://PATH); or several, separated by "
        f"commas (at most {MAX_HOMES}; e.g. a cluster's lobby servers): each new try (a "
        "retry, a reconnect) starts at the next one in turn",
    )
    p.add_argument("--seat", type=int, default=None, help="the seat to take (with its token)")
    p.add_argument(
        "--token",
        default=os.environ.get(TOKEN_ENV),
        help=f"the seat's token (default: ${TOKEN_ENV}, which keeps it off the command line)",
    )
    p.add_argument("--table", default="", help="table name (default: whatever ADDR serves)")
    p.add_argument(
        "--lobby",
        action="store_true",
        help="no seat of your own: queue in the server's lobby for a table of --game",
    )
    p.add_argument("--game", default=None, help="with --lobby: the game to queue for")
    p.add_argument("--mode", default="", help="with --lobby: the game's mode (default: its own)")
    p.add_argument(
        "--players", type=int, default=0, help="with --lobby: table size (default: the game's)"
    )
    p.add_argument("--name", default=None, help="what to call this agent in the server's log")
    p.add_argument("--heartbeat", type=float, default=1.0, help="seconds between heartbeats")
    p.add_argument(
        "--liveness", type=float, default=5.0, help="reconnect after this much server silence"
    )
    p.add_argument(
        "--give-up",
        type=float,
        default=GIVE_UP_DEFAULT,
        metavar="S",
        help="when the server is unreachable (gone, or not up yet), retry for S seconds, then "
        f"stop with exit code {EXIT_GAVE_UP} (default {GIVE_UP_DEFAULT:g}; 0: retry forever); "
        "reaching it again starts the count anew",
    )
    add_curve_options(p)


def add_curve_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--server-key",
        default=None,
        metavar="FILE",
        help="CURVE: the server's public key file (NAME.key); with --client-key",
    )
    p.add_argument(
        "--client-key",
        default=None,
        metavar="FILE",
        help="CURVE: this agent's secret key file (NAME.key_secret); with --server-key",
    )


def curve_setup(args: argparse.Namespace) -> SocketSetup | None:
    """What to call on every socket before it connects, from --server-key/--client-key (keys
    are read and checked once, here). Raises `UsageError` when a key file is unusable."""
    server_file, client_file = args.server_key, args.client_key
    if not server_file and not client_file:
        return None
    if not (server_file and client_file):
        raise UsageError("--server-key and --client-key go together")
    from protocol import curve  # only agents that use CURVE need it
    from user_agent.curve import set_client_keys

    try:
        server_public = curve.load_public(server_file)
        pair = curve.load_keypair(client_file)
    except curve.CurveKeyError as exc:
        raise UsageError(str(exc)) from None

    def setup(sock: zmq.Socket[bytes]) -> None:
        set_client_keys(sock, pair, server_public)

    return setup


def check_lobby(args: argparse.Namespace) -> None:
    if args.lobby:
        if not args.game:
            raise UsageError("--lobby needs --game")
        if args.seat is not None:
            raise UsageError("give --seat (a seat you hold) or --lobby, not both")
    elif args.seat is None:
        raise UsageError("give --seat N (with its token) or --lobby --game G")


def check_give_up(args: argparse.Namespace) -> None:
    if args.give_up < 0:
        raise UsageError("--give-up must be 0 (retry forever) or more seconds")


def make_client(
    args: argparse.Namespace, name: str, last_seq: int = -1, parent_pid: int | None = None
) -> Client:
    """The client for these options: a seat's (needs its token) or a lobby client."""
    check_lobby(args)
    check_give_up(args)
    if not args.lobby and not args.token:
        raise UsageError(f"give --token or set {TOKEN_ENV}")
    return Client(
        args.connect,
        -1 if args.lobby else args.seat,
        "" if args.lobby else args.token,
        name=args.name or name,
        table="" if args.lobby else args.table,
        heartbeat=args.heartbeat,
        liveness=args.liveness,
        give_up=args.give_up,
        last_seq=last_seq,
        socket_setup=curve_setup(args),
        parent_pid=parent_pid,
    )


def bot_seed(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    try:
        return seed_from_env()
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    try:
        parent = parent_from_env()
    except ParentError as exc:
        raise UsageError(str(exc)) from None
    if parent is None:  # started by hand
        return run_checked(args, None)
    # Started by `sgs serve`: stop when it is gone (user_agent.parent), watched from here on.
    try:
        watch_parent()
        if not parent_alive(parent):  # it died before the signal was armed
            return parent_gone(parent, args.seat)
        return run_checked(args, parent)
    except ParentDied:
        return parent_gone(parent, args.seat)
    finally:
        unwatch_parent()


def run_checked(args: argparse.Namespace, parent: int | None) -> int:
    check_lobby(args)
    check_give_up(args)
    check_endpoints(args.connect)
    seed = bot_seed(args)
    try:
        return run_bot(args, seed, parent)
    except zmq.ZMQError as exc:
        raise UsageError(f"cannot connect to {args.connect}: {exc}") from None


def parent_gone(parent: int, seat: int | None = None) -> int:
    """The one line a bot logs when the `sgs serve` that started it is gone; its exit code."""
    where = {} if seat is None else {"seat": seat}
    log.error(
        "parent gone: stopping",
        **where,
        parent=parent,
        reason=f"the sgs serve that started this bot (pid {parent}) is gone",
    )
    return EXIT_PARENT_GONE


def run_bot(args: argparse.Namespace, seed: int, parent: int | None = None) -> int:
    problem = bot_problem(args.bot, args.game)
    if problem is not None and args.lobby and "no sampler" not in problem:
        problem = None  # the fleet reports a bad spec itself
    if args.lobby and problem is None:
        return run_fleet(args, seed, parent)
    if problem is not None:
        raise UsageError(problem)
    record = Transcript(args.record) if args.record else None
    try:
        last_seq = record.last_seq if record else -1
        client = make_client(args, f"bot:{args.bot}", last_seq, parent)
        # Started by `sgs serve` (parent): its stdout is the server's, which reports the game.
        return run_seat(client, SeatPlayer(args.bot, seed, record), summary=parent is None)
    finally:
        if record is not None:
            record.close()


def bot_problem(spec: str, game: str | None) -> str | None:
    """Why `spec` is no bot, checked before taking a seat: the seat's game is known only from
    the server's welcome, so a spec passes when it resolves for `game` (if given) or for any
    bundled game; a name that is no bot or a module path that cannot be imported fails here,
    and so does a bot that needs what only an in-process host gives (`wire_problem`)."""
    found: list[str] = []
    for candidate in (game,) if game else GAMES:
        try:
            cls = resolve(spec, candidate)
        except BotSpecError as exc:
            found.append(str(exc))
        else:
            return wire_problem(cls, spec)
    # a game that has the bot says best what is wrong with the spec (a bad option, say)
    return next((e for e in found if "is not available for game" not in e), found[0])


def run_seat(client: Client, player: SeatPlayer, summary: bool = True) -> int:
    """Play one seat: connect, make the bot (catching it up on a --record transcript), play.
    SIGTERM says bye and exits 143. Once seated, the end prints `player.summary` (`summary`)."""
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        return _run_seat(client, player, summary)
    except Terminated:
        client.bye("stopped")
        return EXIT_SIGTERM
    except ParentDied:
        client.close()  # nobody to say bye to
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run_seat(client: Client, player: SeatPlayer, summary: bool) -> int:
    try:
        return _play_seat(client, player)
    finally:
        if summary and player.welcome is not None:  # what the game was, even when cut short
            record = player.record.path if player.record is not None else None
            print(player.summary(record), flush=True)


def _play_seat(client: Client, player: SeatPlayer) -> int:
    try:
        welcome = client.connect()
        try:
            bot = player.start(welcome)
        except BotSpecError as exc:
            client.bye("no such bot")
            raise UsageError(str(exc)) from None
        if player.record is not None:
            for item in player.record.events:  # what this seat held before a restart
                bot.on_event(str(item["kind"]), dict(item["data"]))  # type: ignore[call-overload]
            player.seq = player.record.last_seq
        return play(client, player)
    except ClientError as exc:
        if exc.code == PARENT_GONE and client.parent_pid is not None:
            return parent_gone(client.parent_pid, client.seat)
        if exc.code == GIVE_UP:
            log.error(
                "gave up",
                seat=client.seat,
                reason=f"{exc} (--give-up {client.give_up:g}; 0: retry forever)",
            )
            return EXIT_GAVE_UP
        log.error("connection failed", seat=client.seat, code=exc.code, reason=str(exc))
        return EXIT_FAILED
    except KeyboardInterrupt:
        client.bye("interrupted")
        return 130


def play(client: Client, player: SeatPlayer) -> int:
    """Answer every request of the seat until the server says the game is over."""
    while True:
        for msg in client.poll(1.0):
            if player.handle(client, msg):
                client.bye("game over")
                return 0


def run_fleet(args: argparse.Namespace, seed: int, parent: int | None = None) -> int:
    if args.record:
        raise UsageError("--record is for one seat (not with --lobby)")
    if not 1 <= args.seats <= MAX_SEATS:
        raise UsageError(f"--seats must be 1 to {MAX_SEATS}")
    try:
        fleet = Fleet(
            args.connect,
            seats=args.seats,
            game=args.game,
            mode=args.mode,
            players=args.players,
            bot=args.bot,
            seed=seed,
            games=args.games,
            name=args.name or "",
            heartbeat=args.heartbeat,
            liveness=args.liveness,
            give_up=args.give_up,
            socket_setup=curve_setup(args),
            parent_pid=parent,
        )
    except (BotSpecError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: fleet.stop())
    code = 0
    total = args.seats if args.games is None else args.games  # 0: until Ctrl-C, no total
    # On a terminal, a bar; elsewhere the fleet's own `game finished` log lines tell the same.
    quiet = args.quiet or not total or not sys.stderr.isatty()
    died = False
    try:
        with following(lambda: fleet.stats.games, total, "games", quiet=quiet):
            stats = fleet.run()
    except KeyboardInterrupt:
        stats, code = fleet.stats, 130
    except ParentDied:
        stats, died = fleet.stats, True
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(summary_line(stats), flush=True)
    if parent is not None and (died or not parent_alive(parent)):
        return parent_gone(parent)
    if stats.aborted:
        raise UsageError(stats.aborted)
    if code == 0 and stats.failures:
        gave_up = set(stats.failures) == {GIVE_UP}
        if gave_up:
            log.error(
                "gave up",
                sessions=stats.failures[GIVE_UP],
                reason=f"no answer from {homes_in_words(split_homes(args.connect))} for "
                f"{args.give_up:g} s (--give-up; 0: retry forever)",
            )
        return EXIT_GAVE_UP if gave_up else EXIT_FAILED
    return code


def summary_line(stats: FleetStats) -> str:
    s: dict[str, Any] = stats.summary()
    line = (
        f"fleet: {s['games']} games ({s['wins']} won), {s['decisions']} decisions, "
        f"{s['errors']} errors, {sum(stats.failures.values())} sessions failed, "
        f"{s['rewinds']} rewinds, {s['reconnects']} reconnects, {s['seconds']} s; "
        f"{games_part(stats)}"
    )
    if stats.errors:
        line += " (errors: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.errors.items())) + ")"
    if stats.failures:
        line += " (failed: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.failures.items()))
        line += ")"
    return line


def games_part(stats: FleetStats) -> str:
    """The games not won, and, where the game tells who a seat is (Sanguosha: its role;
    Harmony: its side), the games and wins by that."""
    part = f"{stats.losses} lost, {stats.draws} draws, {stats.defaults} defaults taken"
    if stats.by_identity:
        part += "; as " + ", ".join(
            f"{who} {n} ({stats.wins_by_identity[who]} won)"
            for who, n in sorted(stats.by_identity.items())
        )
    return part
