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
from typing import Any, Protocol

from game_agent.engine import Game, RequestSpec, Ruleset


@dataclass(frozen=True)
class Row:
    """One configuration the benchmarks, soaks and byte-for-byte fingerprints play:
    `label` names it in reports, `config` is the ruleset's options, `bots` the `--bots` value."""

    label: str
    config: Mapping[str, Any] = field(default_factory=dict)
    bots: str = "random"


@dataclass(frozen=True)
class Measure:
    """A figure only this game's benchmark prints: `run` is `"module:function"` taking
    (games, seed) and returning the decisions made, played with `games // share` games."""

    label: str
    run: str
    share: int = 1


class Soak(Protocol):
    """A game's own part of `benchmarks/games_soak.py` (one object per soak run): the
    configurations it cycles over, the invariants it checks (raising AssertionError) and the
    figures it sums. The shared loop already checks fold(events) == live state, one outcome, and
    that the replay log verifies."""

    def config(self, i: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The configured config of the soak's i-th game; `options` from `--option`."""
        ...

    def at_each(self, game: Game, request: RequestSpec) -> None: ...

    def at_end(self, game: Game) -> None: ...

    def note(self) -> str:
        """Text added to the OK line ("" for none)."""
        ...

    def lines(self) -> list[str]:
        """The summary printed after the OK line."""
        ...


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
    # Configurations only `benchmarks/games_bench.py` plays besides `rows` (a variant that is
    # a measure, not a fingerprint), and the figures only this game's benchmark prints.
    bench_rows: tuple[Row, ...] = ()
    measures: tuple[Measure, ...] = ()
    # "module:callable" returning a fresh `Soak` (None: the soak cycles over `rows`' configs
    # with the shared checks only).
    soak: str | None = None
    # Each seat's role, for a game whose seats play roles (None: they play none).
    roles: Roles | None = None
    # Configurations the bot authors' reference (`sgs reference`) plays beside `rows`, to find
    # an example of every request kind (e.g. a variant that alone asks one).
    reference: tuple[Row, ...] = ()
    # The label of the row `sgs demo` serves (one of `rows`; None: this game is not the demo).
    demo: str | None = None

    @property
    def name(self) -> str:
        return self.ruleset.name


def resolve(ref: str) -> Any:
    """A `"module:attribute"` reference -> the object."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
