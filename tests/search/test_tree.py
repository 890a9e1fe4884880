"""The tree's rules on hand-made nodes: unvisited children first in the prior's order, UCB on
the acting seat's means with availability counts, progressive widening, the child played."""

from __future__ import annotations

from protocol.choices import RequestSpec
from sgs.search.actions import candidates, key_of
from sgs.search.budget import Budget, parse
from sgs.search.tree import Node


def test_unvisited_children_come_first_in_the_order_first_seen() -> None:
    n = Node()
    n.know([("a",), ("b",), ("c",)])
    assert n.select({("a",), ("b",), ("c",)}, c=0.7, widen=0) == ("a",)
    n.children[("a",)].visits, n.children[("a",)].total = 1, 1.0
    assert n.select({("b",), ("c",)}, c=0.7, widen=0) == ("b",)  # "a" not offered here
    assert n.children[("a",)].avail == 1 and n.children[("c",)].avail == 2  # offered twice


def test_ucb_takes_the_better_mean_when_exploration_is_small() -> None:
    n = Node()
    n.know([("a",), ("b",)])
    for k, total in ((("a",), 3.0), (("b",), 7.0)):
        ch = n.children[k]
        ch.visits, ch.total, ch.avail = 10, total, 10
    n.visits = 20
    assert n.select({("a",), ("b",)}, c=0.01, widen=0) == ("b",)
    n.children[("a",)].avail = 10_000  # offered often, rarely taken: exploration favours it
    assert n.select({("a",), ("b",)}, c=5.0, widen=0) == ("a",)


def test_progressive_widening_considers_the_first_children_only() -> None:
    n = Node()
    keys = [(str(i),) for i in range(10)]
    n.know(keys)
    for k in keys[:2]:
        n.children[k].visits, n.children[k].total = 1, 0.0
    n.visits = 2  # ceil(1 * sqrt(3)) = 2: only the first two are considered
    assert n.select(set(keys), c=0.1, widen=1.0) in keys[:2]
    assert n.select(set(keys), c=0.1, widen=0) == keys[2]  # no widening: an unvisited one


def test_the_child_played_is_the_most_visited_then_the_best_mean() -> None:
    n = Node()
    n.know([("a",), ("b",), ("c",)])
    for k, v, t in ((("a",), 5, 1.0), (("b",), 5, 4.0), (("c",), 2, 2.0)):
        n.children[k].visits, n.children[k].total = v, t
    assert n.most_visited() == ("b",)


def request(form: str, options: list[object], **kw: object) -> RequestSpec:
    fields: dict[str, object] = {"min": 1, "max": 1, "cancel": False, "info": {}, "piles": []}
    fields.update(kw)
    return RequestSpec(
        0,
        0,
        "k",
        form,
        options,
        kw.get("default", 0),
        **{  # type: ignore[arg-type]
            k: v for k, v in fields.items() if k != "default"
        },
    )


def test_keys_name_what_a_reply_does_not_its_index() -> None:
    a = request("choice", [{"card": 3}, {"card": 5}])
    b = request("choice", [{"card": 5}, {"card": 3}])
    assert key_of(a, 0) == key_of(b, 1) != key_of(a, 1)
    s = request("subset", [2, 4, 7], min=1, max=2, default=[0])
    assert key_of(s, [0, 2]) == ("k", (2, 7))
    import random

    found = candidates(s, random.Random(1))
    assert len(found) == 6  # every subset of size 1 or 2


def test_budget_defaults_and_options() -> None:
    default = Budget(iterations=40, depth=30, c=0.1)
    b = parse({"time": "0.25", "keep": "0.02"}, default)
    assert b.time == 0.25 and b.iterations == 40 and b.keep == 0.02 and not b.deterministic
    assert parse({}, default) == default
