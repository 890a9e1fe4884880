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
