"""Harmony of Elements in words: the sentences of its events and decisions, its placement
request, and its seats' names (South and North), as the `GameWords` the shared driver reads."""

from __future__ import annotations

from typing import Any

from protocol.choices import RequestSpec
from user_agent.games.harmony.board import ELEMENTS, ROLES, a_piece, cell_words, piece_words
from user_agent.words.game import GameWords, Handler
from user_agent.words.requests import RequestContext, RequestWords
from user_agent.words.shapes import Teller
from user_agent.words.text import plain

SIDES = ("South", "North")

_MUTUAL = {
    "continue": "play goes on",
    "draw": "the game is a draw",
    "compare": "the one who dealt more wins",
}
_REASONS = {
    "board_full": "the field is full",
    "mutual_lethal": "both players fell",
    "compare": "damage compared",
}


def _why(reason: object) -> str:
    return _REASONS.get(str(reason), plain(reason)) if reason else ""


def _side(seat: int) -> str | None:
    return SIDES[seat] if 0 <= seat < len(SIDES) else None


def _outcome(n: Teller, o: dict[str, Any]) -> str:
    dmg = o.get("damage_to")
    tail = ""
    if isinstance(dmg, list) and len(dmg) == 2:
        tail = f" (damage taken: South {dmg[0]}, North {dmg[1]})"
    winner = o.get("winner")
    if winner is None:
        return f"The game is a draw in round {o.get('round')}: {_why(o.get('reason'))}{tail}"
    how = ", on damage compared" if o.get("reason") == "compare" else ""
    return f"{n.S(winner)} wins in round {o.get('round')}{how}{tail}"


def _stream(n: Teller, d: dict[str, Any]) -> str:
    seat = d.get("seat")
    base, mod = d.get("base", 0), d.get("modifier", 0)
    amount = f"{base}" if not mod else f"{base}{mod:+d}"
    hits = []
    for contact in d.get("contacts") or []:
        if isinstance(contact, list) and len(contact) == 3:
            cell, code, absorbed = contact
            hits.append(f"the {piece_words(str(code))} at {cell} absorbs {absorbed}")
    victim = n.s(1 - seat) if type(seat) is int else "the other side"
    what = "; ".join(hits) + "; " if hits else ""
    return (
        f"{n.S(seat)}'s {piece_words(str(d.get('piece')))} at {d.get('cell')} strikes lane "
        f"{d.get('lane')} for {amount}: {what}{d.get('to_player')} damage reaches {victim}"
    )


def _started(n: Teller, d: dict[str, Any]) -> str:
    skip = d.get("skip_attack_rounds", 0)
    skipped = (
        "an attack phase every round" if not skip else f"no attack phase in rounds 1 to {skip}"
    )
    where = (
        ""
        if d.get("position") is None
        else f", from a set position in round {d.get('start_round')}"
    )
    lethal = _MUTUAL.get(str(d.get("mutual_lethal")), _why(d.get("mutual_lethal")))
    return (
        f"The game starts: {n.s(d.get('first_player'))} is Player 1; {skipped}; "
        f"if both fall at once, {lethal}{where}"
    )


EVENTS: dict[str, Handler] = {
    "game_started": _started,
    "round_started": lambda n, d: (
        f"Round {d.get('round')}: {n.s(d.get('first_placer'))} places first"
    ),
    "piece_placed": lambda n, d: (
        f"{n.S(d.get('seat'))} places {a_piece(str(d.get('role')) + str(d.get('element')))} "
        f"at {d.get('cell')}"
    ),
    "attack_phase_skipped": lambda n, d: f"Round {d.get('round')}: no attack phase",
    "attack_stream": _stream,
    "piece_exhausted": lambda n, d: (
        f"{n.S(d.get('seat'))}'s {piece_words(str(d.get('piece')))} at {d.get('cell')} is exhausted"
    ),
    "attack_phase_resolved": lambda n, d: (
        f"Round {d.get('round')} attack: South takes {(d.get('damage_to') or [0, 0])[0]} damage, "
        f"North takes {(d.get('damage_to') or [0, 0])[1]}"
    ),
}

AXES = ["cell", "role", "element"]


def _place_piece(c: RequestContext) -> RequestWords:
    axes = c.req.options
    cells = [str(x) for x in axes[0]] if axes else []
    roles = [str(x) for x in axes[1]] if len(axes) > 1 else []
    elements = [str(x) for x in axes[2]] if len(axes) > 2 else []
    role_words = [f"{r} {ROLES[r][0]}" if r in ROLES else plain(r) for r in roles]
    elem_words = [f"{e} {ELEMENTS[e]}" if e in ELEMENTS else plain(e) for e in elements]
    title = f"Round {c.info.get('round', '?')}: place a piece on an empty cell of your field."
    d = c.req.default
    default = ""
    if isinstance(d, list) and len(d) == 3 and cells and roles and elements:
        r, e = roles[d[1]], elements[d[2]]
        default = f"{a_piece(r + e)} at {cell_words(cells[d[0]])}"
    w = RequestWords(title, default=default)
    w.axes = [cells, role_words, elem_words]
    w.axis_names = list(AXES)
    w.how = "type a cell, a role and an element, e.g. 'c/F A f' (or 'c/F Af')"
    return w


def _placed(n: Teller, req: RequestSpec, w: RequestWords, choice: list[int]) -> str | None:
    if w.axis_names != AXES:
        return None
    try:
        cell = str(req.options[0][choice[0]])
        code = str(req.options[1][choice[1]]) + str(req.options[2][choice[2]])
    except (IndexError, TypeError):
        return f"{n.S(req.seat)} places a piece"
    return f"{n.S(req.seat)} places {a_piece(code)} at {cell}"


WORDS = GameWords(
    events=EVENTS,
    requests={"place_piece": _place_piece},
    outcome=_outcome,
    product=_placed,
    seat_name=_side,
)
