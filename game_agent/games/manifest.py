"""What the host side needs to know of one game, as one small declarative object.

Each game's package (`game_agent/games/<game>/__init__.py`) holds a `MANIFEST`; the registry
(`game_agent.games`) lists the packages. Shared code (the server, `sgs sim`, the benchmarks and
soaks) asks the manifest and never names a game. References to code are `"module:attribute"`
strings, resolved on first use, so reading a manifest imports nothing beyond the ruleset.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game_agent.engine import Ruleset


@dataclass(frozen=True)
class Row:
    """One configuration the benchmarks, soaks and byte-for-byte fingerprints play:
    `label` names it in reports, `config` is the ruleset's options, `bots` the `--bots` value."""

    label: str
    config: Mapping[str, Any] = field(default_factory=dict)
    bots: str = "random"


@dataclass(frozen=True)
class Roles:
    """For a game whose seats play roles (or sides): what `sgs sim` and the arena tag each seat
    with, to count wins per role."""

    # "module:function" taking a finished `Game` and returning each seat's role
    of: str
    # the order the tables print the roles in (a role not listed follows, sorted)
    order: tuple[str, ...] = ()
    # "module:function" taking a finished `Game` and returning who plays at each seat at the end
    # (e.g. a general; None: the seats have no characters)
    characters: str | None = None


@dataclass(frozen=True)
class GameManifest:
    ruleset: Ruleset
    # "module:function" taking a scenario file's path and returning the config that starts a
    # game from that position (None: the game has no scenario files).
    scenario: str | None = None
    # The configurations benchmarks, soaks and the fingerprint of a refactor play.
    rows: tuple[Row, ...] = ()
    # Each seat's role, for a game whose seats play roles (None: they play none).
    roles: Roles | None = None

    @property
    def name(self) -> str:
        return self.ruleset.name


def resolve(ref: str) -> Any:
    """A `"module:attribute"` reference -> the object."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
