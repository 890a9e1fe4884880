"""The host side's registry of games: one line per bundled game. Each package
`game_agent.games.<game>` holds a `MANIFEST` (`game_agent.games.manifest.GameManifest`: the ruleset,
its scenario loader, the configurations benchmarks play); `load(name)` gives the ruleset,
`manifest(name)` the whole manifest."""

from __future__ import annotations

import importlib

from game_agent.engine import ConfigError, Ruleset
from game_agent.games.manifest import GameManifest, Row

GAMES = (
    "harmony",
    "sanguosha",
    "carcassonne",
    "muhq",
    "goofspiel",
)

# Rulesets registered at run time (a third-party ruleset, or a test's): name -> ruleset.
_REGISTERED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    _REGISTERED[ruleset.name] = ruleset


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def load(name: str) -> Ruleset:
    """A bundled game by name, a registered one, or any `package.module:ATTR` object following
    the engine's `Ruleset` protocol (registered under its own name, so that its logs re-execute)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if ":" in name:
        return _load_path(name)
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return manifest(name).ruleset


def manifest(name: str) -> GameManifest:
    """A bundled game's manifest; a registered or `module:ATTR` ruleset gets a bare one."""
    if name in _REGISTERED or ":" in name:
        return GameManifest(load(name))
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    found: GameManifest = importlib.import_module(f"{__name__}.{name}").MANIFEST
    return found


def demo() -> tuple[str, Row]:
    """What `sgs demo` serves: the first game whose manifest marks a row as the demo, and that
    row (no such game: the registry's first with its defaults)."""
    for name in GAMES:
        m = manifest(name)
        for row in m.rows:
            if m.demo is not None and row.label == m.demo:
                return name, row
    return GAMES[0], Row("default")


def available() -> list[str]:
    out = []
    for name in GAMES:
        try:
            load(name)
        except ConfigError:
            continue
        out.append(name)
    return out


def _load_path(spec: str) -> Ruleset:
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import ruleset module {module_name!r} ({exc})") from None
    ruleset = getattr(module, attr, None)
    if ruleset is None or not all(
        hasattr(ruleset, a) for a in ("name", "version", "configure", "seat_count", "root")
    ):
        raise ConfigError(f"{spec} is not a ruleset")
    out: Ruleset = ruleset
    register(out)
    return out
