"""Bundled bots and the registry that names them for `--bots` / `--bot`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from user_agent.bot import Bot, View

BotFactory = Callable[[int, int, View | None], Bot]

# name -> "module:Class"; a game may offer its own bot under a shared name (e.g. greedy).
BUNDLED: dict[str, str] = {
    "random": "user_agent.bots.random_bot:RandomBot",
    "greedy": "user_agent.games.{game}.greedy:GreedyBot",
    "smart": "user_agent.games.{game}.smart:SmartBot",  # Sanguosha's heuristic AI
    "medium": "user_agent.games.{game}.medium:MediumBot",  # Harmony: between random and greedy
}


class BotSpecError(ValueError):
    """A --bot/--bots value that names no usable bot."""


def resolve(spec: str, game: str) -> type[Bot]:
    """`random`, `greedy` or `package.module:Class` -> the bot class."""
    target = BUNDLED[spec].format(game=game) if spec in BUNDLED else spec
    if ":" not in target:
        raise BotSpecError(f"unknown bot {spec!r}: use one of {', '.join(BUNDLED)} or module:Class")
    module_name, _, cls_name = target.partition(":")
    if not module_name or module_name.startswith("."):
        raise BotSpecError(f"bot {spec!r}: give an absolute module path (package.module:Class)")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            if spec in BUNDLED:
                raise BotSpecError(f"bot {spec!r} is not available for game {game!r}") from None
            raise BotSpecError(f"bot {spec!r}: no module {exc.name!r}") from None
        raise
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotSpecError(f"{target} is not a Bot subclass")
    return cls
