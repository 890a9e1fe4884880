"""Every request both games emit, in words: a title, one label per option, the default and a
hint, with no raw dict, `None` or snake_case id anywhere; seats designated by target options."""

from __future__ import annotations

import re

import pytest
from words_games import every_request

from protocol.choices import RequestSpec
from protocol.registry import get_schema
from user_agent.words.requests import DESCRIBERS, RequestWords, describe

RAW = re.compile(r"[{}\[\]_]|None|\bkind\b")


def strings(w: RequestWords) -> list[str]:
    return [w.title, w.default, w.hint, *w.options, *w.piles, *w.axis_names] + [
        label for axis in w.axes for label in axis
    ]


@pytest.mark.parametrize("game", ["sanguosha", "harmony"])
def test_every_request_kind_of_the_schema_has_words(game: str) -> None:
    assert set(get_schema(game).requests) <= set(DESCRIBERS[game])


def test_every_request_of_seeded_games_is_described_in_words() -> None:
    kinds: dict[str, set[str]] = {"sanguosha": set(), "harmony": set()}
    skills: set[str] = set()
    for asked in every_request():
        req = asked.req
        w = describe(asked.game, req, asked.view)
        where = f"{asked.game} {req.kind} {req.info}"
        assert not w.generic, f"no words for {where}"
        for text in strings(w):
            assert text.strip(), f"an empty label in {where}: {w}"
            assert not RAW.search(text), f"raw text {text!r} in {where}"
        for label in w.options:  # the fallbacks for options the words layer did not know
            assert label not in ("a card", "an action", "a player", "a general"), where
        if req.form == "product":
            assert len(w.axes) == len(req.options)
            assert [len(a) for a in w.axes] == [len(a) for a in req.options]
        else:
            assert len(w.options) == len(req.options) == len(w.option_seats)
        if req.kind in ("targets", "skill_targets"):
            assert w.option_seats == req.options and w.by_seat
        if req.form == "arrange":
            assert len(w.piles) == len(req.piles)
        assert w.cancel == req.cancel
        kinds[asked.game].add(req.kind)
        skills.add(str(req.info.get("skill", "")))
    assert kinds["harmony"] == {"place_piece"}
    assert kinds["sanguosha"] >= set(DESCRIBERS["sanguosha"]) - {"skill_arrange"}
    assert len(skills) >= 15  # the follow-up questions of many generals' skills were met


def test_a_new_request_kind_is_reported_as_undescribed() -> None:
    req = RequestSpec(0, 1, "brand_new_kind", "choice", ["a_b", "c"], 0)
    w = describe("sanguosha", req)
    assert w.generic  # the seeded walk above fails on this
    assert w.options == ["a b", "c"] and "_" not in w.title


def test_words_for_a_slash_answer_and_a_target_choice() -> None:
    dodge = {"id": 84, "suit": "diamond", "rank": 2, "name": "dodge"}
    info = {"card": "dodge", "mode": "use", "reason": "slash", "source": 3, "target": None}
    req = RequestSpec(
        4, 1, "respond", "choice", [{"kind": "card", "card": dodge}, {"kind": "decline"}], 1,
        info=dict(info, against=""),
    )  # fmt: skip
    w = describe("sanguosha", req)
    assert w.title == "Seat 3 uses a Slash on you: use a Dodge?"
    assert w.options == ["♦2 Dodge", "decline"] and w.default == "decline"
    card = {"name": "snatch", "suit": "diamond", "rank": 4, "color": "red"}
    targets = RequestSpec(
        5, 2, "targets", "subset", [4, 2], None, 1, 1, True, {"card": card, "step": "target"}
    )
    t = describe("sanguosha", targets)
    assert t.option_seats == [4, 2] and t.by_seat
    assert t.options == ["seat 4", "seat 2 (you)"]
    assert "♦4 Snatch" in t.title and t.default == "go back" and "seat number" in t.hint


def test_harmony_names_cells_and_pieces() -> None:
    axes = [["a/F", "c/M"], ["T", "W", "A", "M"], ["w", "f", "e", "l"]]
    req = RequestSpec(0, 0, "place_piece", "product", axes, [1, 2, 1], info={"round": 2})
    w = describe("harmony", req)
    assert w.axis_names == ["cell", "role", "element"]
    assert w.axes[0] == ["a/F", "c/M"] and w.axes[1][2] == "A Archer"
    assert w.default.startswith("a Fire Archer at c/M")
