"""The client side's registry of games: one line per bundled game, and the lookups shared client
code uses (`client(name)` -> the game's `ClientGame` manifest; `for_game` -> a seat's view)."""

from __future__ import annotations

import importlib

from user_agent.bot import NullView, View
from user_agent.games.manifest import ClientGame, resolve

GAMES = (
    "harmony",
    "sanguosha",
    "carcassonne",
    "muhq",
    "goofspiel",
)

_CLIENTS: dict[str, ClientGame] = {}


def client(name: str) -> ClientGame | None:
    """The manifest of a bundled game's client, or None for a game with no client package (a
    third-party ruleset: shared code then falls back to plain words and no view)."""
    if name not in _CLIENTS:
        if name not in GAMES:
            return None
        manifest: ClientGame = importlib.import_module(f"{__name__}.{name}").CLIENT
        _CLIENTS[name] = manifest
    return _CLIENTS[name]


def for_game(game: str, seat: int, seats: int) -> View:
    """The view a bot or console keeps for `seat` (a `NullView` for a game without one)."""
    c = client(game)
    if c is None:
        return NullView()
    view: View = resolve(c.view)(seat, seats)
    return view
