"""Bundled bots and the lookup that names them for `--bots` / `--bot`: `random` plays any game;
a game's own bots (`greedy`, `smart`, `medium`, ...) are named by its client manifest."""

from __future__ import annotations

import importlib

from user_agent.bot import Bot
from user_agent.games import GAMES, client
from user_agent.games.manifest import ClientGame

SHARED: dict[str, str] = {"random": "user_agent.bots.random_bot:RandomBot"}


class BotSpecError(ValueError):
    """A --bot/--bots value that names no usable bot."""


def names(game: str) -> list[str]:
    """The bot names `--bots` takes for `game`."""
    c = client(game)
    return [*SHARED, *(c.bots if c is not None else {})]


def resolve(spec: str, game: str) -> type[Bot]:
    """`random`, a name of the game's own bots, or `package.module:Class` -> the bot class."""
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
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise BotSpecError(f"bot {spec!r}: no module {exc.name!r}") from None
        raise
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotSpecError(f"{target} is not a Bot subclass")
    return cls


def _every_client() -> list[ClientGame]:
    return [c for c in map(client, GAMES) if c is not None]
