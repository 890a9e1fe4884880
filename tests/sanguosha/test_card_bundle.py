"""A card is one bundle: its targets are part of its `CardRule`, beside its effect, and the
play-phase options ask that rule (issue 21)."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from sanguosha_support import Table, lord, scen, seat

from game_agent.games.sanguosha import options
from game_agent.games.sanguosha.card import Aim
from game_agent.games.sanguosha.cards import VCard
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.rules import CARD_RULES
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.catalogue import KINDS

# Never used by choice: only ever asked for.
ANSWERS = {"dodge", "nullification"}


def test_every_card_used_by_choice_declares_its_targets_in_its_rule() -> None:
    missing = [n for n in KINDS if n not in ANSWERS and CARD_RULES[n].targets is None]
    assert missing == []
    assert all(n not in CARD_RULES or CARD_RULES[n].targets is None for n in ANSWERS)


def test_the_options_module_names_no_card() -> None:
    tree = ast.parse(Path(options.__file__).read_text())
    named = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in KINDS
    ]
    assert named == []


def test_play_options_ask_the_cards_rule_for_its_targets() -> None:
    t = Table(scen(lord(hand=["duel"]), seat(), seat(), seat()))
    assert t.expect("play", 0).options[0]["targets"] == [1, 2, 3]

    def only_seat_2(st: State, user: int, vc: VCard) -> Aim | None:
        return Aim([2])

    rules = index_of(t.st)
    rules.cards = {**rules.cards, "duel": replace(rules.cards["duel"], targets=only_seat_2)}
    shown, _ = options.play_options(t.g, 0)
    assert [o["targets"] for o in shown] == [[2]]

    def never(st: State, user: int, vc: VCard) -> Aim | None:
        return None

    rules.cards = {**rules.cards, "duel": replace(rules.cards["duel"], targets=never)}
    shown, _ = options.play_options(t.g, 0)
    assert shown == []
