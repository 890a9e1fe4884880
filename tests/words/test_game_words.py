"""The words' shape: the shared driver (`user_agent/words/`) names no game and reads each game's
`GameWords` through the client manifest; a game without words is told plainly; the sentences the
schemas' renderers used to pin are the narrator's now."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game_agent.engine import Game
from game_agent.games import load
from protocol.choices import RequestSpec
from user_agent.games import GAMES, client
from user_agent.games.manifest import resolve
from user_agent.replay import report_hooks
from user_agent.words import GameWords, Narrator, describe, words_of
from user_agent.words.game import GENERIC
from user_agent.words.narrate import EVENT_KINDS
from user_agent.words.requests import DESCRIBERS

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "user_agent" / "words"


def _games_named(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in GAMES:
            found.append(f"{path.name}:{node.lineno} {node.value!r}")
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "game_agent" or any(g in parts for g in GAMES):
                found.append(f"{path.name}:{node.lineno} import {node.module}")
    return found


@pytest.mark.parametrize("path", sorted(SHARED.glob("*.py")), ids=lambda p: p.name)
def test_the_shared_words_name_no_game(path: Path) -> None:
    assert _games_named(path) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_game_declares_its_words_in_its_manifest(game: str) -> None:
    c = client(game)
    assert c is not None and c.words == f"user_agent.games.{game}.words:WORDS"
    words = resolve(c.words)
    assert isinstance(words, GameWords) and words is words_of(game)
    assert game in EVENT_KINDS and game in DESCRIBERS
    assert "trigger" in DESCRIBERS[game]  # the engine's own request kind, for every game


def test_a_game_without_words_is_told_plainly() -> None:
    assert words_of("no_such_game") is GENERIC
    assert "no_such_game" not in EVENT_KINDS and "no_such_game" not in DESCRIBERS
    n = Narrator("no_such_game", 2)
    assert n.event("thing_done", {"seat": 1, "n": 2}) == "thing_done seat=1 n=2"
    assert n.event("game_over", {"outcome": {"winners": [1], "reason": "best"}}) == (
        "Seat 1 wins (best)."
    )
    assert n.event("game_over", {"outcome": {}}) == "The game is over."
    req = RequestSpec(1, 0, "pick_one", "choice", ["left_side", "right"], 0)
    w = describe("no_such_game", req)
    assert w.generic and w.title == "Decide: pick one." and w.options == ["left side", "right"]
    assert n.decision(req, 1) == "seat 0 chooses right"
    assert report_hooks("no_such_game").turn_event is None  # no turns in its report


def test_harmony_attack_is_narrated_with_sides_pieces_and_lanes() -> None:
    sys.path.insert(0, str(ROOT / "tests" / "harmony"))
    from harmony_support import scenario

    g = Game(load("harmony"), scenario("S6a").config, seed=0)
    g.start()
    n = Narrator("harmony", 2)
    lines = [n.event(e.kind, e.data) for e in g.events]
    assert lines[2:5] == [
        "South's Water Mage at c/F strikes lane b for 2+1: the Fire Warrior at b/F absorbs 2; "
        "1 damage reaches North.",
        "North's Fire Warrior at b/F is exhausted.",
        "South's Water Mage at c/F strikes lane d for 2: the Fire Titan at d/F absorbs 2; "
        "0 damage reaches North.",
    ]
    assert "Round 3 attack: South takes 3 damage, North takes 3." in lines
    hooks = report_hooks("harmony")
    assert hooks.turn_event == "round_started"
    assert hooks.turn_header(1, {"round": 3}, n) == "== Round 3 =="


def test_sanguosha_seats_are_named_with_their_general() -> None:
    n = Narrator("sanguosha", 5)
    n.event("general", {"seat": 2, "general": "liubei", "max_hp": 5, "hp": 5, "skills": []})
    damage = {"source": 2, "target": 0, "amount": 1, "nature": "normal", "card": None, "hp": 3}
    assert n.event("damage", damage) == "Seat 0 takes 1 damage from seat 2 (Liu Bei), now 3 HP."
    slash = {"name": "slash", "suit": "spade", "rank": 7, "color": "black"}
    use = {"seat": 0, "card": slash, "subcards": [], "targets": [1], "victim": None, "skill": ""}
    assert n.event("use", use) == "Seat 0 uses ♠7 Slash on seat 1."
    hooks = report_hooks("sanguosha")
    assert hooks.turn_event == "turn"
    assert hooks.turn_header(1, {"seat": 2, "round": 1}, n) == (
        "== Turn 1 (round 1): seat 2 (Liu Bei) =="
    )


def test_muhq_keeps_its_table_as_the_narrators_table() -> None:
    n = Narrator("muhq", 2)
    assert n.table is not None and n.words.view is n.table
    assert Narrator("harmony", 2).table is None
