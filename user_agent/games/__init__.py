"""Per-game views: what one seat knows, folded from its own event stream.

`for_game(game, seat, seats)` builds the view a bot or console keeps for a seat.
"""

from __future__ import annotations

import importlib

from user_agent.bot import NullView, View


def for_game(game: str, seat: int, seats: int) -> View:
    try:
        module = importlib.import_module(f"user_agent.games.{game}.view")
    except ModuleNotFoundError:
        return NullView()
    view: View = module.make_view(seat, seats)
    return view
