"""Every request kind of every game has a contract (`Ask`), and every request of seeded games
keeps it: its form, each option's shape, nil only where the contract says what it means. The
bot authors' reference is made from these contracts, so this is what keeps it true."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from typing import Any, Literal

import pytest

import protocol.games
from protocol.asks import request_problem, typed_options
from protocol.choices import RequestSpec
from protocol.registry import get_schema
from protocol.shapes import Row, Shape, check, describe, json_schema, layout, parse
from sgs.runner import play

GAMES = sorted(
    m.name for m in pkgutil.iter_modules(protocol.games.__path__) if not m.name.startswith("_")
)

# (config, bot specs, seeds) per game: small seeded games that reach most kinds
PLAYS: dict[str, list[tuple[dict[str, Any], list[str], range]]] = {
    "sanguosha": [
        ({"players": 5}, ["random"], range(1, 7)),
        ({"players": 5}, ["smart"], range(1, 4)),
        ({"players": 2}, ["random"], range(1, 5)),
        ({"players": 8}, ["random"], range(1, 3)),
    ],
    "harmony": [({}, ["random"], range(1, 4))],
    "carcassonne": [({}, ["random"], range(1, 3))],
    "muhq": [
        ({}, ["random"], range(1, 5)),
        ({}, ["greedy"], range(1, 3)),
        ({"draft": True}, ["random"], range(1, 2)),
    ],
    "goofspiel": [({}, ["random"], range(1, 3))],
}


def seeded_requests(game: str) -> list[RequestSpec]:
    out: list[RequestSpec] = []
    for config, bots, seeds in PLAYS[game]:
        for seed in seeds:
            out += play(game, config, seed, bots).game.requests
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_request_kind_has_a_contract(game: str) -> None:
    importlib.import_module(f"protocol.games.{game}")
    schema = get_schema(game)
    assert sorted(schema.asks) == sorted(schema.requests), game
    for kind, ask in schema.asks.items():
        assert ask.decides and ask.default, (game, kind)
        # every info field has its words, and no words name a field the kind does not have
        assert sorted(ask.info) == sorted(schema.requests[kind]), (game, kind)
        assert all(ask.info.values()), (game, kind)
        if ask.form == "product":
            assert ask.axes, (game, kind)
        describe(ask.option)  # every shape has words
        json_schema(ask.option, {})  # and a JSON Schema


@pytest.mark.parametrize("game", GAMES)
def test_seeded_requests_keep_their_contract(game: str) -> None:
    schema = get_schema(game)
    problems: dict[str, str] = {}
    for req in seeded_requests(game):
        bad = request_problem(schema, req)
        if bad:
            problems.setdefault(req.kind, bad)
        else:
            typed_options(schema, req)  # the typed form parses whatever keeps the contract
    assert not problems, problems


def default_claim(text: str) -> str | None:
    """What an Ask's `default` words promise, where they promise something checkable."""
    for start, claim in (
        ("index 0", "first"),
        ("the last option", "last"),
        ("nil", "nil"),
        ("[]", "none"),
    ):
        if text.startswith(start):
            return claim
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_defaults_are_what_the_contract_says(game: str) -> None:
    """A default is what a bot gets when it is late; the reference says what it is, and a
    game that changes it without its words fails here (issue 23: the Node.js bot took the
    default of `targets`, nil, as a target)."""
    schema = get_schema(game)
    wrong: dict[str, str] = {}
    for req in seeded_requests(game):
        claim = default_claim(schema.ask(req.kind).default)
        last = len(req.options) - 1
        ok = {
            None: True,
            "first": req.default == 0,
            "last": req.default == last,
            "nil": req.default is None and req.cancel,
            "none": req.default == [],
        }[claim]
        if not ok:
            wrong.setdefault(req.kind, f"{claim}: got {req.default!r} of {last + 1} options")
    assert not wrong, wrong


@dataclasses.dataclass(frozen=True)
class Card(Shape):
    id: int
    suit: str


@dataclasses.dataclass(frozen=True)
class PlayCard(Shape):
    kind: Literal["card"]
    card: Card
    targets: list[int]


@dataclasses.dataclass(frozen=True)
class End(Shape):
    kind: Literal["end"]


@dataclasses.dataclass(frozen=True)
class Move(Row):
    verb: Literal["move"]
    x: int
    y: int = 0


def test_shapes_check_parse_and_describe() -> None:
    play_option = PlayCard | End
    good = {"kind": "card", "card": {"id": 3, "suit": "heart"}, "targets": [1, 2]}
    assert check(play_option, good) is None
    assert check(play_option, {"kind": "end"}) is None
    # the variant its tag names gives the reason
    bad = check(play_option, {"kind": "card", "card": {"id": "3", "suit": "heart"}, "targets": []})
    assert bad == "option.card.id: expected int, got str", bad
    assert check(play_option, {"kind": "end", "x": 1}) == "option: End has unknown key(s) x"
    assert "matches none" in str(check(play_option, {"kind": "skill"}))
    typed = parse(play_option, good)
    assert isinstance(typed, PlayCard) and typed.card.suit == "heart" and typed.targets == [1, 2]
    assert check(Move, ["move", 1]) is None and check(Move, ["move", 1, 2]) is None
    assert check(Move, ["move"]) == "option: Move has 2..3 items, got 1"
    assert parse(Move, ["move", 4]) == Move("move", 4)
    assert layout(PlayCard) == '{kind: "card", card: Card, targets: [int]}'
    assert layout(Move) == '["move", x: int, y?: int]'
    defs: dict[str, Any] = {}
    assert json_schema(play_option, defs) == {
        "anyOf": [{"$ref": "#/$defs/PlayCard"}, {"$ref": "#/$defs/End"}]
    }
    assert set(defs) == {"PlayCard", "Card", "End"}
    assert defs["PlayCard"]["required"] == ["kind", "card", "targets"]


def test_a_request_that_breaks_its_contract_is_told() -> None:
    schema = get_schema("goofspiel")
    ok = RequestSpec(0, 0, "bid", "choice", [1, 2], 0, info={"round": 1, "prize": 3})
    assert request_problem(schema, ok) is None
    wrong = RequestSpec(0, 0, "bid", "choice", [1, "2"], 0, info={"round": 1, "prize": 3})
    assert request_problem(schema, wrong) == "goofspiel bid: option 1: expected int, got str"
    form = RequestSpec(0, 0, "bid", "subset", [1, 2], [0], info={"round": 1, "prize": 3})
    assert "form 'subset'" in str(request_problem(schema, form))
    nil = RequestSpec(0, 0, "bid", "choice", [1], 0, cancel=True, info={"round": 1, "prize": 3})
    assert "what nil means" in str(request_problem(schema, nil))
