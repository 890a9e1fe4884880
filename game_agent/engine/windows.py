"""Response windows: one policy for every game.

A response window offers seats, in the order the rules give, the chance to answer what is being
settled (Sanguosha's Nullification; muhq's fast actions in a priority window). Whether a seat is
asked must not depend on what it holds: if only the seats that could answer were asked, every
other seat would read from the wait (how long the window stays open, which seats it waits for)
who holds an answer. So, in every game:

- a window asks every seat the rules name for it (`window_seats`), whether it can answer or not;
- a seat with nothing to answer with is asked all the same, with its decline as its only
  option; the decline is the default of every response request, so a deadline declines.

`conceal=False` is the one way off the policy (a game's ``conceal_responses = false``): for
in-process play where nobody is kept from anything, a seat with nothing to answer is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

CONCEAL = True  # the policy: responses are concealed unless a game's config says otherwise


def window_asks(can_answer: bool, *, conceal: bool = CONCEAL) -> bool:
    """Whether a response window asks one seat, given whether it can answer."""
    return conceal or can_answer


def window_seats(
    order: Iterable[int], can_answer: Callable[[int], bool], *, conceal: bool = CONCEAL
) -> list[int]:
    """The seats of `order` a response window asks, in order: every one of them when responses
    are concealed (`can_answer` is then not called), else those that can answer."""
    return [seat for seat in order if conceal or can_answer(seat)]
