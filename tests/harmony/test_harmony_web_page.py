"""Harmony's browser page (`user_agent/games/harmony/web.py`) from a scenario's game: the JSON
the gateway sends South's page holds the scenario's pieces, the attack phase's exhausted pieces
and the damage through each lane, each seat's damage, and the placement's raw axes (what the
board's clicks pick by value)."""

from __future__ import annotations

from harmony_support import scenario

from game_agent.engine import Game, view_for
from game_agent.games.harmony import RULESET
from user_agent.web.presenter import Presenter


def page_of(name: str, seat: int, until: str | None = None) -> tuple[Presenter, Game]:
    """`seat`'s presenter fed the scenario game's first events (up to the first `until`)."""
    sc = scenario(name)
    g = Game(RULESET, sc.config, seed=1)
    step = g.start()
    p = Presenter("harmony", 2, seat)
    for e in step.events:
        data = view_for(e, seat)
        if data is not None:
            p.event(e.kind, data)
        if e.kind == until:
            break
    return p, g


def test_the_page_shows_the_scenario_board_and_its_attack_phase() -> None:
    p, g = page_of("S1", 0, until="attack_phase_resolved")
    page = p.state()["page"]
    board = page["board"]
    events = g.events
    placed = [{c: x["code"] for c, x in side["cells"].items()} for side in board["sides"]]
    assert placed == [
        {"a/F": "Te", "c/F": "We", "c/M": "Ae"},
        {"c/M": "We", "c/F": "Te", "e/F": "Ae"},
    ]
    exhausted = {(e.data["seat"], e.data["cell"]) for e in events if e.kind == "piece_exhausted"}
    assert exhausted, "the scenario exhausts no piece: the check below would prove nothing"
    shown = {
        (seat, c)
        for seat in (0, 1)
        for c, x in board["sides"][seat]["cells"].items()
        if x["exhausted"]
    }
    assert shown == exhausted
    # the damage through each lane to each side adds up to the attack phase's totals
    assert sum(board["through"][1].values()) == 2  # to North
    assert sum(board["through"][0].values()) == 3  # to South
    south, north = page["seats"]
    assert "last attack: took 3 damage" in south["lines"]
    assert "dealt 2 damage" in south["lines"]
    assert "last attack: took 2 damage" in north["lines"]
    assert south["me"] and not north["me"]
    assert page["hand"] == []
    assert "round 3" in page["status"]
    # the next round starts: its pieces are fresh, the last attack's damage stays told
    p, g = page_of("S1", 0)
    page = p.state()["page"]
    assert not any(
        x["exhausted"] for side in page["board"]["sides"] for x in side["cells"].values()
    )
    assert page["board"]["through"] == [{}, {}]
    assert "last attack: took 3 damage" in page["seats"][0]["lines"]
    assert page["seats"][1]["current"]  # North places first in round 4


def test_the_placement_request_gives_its_raw_axes() -> None:
    p, g = page_of("S1", 1)
    req = g.pending
    assert req is not None and req.seat == 1 and req.kind == "place_piece"
    out = p.request(req, 30.0)
    assert out["axes_raw"] == req.options
    assert out["axis_names"] == ["cell", "role", "element"]
    cells = set(out["axes_raw"][0])
    assert "c/M" not in cells and "a/F" in cells  # the empty cells of North's field only
    assert p.hello("seat")["script"] is True
