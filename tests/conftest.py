from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """Make the test ruleset `toy` loadable by name (runner, verifier, player)."""
    from toy_game import RULESET, SCHEMA

    from game_agent.games import register, unregister
    from protocol.registry import register_schema

    register(RULESET)
    register_schema(SCHEMA)
    yield
    unregister(RULESET.name)
