"""Bundled bots and the lookup that names them for `--bots` / `--bot`: `random` plays any game;
a game's own bots (`greedy`, `smart`, `medium`, ...) are named by its client manifest.

A `module:Class` spec is imported from the current directory first, then from `sys.path`, in
every command (`sgs sim`, `sgs arena`, `sgs bot`, `sgs serve --bots` and its bot processes,
which run in the directory `sgs serve` was started in), however `sgs` was started (the `sgs`
script puts its own directory first on `sys.path`, `python -m sgs.cli` the current one).

A spec may carry options for the bot after its name, each `:key=value`: `mcts:iterations=200`,
`mcts:time=0.5:c=1.0`, `mypkg.mybot:MyBot:depth=3`. The bot class validates them
(`Bot.configure`)."""

from __future__ import annotations

import importlib
import os
import sys

from user_agent.bot import Bot
from user_agent.games import GAMES, client
from user_agent.games.manifest import ClientGame

SHARED: dict[str, str] = {"random": "user_agent.bots.random_bot:RandomBot"}


class BotSpecError(ValueError):
    """A --bot/--bots value that names no usable bot."""


MAX_OPTIONS = 16  # options in one bot spec
MAX_OPTION_TEXT = 64  # characters of one option's key=value


def split_spec(spec: str, game: str) -> tuple[str, dict[str, str]]:
    """`name:key=value:...` or `module:Class:key=value:...` -> (the spec without its options,
    the options). A part holding `=` is an option; options come after the name."""
    parts = spec.split(":")
    c = client(game)
    own = c.bots if c is not None else {}
    head = 1 if (parts[0] in SHARED or parts[0] in own or len(parts) == 1) else 2
    if head == 2 and "=" in parts[1]:
        head = 1
    name, rest = ":".join(parts[:head]), parts[head:]
    if not rest:
        return name, {}
    if len(rest) > MAX_OPTIONS:
        raise BotSpecError(f"bot {spec!r}: at most {MAX_OPTIONS} options")
    options: dict[str, str] = {}
    for item in rest:
        key, eq, value = item.partition("=")
        if not eq or not key.isidentifier() or not value or len(item) > MAX_OPTION_TEXT:
            raise BotSpecError(
                f"bot {spec!r}: an option is key=value after the name, e.g. {name}:iterations=200 "
                f"(got {item[:MAX_OPTION_TEXT]!r})"
            )
        if key in options:
            raise BotSpecError(f"bot {spec!r}: option {key!r} given twice")
        options[key] = value
    return name, options


def names(game: str) -> list[str]:
    """The bot names `--bots` takes for `game`."""
    c = client(game)
    return [*SHARED, *(c.bots if c is not None else {})]


def resolve(spec: str, game: str) -> type[Bot]:
    """`random`, a name of the game's own bots, or `package.module:Class`, each optionally
    followed by `:key=value` options -> the bot class (configured with them)."""
    bare, options = split_spec(spec, game)
    cls = _resolve(bare, game)
    try:
        return cls.configure(game, options)
    except ValueError as exc:
        raise BotSpecError(f"bot {spec!r}: {exc}") from None


def wire_problem(cls: type[Bot], spec: str) -> str | None:
    """Why the bot `cls` cannot play over the wire (None: it can)."""
    if cls.wants_sampler:
        return (
            f"bot {spec!r} searches on samples of the live game, which only an in-process host "
            "gives (sgs sim, sgs arena); over the wire there is no sampler"
        )
    return None


def _resolve(spec: str, game: str) -> type[Bot]:
    c = client(game)
    own = c.bots if c is not None else {}
    target = SHARED.get(spec) or own.get(spec) or spec
    if ":" not in target:
        if spec.isidentifier() and any(spec in g.bots for g in _every_client()):
            raise BotSpecError(f"bot {spec!r} is not available for game {game!r}")
        known = ", ".join(names(game))
        raise BotSpecError(f"unknown bot {spec!r}: use one of {known} or module:Class")
    module_name, _, cls_name = target.partition(":")
    if not module_name or module_name.startswith("."):
        raise BotSpecError(f"bot {spec!r}: give an absolute module path (package.module:Class)")
    cwd = current_directory_importable()
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise BotSpecError(
                f"bot {spec!r}: no module {exc.name!r} (looked in the current directory {cwd} "
                "and on sys.path; run the command from the directory that holds "
                f"{exc.name.replace('.', '/')}.py or its package, or add that directory to "
                "PYTHONPATH)"
            ) from None
        raise
    cls = getattr(module, cls_name, None)
    if cls is None:
        found = sorted(
            n for n, v in vars(module).items() if isinstance(v, type) and issubclass(v, Bot)
        )
        has = f"its Bot classes: {', '.join(found)}" if found else "it defines no Bot subclass"
        raise BotSpecError(f"bot {spec!r}: module {module_name!r} has no {cls_name!r} ({has})")
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotSpecError(f"{target} is not a Bot subclass (subclass user_agent.bot.Bot)")
    return cls


def current_directory_importable() -> str:
    """Put the current directory first on `sys.path` (as `python -m` does) unless it is on it
    already (as itself, or as `""`); -> the directory."""
    cwd = os.getcwd()
    if not any(os.path.abspath(entry or os.curdir) == cwd for entry in sys.path):
        sys.path.insert(0, cwd)
    return cwd


def _every_client() -> list[ClientGame]:
    return [c for c in map(client, GAMES) if c is not None]
