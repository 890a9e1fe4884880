"""Command-line game options shared by `sgs sim`, `sgs serve` and `sgs demo`."""

from __future__ import annotations

import argparse
from typing import Any

from game_agent.engine import ConfigError, TomlSyntaxError, parse_toml, read_toml
from game_agent.games import GAMES, manifest
from game_agent.games.manifest import resolve
from sgs.errors import UsageError
from user_agent.client import split_homes


def add_game_options(p: argparse.ArgumentParser, default_game: str = GAMES[0]) -> None:
    p.add_argument("--game", default=default_game, help=f"ruleset (default {default_game})")
    p.add_argument("--mode", default=None, help="game mode, e.g. identity or 1v1 (sanguosha)")
    p.add_argument("--players", type=int, default=None, help="number of seats, where variable")
    p.add_argument("--scenario", default=None, metavar="FILE", help="start from a TOML scenario")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help='a ruleset option (value read as TOML: 3, true, "draw"); repeatable',
    )


def parse_value(text: str, key: str = "") -> Any:
    """An `--option` value read as TOML (`3`, `true`, `[1, 2]`); text that is not TOML is the
    string itself. A value past the TOML limits (nested deeper than 32, an integer past 64
    bits, over 1 MiB) raises ConfigError."""
    try:
        return parse_toml(f"v = {text}", f"--option {key}".rstrip())["v"]
    except TomlSyntaxError:
        return text


def game_config(args: argparse.Namespace) -> dict[str, Any]:
    """The config dict for the chosen game from --mode/--players/--scenario/--option."""
    config: dict[str, Any] = {}
    if args.scenario:
        config.update(load_scenario(args.game, args.scenario))
    if args.mode is not None:
        config["mode"] = args.mode
    if args.players is not None:
        config["players"] = args.players
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ConfigError(f"--option takes KEY=VALUE, got {item!r}")
        config[key.strip()] = parse_value(value.strip(), key.strip())
    return config


def load_scenario(game: str, path: str) -> dict[str, Any]:
    """A ruleset reads its own scenario files: its manifest's `scenario` loader returns the config
    (with the scenario inside) that starts a game from that position."""
    ref = manifest(game).scenario
    if ref is None:
        raise ConfigError(f"game {game!r} has no scenario files")
    check_toml(path)
    try:
        config: dict[str, Any] = resolve(ref)(path)
    except OSError as exc:
        raise ConfigError(f"cannot read scenario {path}: {exc.strerror}") from None
    return config


def check_toml(path: str) -> None:
    """A scenario file that is not valid TOML, or past the TOML limits (1 MiB, nested deeper
    than 32: `protocol.tomlfile`), stops the command here (`UsageError`: one line on
    stderr, `error: FILE: not valid TOML: ... (at line N, column M)`, and exit 2)."""
    try:
        read_toml(path)
    except OSError:
        return  # the ruleset's loader reports an unreadable file
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


ENDPOINT_FORMS = "tcp://HOST:PORT or ipc://PATH"


def endpoint_problem(addr: str) -> str | None:
    """Why `addr` is not an endpoint `--connect` can use, or None when it is one."""
    scheme, sep, rest = addr.partition("://")
    if sep and scheme == "ipc" and rest:
        return None
    if sep and scheme == "tcp":
        host, colon, port = rest.rpartition(":")
        if colon and host and (port == "*" or (port.isdigit() and 0 < int(port) < 65536)):
            return None
    return f"bad endpoint {addr!r}: a valid endpoint is {ENDPOINT_FORMS}"


def check_endpoint(addr: str) -> int:
    """0 when `addr` is usable; else raises `UsageError` saying why (one `error:` line, exit 2).
    (It returns an int for callers written as `if check_endpoint(addr): return 2`.)"""
    problem = endpoint_problem(addr)
    if problem is not None:
        raise UsageError(problem)
    return 0


def check_endpoints(addrs: str) -> list[str]:
    """The endpoints of an agent's `--connect A,B,C` (its homes, tried in turn: at most
    `MAX_HOMES`, separated by commas), each checked as `check_endpoint` does; raises
    `UsageError` naming the first unusable one (one `error:` line, exit 2)."""
    try:
        homes = split_homes(addrs)
    except ValueError as exc:
        raise UsageError(f"--connect: {exc}") from None
    for addr in homes:
        check_endpoint(addr)
    return homes
