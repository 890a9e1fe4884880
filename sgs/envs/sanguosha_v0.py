"""Sanguosha as a PettingZoo AEC environment (2 to 10 agents: identity mode, or 1v1).

    from sgs.envs import sanguosha_v0
    env = sanguosha_v0.env(config={"players": 5})      # or {"mode": "1v1"}

Every request maps onto the same actions: a `choice` is one step, a `subset` (targets, cards to
discard or give) is built pick by pick and closed with DONE, an `arrange` (Guanxing, Yiji) item
by item, pile by pile. Rewards follow the teams of identity mode: every winner +1 (the lord's
side, the rebels, or the renegade), everyone else -1. Observation fields:
`sgs.envs.sanguosha_obs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sgs.envs.core import EnvSpec, SgsEnv
from sgs.envs.sanguosha_obs import MAX_OPTIONS, SanguoshaObs

SPEC = EnvSpec("sanguosha_v0", "sanguosha", MAX_OPTIONS, SanguoshaObs)
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
