"""Bundled bots and the registry that names them for `--bots` / `--bot`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from user_agent.bot import Bot, View

BotFactory = Callable[[int, int, View | None], Bot]

# name -> "module:Class"; a game may offer its own bot under a shared name (e.g. greedy).
BUNDLED: dict[str, str] = {
    "random": "user_agent.bots.random_bot:RandomBot",
    "greedy": "user_agent.bots.greedy_{game}:GreedyBot",
}


def resolve(spec: str, game: str) -> type[Bot]:
    """`random`, `greedy` or `package.module:Class` -> the bot class."""
    target = BUNDLED.get(spec, spec).format(game=game)
    if ":" not in target:
        raise ValueError(f"unknown bot {spec!r}: use one of {', '.join(BUNDLED)} or module:Class")
    module_name, _, cls_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise ValueError(f"bot {spec!r} is not available for game {game!r}") from None
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{target} is not a Bot subclass")
    return cls
