"""Requests as successive picks: masked random actions always build a legal reply, every legal
reply can be built, and an action the mask forbids is refused."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from protocol.choices import RequestSpec, check_choice
from user_agent.actions import ActionError, ReplyBuilder

MAX = 12


def req(form: str, options: list[object], **kw: object) -> RequestSpec:
    return RequestSpec(0, 0, "k", form, options, None, **kw)  # type: ignore[arg-type]


def pile(name: str, lo: int, hi: int) -> dict[str, object]:
    return {"name": name, "min": lo, "max": hi}


def build(r: RequestSpec, rng: random.Random) -> object:
    b = ReplyBuilder(r, MAX)
    steps = 0
    while True:
        legal = np.flatnonzero(b.mask()).tolist()
        assert legal, "the mask left no way to finish the reply"
        steps += 1
        if b.act(rng.choice(legal)):
            return b.reply


REQUESTS = [
    req("choice", ["a", "b", "c"]),
    req("choice", ["a", "b"], cancel=True),
    req("subset", list("abcde"), min=0, max=5),
    req("subset", list("abcde"), min=2, max=3),
    req("subset", list("ab"), min=1, max=4),
    req("product", [list("abc"), list("xy"), list("pqrs")]),
    req(
        "arrange",
        list("abcde"),
        piles=[{"name": "top", "min": 0, "max": 5}, {"name": "bottom", "min": 0, "max": 5}],
    ),
    req(
        "arrange",
        list("abcd"),
        piles=[
            {"name": "a", "min": 1, "max": 1},
            {"name": "b", "min": 1, "max": 2},
            {"name": "c", "min": 1, "max": 3},
        ],
    ),
]


@pytest.mark.parametrize("r", REQUESTS, ids=lambda r: f"{r.form}-{len(r.options)}")
def test_masked_random_picks_always_build_a_legal_reply(r: RequestSpec) -> None:
    rng = random.Random(1)
    seen = set()
    for _ in range(300):
        reply = build(r, rng)
        assert check_choice(r, reply) is None, reply
        seen.add(repr(reply))
    assert len(seen) > 1


def test_every_subset_within_bounds_is_reachable() -> None:
    r = req("subset", list("abcd"), min=1, max=3)
    want = {repr(list(c)) for k in range(1, 4) for c in itertools.combinations(range(4), k)}
    rng = random.Random(2)
    got = {repr(build(r, rng)) for _ in range(2000)}
    assert got == want


def test_every_arrangement_is_reachable() -> None:
    r = req(
        "arrange",
        list("abc"),
        piles=[{"name": "t", "min": 0, "max": 3}, {"name": "b", "min": 0, "max": 3}],
    )
    rng = random.Random(3)
    got = {repr(build(r, rng)) for _ in range(4000)}
    # 3 items in order split between two piles: 4 split points x 3! orders
    assert len(got) == 4 * 6


def test_a_forbidden_action_is_refused_and_the_builder_stands() -> None:
    b = ReplyBuilder(req("subset", list("abc"), min=1, max=2), MAX)
    with pytest.raises(ActionError, match="not allowed now"):
        b.act(MAX)  # DONE before the minimum
    assert not b.act(0)
    with pytest.raises(ActionError):
        b.act(0)  # already picked
    assert b.act(2) and b.reply == [0, 2]
    with pytest.raises(ActionError, match="not allowed"):
        ReplyBuilder(req("choice", ["a"]), MAX).act(MAX + 1)  # no cancel allowed


def test_a_request_larger_than_the_action_space_is_a_clear_error() -> None:
    with pytest.raises(ActionError, match="raise max_options"):
        ReplyBuilder(req("choice", list(range(MAX + 1))), MAX)
