"""Harmony of Elements as a PettingZoo AEC environment (2 agents, perfect information).

    from sgs.envs import harmony_v0
    env = harmony_v0.env(render_mode="ansi")        # options: config={...}, log_dir="logs"

A placement (`place_piece`: cell x role x element) takes three steps of the same agent: the
cell, then the role, then the element. Observation fields: `user_agent.games.harmony.observe`.
"""

from __future__ import annotations

from sgs.envs.core import EnvSpec, entry_points
from user_agent.games.harmony.observe import MAX_OPTIONS, HarmonyObs

SPEC = EnvSpec("harmony_v0", "harmony", MAX_OPTIONS, HarmonyObs)
raw_env, env, metadata = entry_points(SPEC)
