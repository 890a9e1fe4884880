"""Sanguosha as a PettingZoo AEC environment (2 to 10 agents: identity mode, or 1v1).

    from sgs.envs import sanguosha_v0
    env = sanguosha_v0.env(config={"players": 5})      # or {"mode": "1v1"}

Every request maps onto the same actions: a `choice` is one step, a `subset` (targets, cards to
discard or give) is built pick by pick and closed with DONE, an `arrange` (Guanxing, Yiji) item
by item, pile by pile. Rewards follow the teams of identity mode: every winner +1 (the lord's
side, the rebels, or the renegade), everyone else -1. Observation fields:
`user_agent.games.sanguosha.observe`.
"""

from __future__ import annotations

from sgs.envs.core import EnvSpec, entry_points
from user_agent.games.sanguosha.observe import MAX_OPTIONS, SanguoshaObs

SPEC = EnvSpec("sanguosha_v0", "sanguosha", MAX_OPTIONS, SanguoshaObs)
raw_env, env, metadata = entry_points(SPEC)
