"""Every worked scenario of rules 8 (and the rule files beside them), played from its file."""

from __future__ import annotations

from typing import Any

import pytest
from carcassonne_support import SCENARIOS, play_scenario

FILES = sorted(p.name for p in SCENARIOS.glob("*.toml"))


def _scored(ev: dict[str, Any]) -> tuple[str, int, list[int], bool]:
    return (ev["feature"], ev["points"], ev["winners"], ev["final"])


@pytest.mark.parametrize("name", FILES)
def test_scenario_file(name: str) -> None:
    sc, played = play_scenario(name)
    expect = sc.expect
    state = played.game.state
    if "scores" in expect:
        assert state.scores == expect["scores"]
        assert played.game.outcome is not None
        assert played.game.outcome["scores"] == expect["scores"]
    if "winners" in expect:
        assert played.game.outcome is not None
        assert played.game.outcome["winners"] == expect["winners"]
    if "scored" in expect:
        got = sorted(_scored(e) for e in played.events("feature_scored"))
        want = sorted(
            (s["feature"], s["points"], s["winners"], s.get("final", False))
            for s in expect["scored"]
        )
        assert got == want
    if "deploy_options" in expect:
        got_opts = [r.options for r in played.requests if r.kind == "deploy"]
        assert got_opts == expect["deploy_options"]
    if "requests" in expect:
        assert [r.kind for r in played.requests] == expect["requests"]
    if "returned" in expect:
        got_back = [
            f"{e['seat']} {e['segment']}@({e['x']},{e['y']})"
            for e in played.events("follower_returned")
        ]
        assert got_back == expect["returned"]
    if "discarded" in expect:
        assert [e["tile"] for e in played.events("tile_discarded")] == expect["discarded"]
    assert expect, f"{name} checks nothing"
