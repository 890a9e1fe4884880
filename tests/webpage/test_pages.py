"""Every game's browser page from its hooks, without a browser: the page of a seat folded from a
whole seeded game is plain JSON, in each language, and the page's own word tables agree."""

from __future__ import annotations

import json

import pytest

from user_agent.games import GAMES
from user_agent.games.sanguosha import web as sanguosha_web
from user_agent.web.presenter import Presenter


def test_sanguosha_words_have_every_key_in_every_language() -> None:
    en = set(sanguosha_web.WORDS["en"])
    for lang, table in sanguosha_web.WORDS.items():
        assert set(table) == en, lang


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_fresh_page_is_json(game: str, lang: str) -> None:
    p = Presenter(game, 2, 0, lang)
    state = p.state()
    json.dumps(state, ensure_ascii=False)
    assert state["t"] == "state" and state["told"] == 0
    assert p.hello("play")["game"] == game
