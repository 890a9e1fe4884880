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

Asking everyone hides *who is asked*; it does not hide *how fast each answers*. A person's
client answers a decline-only request without a key (the person has nothing to decide), and a
bot answers every request at once. So a window's request is marked (`window_request`), and a
table with people at it holds every marked request open for a minimum duration
(`TableOptions.window_min`, docs/wire.md "Response windows on tables with people"): a reply that
arrives earlier, whether typed, sent by a client's auto-pass or a bot's, or a deadline's
default, is applied only when the minimum has passed since the request was asked. Every seat
asked in a window is asked at the same moment and gets the same minimum, so what the other
seats observe (the next event after the window opened) never comes earlier than the minimum,
whoever could have answered. The hold is the host's business only: it changes no decision, no
event and no byte of the log (a host without it, the in-process runner, plays the same game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from protocol.choices import RequestSpec

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


def window_request(req: RequestSpec, *, conceal: bool = CONCEAL) -> RequestSpec:
    """Mark `req` (a response window's request, e.g. `g.ask(...)`) for the table's minimum
    window duration when responses are concealed; -> `req` (yield it as usual). Unconcealed
    windows are not marked: asking only the seats that can answer gives them away already."""
    req.window = conceal
    return req
