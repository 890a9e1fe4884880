from __future__ import annotations

import pytest

from protocol import RequestSpec, check_choice


def req(
    form: str, options: list[object], lo: int = 1, hi: int = 1, cancel: bool = False
) -> RequestSpec:
    return RequestSpec(0, 0, "k", form, options, None, lo, hi, cancel)


@pytest.mark.parametrize(
    ("request_", "choice", "legal"),
    [
        (req("choice", ["a", "b"]), 1, True),
        (req("choice", ["a", "b"]), 2, False),
        (req("choice", ["a", "b"]), True, False),
        (req("choice", ["a", "b"]), None, False),
        (req("choice", ["a", "b"], cancel=True), None, True),
        (req("subset", list("abcd"), 1, 2), [0, 3], True),
        (req("subset", list("abcd"), 1, 2), [3, 0], False),
        (req("subset", list("abcd"), 1, 2), [1, 1], False),
        (req("subset", list("abcd"), 1, 2), [], False),
        (req("subset", list("abcd"), 0, 2), [], True),
        (req("subset", list("abcd"), 1, 3), [0, 1, 4], False),
        (req("product", [["x", "y"], [1, 2, 3]]), [1, 2], True),
        (req("product", [["x", "y"], [1, 2, 3]]), [2, 0], False),
        (req("product", [["x", "y"], [1, 2, 3]]), [1], False),
        (req("nonsense", []), 0, False),
    ],
)
def test_check_choice(request_: RequestSpec, choice: object, legal: bool) -> None:
    reason = check_choice(request_, choice)
    assert (reason is None) is legal, reason


def arrange(n: int, *piles: tuple[int, int], cancel: bool = False) -> RequestSpec:
    specs = [{"name": f"p{k}", "min": lo, "max": hi} for k, (lo, hi) in enumerate(piles)]
    return RequestSpec(0, 0, "k", "arrange", list(range(n)), None, cancel=cancel, piles=specs)


@pytest.mark.parametrize(
    ("request_", "choice", "legal"),
    [
        (arrange(3, (0, 3), (0, 3)), [2, 0, -1, 1], True),  # top: 2, 0; bottom: 1
        (arrange(3, (0, 3), (0, 3)), [-1, 0, 1, 2], True),  # all to the second pile
        (arrange(3, (0, 3), (0, 3)), [0, 1, 2, -1], True),
        (arrange(3, (0, 3), (0, 3)), [0, 1, 2], False),  # one pile missing
        (arrange(3, (0, 3), (0, 3)), [0, 1, -1, 1], False),  # item 1 twice, item 2 never
        (arrange(3, (0, 3), (0, 3)), [0, 1, -1, 3], False),  # no item 3
        (arrange(3, (0, 3), (0, 3)), [0, -1, 1, -1, 2], False),  # three piles
        (arrange(2, (1, 1), (1, 1)), [1, -1, 0], True),
        (arrange(2, (1, 1), (1, 1)), [1, 0, -1], False),  # the second pile needs one
        (arrange(2, (0, 2), (0, 2)), None, False),
        (arrange(2, (0, 2), (0, 2), cancel=True), None, True),
        (arrange(2, (0, 2), (0, 2)), 1, False),
    ],
)
def test_check_arrangement(request_: RequestSpec, choice: object, legal: bool) -> None:
    reason = check_choice(request_, choice)
    assert (reason is None) is legal, reason


def test_random_arrangements_are_legal_and_vary() -> None:
    import random

    from user_agent.bot import random_legal

    rng = random.Random(5)
    req_ = arrange(5, (0, 5), (1, 2), (0, 1))
    seen = set()
    for _ in range(300):
        choice = random_legal(req_, rng)
        assert check_choice(req_, choice) is None, choice
        seen.add(tuple(choice))  # type: ignore[arg-type]
    assert len(seen) > 50
