"""Rule scenarios of muhq's game: each file in `scenarios/` holds a position (the format of
`game_agent/games/muhq/scenario.py`), the replies to play from it and what must follow (see
`muhq_scenario_support` for the ``[expect]`` keys). The rules are
/work/shared/rules/muhqs-game.md; each file's header names the sections it checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from muhq_scenario_support import check, play, scenario_files

from game_agent.games import load
from game_agent.games.muhq.config import content_of
from protocol.games.muhq.state import MuhqState, new_state

FILES = scenario_files()


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    check(play(path))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_events_fold_to_the_live_state(path: Path) -> None:
    """The applier alone rebuilds the position the scenario ends in."""
    g = play(path).game
    folded: MuhqState = new_state(g.config, content_of(g.config), g.seats)
    rules = load("muhq")
    for ev in g.events:
        rules.apply(folded, ev)
    assert folded == g.state


def test_a_move_not_offered_fails_naming_the_options(tmp_path: Path) -> None:
    text = (FILES[0].parent / "map_water.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('["move", "a4"],\n', '["move", "a5"],\n'))
    with pytest.raises(AssertionError, match=r"\['move', 'a5'\] is not offered"):
        play(bad)
