"""The follow-up questions a skill asks: which cards, which seats, which label, which arrangement.

Each is one request whose `info` is `{"skill", "prompt", "about"}`: the skill asking, a sentence
for people, and the public facts the question is about (a seat, a card in play, a judgement),
so a bot need not parse the prompt. `cancel=True` makes nil legal: decline, or back one step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha.cards import DESC
from protocol.choices import split_piles


def _info(skill: str, prompt: str, about: dict[str, Any] | None) -> dict[str, Any]:
    return {"skill": skill, "prompt": prompt, "about": about or {}}


def ask_cards(
    g: Game,
    seat: int,
    skill: str,
    prompt: str,
    cards: list[int],
    lo: int = 1,
    hi: int = 1,
    *,
    cancel: bool = True,
    about: dict[str, Any] | None = None,
) -> Settlement:
    """-> the chosen card ids (in the order offered), or None (nil)."""
    default = None if cancel else list(range(lo))
    sel = yield g.ask(
        seat,
        "skill_cards",
        [DESC[c] for c in cards],
        default,
        form="subset",
        min=lo,
        max=hi,
        cancel=cancel,
        info=_info(skill, prompt, about),
    )
    if sel is None:
        return None
    return [cards[i] for i in sel]


def ask_seats(
    g: Game,
    seat: int,
    skill: str,
    prompt: str,
    seats: list[int],
    lo: int = 1,
    hi: int = 1,
    *,
    about: dict[str, Any] | None = None,
) -> Settlement:
    """-> the chosen seats (in the order offered), or None (back / decline)."""
    sel = yield g.ask(
        seat,
        "skill_targets",
        list(seats),
        None,
        form="subset",
        min=lo,
        max=hi,
        cancel=True,
        info=_info(skill, prompt, about),
    )
    if sel is None:
        return None
    return [seats[i] for i in sel]


def ask_label(
    g: Game,
    seat: int,
    skill: str,
    prompt: str,
    labels: list[str],
    default: int,
    *,
    about: dict[str, Any] | None = None,
) -> Settlement:
    """-> the index of the chosen label (a `choice`: never nil)."""
    i: int = yield g.ask(
        seat, "skill_choice", list(labels), default, info=_info(skill, prompt, about)
    )
    return i


def ask_arrangement(
    g: Game,
    seat: int,
    skill: str,
    prompt: str,
    cards: list[int],
    piles: list[dict[str, Any]],
    default: list[int],
    *,
    about: dict[str, Any] | None = None,
) -> Settlement:
    """-> the card ids of each pile, in order (the `arrange` form)."""
    reply = yield g.ask(
        seat,
        "skill_arrange",
        [DESC[c] for c in cards],
        default,
        form="arrange",
        info=_info(skill, prompt, about),
        piles=piles,
    )
    return [[cards[i] for i in pile] for pile in split_piles(reply)]


def ask_cards_then_seat(
    g: Game,
    seat: int,
    skill: str,
    prompts: tuple[str, str],
    cards: list[int],
    seats: Callable[[list[int]], list[int]],
    lo: int = 1,
    hi: int = 1,
    *,
    about: dict[str, Any] | None = None,
) -> Settlement:
    """Cards, then one seat (which may depend on the cards): nil at the seat goes back to the
    cards, nil at the cards declines. -> (cards, seat), or None."""
    while True:
        chosen = yield from ask_cards(g, seat, skill, prompts[0], cards, lo, hi, about=about)
        if chosen is None:
            return None
        to = yield from ask_seats(g, seat, skill, prompts[1], seats(chosen), about=about)
        if to is not None:
            return chosen, to[0]
