"""Sanguosha's words at the table: every step of a Nullification chain says what it would
cancel, whose it is and on whom; an area card's play option hits every target (not a choice
between them); a 1v1 game's narration names the warm and cool sides, not lord and renegade."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from game_agent.engine import Game, view_for
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.scenario import config_from_toml
from protocol.choices import Choice, RequestSpec
from user_agent.games import for_game
from user_agent.words.requests import describe

SGS = [str(Path(sys.executable).parent / "sgs")]

# seat 1 (Zhao Yun, a rebel) dismantles seat 2 (Gan Ning); the lord Sun Quan nullifies it, Gan
# Ning nullifies the lord's Nullification, Zhao Yun nullifies Gan Ning's
CHAIN = """skills = "none"
[[seats]]
general = "sunquan"
role = "lord"
hand = ["nullification"]
[[seats]]
general = "zhaoyun"
role = "rebel"
hand = ["dismantlement", "nullification"]
[[seats]]
general = "ganning"
role = "renegade"
hand = ["dodge", "nullification"]
[turn]
seat = 1
phase = "play"
[piles]
draw = []
discard = []
rest = "draw"
"""
# who uses a Nullification at each step of the chain (step 0: against the Dismantlement)
USES = (0, 2, 1)


def _card(o: Any) -> str:
    card = o.get("card") if isinstance(o, dict) else None
    return str(card.get("name")) if isinstance(card, dict) else ""


def _nullify_prompts() -> list[list[tuple[int, str]]]:
    """Play the chain: per step, each asked seat's (seat, title) of its Nullification request."""
    g = Game(RULESET, config_from_toml(CHAIN), 1)
    views = [for_game("sanguosha", s, g.seats) for s in range(g.seats)]
    step = g.start()
    steps: list[list[tuple[int, str]]] = []
    played = False
    while True:
        for ev in step.events:
            for s in range(g.seats):
                d = view_for(ev, s)
                if d is not None:
                    views[s].apply(ev.kind, d)
        req: RequestSpec | None = step.request
        assert req is not None
        choice: Choice
        if req.kind == "respond" and req.info.get("reason") == "nullify":
            k = len(req.info["chain"]["used"])
            if k == len(steps):
                steps.append([])
            steps[k].append((req.seat, describe("sanguosha", req, views[req.seat]).title))
            use = k < len(USES) and req.seat == USES[k] and len(req.options) > 1
            choice = 0 if use else len(req.options) - 1
        elif req.kind == "play":
            if played:
                return steps
            played = True
            choice = next(i for i, o in enumerate(req.options) if _card(o) == "dismantlement")
        elif req.kind == "targets":
            choice = [req.options.index(2)]
        else:
            choice = req.default if req.default is not None else 0
        step = g.resume(choice)


def test_every_step_of_a_nullification_chain_names_the_card_its_owner_and_its_target() -> None:
    steps = [dict(s) for s in _nullify_prompts()]
    assert len(steps) == 4 and all(set(s) == {0, 1, 2} for s in steps), steps
    # step 0: against the trick, named with its user and its target
    assert steps[0][1] == (
        "Your Dismantlement on seat 2 (Gan Ning) is about to take effect: use a Nullification "
        "to cancel it?"
    )
    assert steps[0][2] == (
        "Seat 1 (Zhao Yun)'s Dismantlement on you is about to take effect: use a Nullification "
        "to cancel it?"
    )
    # step 1: the lord's Nullification, which would cancel the rebel's Dismantlement (the
    # issue's wrong prompt: "Your Nullification is about to take effect on seat 1 ...")
    assert steps[1][1] == (
        "Seat 0 (Sun Quan)'s Nullification is about to cancel your Dismantlement on seat 2 "
        "(Gan Ning): use a Nullification against it?"
    )
    assert steps[1][2] == (
        "Seat 0 (Sun Quan)'s Nullification is about to cancel seat 1 (Zhao Yun)'s "
        "Dismantlement on you: use a Nullification against it?"
    )
    assert steps[1][0] == (
        "Your Nullification is about to cancel seat 1 (Zhao Yun)'s Dismantlement on seat 2 "
        "(Gan Ning): use a Nullification against it?"
    )
    # step 2: Gan Ning's, against the lord's; the Dismantlement would take effect again
    assert steps[2][1] == (
        "Seat 2 (Gan Ning)'s Nullification is about to cancel seat 0 (Sun Quan)'s "
        "Nullification, and your Dismantlement on seat 2 (Gan Ning) would take effect: use a "
        "Nullification against it?"
    )
    assert steps[2][0] == (
        "Seat 2 (Gan Ning)'s Nullification is about to cancel your Nullification, and seat 1 "
        "(Zhao Yun)'s Dismantlement on seat 2 (Gan Ning) would take effect: use a "
        "Nullification against it?"
    )
    # step 3: Zhao Yun's own, against Gan Ning's; the Dismantlement would be cancelled again
    assert steps[3][2] == (
        "Seat 1 (Zhao Yun)'s Nullification is about to cancel your Nullification, and seat 1 "
        "(Zhao Yun)'s Dismantlement on you would be cancelled: use a Nullification against it?"
    )
    # every step names the trick, its user and its target, to every seat
    for k, step in enumerate(steps):
        for seat, title in step.items():
            assert "Dismantlement on" in title, (k, seat, title)
            assert ("your dismantlement" in title.lower()) == (seat == 1), (k, seat, title)


SAVAGE = CHAIN.replace('"dismantlement", "nullification"', '"savage_assault", "slash"')


def test_an_area_card_is_offered_on_every_other_seat_not_as_a_choice() -> None:
    g = Game(RULESET, config_from_toml(SAVAGE), 1)
    view = for_game("sanguosha", 1, g.seats)
    step = g.start()
    assert step.request is not None and step.request.kind == "play", step.request
    for ev in g.events:
        d = view_for(ev, 1)
        if d is not None:
            view.apply(ev.kind, d)
    w = describe("sanguosha", step.request, view)
    assert any("Savage Assault on every other seat" in o for o in w.options), w.options
    assert not any("Savage Assault" in o and " or " in o for o in w.options), w.options
    assert any("Slash on " in o for o in w.options), w.options
    without = describe("sanguosha", step.request)  # no view: the targets listed with "and"
    assert "♠7 Savage Assault on seat 2 and seat 0" in without.options, without.options


def test_a_1v1_game_is_narrated_with_warm_and_cool_sides(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    sim = [*SGS, "sim", "--game", "sanguosha", "--mode", "1v1", "--games", "1", "--seed", "3"]
    subprocess.run([*sim, "--log-dir", str(logs), "-q"], check=True, capture_output=True)
    (log,) = logs.glob("*.sgslog")
    for seat in ([], ["--seat", "0"], ["--seat", "-1"]):
        out = subprocess.run(
            [*SGS, "replay", *seat, str(log)], check=True, capture_output=True, text=True
        ).stdout
        lines = out.splitlines()[1:]  # the header names the ruleset, not the sides
        assert "is the warm side and seat" in out, out[:500]
        assert any(w in lines[-1] for w in ("The warm side wins", "The cool side wins")), lines[-1]
        for line in lines:
            low = line.lower()
            assert "lord" not in low and "renegade" not in low, line
