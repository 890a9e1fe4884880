"""The kit's positions and its checks, in-process: every bundled position reaches the kinds it
says it reaches, and every request kind of every game is reached by seeded games or a position,
or declared out of reach with why; the checker catches each kind of wrong reply."""

from __future__ import annotations

import time

import pytest

from game_agent.engine import ConfigError, Game, RequestSpec
from game_agent.games import GAMES, load
from protocol.registry import get_schema
from sgs.botcheck import (
    BACK_AND_FORTH,
    CONTRACT,
    DEADLINE,
    NIL,
    OUT_OF_RANGE,
    WRONG_FORM,
    Checker,
    LeadStep,
    Report,
    bundled_positions,
    category,
    holds,
    play_checked,
)
from sgs.runner import make_bots
from user_agent.bot import Bot, View


def checker_for(game: str) -> Checker:
    schema = get_schema(game)
    report = Report(game, "random", list(schema.requests), bundled_positions(game).unreachable)
    return Checker(report, schema, deadline=30.0)


@pytest.mark.parametrize("game", GAMES)
def test_each_position_reaches_what_it_says(game: str) -> None:
    for pos in bundled_positions(game).positions:
        checker = checker_for(game)
        g = Game(load(game), pos.config, pos.seed)
        bots = make_bots(game, ["random"], g.seats, pos.seed)
        play_checked(g, bots, frozenset(range(g.seats)), checker, pos.name, pos.lead)
        met = {k for k, c in checker.report.per_kind.items() if c.met}
        assert set(pos.reaches) <= met, (pos.name, pos.reaches, met)
        assert checker.report.clean, checker.report.render()


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_is_reached_or_declared_out_of_reach(game: str) -> None:
    positions = bundled_positions(game)
    kinds = set(get_schema(game).requests)
    seeded = set()
    ruleset = load(game)
    for seed in range(1, 4):  # what any game asks (a general's choice, a play menu, ...)
        g = Game(ruleset, {}, seed)
        checker = checker_for(game)
        play_checked(g, make_bots(game, ["random"], g.seats, seed), frozenset(range(g.seats)),
                     checker, f"seed {seed}")  # fmt: skip
        seeded |= {k for k, c in checker.report.per_kind.items() if c.met}
    by_position = {k for p in positions.positions for k in p.reaches}
    out_of_reach = set(positions.unreachable)
    assert kinds <= seeded | by_position | out_of_reach, kinds - seeded - by_position - out_of_reach
    assert not out_of_reach & (seeded | by_position)  # declared out of reach, yet reached
    assert out_of_reach <= kinds
    # every kind that is not in every game is given a position: a few seeded games with one
    # seat of the bot under test must not be the only way to meet it
    assert all(why.strip() for why in positions.unreachable.values())


def test_a_lead_that_no_longer_fits_is_a_config_error() -> None:
    req = RequestSpec(0, 0, "play", "choice", [{"kind": "end"}], 0)
    assert LeadStep("play", option={"kind": "end"}).answer(req) == 0
    with pytest.raises(ConfigError, match="expected a 'trigger' request, got 'play'"):
        LeadStep("trigger", option="pass").answer(req)
    with pytest.raises(ConfigError, match="has no option"):
        LeadStep("play", option={"kind": "card"}).answer(req)
    with pytest.raises(ConfigError, match="not legal"):
        LeadStep("play", reply=3).answer(req)
    assert holds({"kind": "card", "card": {"name": "slash", "id": 3}}, {"card": {"name": "slash"}})
    assert not holds({"kind": "card", "card": None}, {"card": {"name": "slash"}})


class Answers(Bot):
    """Answers whatever it was built to answer."""

    uses_view = False
    answer: object = None

    def decide(self, request: RequestSpec, view: View) -> object:  # type: ignore[override]
        return self.answer


@pytest.mark.parametrize(
    ("form", "cancel", "answer", "what"),
    [
        ("subset", False, 0, WRONG_FORM),
        ("subset", False, [2, 1], WRONG_FORM),
        ("subset", False, [9], OUT_OF_RANGE),
        ("subset", False, None, NIL),
        ("choice", False, 3, OUT_OF_RANGE),
        ("choice", False, [0], WRONG_FORM),
        ("choice", False, "0", WRONG_FORM),
        ("choice", False, True, WRONG_FORM),
        ("choice", True, None, None),
        ("choice", False, 1, None),
    ],
)
def test_the_checker_catches_each_wrong_reply(
    form: str, cancel: bool, answer: object, what: str | None
) -> None:
    checker = checker_for("harmony")
    default = [0] if form == "subset" else 0
    req = RequestSpec(0, 0, "place_piece", form, ["a", "b", "c"], default, 1, 2, cancel)
    bot = Answers(0, 1)
    bot.answer = answer
    applied = checker.ask(bot, req, "here")
    # made up, the request breaks harmony's contract for place_piece (a product): the game's
    # problem, reported once, apart from the bot's
    contract = [p for p in checker.report.problems if p.category == CONTRACT]
    assert len(contract) == 1 and "form" in contract[0].reason
    problems = [p for p in checker.report.problems if p.category != CONTRACT]
    if what is None:
        assert problems == [] and applied == answer
    else:
        assert [p.category for p in problems] == [what] and applied == default
        assert category(problems[0].reason) == what


def test_back_and_forth_is_caught() -> None:
    """nil on every `targets` request, and the same card from the menu again and again."""

    class Back(Bot):
        uses_view = False

        def decide(self, request: RequestSpec, view: View) -> object:  # type: ignore[override]
            return None if request.kind == "targets" else 0

    checker = checker_for("sanguosha")
    pos = next(p for p in bundled_positions("sanguosha").positions if p.name == "double_swords")
    g = Game(load("sanguosha"), pos.config, pos.seed)
    play_checked(g, [Back(s, 1) for s in range(g.seats)], frozenset(range(g.seats)), checker, "x")
    assert BACK_AND_FORTH in {p.category for p in checker.report.problems}
    assert g.finished


def test_a_reply_later_than_the_deadline_is_a_problem_and_takes_the_default() -> None:
    class Slow(Bot):
        uses_view = False

        def decide(self, request: RequestSpec, view: View) -> object:  # type: ignore[override]
            time.sleep(0.05)  # at least 50 ms: five times the deadline below
            return 1

    checker = checker_for("goofspiel")
    checker.deadline = 0.01
    req = RequestSpec(0, 0, "bid", "choice", [{"card": 1}, {"card": 2}], 0)
    assert checker.ask(Slow(0, 1), req, "here") == 0
    late = [p for p in checker.report.problems if p.category == DEADLINE]
    assert len(late) == 1 and late[0].reason.endswith("the deadline is 0.01 s")
    assert late[0].applied.startswith("the default, 0")
