"""The console's reading of typed answers, per request form (no sockets). Options are typed
as numbered on screen, from 1."""

from __future__ import annotations

from protocol.choices import RequestSpec
from user_agent.console import parse_answer


def spec(form: str, options: list[object], default: object, **kw: object) -> RequestSpec:
    return RequestSpec(3, 1, "k", form, options, default, **kw)  # type: ignore[arg-type]


def test_choice_takes_one_index() -> None:
    req = spec("choice", ["a", "b", "c"], 0)
    assert parse_answer(req, "3\n") == (2, None)
    assert parse_answer(req, "0")[1] is not None  # numbered from 1
    assert parse_answer(req, "d") == (0, None)
    assert parse_answer(req, "1 2")[1] == "type one number"
    assert parse_answer(req, "7")[1] is not None
    assert parse_answer(req, "c")[1] == "this request cannot be cancelled"
    assert parse_answer(spec("choice", ["a"], None, cancel=True), "c") == (None, None)


def test_subset_takes_space_separated_increasing_indices() -> None:
    req = spec("subset", ["w", "x", "y", "z"], [], min=0, max=2)
    assert parse_answer(req, "1 4") == ([0, 3], None)
    assert parse_answer(req, "2,3") == ([1, 2], None)
    assert parse_answer(req, "") == ([], None)
    assert parse_answer(req, "4 1")[1] is not None  # not increasing
    assert parse_answer(req, "1 2 3")[1] is not None  # too many
    assert parse_answer(req, "x")[1] is not None


def test_product_takes_one_index_per_axis() -> None:
    req = spec("product", [["a/F", "b/F"], ["T", "W"], ["w", "f"]], [0, 0, 0])
    assert parse_answer(req, "2 1 2") == ([1, 0, 1], None)
    assert parse_answer(req, "2 1")[1] is not None
    assert parse_answer(req, "2 6 1")[1] is not None


def test_arrange_takes_piles_separated_by_slashes() -> None:
    piles = [{"name": "top", "min": 0, "max": 3}, {"name": "bottom", "min": 0, "max": 3}]
    req = spec("arrange", ["x", "y", "z"], [0, 1, 2, -1], piles=piles)
    assert parse_answer(req, "3 1 / 2") == ([2, 0, -1, 1], None)
    assert parse_answer(req, "/ 1 2 3") == ([-1, 0, 1, 2], None)
    assert parse_answer(req, "1 2 3")[1] is not None  # the second pile is missing
    assert parse_answer(req, "1 1 / 2")[1] is not None  # item 1 twice
