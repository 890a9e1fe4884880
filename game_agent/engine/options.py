"""A ruleset's options: the one check every `configure` starts with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from protocol.errors import ConfigError


def with_defaults(game: str, config: object, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """`config` over `defaults`, once it is a map naming only options `game` knows; else a
    ConfigError saying what is wrong and which options there are."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"the config must be a map, got {type(config).__name__}")
    unknown = sorted(str(k) for k in config if k not in defaults)
    if unknown:
        raise ConfigError(
            f"unknown option(s) {', '.join(unknown)}; {game} knows {', '.join(defaults)}"
        )
    return {**defaults, **config}
