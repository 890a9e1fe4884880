"""Carcassonne's browser page as data (`user_agent.games.carcassonne.web`): every tile turned
every way has the shapes its segments imply, the page of a seat holds the board it saw, and a
request's options carry the values the board's clicks pick them by. The browser itself is
tests/web/test_carcassonne_web.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from protocol.choices import RequestSpec
from protocol.games.carcassonne.tiles import CITY, CLOISTER, KINDS, ROAD, oriented
from protocol.records import view_for
from replays import read_log
from sgs.runner import play
from user_agent.games.carcassonne.web import WEB, board, shapes
from user_agent.games.carcassonne.widgets import CarcassonneTable
from user_agent.web.hooks import web_hooks
from user_agent.web.presenter import Presenter


@pytest.fixture(scope="module")
def log_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "c.sgslog"
    play("carcassonne", {"players": 2}, 3, ["random"], path)
    return path


def seat_table(log_path: Path, seat: int, upto: int | None = None) -> CarcassonneTable:
    table = CarcassonneTable("carcassonne", 2, seat)
    for rec in read_log(log_path).events[:upto]:
        data = view_for(rec, seat)
        if data is not None:
            table.apply(rec.kind, data)
    return table


@pytest.mark.parametrize("letter", [k.letter for k in KINDS])
def test_every_tile_turned_every_way_has_the_shapes_of_its_segments(letter: str) -> None:
    for r in range(4):
        o = oriented(letter, r)
        got = shapes(letter, r)
        assert got["edges"] == o.edges
        assert got["segments"] == {s.name: s.type for s in o.segments}
        cities = {c["seg"]: c for c in got["cities"]}
        assert set(cities) == {s.name for s in o.segments if s.type == CITY}
        assert {road["seg"] for road in got["roads"]} == {
            s.name for s in o.segments if s.type == ROAD
        }
        assert got["cloister"] == any(s.type == CLOISTER for s in o.segments)
        for s in o.segments:
            x, y = got["anchors"][s.name]  # a follower can stand on every segment
            assert 0 < x < 1 and 0 < y < 1
            if s.type == CITY:
                assert (cities[s.name]["pennant"] is not None) == s.pennant
        # a city reaches the sides it owns: a polygon corner on each of them
        for s in o.segments:
            if s.type != CITY:
                continue
            poly = cities[s.name]["poly"]
            touches = {
                side
                for side, on in enumerate(
                    (
                        lambda p: p[1] == 0,  # N
                        lambda p: p[0] == 1,  # E
                        lambda p: p[1] == 1,  # S
                        lambda p: p[0] == 0,  # W
                    )
                )
                if sum(1 for p in poly if on(p)) >= 2
            }
            assert s.sides <= touches, (letter, r, s.name, poly)


def test_a_turned_tile_is_sent_turned() -> None:
    # D: a city cap north; a quarter turn clockwise puts it east
    assert shapes("D", 0)["cities"][0]["poly"][0:2] == [[0, 0], [1, 0]]
    east = shapes("D", 1)["cities"][0]["poly"]
    assert all(p[0] >= 0.7 for p in east)
    assert shapes("D", 1)["edges"] == "RCRF"


def test_the_page_of_a_seat_holds_the_board_it_saw(log_path: Path) -> None:
    log = read_log(log_path)
    table = seat_table(log_path, 0)
    page = WEB.page("carcassonne", table, "en")
    b = page["board"]
    placed = sum(1 for e in log.events if e.kind == "tile_placed")
    assert len(b["tiles"]) == placed + 1  # and the start tile
    assert all(k in b["shapes"] for _, _, k in b["tiles"])
    assert b["over"] and b["drawn"] is None and b["left"] == 0
    assert sorted((x, y, s, seat) for x, y, s, seat, _ in b["followers"]) == sorted(
        (x, y, s, seat) for (x, y, s), seat in table.carc.followers.items()
    )
    roles = {role for *_, role in b["followers"]}
    assert roles <= {"thief", "knight", "monk", "farmer"}
    scores = log.events[-1].data["outcome"]["scores"]
    for n, seat in enumerate(page["seats"]):
        assert seat["lines"][0] == f"{scores[n]} points"
    assert page["seats"][0]["me"] and "(you)" in page["seats"][0]["title"]
    assert len(json.dumps(page)) < 64_000  # a whole board in one modest frame
    assert '"order"' not in json.dumps(page)  # the stack's order is the engine's secret


def test_the_drawn_tile_comes_in_its_four_rotations(log_path: Path) -> None:
    events = read_log(log_path).events
    at = next(i for i, e in enumerate(events) if e.kind == "tile_drawn" and e.data["seat"] == 0)
    table = seat_table(log_path, 0, at + 1)
    b = board(table.carc)
    letter = events[at].data["tile"]
    assert b["drawn"] == letter
    assert {f"{letter}{r}" for r in range(4)} <= set(b["shapes"])
    page = WEB.page("carcassonne", table, "en")
    assert f"tile {letter}" in page["status"]
    assert page["seats"][0]["current"] and not page["seats"][1]["current"]


def test_a_placement_and_a_follower_are_picked_by_their_values(log_path: Path) -> None:
    assert web_hooks("carcassonne") is WEB and WEB.script is not None and WEB.script.exists()
    events = read_log(log_path).events
    at = next(i for i, e in enumerate(events) if e.kind == "tile_drawn" and e.data["seat"] == 0)
    p = Presenter("carcassonne", 2, 0)
    for e in events[: at + 1]:
        data = view_for(e, 0)
        if data is not None:
            p.event(e.kind, data)
    view = p.table.view
    letter = view.drawn
    options = [list(o) for o in view.regions.placements(letter)]
    req = RequestSpec(
        7, 0, "place_tile", "choice", options, 0, info={"tile": letter, "left": view.left}
    )
    got = p.request(req, 30.0)
    assert [o["value"] for o in got["options"]] == options
    assert got["tile"] == letter
    x, y, r = options[0]
    segments = {s.name: s.type for s in oriented(letter, r).segments}
    deploy = RequestSpec(
        8, 0, "deploy", "choice", [*segments, "skip"], len(segments),
        info={"tile": letter, "x": x, "y": y, "rotation": r, "supply": 7, "segments": segments},
    )  # fmt: skip
    got = p.request(deploy, 30.0)
    assert [o["value"] for o in got["options"]] == [*segments, "skip"]
    assert got["at"] == [x, y]
