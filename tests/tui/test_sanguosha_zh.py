# ruff: noqa: RUF001  (Chinese text: full-width punctuation is meant)
"""`sgs play --lang zh` on the full-screen Sanguosha table: the status line, the seat panels,
the hand, the panel titles and the key bar are Chinese; no English word is left in them beyond
the card ranks (A, J, Q, K). English is unchanged (the other tests of the table read it)."""

from __future__ import annotations

import re

from test_sanguosha_reach import scenario_source
from textual.widgets import RichLog
from tui_support import SIZE, shown, wait_until

from user_agent.games.sanguosha.console import CONSOLE
from user_agent.games.sanguosha.widgets import HandPanel, SeatPanel
from user_agent.tui.app import ConsoleApp
from user_agent.tui.widgets import InfoPanel, StatusLine

WORD = re.compile(r"[A-Za-z]+")
RANKS = frozenset({"A", "J", "Q", "K"})


def english(text: str) -> set[str]:
    return set(WORD.findall(text)) - RANKS


async def test_the_sanguosha_table_in_chinese() -> None:
    app = ConsoleApp(scenario_source("skills/mashu.toml"), poll=0.01, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        status = shown(app.query_one("#status", StatusLine))
        assert "三国杀 · 第1轮 · 当前：0号位 马超" in status, status
        assert "阶段：出牌阶段" in status and "牌堆" in status, status
        mine = shown(app.query_one("#seat-0", SeatPanel))
        assert "（你）" in mine and "体力 " in mine and "手牌 " in mine, mine
        hand = shown(app.query_one("#hand", HandPanel))
        assert hand.startswith("手牌 ("), hand
        texts = {
            "status": status,
            "hand": hand,
            **{f"seat {s}": shown(app.query_one(f"#seat-{s}", SeatPanel)) for s in range(6)},
            "events": app.query_one("#log", RichLog).border_title or "",
            "about": app.query_one("#info", InfoPanel).border_title or "",
        }
        assert texts["events"] == "事件" and texts["about"] == "说明"
        for where, text in texts.items():
            assert not english(text), (where, english(text), text)
        bar = [b.binding for b in app.screen.active_bindings.values() if b.binding.show]
        shown_keys = [b.description for b in bar if b.description]  # what the Footer shows
        assert "帮助" in shown_keys and "退出" in shown_keys and "选择" in shown_keys, shown_keys
        for d in shown_keys:
            assert not english(d), (d, shown_keys)


async def test_the_key_bar_and_titles_stay_english_in_english() -> None:
    app = ConsoleApp(scenario_source("skills/mashu.toml"), poll=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        assert app.query_one("#log", RichLog).border_title == "events"
        assert app.query_one("#info", InfoPanel).border_title == "about"
        status = shown(app.query_one("#status", StatusLine))
        assert "Sanguosha · round 1 · turn: seat 0 " in status and "phase: play" in status
        assert "draw pile " in status, status
        keys = {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.show
        }
        assert {"help", "quit", "choose", "default", "about"} <= keys, keys


async def test_the_plain_consoles_table_lines_in_chinese() -> None:
    """The line console's `table` (its lines read the same view the full-screen table folds)."""
    app = ConsoleApp(scenario_source("skills/mashu.toml"), poll=0.01, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.picker is not None, what="the play request")
        view = app.table.view
        zh = CONSOLE.set_lang("zh").table_lines(view)
        en = CONSOLE.table_lines(view)
    assert zh[0].startswith("0号位（你）：马超（蜀），体力"), zh
    assert "-1坐骑：♠K 大宛" in "\n".join(zh) and "攻击范围1" in zh[0], zh
    assert zh[-2] == "第1轮：0号位的回合，出牌阶段", zh
    assert zh[-1].startswith("牌堆：") and "弃牌堆：" in zh[-1], zh
    for line in zh:
        assert not english(line), (line, english(line))
    assert en[0].startswith("seat 0 (you): Ma Chao, Shu, "), en
    assert en[-2] == "round 1: seat 0's turn, play phase", en
