"""The knowledge audit (`knowledge.py`) catches leaks the audience checks would pass: hidden
cards emitted publicly, named in another seat's request, or a peek shown to all. And it stays
quiet on the legitimate partial knowledge of skills (Yiji's giver, Guanxing's viewer)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sanguosha_support import Table, lord, scen, seat, test_skill

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.cards import DESC
from game_agent.games.sanguosha.knowledge import KnowledgeAudit, audit_game, card_ids
from game_agent.games.sanguosha.questions import ask_cards
from game_agent.games.sanguosha.skill import Active
from game_agent.games.sanguosha.zones import top_cards
from user_agent.bot import random_legal


def leaky(settle: Any) -> Table:
    sk = test_skill("leak", kind="active", active=Active(lambda st, s: True, settle))
    return Table(
        scen(lord(hand=["peach"], skills=["leak"]), seat(hand=["dodge"]), seat()), extra=(sk,)
    )


def _public_give(g: Game, seat: int) -> Settlement:
    """A hand-to-hand gift emitted with no audience: every seat is told the card."""
    cid = g.state.players[seat].hand[0]
    g.emit(
        "move",
        {"cards": [DESC[cid]], "from": "hand", "from_seat": seat, "to": "hand", "to_seat": 1,
         "reason": "leak", "as": None},
    )  # fmt: skip
    return
    yield


def _peek_for_all(g: Game, seat: int) -> Settlement:
    ids = top_cards(g, 2)
    g.emit("peek", {"seat": seat, "cards": [DESC[c] for c in ids], "reason": "leak"})
    return
    yield


def _ask_about_others(g: Game, seat: int) -> Settlement:
    """Seat 1 is asked to choose among seat 0's hand cards: a request naming hidden cards."""
    hand = list(g.state.players[seat].hand)
    yield from ask_cards(g, 1, "leak", "pick", hand)


@pytest.mark.parametrize(
    ("settle", "who"),
    [(_public_give, {2, -1}), (_peek_for_all, {1, 2, -1}), (_ask_about_others, {1})],
    ids=["hidden move sent publicly", "peek shown to all", "request naming hidden cards"],
)
def test_a_leak_is_found(settle: Any, who: set[int]) -> None:
    t = leaky(settle)
    t.use_skill("leak")
    leaks = audit_game(t.g)
    assert leaks, "the audit missed the leak"
    told = {int(line.split("seat ")[1].split(" ")[0]) for line in leaks}
    assert told == who, leaks


def test_the_draw_pile_order_is_a_leak() -> None:
    from game_agent.engine import Event

    a = KnowledgeAudit(2)
    a.event(Event("deck", {"order": [3, 1, 2]}))  # public by mistake
    assert any("draw-pile order" in line for line in a.leaks)


def test_legitimate_partial_knowledge_is_no_leak() -> None:
    """Yiji's giver sees the gift in full (he looked at the cards); Guanxing's viewer is told
    the arrangement; the others get counts only."""
    t = Table(
        scen(
            lord("guojia", hp=3),
            seat("zhugeliang", hand=["slash"]),
            seat("caocao", hand=["savage_assault"]),
            turn=(2, "play"),
            skills="standard",
        )
    )
    t.play("savage_assault")  # Guo Jia has no Slash: no question
    t.trigger("yiji", seat=0)
    t.expect("skill_arrange", 0)
    t.reply([-1, 0, 1, -1])  # both cards to seat 1
    t.until("play", 0)
    assert audit_game(t.g) == []
    assert card_ids({"x": [DESC[5], {"id": 9}]}) == {5}  # a bare {"id"} is not a card


@pytest.mark.parametrize("seed", range(12))
def test_random_games_leak_nothing(seed: int) -> None:
    configs: list[dict[str, Any]] = [
        {"players": 2 + seed % 9, "generals": "random"},
        {"mode": "1v1", "generals": "random"},
    ]
    for config in configs:
        g = Game(RULESET, config, 500 + seed)
        rng = random.Random(seed)
        step = g.start()
        while step.request is not None:
            step = g.resume(random_legal(step.request, rng))
        assert audit_game(g) == []
