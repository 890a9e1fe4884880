"""What the client side needs to know of one game, as one small declarative object.

Each game's client package (`user_agent/games/<game>/__init__.py`) holds a `CLIENT`; the registry
(`user_agent.games`) lists the packages. Shared client code (consoles, the full-screen tables, the
replay player, fleets, environments) asks the manifest and never names a game. References to code
are `"module:attribute"` strings, resolved on first use, so that reading a manifest imports
neither the widgets nor the bots: a bot process never loads Textual, a console never loads numpy.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class EnvEntry:
    """The game's PettingZoo environment: `sgs.envs.<name>` (e.g. `carcassonne_v0`).
    `encoder` is `"module:Class"` of the observation encoder, built as
    `Class(config, seats, max_options)`, its module's `MAX_OPTIONS` the size of the action space;
    `doc` is the environment module's docstring."""

    name: str
    encoder: str
    doc: str = ""


@dataclass(frozen=True)
class RoleWords:
    """How the arena's report speaks of a game whose seats play roles (its win rates are per
    role): what a role's games are, and who plays together in the ratings."""

    games: str
    teams: str


@dataclass(frozen=True)
class ClientGame:
    name: str
    # "module:function" (seat, seats) -> the seat's view (what it knows, folded from its events).
    view: str
    # The game's name for people ("Harmony of Elements"); "" shows `name`.
    title: str = ""
    # The game's own bots, by the name `--bots` uses -> "module:Class" (`random` is shared).
    bots: Mapping[str, str] = field(default_factory=dict)
    env: EnvEntry | None = None
    # "module:attr" of the game's words (`user_agent.words.GameWords`: its sentences for events,
    # requests and decisions); None: the shared plain words.
    words: str | None = None
    # --- the shells' hooks: "module:attribute" of what a shell asks the game (None: the shell's
    # generic behaviour). `console`: the line console's `user_agent.console.ConsoleHooks`;
    # `screen`: the full-screen table's `user_agent.tui.screen.ScreenHooks`; `report`: the
    # replay report's `user_agent.replay.ReportHooks`.
    console: str | None = None
    screen: str | None = None
    report: str | None = None
    # `web`: the browser page's `user_agent.web.hooks.WebHooks` (None: the generic text page)
    web: str | None = None
    # `passes`: the consoles' `user_agent.passes.Passes` (which requests a person's console
    # answers without a key, and the player's pass switch); None: every request needs a key.
    passes: str | None = None
    # the arena's words: the seats' names in its tables (empty: `seat N`), and the words of a
    # game whose seats play roles (None: each seat plays for itself)
    seat_names: tuple[str, ...] = ()
    roles: RoleWords | None = None
    # The modules of this game's client (full names) that simulate the game (greedy evaluation,
    # search) and so may import the engine's API and this game's ruleset; no other client
    # module may import `game_agent` (tests/architecture checks it).
    simulates: tuple[str, ...] = ()
    # "module:attr" of the game's `user_agent.search.SearchHooks` (the leaf evaluation and the
    # playout policy a search bot such as `mcts` plays samples of the game with); None: the game
    # has no search bot.
    search: str | None = None


def resolve(ref: str) -> Any:
    """A `"module:attribute"` reference -> the object."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
