"""The groundwork is not a playable game: the loader still reports it as not implemented."""

from __future__ import annotations

import pytest

from game_agent.engine import ConfigError
from game_agent.games import available, load


def test_load_says_not_implemented_and_available_skips_it() -> None:
    with pytest.raises(ConfigError, match="not implemented yet"):
        load("carcassonne")
    assert "carcassonne" not in available()
    assert "harmony" in available()
