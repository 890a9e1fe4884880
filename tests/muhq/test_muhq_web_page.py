"""muhq's browser page (`user_agent/games/muhq/web.py`) from scenario games: the map the page
gets holds every permanent at its tile (a War Wagon's crew stacked under it), seat 0's hand by
name and the other's by count only, and each option what it designates (a tile, a permanent,
a hand card, a store card), which is what the map's clicks pick."""

from __future__ import annotations

import random
from typing import Any

from muhq_scenario_support import SCENARIOS, play

from game_agent.engine import Game
from game_agent.games import load
from protocol.records import view_for
from user_agent.bot import random_legal
from user_agent.games.muhq.board import tile_name
from user_agent.games.muhq.web import marks_of
from user_agent.web.presenter import Presenter


def presenter(name: str, seat: int) -> tuple[Presenter, Any]:
    p = play(SCENARIOS / f"{name}.toml")
    pr = Presenter("muhq", 2, seat)
    for e in p.events:
        data = view_for(e, seat)
        if data is not None:
            pr.event(e.kind, data)
    return pr, p


def test_every_permanent_is_at_its_tile_with_its_stack() -> None:
    pr, p = presenter("units_crew_war_wagon", 0)
    board = pr.state()["page"]["board"]
    st = p.state
    assert board["width"] == st.spec.width and len(board["rows"]) == st.spec.height
    assert board["rows"][0][0]["name"] == f"a{st.spec.height}"  # the top row first
    shown = {t["name"]: [x["id"] for x in t["perms"]] for row in board["rows"] for t in row}
    want = {tile_name(*pos): [pid, *st.perms[pid].stack] for pos, pid in st.board.items()}
    assert {k: v for k, v in shown.items() if v} == want
    wagon = next(x for x in board["rows"][st.spec.height - 2][1]["perms"] if x["id"] == 3)
    crew = [x for x in board["rows"][st.spec.height - 2][1]["perms"] if x["depth"] == 1]
    assert wagon["depth"] == 0 and [x["id"] for x in crew] == [4, 5]  # b2: the Wagon, its crew
    for row in board["rows"]:
        for t in row:
            assert t["terrain"] == st.spec.tile(t["x"], t["y"])


def first_action_of_seat_0() -> tuple[Game, list[Presenter]]:
    """A duel from the start, every request answered by its first option, until seat 0's
    action phase with cards in both hands; a presenter per seat and an omniscient one."""
    g = Game(load("muhq"), {}, 4)
    step = g.start()
    while True:
        req = step.request
        assert req is not None
        st = g.state
        if req.seat == 0 and req.kind == "action" and all(c.hand for c in st.cards):
            break
        step = g.resume(random_legal(req, random.Random(req.id)))
    pages = [Presenter("muhq", 2, seat) for seat in (0, 1)] + [Presenter("muhq", 2, None)]
    for e in g.events:
        for pr in pages:
            data = e.data if pr.viewer is None else view_for(e, pr.viewer)
            if data is not None:
                pr.event(e.kind, data)
    return g, pages


def test_a_hand_is_named_for_its_seat_only() -> None:
    g, pages = first_action_of_seat_0()
    st = g.state
    for seat in (0, 1):
        page = pages[seat].state()["page"]
        assert [c["id"] for c in page["hand"]] == st.cards[seat].hand
        other = page["seats"][1 - seat]
        assert other["lines"][0] == f"resource {st.cards[1 - seat].resource} · hand " + str(
            len(st.cards[1 - seat].hand)
        )
        assert not any(line.startswith("hand:") for s in page["seats"] for line in s["lines"])
    # the omniscient replay names every hand, on the seats
    every = pages[2].state()["page"]
    assert every["hand"] == []
    for seat in (0, 1):
        named = [line for line in every["seats"][seat]["lines"] if line.startswith("hand:")]
        assert named and all(
            pages[2].table.view.card_name(c) in named[0] for c in st.cards[seat].hand
        )


def test_options_say_what_they_designate() -> None:
    assert marks_of(["play", "PROV-01", 2, 0]) == {"card": "PROV-01", "tile": [2, 0]}
    assert marks_of(["play", "PROV-07", 2, 0, "PROV-01"]) == {"card": "PROV-07", "tile": [2, 0]}
    assert marks_of(["cast", "PROV-08", 4]) == {"card": "PROV-08", "perm": 4}
    assert marks_of(["free", 5, 0, 9]) == {"perm": 9}
    assert marks_of(["select", 3]) == {"perm": 3}
    assert marks_of(["attack", 7]) == {"perm": 7}
    assert marks_of(["enter", 3]) == {"perm": 3}
    assert marks_of(["move", 1, 2]) == {"tile": [1, 2]}
    assert marks_of(["street", 3, 4]) == {"tile": [3, 4]}
    assert marks_of(["carry", 6, 1, 1]) == {"tile": [1, 1]}
    assert marks_of([4, 5]) == {"tile": [4, 5]}  # drop, place_carried
    assert marks_of(["buy", "PROV-03"]) == {"store": "PROV-03"}
    for plain in (["end"], ["tap"], ["pass"], ["trade", "PROV-01", "PROV-02"], ["farm"], "PROV-01"):
        assert marks_of(plain) == {}


def test_a_request_s_options_carry_their_marks() -> None:
    pr, p = presenter("units_crew_war_wagon", 0)
    req = p.game.pending
    assert req is not None and req.kind == "unit_action" and req.seat == 0
    out = pr.request(req, 30.0)
    assert out["acting"] == 3  # the Wagon acting is outlined
    marked = [o for o, r in zip(out["options"], req.options, strict=True) if marks_of(r)]
    assert marked, req.options
    for o in marked:
        if "tile" in o:
            assert tile_name(*o["tile"]) in o["label"]
        if "perm" in o:
            assert o["perm"] in p.state.perms and f"#{o['perm']}" in o["label"]
