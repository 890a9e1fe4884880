"""Harmony of Elements as a PettingZoo AEC environment (2 agents, perfect information).

    from sgs.envs import harmony_v0
    env = harmony_v0.env(render_mode="ansi")        # options: config={...}, log_dir="logs"

A placement (`place_piece`: cell x role x element) takes three steps of the same agent: the
cell, then the role, then the element. Observation fields: `sgs.envs.harmony_obs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sgs.envs.core import EnvSpec, SgsEnv
from sgs.envs.harmony_obs import MAX_OPTIONS, HarmonyObs

SPEC = EnvSpec("harmony_v0", "harmony", MAX_OPTIONS, HarmonyObs)
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
