"""The response-window policy (`game_agent.engine.windows`), and Sanguosha's Nullification
window applying it: the requests every seat receives do not depend on who could nullify.
(muhq's priority windows: tests/muhq/test_muhq_priority_windows.py.)"""

from __future__ import annotations

from typing import Any

from sanguosha.sanguosha_support import Table, lord, scen, seat

from game_agent.engine import window_asks, window_seats


def test_every_seat_is_asked_unless_responses_are_not_concealed() -> None:
    never = lambda seat: False  # noqa: E731
    assert window_seats([2, 0, 1], never) == [2, 0, 1]
    assert window_seats([2, 0, 1], lambda seat: seat == 0, conceal=False) == [0]
    assert window_asks(False) and window_asks(True, conceal=False)
    assert not window_asks(False, conceal=False)


def nullification_requests(holder: bool, conceal: bool = True) -> list[tuple[Any, ...]]:
    """Seat 1 plays Ex Nihilo; seat 2 holds a Nullification (or not) and, like everyone,
    declines. -> every request of the game so far: (seat, id, kind, info)."""
    hands: list[list[str]] = [["dodge"], ["ex_nihilo"], ["peach"], ["slash"]]
    if holder:
        hands[2].append("nullification")
    t = Table(
        scen(
            seat("caocao", "loyalist", hand=hands[0]),
            lord("liubei", hand=hands[1]),
            seat("sunquan", "rebel", hand=hands[2]),
            seat("lvbu", "renegade", hand=hands[3]),
            turn=(1, "play"),
            conceal_responses=conceal,
        ),
        declines=False,
    )
    t.play("ex_nihilo")
    while (r := t.step.request) is not None and r.kind == "respond":
        t.default()
    t.expect("play", 1)
    return [(r.seat, r.id, r.kind, r.info) for r in t.g.requests]


def test_the_nullification_requests_do_not_depend_on_who_could_nullify() -> None:
    holds, empty = nullification_requests(True), nullification_requests(False)
    assert holds == empty
    asked = [s for s, _i, kind, _info in holds if kind == "respond"]
    assert asked == [1, 2, 3, 0]  # every living seat, from the current player


def test_without_concealing_only_the_holder_is_asked() -> None:
    holds, empty = nullification_requests(True, False), nullification_requests(False, False)
    asked = [[s for s, _i, kind, _info in r if kind == "respond"] for r in (holds, empty)]
    assert asked == [[2], []]
