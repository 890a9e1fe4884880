"""No peeking: a search bot decides from its own view and its samples only. Two live games
that differ only in what the bot's seat has not seen (scenario files: Sanguosha, the other
seats' hands and roles and the draw pile between the bot's own draws; Carcassonne, the order of
the stack after the tiles drawn so far) give the same decisions with the same seed, over many
decisions. The control: the same bot given the live game itself (forks, no determinization)
decides differently, so the comparison can fail."""

from __future__ import annotations

from peek_support import Omniscient, PassiveBot, play_until

from game_agent.engine import Game
from sgs.search.bot import MctsBot
from user_agent.bots import resolve


def first_difference(a: list[object], b: list[object]) -> str | None:
    """Where two decision lists part (None: they are equal)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"decision {i} of {len(a)}: {x} != {y}"
    return None if len(a) == len(b) else f"lengths {len(a)} != {len(b)}"


SGS_SPEC = "mcts:iterations=8"
CARC_SPEC = "mcts:iterations=16"
SEED = 11


def sanguosha_stop(game: Game) -> bool:
    return bool(game.state.round >= 3)  # the bot's third turn: its draws so far are listed


def carcassonne_stop(game: Game) -> bool:
    return len(game.state.stack) < 71 - 24  # the 25th tile is drawn: the orders part there


def test_sanguosha_lord_decides_the_same_whatever_it_has_not_seen() -> None:
    a = play_until("sanguosha", "sanguosha_peek_a.toml", SEED, SGS_SPEC,
                   lambda s: PassiveBot(s, s), sanguosha_stop)  # fmt: skip
    b = play_until("sanguosha", "sanguosha_peek_b.toml", SEED, SGS_SPEC,
                   lambda s: PassiveBot(s, s), sanguosha_stop)  # fmt: skip
    assert first_difference(a.decisions, b.decisions) is None
    assert a.seen == b.seen  # and so seat 0 saw the same events in both games
    assert isinstance(a.bot, MctsBot) and a.bot.searched >= 10, "too few searched decisions"
    assert len(a.decisions) >= 20


def test_sanguosha_the_comparison_fails_for_a_bot_that_peeks() -> None:
    a = play_until("sanguosha", "sanguosha_peek_a.toml", SEED, SGS_SPEC,
                   lambda s: PassiveBot(s, s), sanguosha_stop, sampler=Omniscient)  # fmt: skip
    b = play_until("sanguosha", "sanguosha_peek_b.toml", SEED, SGS_SPEC,
                   lambda s: PassiveBot(s, s), sanguosha_stop, sampler=Omniscient)  # fmt: skip
    assert a.seen != b.seen or a.decisions != b.decisions


def greedy(seat: int) -> object:
    return resolve("greedy", "carcassonne")(seat, 100 + seat, None)


def test_carcassonne_decides_the_same_whatever_the_order_of_the_stack() -> None:
    a = play_until("carcassonne", "carcassonne_peek_a.toml", SEED, CARC_SPEC, greedy,
                   carcassonne_stop)  # fmt: skip
    b = play_until("carcassonne", "carcassonne_peek_b.toml", SEED, CARC_SPEC, greedy,
                   carcassonne_stop)  # fmt: skip
    assert first_difference(a.decisions, b.decisions) is None
    assert a.seen == b.seen
    assert sum(kind == "place_tile" for kind, _ in a.decisions) == 12
