"""Carcassonne as a PettingZoo AEC environment (2 to 5 agents).

    from sgs.envs import carcassonne_v0
    env = carcassonne_v0.env(config={"players": 3, "farm_scoring": "per_city_4"})

Each turn is one `place_tile` step (action i = legal placement i) and, when a follower can be
deployed, one `deploy` step (the free segments, then skip). Observation fields:
`user_agent.games.carcassonne.observe`.
"""

from __future__ import annotations

from sgs.envs.core import EnvSpec, entry_points
from user_agent.games.carcassonne.observe import MAX_OPTIONS, CarcassonneObs

SPEC = EnvSpec("carcassonne_v0", "carcassonne", MAX_OPTIONS, CarcassonneObs)
raw_env, env, metadata = entry_points(SPEC)
