"""Carcassonne as a PettingZoo AEC environment (2 to 5 agents).

    from sgs.envs import carcassonne_v0
    env = carcassonne_v0.env(config={"players": 3, "farm_scoring": "per_city_4"})

Each turn is one `place_tile` step (action i = legal placement i) and, when a follower can be
deployed, one `deploy` step (the free segments, then skip). Observation fields:
`sgs.envs.carcassonne_obs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sgs.envs.carcassonne_obs import MAX_OPTIONS, CarcassonneObs
from sgs.envs.core import EnvSpec, SgsEnv

SPEC = EnvSpec("carcassonne_v0", "carcassonne", MAX_OPTIONS, CarcassonneObs)
metadata = {**SgsEnv.metadata, "name": SPEC.name}


def raw_env(
    config: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    log_dir: str | None = None,
) -> SgsEnv:
    return SgsEnv(SPEC, config, render_mode, log_dir)


def env(**kwargs: Any) -> SgsEnv:
    """The environment. It enforces the call order itself (`reset` first), so it needs no
    PettingZoo wrapper (OrderEnforcingWrapper's attribute forwarding costs a fifth of a step)."""
    return raw_env(**kwargs)
