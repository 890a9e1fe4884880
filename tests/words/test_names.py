"""Names and rules text for cards, generals, skills and factions, in English and Chinese."""

from __future__ import annotations

from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.generals import GENERALS
from user_agent.games.harmony.board import board_lines
from user_agent.games.sanguosha.names import (
    card_name,
    card_text,
    faction_name,
    find_card,
    find_general,
    general_name,
    general_text,
    sanitize,
    skill_name,
)
from user_agent.words.narrate import Narrator


def test_cards_by_descriptor_and_by_kind() -> None:
    assert card_name({"id": 88, "suit": "diamond", "rank": 4, "name": "snatch"}) == "♦4 Snatch"
    assert card_name({"name": "slash", "suit": "none", "rank": 0}) == "Slash"
    assert card_name("ex_nihilo") == "Ex Nihilo"
    assert card_name({"suit": "spade", "rank": 12, "name": "spear"}, "zh") == "♠Q 丈八蛇矛"
    for kind in KINDS:
        assert "_" not in card_name(kind) and card_name(kind, "zh") != card_name(kind)
        text = card_text(kind)
        assert text.startswith(card_name(kind)) and len(text) > 30 and "_" not in text


def test_generals_skills_and_factions() -> None:
    assert general_name("lvbu") == "Lü Bu" and general_name("lvbu", "zh") == "吕布"
    assert faction_name("qun") == "Qun" and faction_name("wu", "zh") == "吴"
    assert skill_name("wusheng") == "Wusheng" and skill_name("wusheng", "zh") == "武圣"
    assert skill_name("eight_diagram") == "Eight Diagram"
    text = general_text("liubei")
    assert text.splitlines()[0] == "Liu Bei 刘备 - Shu, 4 HP, male"
    assert "Rende (active): " in text and "Jijiang (conversion, lord skill): " in text
    assert general_text("liubei", "zh").startswith("刘备 Liu Bei - 蜀")
    for gid in GENERALS:
        assert "_" not in general_text(gid)


def test_typed_names_are_found() -> None:
    assert find_card("Ex Nihilo") == find_card("ex_nihilo") == find_card("无中生有") == "ex_nihilo"
    assert find_general("Lü Bu") == find_general("lvbu") == find_general("吕布") == "lvbu"
    assert find_card("banana") is None and find_general("banana") is None


def test_prompts_lose_their_ids() -> None:
    said = sanitize("replace the judgement ♣2 Nioh Shield (eight_diagram) with a hand card?")
    assert said == "replace the judgement ♣2 Nioh Shield (Eight Diagram) with a hand card?"


def test_seats_can_carry_names_and_the_board_keeps_cell_names() -> None:
    n = Narrator("sanguosha", 3, names={1: "Ann"})
    assert n.event("recover", {"seat": 1, "amount": 1, "hp": 3, "source": None}) == (
        "Ann recovers 1 HP, now 3 HP."
    )
    lines = board_lines([{"c/F": "Af"}, {"e/B": "Tw"}])
    assert lines[0].split() == ["a", "b", "c", "d", "e"]
    assert lines[1].startswith("North back (B)") and lines[1].split()[-1] == "Tw"
    assert lines[5].startswith("South front (F)") and lines[5].split()[-3] == "Af"
    assert any("A Archer (3 damage, 1 defence)" in x for x in lines)


def test_marks_read_as_words() -> None:
    from user_agent.games.sanguosha.names import mark_text

    assert mark_text("slash_used", 1) == "Slash used"
    assert mark_text("slash_used", 2) == "Slash used (2)"
    assert mark_text("rende_given", 2) == "Rende: 2 given"
    assert mark_text("jijiang_failed", 1) == "Jijiang failed"
    assert mark_text("zhiheng_used", 1, "zh") == "制衡 used"
    for name in ("slash_used", "rende_given", "jijiang_failed", "luoyi", "lijian_used"):
        assert "_" not in mark_text(name, 1)
