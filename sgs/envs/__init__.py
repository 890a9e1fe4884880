"""PettingZoo AEC environments for every game whose client manifest names one (docs/research.md).

    from sgs.envs import carcassonne_v0      # or harmony_v0, sanguosha_v0, ...
    env = carcassonne_v0.env(config={"players": 3})
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        ...

Every environment is a `SgsEnv`; `env.game` is the episode's engine `Game` (None before
`reset`), and the final rewards reach each agent through `last()` (`env.rewards` is `{}` once
every finished agent has stepped, as PettingZoo's AEC bookkeeping has it).

`core` holds the environment every game shares, `user_agent.actions` the action space (requests
as successive picks, with masks), and each game's `user_agent.games.<game>.observe` its
observation encoding. `sgs.envs.<name>` is made from the manifest's `EnvEntry` on first use: a
module with `raw_env`, `env` and `metadata`, and the entry's docstring.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from sgs.envs.core import EnvSpec, SgsEnv, entry_points
from user_agent.games import GAMES, client
from user_agent.games.manifest import EnvEntry, resolve


def entries() -> dict[str, tuple[str, EnvEntry]]:
    """Environment name -> (game, its entry), for every registered game that has one."""
    out: dict[str, tuple[str, EnvEntry]] = {}
    for game in GAMES:
        c = client(game)
        if c is not None and c.env is not None:
            out[c.env.name] = (game, c.env)
    return out


def _module(name: str, game: str, entry: EnvEntry) -> types.ModuleType:
    """`sgs.envs.<name>`: `raw_env`, `env` and `metadata`; the encoder loads on the first call."""
    made: list[Any] = []

    def points() -> Any:
        if not made:
            module_name = entry.encoder.partition(":")[0]
            max_options = int(resolve(f"{module_name}:MAX_OPTIONS"))
            made.append(entry_points(EnvSpec(name, game, max_options, resolve(entry.encoder))))
        return made[0]

    def raw_env(**kwargs: Any) -> Any:
        return points()[0](**kwargs)

    def env(**kwargs: Any) -> Any:
        return points()[1](**kwargs)

    module = types.ModuleType(f"{__name__}.{name}", entry.doc)
    module.raw_env = raw_env  # type: ignore[attr-defined]
    module.env = env  # type: ignore[attr-defined]
    module.metadata = {**SgsEnv.metadata, "name": name}  # type: ignore[attr-defined]
    return module


for _name, (_game, _entry) in entries().items():
    _made = _module(_name, _game, _entry)
    sys.modules[_made.__name__] = _made
    globals()[_name] = _made
