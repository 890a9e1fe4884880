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

# seat 1 (Zhao Yun, a rebel) dismantles seat 2 (Gan Ning); the lord Sun Quan nullifies it
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
hand = ["dodge"]
[turn]
seat = 1
phase = "play"
[piles]
draw = []
discard = []
rest = "draw"
"""


def _card(o: Any) -> str:
    card = o.get("card") if isinstance(o, dict) else None
    return str(card.get("name")) if isinstance(card, dict) else ""


def _nullify_prompts() -> list[tuple[int, str]]:
    """Play the chain: each seat's (seat, title) of every Nullification request, in order."""
    g = Game(RULESET, config_from_toml(CHAIN), 1)
    views = [for_game("sanguosha", s, g.seats) for s in range(g.seats)]
    step = g.start()
    prompts: list[tuple[int, str]] = []
    nullified = False
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
            prompts.append((req.seat, describe("sanguosha", req, views[req.seat]).title))
            use = req.seat == 0 and not nullified
            nullified = nullified or use
            choice = 0 if use else len(req.options) - 1
        elif req.kind == "play":
            if nullified:
                return prompts
            choice = next(i for i, o in enumerate(req.options) if _card(o) == "dismantlement")
        elif req.kind == "targets":
            choice = [req.options.index(2)]
        else:
            choice = req.default if req.default is not None else 0
        step = g.resume(choice)


def test_every_step_of_a_nullification_chain_names_the_card_its_owner_and_its_target() -> None:
    prompts = _nullify_prompts()
    first = [t for s, t in prompts if "Dismantlement on" in t]
    chain = [(s, t) for s, t in prompts if "chain" in t]
    assert {s for s, _ in prompts if "Dismantlement on" in _} == {0, 1, 2}, prompts
    assert dict(prompts[: len(first)])[1] == (
        "Your Dismantlement on seat 2 (Gan Ning) is about to take effect: use a Nullification "
        "to cancel it?"
    )
    assert dict(prompts[: len(first)])[2] == (
        "Seat 1 (Zhao Yun)'s Dismantlement on you is about to take effect: use a Nullification "
        "to cancel it?"
    )
    # the second step: the lord's Nullification, against the rebel's Dismantlement
    assert {s for s, _ in chain} == {0, 1, 2}, prompts
    assert dict(chain)[1] == (
        "Seat 0 (Sun Quan)'s Nullification is about to take effect in the chain over your "
        "Dismantlement: use a Nullification against it?"
    )
    assert dict(chain)[2] == (
        "Seat 0 (Sun Quan)'s Nullification is about to take effect in the chain over seat 1 "
        "(Zhao Yun)'s Dismantlement: use a Nullification against it?"
    )
    assert dict(chain)[0].startswith("Your Nullification is about to take effect in the chain")
    assert not any(t.startswith("Your Nullification") for s, t in prompts if s != 0), prompts


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
