"""The message catalogues: every English message id has its Chinese translation with the same
placeholders, and a whole seeded Sanguosha game told in Chinese (every event and request of
the seeded games, as every viewer sees them) has no English word left in it."""

from __future__ import annotations

import re

import pytest
from words_games import games

from protocol.choices import RequestSpec
from user_agent.games import GAMES
from user_agent.words.game import words_of
from user_agent.words.lang import CATALOGUES, Catalogue, fields
from user_agent.words.narrate import Narrator
from user_agent.words.requests import describe

# what may stay in Latin letters in a Chinese sentence: the keys a person types (`d`, `c`),
# the card ranks (A, J, Q, K) and the HP/ID-less signs; everything else is a word to translate
ALLOWED = frozenset({"d", "c", "A", "J", "Q", "K", "help"})
WORD = re.compile(r"[A-Za-z]+")


def _catalogues() -> list[Catalogue]:
    for game in GAMES:
        words_of(game)  # every game's words are imported, with their catalogues
    import user_agent.console
    import user_agent.replay  # noqa: F401

    return list(CATALOGUES)


def test_every_message_has_its_translation_with_the_same_placeholders() -> None:
    cats = _catalogues()
    assert {c.name for c in cats} >= {"shell", "sanguosha", "sanguosha.reasons"}
    gaps = [g for c in cats for g in c.gaps()]
    assert gaps == []


def test_the_coverage_check_catches_a_missing_id_and_a_wrong_placeholder() -> None:
    bad = Catalogue("test.bad", {"en": {"a": "{x} wins", "b": "hi"}, "zh": {"a": "{y}获胜"}})
    try:
        assert bad.gaps() == ["test.bad: zh lacks 'b'", "test.bad: zh 'a' has ['y'], en ['x']"]
    finally:
        CATALOGUES.remove(bad)
    assert fields("{who} wins{reason}") == {"who", "reason"}


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w not in ALLOWED]


@pytest.fixture(scope="module")
def told() -> list[str]:
    """Every line of the seeded Sanguosha games in Chinese: the events as every viewer saw
    them, each decision, and each request's title, options, default and hint."""
    out: list[str] = []
    played = [p for p in games() if p.game == "sanguosha"]
    for p in played:
        narrators = {v: Narrator("sanguosha", p.seats, "zh") for v in {s.viewer for s in p.seen}}
        for s in p.seen:
            line = narrators[s.viewer].event(s.kind, s.data)
            if line is not None:
                out.append(line)
        teller = Narrator("sanguosha", p.seats, "zh")
        for a in p.asked:
            w = describe("sanguosha", a.req, a.view, "zh")
            out += [w.title, *w.options, w.default, w.hint, *w.piles]
            out.append(teller.decision(a.req, a.choice))
            out.append(teller.decision(a.req, a.choice, timeout=True))
    return out


def test_seeded_sanguosha_games_told_in_chinese_have_no_english_word(told: list[str]) -> None:
    left = [(line, english_words(line)) for line in told if english_words(line)]
    assert len(told) > 5000
    assert left[:20] == []


def test_the_chinese_games_cover_every_event_and_request_kind_they_meet() -> None:
    played = [p for p in games() if p.game == "sanguosha"]
    kinds = {s.kind for p in played for s in p.seen}
    asked = {a.req.kind for p in played for a in p.asked}
    assert {"use", "respond", "damage", "death", "judge", "game_over"} <= kinds
    assert {"play", "respond", "targets", "discard", "trigger", "choose_general"} <= asked


def test_english_is_the_fallback_for_a_game_without_chinese_sentences() -> None:
    n = Narrator("goofspiel", 2, "zh")
    assert n.lang == "en" and n.shell == "zh"
    req = RequestSpec(1, 0, "bid", "choice", [1, 2, 3], 0, info={"round": 1, "prize": 5})
    hint = describe("goofspiel", req, None, "zh").hint
    assert "输入" in hint  # the shell's words are Chinese for every game
