"""The candidate replies of a request, each with a key that names what it does in terms of the
options' values (not their indices), so the same move is the same child in every sample: my
Slash with card 75 at seat 2 is one child whatever order the sample lists the options in."""

from __future__ import annotations

import itertools
import json
import random
from math import comb
from typing import Any

from protocol.choices import Choice, RequestSpec, check_choice
from user_agent.bot import random_legal

Key = tuple[Any, ...]

ENUMERATE_UP_TO = 32  # a subset request with at most this many legal replies: all of them
SAMPLED = 12  # else this many distinct random ones (and the default)


def option_key(option: Any) -> Any:
    """A hashable value equal for equal options (a list of scalars as a tuple, a map as JSON)."""
    if isinstance(option, str | int):
        return option
    if isinstance(option, list) and all(type(x) is int for x in option):
        return tuple(option)
    return json.dumps(option, sort_keys=True)


def key_of(request: RequestSpec, choice: Choice) -> Key:
    """What `choice` does, independent of the option order."""
    opts = request.options
    if choice is None:
        return (request.kind, None)
    if request.form == "choice":
        assert isinstance(choice, int)
        return (request.kind, option_key(opts[choice]))
    assert isinstance(choice, list)
    if request.form == "subset":
        return (request.kind, tuple(sorted(option_key(opts[i]) for i in choice)))
    if request.form == "product":
        return (request.kind, tuple(option_key(opts[a][i]) for a, i in enumerate(choice)))
    return (request.kind, tuple(-1 if i < 0 else option_key(opts[i]) for i in choice))


def candidates(request: RequestSpec, rng: random.Random) -> list[Choice]:
    """The replies a search considers: every option of a `choice` (nil only when there is no
    option), every legal subset of a small `subset` request, else the default and a few distinct
    random legal replies. Nil ("go back", "decline") of a `subset` only when nothing else is."""
    form = request.form
    if form == "choice":
        if request.options:
            return list(range(len(request.options)))
        return [None]
    if form == "subset":
        n = len(request.options)
        lo, hi = request.min, min(request.max, n)
        if lo <= hi and sum(comb(n, k) for k in range(lo, hi + 1)) <= ENUMERATE_UP_TO:
            found: list[Choice] = [
                list(c) for k in range(lo, hi + 1) for c in itertools.combinations(range(n), k)
            ]
            if found:
                return found
    out: list[Choice] = []
    seen: set[Key] = set()
    pool: list[Choice] = [request.default]
    pool += [random_legal(request, rng) for _ in range(SAMPLED)]
    for choice in pool:
        if choice is None and form == "subset" and len(pool) > 1:
            continue
        if check_choice(request, choice) is not None:
            continue
        k = key_of(request, choice)
        if k not in seen:
            seen.add(k)
            out.append(choice)
    return out or [request.default]
