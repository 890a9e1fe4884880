"""Scenario tests: the Wu generals' skills (rules §3.2 Wu) and §6 rows 14, 29, 30, 34, 35.

Every test plays with `skills = "standard"` (each general has its own skills); the other seats
are generals whose skills stay out of the way (Zhang Fei, Xu Chu, Ma Chao, Liu Bei ...) or are
part of the case (Zhuge Liang's Kongcheng, Zhang Liao's Tuxi).
"""

from __future__ import annotations

from typing import Any

import pytest
from sanguosha_support import (
    SCENARIOS,
    Table,
    check_fold,
    cid,
    lord,
    move_events,
    moves,
    of,
    seat,
    skills_fired,
    std,
    test_skill,
)

from game_agent.engine import Event, Game, Settlement, Trigger, view_for
from game_agent.games.sanguosha.distance import attack_range, distance
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.knowledge import audit_game
from game_agent.games.sanguosha.skill import RESPOND, USE_ONLY
from game_agent.games.sanguosha.timings import TURN_START


def desc(name: str, suit: str, rank: int) -> dict[str, Any]:
    return {"id": cid(name, suit, rank), "suit": suit, "rank": rank, "name": name}


def menu_skills(t: Table) -> list[str]:
    """The active skills offered at the pending play menu."""
    return [o["skill"] for o in t.expect("play").options if o["kind"] == "skill"]


def menu_views(t: Table) -> list[tuple[str, list[int]]]:
    """The conversions offered at the pending play menu, with their targets."""
    return [(o["skill"], o["targets"]) for o in t.expect("play").options if o["kind"] == "view_as"]


def card_targets(t: Table, name: str) -> list[int] | None:
    """The targets offered for the hand card `name` at the play menu (None: not offered)."""
    for o in t.expect("play").options:
        if o["kind"] == "card" and o["card"]["name"] == name:
            targets: list[int] = o["targets"]
            return targets
    return None


def ordered(ev: list[Event], *wanted: str) -> list[tuple[str, Any]]:
    """The events of the given kinds, in order, with their seat/target."""
    return [(e.kind, e.data.get("seat", e.data.get("target"))) for e in ev if e.kind in wanted]


# --- the scenario files ------------------------------------------------------------------------

WU = (
    "zhiheng",
    "jiuyuan",
    "qixi",
    "keji",
    "kurou",
    "yingzi",
    "fanjian",
    "guose",
    "liuli",
    "qianxun",
    "lianying",
    "jieyin",
    "xiaoji",
)


@pytest.mark.parametrize("skill", WU)
def test_wu_scenario_file_plays_to_the_end(skill: str) -> None:
    path = SCENARIOS / "skills" / f"{skill}.toml"
    assert path.read_text().startswith("# "), "the file says what the position shows"
    t = Table(file=f"skills/{skill}.toml")
    assert any(skill in p.skills for p in t.st.players)
    t.finish()
    assert t.g.outcome is not None
    check_fold(t.g)


# --- Zhiheng -----------------------------------------------------------------------------------


def test_zhiheng_discards_hand_and_equipment_then_draws_as_many() -> None:
    t = Table(file="skills/zhiheng.toml")
    slash, dodge, horse = (
        cid("slash", "spade", 7),
        cid("dodge", "heart", 2),
        cid("jueying", "spade", 5),
    )
    assert menu_skills(t) == ["zhiheng"]
    t.use_skill("zhiheng", seat=0)
    r = t.expect("skill_cards", 0)
    assert r.info["skill"] == "zhiheng" and r.cancel is True
    assert [o["id"] for o in r.options] == [slash, dodge, horse]  # hand and equipment
    assert (r.min, r.max) == (1, 3)
    t.reply([0, 2])  # the Slash and the horse
    ev = t.new()
    assert skills_fired(ev) == [(0, "zhiheng")]
    assert moves(ev, "zhiheng") == [
        {
            "cards": [desc("slash", "spade", 7)],
            "from": "hand",
            "from_seat": 0,
            "to": "discard",
            "to_seat": None,
            "reason": "zhiheng",
            "as": None,
        },
        {
            "cards": [desc("jueying", "spade", 5)],
            "from": "equip",
            "from_seat": 0,
            "to": "discard",
            "to_seat": None,
            "reason": "zhiheng",
            "as": None,
        },
    ]
    draws = [e for e in ev if e.kind == "draw"]
    assert len(draws) == 1
    assert draws[0].data == {
        "seat": 0,
        "cards": [desc("peach", "heart", 3), desc("duel", "spade", 1)],
        "reason": "zhiheng",
    }
    # the cards drawn are hidden from the others
    assert draws[0].seats == (0,)
    assert view_for(draws[0], 1) == {"seat": 0, "count": 2, "reason": "zhiheng"}
    # discard, then draw
    assert [e.kind for e in ev if e.kind in ("move", "draw")] == ["move", "move", "draw"]
    p = t.st.players[0]
    assert p.hand == [dodge, cid("peach", "heart", 3), cid("duel", "spade", 1)]
    assert p.equip == {} and {slash, horse} <= set(t.st.discard)
    assert audit_game(t.g) == []
    check_fold(t.g)


def test_zhiheng_once_per_play_phase() -> None:
    t = Table(file="skills/zhiheng.toml")
    t.use_skill("zhiheng")
    t.reply([1])  # the Dodge
    ev = t.new()
    assert of(ev, "mark") == [{"seat": 0, "name": "zhiheng_used", "value": 1, "scope": "phase"}]
    assert "zhiheng" not in menu_skills(t)  # cards left, but used this phase
    assert t.st.players[0].marks["zhiheng_used"] == 1
    t.end_play()
    ev = t.new()
    assert "zhiheng_used" not in t.st.players[0].marks  # cleared when the phase ends
    assert of(ev, "phase_end")[0] == {"seat": 0, "phase": "play"}
    check_fold(t.g)


def test_zhiheng_not_offered_when_the_mark_is_preset() -> None:
    t = Table(
        std(
            lord("sunquan", hand=["slash/spade/7"], marks={"zhiheng_used": 1}),
            seat("zhangfei"),
        )
    )
    assert menu_skills(t) == []


def test_zhiheng_back_does_nothing() -> None:
    t = Table(file="skills/zhiheng.toml")
    t.new()
    t.use_skill("zhiheng")
    t.expect("skill_cards", 0)
    t.reply(None)
    ev = t.new()
    assert ev == []  # no announcement, no mark, no card moved
    assert menu_skills(t) == ["zhiheng"]  # still available
    assert len(t.st.players[0].hand) == 2 and len(t.st.players[0].equip) == 1
    check_fold(t.g)


def test_zhiheng_needs_a_card() -> None:
    t = Table(std(lord("sunquan"), seat("zhangfei")))
    assert menu_skills(t) == []
    # an equipment card alone is enough
    t = Table(std(lord("sunquan", equip=["jueying"]), seat("zhangfei")))
    assert menu_skills(t) == ["zhiheng"]


# --- Jiuyuan -----------------------------------------------------------------------------------


def test_jiuyuan_another_wu_players_peach_heals_one_more() -> None:
    t = Table(file="skills/jiuyuan.toml")
    assert t.st.players[0].skills == ["zhiheng", "jiuyuan"]
    t.play("slash", 0)
    r = t.expect("respond", 2)  # Gan Ning: the dying lord needs a Peach
    assert r.info["reason"] == "dying" and r.info["target"] == 0
    t.respond("peach", seat=2)
    ev = t.new()
    assert ordered(ev, "dying", "use", "skill", "recover")[1:] == [
        ("dying", 0),
        ("use", 2),
        ("skill", 0),
        ("recover", 0),
    ]
    assert skills_fired(ev) == [(0, "jiuyuan")]  # compulsory: no question, announced
    assert of(ev, "recover") == [{"seat": 0, "amount": 2, "hp": 2, "source": 2}]
    assert t.hp(0) == 2
    t.expect("play", 1)
    check_fold(t.g)


def test_jiuyuan_not_for_his_own_peach() -> None:
    t = Table(
        std(
            lord("sunquan", hp=1, hand=["peach/heart/3"]),
            seat("zhangfei", hand=["slash/spade/7"]),
            turn=(1, "play"),
        )
    )
    t.play("slash", 0)
    r = t.expect("respond", 0)
    assert r.info["reason"] == "dying"
    t.respond("peach", seat=0)
    ev = t.new()
    assert not of(ev, "skill")
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 1, "source": 0}]
    check_fold(t.g)


def test_jiuyuan_not_for_a_non_wu_players_peach() -> None:
    t = Table(
        std(
            lord("sunquan", hp=1),
            seat("zhangfei", hand=["slash/spade/7"]),
            seat("liubei", "loyalist", hand=["peach/heart/3"]),
            turn=(1, "play"),
        )
    )
    t.play("slash", 0)
    t.respond("peach", seat=2)
    ev = t.new()
    assert not of(ev, "skill")
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 1, "source": 2}]
    check_fold(t.g)


def test_jiuyuan_lord_only() -> None:
    """Sun Quan as a rebel has no lord skill: a Wu Peach heals him 1."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("sunquan", hp=1),
            seat("ganning", "loyalist", hand=["peach/heart/3"]),
        )
    )
    assert t.st.players[1].skills == ["zhiheng"]
    t.play("slash", 1)
    t.respond("peach", seat=2)
    ev = t.new()
    assert not of(ev, "skill")
    assert of(ev, "recover") == [{"seat": 1, "amount": 1, "hp": 1, "source": 2}]
    check_fold(t.g)


def test_jiuyuan_none_in_1v1() -> None:
    """The warm side of 1v1 carries the lord tag, but lord skills are off in that mode: a Wu
    Peach while dying heals Sun Quan 1."""
    t = Table(
        std(
            lord("sunquan", hp=1, reserve=["ganning", "lvmeng"]),
            seat("zhangfei", "renegade", reserve=["guanyu", "machao"], hand=["slash/spade/7"]),
            mode="1v1",
            turn=(1, "play"),
        )
    )
    assert t.st.players[0].role == "lord"
    assert t.st.players[0].skills == ["zhiheng"]
    check_fold(t.g)


def test_jiuyuan_not_for_a_wu_recovery_that_is_no_peach() -> None:
    """Sun Shangxiang's Jieyin heals the wounded lord Sun Quan: no Peach, no bonus."""
    t = Table(
        std(
            lord("sunquan", hp=2),
            seat("sunshangxiang", "loyalist", hand=["slash/spade/7", "dodge/heart/2"]),
            turn=(1, "play"),
        )
    )
    t.use_skill("jieyin", seat=1)
    t.reply([0, 1])
    t.reply([0])  # Sun Quan
    ev = t.new()
    assert skills_fired(ev) == [(1, "jieyin")]
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 3, "source": 1}]
    check_fold(t.g)


# --- Qixi --------------------------------------------------------------------------------------


def test_qixi_black_hand_card_as_dismantlement() -> None:
    t = Table(file="skills/qixi.toml")
    slash = cid("slash", "spade", 7)
    assert menu_views(t) == [("qixi", [1])]
    t.convert("qixi", "dismantlement")
    r = t.expect("view_as_cards", 0)
    # only the black cards, hand and equipment: not the red Peach
    assert [o["id"] for o in r.options] == [slash, cid("eight_diagram", "spade", 2)]
    t.reply([0])
    t.choose_targets(1)
    r = t.expect("pick_card", 0)
    assert [o["zone"] for o in r.options] == ["hand", "equip"]
    t.reply(1)  # the Jueying
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"] == {"name": "dismantlement", "suit": "spade", "color": "black", "rank": 7}
    assert use["skill"] == "qixi" and use["subcards"] == [desc("slash", "spade", 7)]
    assert use["from"] == [{"zone": "hand", "seat": 0}] and use["targets"] == [1]
    assert moves(ev, "dismantlement")[0]["cards"] == [desc("jueying", "spade", 5)]
    assert t.st.players[1].equip == {} and slash in t.st.discard
    check_fold(t.g)


def test_qixi_equipped_black_card_as_dismantlement() -> None:
    t = Table(file="skills/qixi.toml")
    armor = cid("eight_diagram", "spade", 2)
    t.convert("qixi", "dismantlement", armor)
    t.choose_targets(1)
    t.reply(0)  # Zhang Fei's hand card
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["from"] == [{"zone": "equip", "seat": 0}]
    assert use["subcards"] == [desc("eight_diagram", "spade", 2)]
    assert moves(ev, "dismantlement")[0]["cards"] == [desc("dodge", "heart", 2)]
    assert t.st.players[0].equip == {} and armor in t.st.discard
    assert t.st.players[1].hand == []
    check_fold(t.g)


def test_qixi_not_offered_without_a_black_card() -> None:
    t = Table(std(lord("ganning", hand=["peach/heart/3", "dodge/diamond/2"]), seat("zhangfei")))
    assert menu_views(t) == []


def test_qixi_never_as_a_response() -> None:
    """Qixi converts for use only: a Nullification window against Zhang Fei's Dismantlement
    offers Gan Ning his real Nullification and no conversion, and the skill has no
    response mode at all."""
    t = Table(
        std(
            lord("zhangfei", hand=["dismantlement/spade/3"]),
            seat("ganning", hand=["nullification/spade/11", "slash/club/2"]),
        )
    )
    t.play("dismantlement", 1)
    r = t.expect("respond", 1)
    assert r.info["card"] == "nullification"
    assert [o["kind"] for o in r.options] == ["card", "decline"]
    st = t.st
    assert index_of(st).views_for(st, 1, RESPOND) == []
    assert [k for k, _ in index_of(st).views_for(st, 1, "use", "dismantlement")] == ["qixi"]
    assert index_of(st).catalogue["qixi"].views[0].modes == USE_ONLY


# --- Keji --------------------------------------------------------------------------------------


def test_keji_skips_the_discard_phase_row30() -> None:
    """§6 row 30: asked when the turn moves into the discard phase, before it starts."""
    t = Table(file="skills/keji.toml")
    t.end_play()
    q = t.expect("trigger", 0)
    assert q.options == ["keji", "pass"]
    assert q.info == {"timing": "phase_changing", "about": {"seat": 0, "phase": "discard"}}
    ev = t.new()
    # the discard phase has not started: the last phase event is the play phase's
    assert [(e["seat"], e["phase"]) for e in of(ev, "phase")] == [(0, "play")]
    assert ev[-1].kind == "phase_end" and ev[-1].data == {"seat": 0, "phase": "play"}
    t.trigger("keji", seat=0)
    ev = t.new()
    assert [e.kind for e in ev[:4]] == ["skill", "phase_skip", "phase_skipped", "phase"]
    assert skills_fired(ev) == [(0, "keji")]
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "discard", "reason": "keji"}]
    assert of(ev, "phase_skipped") == [{"seat": 0, "phase": "discard"}]
    assert of(ev, "phase")[0] == {"seat": 0, "phase": "finish"}
    assert not [p for p in of(ev, "phase") if p["seat"] == 0 and p["phase"] == "discard"]
    assert len(t.st.players[0].hand) == 4  # four cards kept at 2 HP
    check_fold(t.g)


def test_keji_declined_discards_as_usual() -> None:
    t = Table(file="skills/keji.toml")
    t.end_play()
    t.trigger(None, seat=0)
    r = t.expect("discard", 0)
    assert r.info == {"count": 2, "reason": "hand_limit"}
    ev = t.new()
    assert not of(ev, "skill") and not of(ev, "phase_skip")
    assert of(ev, "phase")[-1] == {"seat": 0, "phase": "discard"}


def test_keji_after_the_play_phase_was_skipped_by_indulgence_row30() -> None:
    t = Table(
        std(
            lord(
                "lvmeng",
                hp=1,
                hand=["slash/spade/7", "dodge/heart/2"],
                judge=["indulgence/spade/6"],
            ),
            seat("zhangfei"),
            turn=(0, "judge"),
            draw=["slash/spade/9", "peach/heart/3", "duel/spade/1"],
        )
    )
    q = t.expect("trigger", 0)
    assert q.info["about"] == {"seat": 0, "phase": "discard"}
    ev = t.new()
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "play", "reason": "indulgence"}]
    assert of(ev, "phase_skipped") == [{"seat": 0, "phase": "play"}]
    t.trigger("keji", seat=0)
    ev = t.new()
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "discard", "reason": "keji"}]
    assert len(t.st.players[0].hand) == 4
    check_fold(t.g)


def test_keji_not_after_a_slash_was_used_row30() -> None:
    t = Table(file="skills/keji.toml")
    t.play("slash", 1)
    t.end_play()
    r = t.expect("discard", 0)  # no Keji question first
    assert r.info["count"] == 1
    assert not of(t.new(), "skill")


def test_keji_not_after_a_slash_played_in_response_to_a_duel_in_his_play_phase_row30() -> None:
    """Lü Meng uses a Duel in his play phase; Zhang Fei plays a Slash, Lü Meng answers with his
    own Slash: a Slash played in response counts, so Keji is not offered."""
    t = Table(file="skills/keji.toml")
    t.play("duel", 1)
    t.respond("slash", seat=1)
    t.respond("slash", seat=0)
    ev = t.new()
    assert [(r["seat"], r["mode"]) for r in of(ev, "respond")] == [(1, "play"), (0, "play")]
    assert of(ev, "damage")[0]["target"] == 1
    t.end_play()
    # 2 cards at 2 HP: the discard phase runs and asks nothing; no Keji question
    ev = t.new()
    assert not of(ev, "skill")
    assert {"seat": 0, "phase": "discard"} in of(ev, "phase")
    t.expect("play", 1)
    check_fold(t.g)


def test_keji_another_players_slash_in_his_play_phase_does_not_count_row30() -> None:
    """Zhang Fei's Slash played against Lü Meng's Duel is not Lü Meng's: Lü Meng declines,
    takes the damage and may still skip his discard phase."""
    t = Table(file="skills/keji.toml")
    t.play("duel", 1)
    t.respond("slash", seat=1)
    t.respond(None, seat=0)
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 0 and t.hp(0) == 1
    t.end_play()
    t.trigger("keji", seat=0)
    assert of(t.new(), "phase_skip")[0]["reason"] == "keji"
    check_fold(t.g)


def _skip_discard(g: Game, seat: int, p: Any) -> Settlement:
    g.emit("phase_skip", {"seat": seat, "phase": "discard", "reason": "test"})
    return
    yield


SKIPPER = test_skill(
    "skipper",
    Trigger("skipper", TURN_START, lambda g, s, p: p.seat == s, _skip_discard, compulsory=True),
    kind="compulsory",
)


def test_keji_not_offered_when_the_discard_phase_is_already_skipped_row30() -> None:
    """A (test-only) effect skips Lü Meng's discard phase at the start of his turn: there is
    nothing left for Keji to skip, so he is not asked."""
    t = Table(
        std(
            lord("lvmeng", hp=1, hand=["dodge/heart/2", "peach/heart/3"], skills=["skipper"]),
            seat("zhangfei"),
            turn=(0, "prepare"),
        ),
        extra=(SKIPPER,),
    )
    t.end_play()
    ev = t.new()
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "discard", "reason": "test"}]
    assert of(ev, "phase_skipped")[0] == {"seat": 0, "phase": "discard"}
    assert not of(ev, "skill")
    assert t.req.seat == 1  # straight on to the next turn, no Keji question
    check_fold(t.g)


# --- Kurou -------------------------------------------------------------------------------------


def test_kurou_lose_one_hp_then_draw_two_as_often_as_he_likes() -> None:
    t = Table(
        std(
            lord("zhangfei"),
            seat("huanggai"),
            turn=(1, "play"),
            draw=["slash/spade/8", "dodge/heart/2", "duel/spade/1", "peach/heart/3"],
        )
    )
    t.use_skill("kurou", seat=1)
    ev = t.new()
    assert [e.kind for e in ev if e.kind in ("skill", "lose_hp", "draw")] == [
        "skill",
        "lose_hp",
        "draw",
    ]
    assert of(ev, "lose_hp") == [{"seat": 1, "amount": 1, "hp": 3}]
    assert of(ev, "draw") == [
        {
            "seat": 1,
            "cards": [desc("slash", "spade", 8), desc("dodge", "heart", 2)],
            "reason": "kurou",
        }
    ]
    assert not of(ev, "damage")  # HP loss is no damage
    assert menu_skills(t) == ["kurou"]  # no limit
    t.use_skill("kurou", seat=1)
    assert t.hp(1) == 2 and len(t.st.players[1].hand) == 4
    check_fold(t.g)


def test_kurou_dying_first_then_draws_when_saved() -> None:
    t = Table(
        std(
            lord("zhangfei"),
            seat("huanggai", hp=1, hand=["peach/heart/3"]),
            turn=(1, "play"),
            draw=["slash/spade/8", "dodge/heart/2"],
        )
    )
    t.use_skill("kurou", seat=1)
    r = t.expect("respond", 1)  # his own turn: he is asked first
    assert r.info["reason"] == "dying" and r.info["target"] == 1
    assert not of(t.new(), "draw")  # nothing drawn while dying
    t.respond("peach", seat=1)
    ev = t.new()
    assert ordered(ev, "recover", "draw") == [("recover", 1), ("draw", 1)]
    assert of(ev, "draw")[0]["reason"] == "kurou"
    assert t.hp(1) == 1 and len(t.st.players[1].hand) == 2
    check_fold(t.g)


def test_kurou_death_has_no_killer_and_draws_nothing() -> None:
    t = Table(file="skills/kurou.toml")
    t.use_skill("kurou", seat=1)
    t.use_skill("kurou", seat=1)
    ev = t.new()
    assert [x for x in ordered(ev, "lose_hp", "dying", "death", "draw") if x[1] == 1] == [
        ("lose_hp", 1),
        ("draw", 1),
        ("lose_hp", 1),
        ("dying", 1),
        ("death", 1),
    ]
    death = of(ev, "death")[0]
    assert death["killer"] is None and death["role"] == "rebel"
    assert not of(ev, "reward")  # no killer: nobody draws 3 for the rebel
    assert not t.st.players[1].alive
    t.expect("play", 2)  # the turn passes on (the renegade is next)
    check_fold(t.g)


def test_kurou_no_draw_for_the_next_general_in_1v1() -> None:
    """1v1: Huang Gai dies of Kurou; the general who replaces him does not draw Kurou's two
    cards (only his own starting hand)."""
    t = Table(
        std(
            lord("zhangfei", reserve=["xuchu", "zhaoyun"]),
            seat("huanggai", "renegade", hp=1, reserve=["ganning", "lvmeng"]),
            mode="1v1",
            turn=(1, "play"),
        )
    )
    t.use_skill("kurou", seat=1)
    t.expect("choose_general", 1)
    t.reply(0)  # Gan Ning
    ev = t.new()
    assert of(ev, "general_lost") == [{"seat": 1, "general": "huanggai"}]
    assert not [d for d in of(ev, "draw") if d["reason"] == "kurou"]
    assert t.st.players[1].general == "ganning" and len(t.st.players[1].hand) == 4
    check_fold(t.g)


# --- Yingzi ------------------------------------------------------------------------------------


def test_yingzi_draws_three() -> None:
    t = Table(file="skills/yingzi.toml")
    q = t.expect("trigger", 0)
    assert q.options == ["yingzi", "pass"]
    assert q.info == {"timing": "draw_n", "about": {"seat": 0, "n": 2}}
    t.trigger("yingzi", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "yingzi")]
    assert of(ev, "draw") == [
        {
            "seat": 0,
            "cards": [
                desc("slash", "spade", 7),
                desc("dodge", "heart", 2),
                desc("peach", "heart", 3),
            ],
            "reason": "draw_phase",
        }
    ]
    assert len(t.st.players[0].hand) == 3
    t.expect("play", 0)
    check_fold(t.g)


def test_yingzi_declined_draws_two() -> None:
    t = Table(file="skills/yingzi.toml")
    t.trigger(None, seat=0)
    ev = t.new()
    assert not of(ev, "skill")
    assert [c["name"] for c in of(ev, "draw")[0]["cards"]] == ["slash", "dodge"]


# --- Fanjian -----------------------------------------------------------------------------------


def test_fanjian_wrong_suit_deals_one_damage() -> None:
    t = Table(file="skills/fanjian.toml")
    slash = cid("slash", "spade", 7)
    assert menu_skills(t) == ["fanjian"]
    t.use_skill("fanjian", seat=0)
    r = t.expect("skill_targets", 0)
    assert r.options == [1] and r.info["skill"] == "fanjian"
    t.reply([0])
    r = t.expect("skill_choice", 1)  # the target names a suit
    assert r.options == ["spade", "heart", "club", "diamond"]
    assert r.info["about"] == {"source": 0}
    t.reply(1)  # heart
    ev = t.new()
    assert skills_fired(ev) == [(0, "fanjian")]
    # the guess comes first, then the card is taken, shown, and the damage dealt
    assert [e.kind for e in ev if e.kind in ("choice", "move", "reveal", "damage")] == [
        "choice",
        "move",
        "reveal",
        "damage",
    ]
    assert of(ev, "choice") == [{"seat": 1, "kind": "fanjian", "value": "heart"}]
    assert moves(ev, "fanjian") == [
        {
            "cards": [desc("slash", "spade", 7)],
            "from": "hand",
            "from_seat": 0,
            "to": "hand",
            "to_seat": 1,
            "reason": "fanjian",
            "as": None,
        }
    ]
    assert of(ev, "reveal") == [
        {"seat": 1, "cards": [desc("slash", "spade", 7)], "reason": "fanjian"}
    ]
    assert of(ev, "damage") == [
        {"source": 0, "target": 1, "amount": 1, "nature": "normal", "card": None, "hp": 3}
    ]
    assert t.st.players[1].hand == [slash] and t.st.players[0].hand == []
    check_fold(t.g)


def test_fanjian_right_suit_no_damage() -> None:
    t = Table(file="skills/fanjian.toml")
    t.use_skill("fanjian")
    t.reply([0])
    t.reply(0)  # spade
    ev = t.new()
    assert of(ev, "reveal")[0]["cards"] == [desc("slash", "spade", 7)]
    assert not of(ev, "damage") and t.hp(1) == 4
    assert t.st.players[1].hand == [cid("slash", "spade", 7)]  # he keeps the card anyway
    check_fold(t.g)


def test_fanjian_card_taken_is_hidden_until_revealed() -> None:
    """With two hand cards the card is taken at random: the move names it only to Zhou Yu and
    the target; the reveal that follows is public."""
    t = Table(
        std(
            lord("zhouyu", hand=["slash/spade/7", "peach/heart/3"]),
            seat("zhangfei"),
            seat("xuchu"),
        )
    )
    t.use_skill("fanjian")
    r = t.expect("skill_targets", 0)
    assert r.options == [1, 2]
    t.reply([0])
    t.reply(2)  # club: neither card is a club
    ev = t.new()
    taken = move_events(ev, "fanjian")
    assert len(taken) == 1
    e = taken[0]
    card = e.data["cards"][0]["id"]
    assert card in (cid("slash", "spade", 7), cid("peach", "heart", 3))
    assert e.seats == (0, 1)
    assert view_for(e, 0) == e.data and view_for(e, 1) == e.data
    hidden = {"count": 1, "from": "hand", "from_seat": 0, "to": "hand", "to_seat": 1}
    assert view_for(e, 2) == {**hidden, "reason": "fanjian"}
    assert view_for(e, -1) == view_for(e, 2)  # spectators too
    reveal = next(x for x in ev if x.kind == "reveal")
    assert reveal.seats is None and view_for(reveal, 2)["cards"][0]["id"] == card
    assert ev.index(e) < ev.index(reveal)
    assert of(ev, "damage")[0]["target"] == 1
    assert t.st.players[1].hand == [card]
    assert audit_game(t.g) == []  # no seat was told a card it could not know
    check_fold(t.g)


def test_fanjian_needs_a_hand_card() -> None:
    t = Table(std(lord("zhouyu", equip=["jueying"]), seat("zhangfei")))
    assert menu_skills(t) == []


def test_fanjian_once_per_play_phase() -> None:
    t = Table(
        std(
            lord("zhouyu", hand=["slash/spade/7", "dodge/heart/2"]),
            seat("zhangfei"),
        )
    )
    t.use_skill("fanjian")
    t.reply([0])
    t.reply(0)
    ev = t.new()
    assert of(ev, "mark") == [{"seat": 0, "name": "fanjian_used", "value": 1, "scope": "phase"}]
    assert len(t.st.players[0].hand) == 1
    assert menu_skills(t) == []
    t = Table(
        std(lord("zhouyu", hand=["slash/spade/7"], marks={"fanjian_used": 1}), seat("zhangfei"))
    )
    assert menu_skills(t) == []


def test_fanjian_back_from_the_target_does_nothing() -> None:
    t = Table(file="skills/fanjian.toml")
    t.new()
    t.use_skill("fanjian")
    t.reply(None)
    assert t.new() == []
    assert menu_skills(t) == ["fanjian"]


# --- Guose -------------------------------------------------------------------------------------


def test_guose_diamond_hand_card_is_judged_as_an_indulgence() -> None:
    t = Table(file="skills/guose.toml")
    diamond = cid("slash", "diamond", 6)
    assert menu_views(t) == [("guose", [1])]  # Lu Xun (seat 2) cannot be its target
    t.convert("guose", "indulgence")
    r = t.expect("view_as_cards", 0)
    # only the ♦ cards, hand and equipment: not the ♠7 Slash
    assert [o["id"] for o in r.options] == [diamond, cid("zixing", "diamond", 13)]
    t.reply([0])
    r = t.expect("targets", 0)
    assert r.options == [1]
    t.reply([0])
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"] == {"name": "indulgence", "suit": "diamond", "color": "red", "rank": 6}
    assert use["skill"] == "guose" and use["subcards"] == [desc("slash", "diamond", 6)]
    assert moves(ev, "place") == [
        {
            "cards": [desc("slash", "diamond", 6)],
            "from": "processing",
            "from_seat": None,
            "to": "judge",
            "to_seat": 1,
            "reason": "place",
            "as": "indulgence",
        }
    ]
    assert t.st.players[1].judge == [diamond]
    assert t.st.players[1].judge_as == {diamond: "indulgence"}
    # Zhang Fei's judge phase settles the ♦6 Slash as an Indulgence: a spade skips his play
    t.end_play()
    t.until("play")
    ev = t.new()
    assert of(ev, "judge") == [
        {"seat": 1, "card": desc("slash", "spade", 9), "reason": "indulgence"}
    ]
    assert of(ev, "phase_skip") == [{"seat": 1, "phase": "play", "reason": "indulgence"}]
    assert diamond in t.st.discard and t.st.players[1].judge == []
    assert t.req.seat == 2  # Zhang Fei's play phase was skipped; Lu Xun's turn
    check_fold(t.g)


def test_guose_equipped_diamond_card() -> None:
    t = Table(file="skills/guose.toml")
    horse = cid("zixing", "diamond", 13)
    t.convert("guose", "indulgence", horse)
    t.choose_targets(1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["from"] == [{"zone": "equip", "seat": 0}]
    assert use["card"]["suit"] == "diamond" and use["card"]["rank"] == 13
    assert t.st.players[0].equip == {}
    assert t.st.players[1].judge_as == {horse: "indulgence"}
    check_fold(t.g)


def test_guose_cannot_target_lu_xun() -> None:
    t = Table(std(lord("daqiao", hand=["slash/diamond/6"]), seat("luxun")))
    assert menu_views(t) == []  # Qianxun: no legal target, no conversion offered


def test_guose_not_on_a_player_who_already_holds_an_indulgence() -> None:
    """A ♦ card placed as an Indulgence (scenario `as`) counts as an Indulgence there."""
    t = Table(
        std(
            lord("daqiao", hand=["slash/diamond/6"]),
            seat("zhangfei", judge=[{"card": "diamond/3", "as": "indulgence"}]),
            seat("xuchu"),
        )
    )
    assert menu_views(t) == [("guose", [2])]


def test_guose_card_placed_as_indulgence_is_judged_as_one() -> None:
    t = Table(
        std(
            lord("zhangfei", judge=[{"card": "dodge/diamond/3", "as": "indulgence"}]),
            seat("daqiao"),
            turn=(0, "judge"),
            draw=["peach/heart/3", "slash/spade/7", "dodge/heart/2"],
        )
    )
    ev = t.new()
    assert of(ev, "judge_result") == [
        {"seat": 0, "card": desc("peach", "heart", 3), "reason": "indulgence", "good": True}
    ]
    assert not of(ev, "phase_skip")
    t.expect("play", 0)


# --- Liuli -------------------------------------------------------------------------------------


def test_liuli_passes_the_slash_and_the_new_target_must_answer() -> None:
    t = Table(file="skills/liuli.toml")
    dodge = cid("dodge", "heart", 2)
    t.play("slash", 1)
    r = t.expect("skill_cards", 1)  # her own question: no "trigger?" first
    assert r.cancel is True and r.info["skill"] == "liuli"
    assert r.info["about"] == {
        "user": 0,
        "card": {"name": "slash", "suit": "spade", "color": "black", "rank": 7},
    }
    assert [o["id"] for o in r.options] == [dodge]
    t.reply([0])
    r = t.expect("skill_targets", 1)
    # Xu Chu only: Zhang Fei is the user, Ma Chao (distance 2) is out of her range
    assert r.options == [2] and r.cancel is True
    t.reply([0])
    r = t.expect("respond", 2)  # the new target answers the Slash
    assert r.info["card"] == "dodge" and r.info["reason"] == "slash" and r.info["source"] == 0
    ev = t.new()
    assert [e.kind for e in ev[-3:]] == ["skill", "move", "target_changed"]
    # the announcement, the discard and the change of target are public
    for e in ev[-3:]:
        assert e.seats is None
    assert skills_fired(ev) == [(1, "liuli")]
    assert moves(ev, "liuli") == [
        {
            "cards": [desc("dodge", "heart", 2)],
            "from": "hand",
            "from_seat": 1,
            "to": "discard",
            "to_seat": None,
            "reason": "liuli",
            "as": None,
        }
    ]
    assert of(ev, "target_changed") == [
        {
            "card": {"name": "slash", "suit": "spade", "color": "black", "rank": 7},
            "user": 0,
            "from": 1,
            "to": 2,
            "skill": "liuli",
        }
    ]
    t.respond(None, seat=2)
    ev = t.new()
    assert of(ev, "damage") == [
        {
            "source": 0,
            "target": 2,
            "amount": 1,
            "nature": "normal",
            "card": {"name": "slash", "suit": "spade", "color": "black", "rank": 7},
            "hp": 3,
        }
    ]
    assert t.hp(1) == 3 and t.st.players[1].hand == []
    # Xu Chu is out of Zhang Fei's own range: the user's distance is ignored
    assert distance(t.st, 0, 2) == 2 > attack_range(t.st, 0)
    check_fold(t.g)


def test_liuli_declined_she_answers_herself() -> None:
    t = Table(file="skills/liuli.toml")
    t.play("slash", 1)
    t.reply(None)
    r = t.expect("respond", 1)
    assert r.info["reason"] == "slash"
    ev = t.new()
    assert not of(ev, "skill") and not of(ev, "target_changed")
    t.respond("dodge", seat=1)
    assert of(t.new(), "slash_missed") == [{"source": 0, "target": 1}]
    check_fold(t.g)


def test_liuli_back_from_the_target_asks_for_the_card_again() -> None:
    t = Table(file="skills/liuli.toml")
    t.play("slash", 1)
    t.reply([0])
    t.expect("skill_targets", 1)
    t.reply(None)
    t.expect("skill_cards", 1)
    assert not of(t.new(), "move")  # nothing discarded yet
    t.reply(None)
    t.expect("respond", 1)


def test_liuli_range_without_the_discarded_weapon_row14() -> None:
    """§6 row 14: Da Qiao (seat 1) wears Qinggang Sword (range 2). Discarding a hand card,
    seats 2, 3 and 4 are in range; discarding the sword, her range is 1: only seat 2."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"], equip=["qinggang_sword/spade/6"]),
            seat("xuchu"),
            seat("machao"),
            seat("liubei", "renegade"),
        )
    )
    t.play("slash", 1)
    r = t.expect("skill_cards", 1)
    assert [o["name"] for o in r.options] == ["dodge", "qinggang_sword"]
    t.reply([0])
    assert t.expect("skill_targets", 1).options == [2, 3, 4]
    t.reply(None)  # back
    t.reply([1])  # the sword
    assert t.expect("skill_targets", 1).options == [2]
    t.reply([0])
    ev = t.new()
    assert moves(ev, "liuli")[0]["cards"] == [desc("qinggang_sword", "spade", 6)]
    assert moves(ev, "liuli")[0]["from"] == "equip"
    assert of(ev, "target_changed")[0]["to"] == 2
    check_fold(t.g)


def test_liuli_distance_without_the_discarded_minus_horse_row14() -> None:
    """§6 row 14: with the Chitu (-1 horse) seats 3 and 4 are at distance 1; discarding it,
    they are at distance 2, out of her range of 1."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"], equip=["chitu/heart/5"]),
            seat("xuchu"),
            seat("machao"),
            seat("liubei", "renegade"),
        )
    )
    t.play("slash", 1)
    t.reply([0])  # the Dodge
    assert t.expect("skill_targets", 1).options == [2, 3, 4]
    t.reply(None)
    t.reply([1])  # the Chitu
    assert t.expect("skill_targets", 1).options == [2]


def test_liuli_not_to_another_target_of_the_same_slash() -> None:
    """The module's reading: a Halberd Slash on Da Qiao and Xu Chu cannot be passed to Xu Chu,
    who is already its target. Discarding her sword would leave nobody in range (seat 0 is the
    user, seat 2 a target), so only the Dodge is offered."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"], equip=["halberd"]),
            seat("daqiao", hand=["dodge/heart/2"], equip=["qinggang_sword/spade/6"]),
            seat("xuchu", hand=["dodge/heart/13"]),
            seat("machao"),
            seat("liubei", "renegade"),
        )
    )
    t.play("slash")
    t.choose_targets(1, 2)
    r = t.expect("skill_cards", 1)
    assert [o["name"] for o in r.options] == ["dodge"]
    t.reply([0])
    assert t.expect("skill_targets", 1).options == [3, 4]


def test_liuli_cannot_pass_to_an_empty_handed_kongcheng_row34() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"], equip=["qinggang_sword/spade/6"]),
            seat("zhugeliang"),
            seat("xuchu"),
            seat("liubei", "renegade"),
        )
    )
    t.play("slash", 1)
    t.reply([0])
    assert t.expect("skill_targets", 1).options == [3, 4]  # not Zhuge Liang (seat 2)
    # with a hand card he can be chosen
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"]),
            seat("zhugeliang", hand=["peach/heart/3"]),
            seat("xuchu"),
        )
    )
    t.play("slash", 1)
    t.reply([0])
    assert t.expect("skill_targets", 1).options == [2]


def test_liuli_not_offered_when_no_one_can_be_chosen() -> None:
    """Her only other neighbour is an empty-handed Kongcheng: no Liuli question at all."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"]),
            seat("zhugeliang"),
        )
    )
    t.play("slash", 1)
    t.expect("respond", 1)
    # no card to discard: no question either
    t = Table(std(lord("zhangfei", hand=["slash/spade/7"]), seat("daqiao"), seat("xuchu")))
    t.play("slash", 1)
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 1 and not of(ev, "target_changed")


def test_liuli_only_against_a_slash() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["duel/spade/1"]),
            seat("daqiao", hand=["slash/club/2"]),
            seat("xuchu"),
        )
    )
    t.play("duel", 1)
    r = t.expect("respond", 1)
    assert r.info["reason"] == "duel"


def test_liuli_the_new_target_may_pass_it_on_again() -> None:
    """The new target's own "becoming a target" skills trigger: a second Da Qiao passes the
    Slash on to Ma Chao, who answers it."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("daqiao", hand=["dodge/heart/2"]),
            seat("daqiao", hand=["peach/heart/3"]),
            seat("machao", hand=["dodge/diamond/2"]),
            seat("xuchu"),
        )
    )
    t.play("slash", 1)
    t.reply([0])
    t.reply([0])  # to seat 2
    r = t.expect("skill_cards", 2)
    assert r.info["skill"] == "liuli"
    t.reply([0])
    r = t.expect("skill_targets", 2)
    assert 3 in r.options and 0 not in r.options
    t.reply([r.options.index(3)])
    t.respond("dodge", seat=3)
    ev = t.new()
    assert [(c["from"], c["to"]) for c in of(ev, "target_changed")] == [(1, 2), (2, 3)]
    assert skills_fired(ev) == [(1, "liuli"), (2, "liuli")]
    assert of(ev, "slash_missed") == [{"source": 0, "target": 3}]
    check_fold(t.g)


# --- Qianxun -----------------------------------------------------------------------------------


def test_qianxun_snatch_and_indulgence_cannot_target_lu_xun() -> None:
    t = Table(file="skills/qianxun.toml")
    assert t.st.players[1].skills == ["qianxun", "lianying"]
    assert card_targets(t, "snatch") == [2]
    assert card_targets(t, "indulgence") == [2]
    assert card_targets(t, "dismantlement") == [1, 2]  # other tricks still can
    t.play("dismantlement", 1)
    ev = t.new()
    assert of(ev, "use")[0]["targets"] == [1]
    assert len(t.st.players[1].hand) == 1
    check_fold(t.g)


def test_qianxun_snatch_cannot_target_lu_xun_even_with_qicai() -> None:
    """Huang Yueying's Snatch reaches any distance, still not Lu Xun."""
    t = Table(
        std(
            lord("huangyueying", hand=["snatch/spade/3"]),
            seat("xuchu", hand=["dodge/heart/2"]),
            seat("luxun", hand=["dodge/heart/13"]),
            seat("machao", hand=["peach/heart/3"]),
            seat("liubei", "renegade", hand=["slash/club/2"]),
        )
    )
    assert card_targets(t, "snatch") == [1, 3, 4]


def test_qianxun_no_snatch_nor_indulgence_when_lu_xun_is_the_only_target() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["snatch/spade/3", "indulgence/spade/6"]),
            seat("luxun", hand=["dodge/heart/2"]),
        )
    )
    assert card_targets(t, "snatch") is None and card_targets(t, "indulgence") is None


def test_qianxun_lightning_still_moves_onto_lu_xun() -> None:
    lightning = cid("lightning", "spade", 1)
    t = Table(
        std(
            lord("zhangfei", judge=["lightning/spade/1"]),
            seat("luxun"),
            turn=(0, "judge"),
            draw=["dodge/heart/2", "slash/spade/7", "peach/heart/3"],
        )
    )
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is False
    assert moves(ev, "lightning_moves") == [
        {
            "cards": [desc("lightning", "spade", 1)],
            "from": "processing",
            "from_seat": None,
            "to": "judge",
            "to_seat": 1,
            "reason": "lightning_moves",
            "as": "lightning",
        }
    ]
    assert t.st.players[1].judge == [lightning]
    check_fold(t.g)


# --- Lianying ----------------------------------------------------------------------------------


def test_lianying_last_hand_card_used() -> None:
    t = Table(file="skills/lianying.toml")
    t.play("slash", 1)
    q = t.expect("trigger", 0)
    assert q.options == ["lianying", "pass"]
    assert q.info == {"timing": "cards_moved", "about": {"reason": "use", "to": "processing"}}
    t.trigger("lianying", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "lianying")]
    assert of(ev, "draw") == [
        {"seat": 0, "cards": [desc("peach", "heart", 3)], "reason": "lianying"}
    ]
    # drawn as soon as the card left his hand, before the Slash resolves
    assert ordered(ev, "use", "draw", "damage") == [("use", 0), ("draw", 0), ("damage", 1)]
    assert t.st.players[0].hand == [cid("peach", "heart", 3)]
    check_fold(t.g)


def test_lianying_declined() -> None:
    t = Table(file="skills/lianying.toml")
    t.play("slash", 1)
    t.trigger(None, seat=0)
    ev = t.new()
    assert not of(ev, "draw") and not of(ev, "skill")
    assert t.st.players[0].hand == []


def test_lianying_last_hand_card_played_in_response() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["savage_assault/spade/7"]),
            seat("luxun", hand=["slash/club/2"]),
            draw=["peach/heart/3"],
        )
    )
    t.play("savage_assault")
    t.respond("slash", seat=1)
    q = t.expect("trigger", 1)
    assert q.info["about"] == {"reason": "savage_assault", "to": "discard"}
    t.trigger("lianying", seat=1)
    ev = t.new()
    assert of(ev, "respond")[0]["mode"] == "play"
    assert of(ev, "draw")[0] == {
        "seat": 1,
        "cards": [desc("peach", "heart", 3)],
        "reason": "lianying",
    }
    assert not of(ev, "damage")
    check_fold(t.g)


def test_lianying_last_hand_card_discarded() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["dismantlement/spade/3"]),
            seat("luxun", hand=["dodge/heart/2"]),
            draw=["peach/heart/3"],
        )
    )
    t.play("dismantlement", 1)
    q = t.expect("trigger", 1)
    assert q.info["about"] == {"reason": "dismantlement", "to": "discard"}
    t.trigger("lianying", seat=1)
    ev = t.new()
    assert moves(ev, "dismantlement")[0]["cards"] == [desc("dodge", "heart", 2)]
    assert t.st.players[1].hand == [cid("peach", "heart", 3)]
    check_fold(t.g)


def test_lianying_last_hand_card_taken() -> None:
    """Zhang Liao's Tuxi takes Lu Xun's only hand card."""
    t = Table(
        std(
            lord("zhangliao"),
            seat("luxun", hand=["dodge/heart/2"]),
            turn=(0, "draw"),
            draw=["peach/heart/3"],
        )
    )
    t.expect("skill_targets", 0)
    t.reply([0])
    q = t.expect("trigger", 1)
    assert q.info["about"] == {"reason": "tuxi", "to": "hand", "to_seat": 0}
    t.trigger("lianying", seat=1)
    ev = t.new()
    assert moves(ev, "tuxi")[0]["cards"] == [desc("dodge", "heart", 2)]
    assert of(ev, "draw")[0]["seat"] == 1 and of(ev, "draw")[0]["reason"] == "lianying"
    assert t.st.players[1].hand == [cid("peach", "heart", 3)]
    check_fold(t.g)


def test_lianying_not_while_a_hand_card_remains() -> None:
    t = Table(std(lord("luxun", hand=["slash/spade/7", "dodge/heart/2"]), seat("zhangfei")))
    t.play("slash", 1)
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 1
    assert not of(ev, "skill") and not of(ev, "draw")
    t.expect("play", 0)


def test_lianying_not_for_an_equipment_card() -> None:
    """With an empty hand, losing an equipment card is not losing a hand card."""
    t = Table(
        std(
            lord("zhangfei", hand=["dismantlement/spade/3"]),
            seat("luxun", equip=["jueying/spade/5"]),
        )
    )
    t.play("dismantlement", 1)
    ev = t.new()
    assert moves(ev, "dismantlement")[0]["from"] == "equip"
    assert not of(ev, "skill")
    t.expect("play", 0)


# --- Jieyin ------------------------------------------------------------------------------------


def test_jieyin_heals_the_target_first_then_her_row29() -> None:
    """§6 row 29 (our reading, FreeKill's): the target recovers first, then Sun Shangxiang."""
    t = Table(file="skills/jieyin.toml")
    assert menu_skills(t) == ["jieyin"]
    t.use_skill("jieyin", seat=0)
    r = t.expect("skill_cards", 0)
    assert (r.min, r.max) == (2, 2) and r.info["skill"] == "jieyin"
    assert [o["id"] for o in r.options] == [cid("slash", "spade", 7), cid("dodge", "heart", 2)]
    t.reply([0, 1])
    r = t.expect("skill_targets", 0)
    assert r.options == [1]  # not Diao Chan (female), not Ma Chao (unwounded)
    t.reply([0])
    ev = t.new()
    assert skills_fired(ev) == [(0, "jieyin")]
    assert moves(ev, "jieyin") == [
        {
            "cards": [desc("slash", "spade", 7), desc("dodge", "heart", 2)],
            "from": "hand",
            "from_seat": 0,
            "to": "discard",
            "to_seat": None,
            "reason": "jieyin",
            "as": None,
        }
    ]
    assert move_events(ev, "jieyin")[0].seats is None  # discarded face up
    assert of(ev, "recover") == [
        {"seat": 1, "amount": 1, "hp": 3, "source": 0},
        {"seat": 0, "amount": 1, "hp": 3, "source": 0},
    ]
    assert ordered(ev, "skill", "move", "recover") == [
        ("skill", 0),
        ("move", None),
        ("recover", 1),
        ("recover", 0),
    ]
    assert t.hp(0) == 3 and t.hp(1) == 3
    assert menu_skills(t) == []  # once per play phase (and no hand cards left)
    check_fold(t.g)


def test_jieyin_usable_at_full_hp() -> None:
    t = Table(
        std(
            lord("sunshangxiang", hand=["slash/spade/7", "dodge/heart/2", "peach/heart/3"]),
            seat("zhangfei", hp=3),
        )
    )
    assert menu_skills(t) == ["jieyin"]
    t.use_skill("jieyin")
    t.reply([0, 1])
    t.reply([0])
    ev = t.new()
    assert of(ev, "recover") == [{"seat": 1, "amount": 1, "hp": 4, "source": 0}]
    assert t.hp(0) == 3
    # she recovered nothing, but the skill was used: once per play phase
    assert t.st.players[0].marks == {"jieyin_used": 1}
    assert menu_skills(t) == []
    check_fold(t.g)


def test_jieyin_once_per_play_phase() -> None:
    t = Table(
        std(
            lord(
                "sunshangxiang",
                hand=["slash/spade/7", "dodge/heart/2", "peach/heart/3", "duel/spade/1"],
            ),
            seat("zhangfei", hp=2),
        )
    )
    t.use_skill("jieyin")
    t.reply([0, 1])
    t.reply([0])
    assert len(t.st.players[0].hand) == 2 and t.hp(1) == 3  # still wounded, two cards left
    assert menu_skills(t) == []


def test_jieyin_needs_two_hand_cards() -> None:
    t = Table(
        std(
            lord("sunshangxiang", hand=["slash/spade/7"], equip=["jueying"]),
            seat("zhangfei", hp=2),
        )
    )
    assert menu_skills(t) == []


def test_jieyin_needs_a_wounded_male() -> None:
    t = Table(
        std(
            lord("sunshangxiang", hp=2, hand=["slash/spade/7", "dodge/heart/2"]),
            seat("zhangfei"),
            seat("diaochan", hp=1),
        )
    )
    assert menu_skills(t) == []


def test_jieyin_back_does_nothing() -> None:
    t = Table(file="skills/jieyin.toml")
    t.new()
    t.use_skill("jieyin")
    t.reply([0, 1])
    t.expect("skill_targets", 0)
    t.reply(None)  # back to the cards
    t.expect("skill_cards", 0)
    t.reply(None)  # back to the menu
    assert t.new() == []
    assert menu_skills(t) == ["jieyin"]


# --- Xiaoji ------------------------------------------------------------------------------------


def test_xiaoji_equipment_replaced() -> None:
    t = Table(file="skills/xiaoji.toml")
    t.play("blade")
    q = t.expect("trigger", 0)
    assert q.options == ["xiaoji", "pass"]
    assert q.info == {"timing": "cards_moved", "about": {"reason": "replaced", "to": "discard"}}
    t.trigger("xiaoji", seat=0)
    ev = t.new()
    assert moves(ev, "replaced")[0]["cards"] == [desc("crossbow", "club", 1)]
    assert skills_fired(ev) == [(0, "xiaoji")]
    assert of(ev, "draw") == [
        {
            "seat": 0,
            "cards": [desc("peach", "heart", 3), desc("dodge", "heart", 2)],
            "reason": "xiaoji",
        }
    ]
    assert t.st.players[0].equip == {"weapon": cid("blade", "spade", 5)}
    t.expect("play", 0)  # asked once: one card lost
    check_fold(t.g)


def test_xiaoji_declined() -> None:
    t = Table(file="skills/xiaoji.toml")
    t.play("blade")
    t.trigger(None, seat=0)
    ev = t.new()
    assert not of(ev, "draw") and t.st.players[0].hand == []


def test_xiaoji_equipment_discarded() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["dismantlement/spade/3"]),
            seat("sunshangxiang", equip=["jueying/spade/5"]),
            draw=["peach/heart/3", "dodge/heart/2"],
        )
    )
    t.play("dismantlement", 1)
    q = t.expect("trigger", 1)
    assert q.info["about"] == {"reason": "dismantlement", "to": "discard"}
    t.trigger("xiaoji", seat=1)
    ev = t.new()
    assert of(ev, "draw")[0]["seat"] == 1 and len(of(ev, "draw")[0]["cards"]) == 2
    assert len(t.st.players[1].hand) == 2 and t.st.players[1].equip == {}
    check_fold(t.g)


def test_xiaoji_equipment_taken() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["snatch/spade/3"]),
            seat("sunshangxiang", equip=["crossbow/club/1"]),
            draw=["peach/heart/3", "dodge/heart/2"],
        )
    )
    t.play("snatch", 1)
    q = t.expect("trigger", 1)
    assert q.info["about"] == {"reason": "snatch", "to": "hand", "to_seat": 0}
    t.trigger("xiaoji", seat=1)
    ev = t.new()
    assert moves(ev, "snatch")[0]["from"] == "equip"
    assert t.st.players[0].hand == [cid("crossbow", "club", 1)]
    assert len(t.st.players[1].hand) == 2
    check_fold(t.g)


def test_xiaoji_equipment_used_as_a_converted_card() -> None:
    """Given Qixi, Sun Shangxiang uses her equipped Eight Diagram as a Dismantlement."""
    armor = cid("eight_diagram", "spade", 2)
    t = Table(
        std(
            lord("sunshangxiang", equip=["eight_diagram/spade/2"], skills=["qixi"]),
            seat("zhangfei", hand=["dodge/heart/2"]),
            draw=["peach/heart/3", "duel/spade/1"],
        )
    )
    t.convert("qixi", "dismantlement", armor)
    t.choose_targets(1)
    q = t.expect("trigger", 0)
    assert q.info["about"] == {"reason": "use", "to": "processing"}
    t.trigger("xiaoji", seat=0)
    ev = t.new()
    assert of(ev, "use")[0]["from"] == [{"zone": "equip", "seat": 0}]
    assert ordered(ev, "use", "draw") == [("use", 0), ("draw", 0)]
    # then the Dismantlement resolves
    assert moves(ev, "dismantlement")[0]["cards"] == [desc("dodge", "heart", 2)]
    assert sorted(t.hand_names(0)) == ["duel", "peach"]
    check_fold(t.g)


def test_xiaoji_not_for_a_hand_card() -> None:
    t = Table(
        std(lord("sunshangxiang", hand=["slash/spade/7"], equip=["jueying"]), seat("zhangfei"))
    )
    t.play("slash", 1)
    assert not of(t.new(), "skill")
    t.expect("play", 0)


def test_xiaoji_twice_when_the_lord_discards_two_equipment_cards_row35() -> None:
    """§6 row 35: the lord Sun Shangxiang kills a loyalist and discards all her hand and
    equipment cards: two equipment cards lost, two separate invocations."""
    t = Table(
        std(
            lord(
                "sunshangxiang",
                hand=["slash/spade/7", "dodge/heart/2"],
                equip=["crossbow/club/1", "jueying/spade/5"],
            ),
            seat("zhangfei", "loyalist", hp=1),
            seat("xuchu"),
            draw=["peach/heart/3", "duel/spade/1", "ex_nihilo/heart/7", "nullification/spade/11"],
        )
    )
    t.play("slash", 1)
    q = t.expect("trigger", 0)
    assert q.info["about"] == {"reason": "penalty", "to": "discard"}
    ev = t.new()
    assert of(ev, "reward") == [{"seat": 0, "kind": "lord_killed_loyalist", "victim": 1}]
    penalty = moves(ev, "penalty")
    assert [m["from"] for m in penalty] == ["hand", "equip"]
    assert [c["name"] for c in penalty[1]["cards"]] == ["crossbow", "jueying"]  # one move
    t.trigger("xiaoji", seat=0)
    q = t.expect("trigger", 0)  # asked again for the second card
    assert q.options == ["xiaoji", "pass"]
    t.trigger("xiaoji", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "xiaoji"), (0, "xiaoji")]
    assert [len(d["cards"]) for d in of(ev, "draw")] == [2, 2]
    assert len(t.st.players[0].hand) == 4
    t.expect("play", 0)  # no third question
    check_fold(t.g)


def test_xiaoji_twice_when_zhiheng_discards_two_equipment_cards_row35() -> None:
    """§6 row 35: given Zhiheng, Sun Shangxiang discards both her equipment cards at once;
    she takes the first invocation and passes the second."""
    t = Table(
        std(
            lord(
                "sunshangxiang",
                equip=["crossbow/club/1", "jueying/spade/5"],
                skills=["zhiheng"],
            ),
            seat("zhangfei"),
            draw=["peach/heart/3", "duel/spade/1", "ex_nihilo/heart/7", "nullification/spade/11"],
        )
    )
    t.use_skill("zhiheng")
    t.reply([0, 1])
    ev = t.new()
    assert len(moves(ev, "zhiheng")) == 1 and len(moves(ev, "zhiheng")[0]["cards"]) == 2
    t.trigger("xiaoji", seat=0)
    t.trigger(None, seat=0)  # the second is its own decision
    ev = t.new()
    assert skills_fired(ev) == [(0, "xiaoji")]
    assert [d["reason"] for d in of(ev, "draw")] == ["xiaoji", "zhiheng"]
    assert len(t.st.players[0].hand) == 4
    t.expect("play", 0)
    check_fold(t.g)


def test_xiaoji_declining_the_first_of_two_ends_the_invocations_row35() -> None:
    """Declining one invocation settles the rest (QSanguosha and FreeKill both stop asking):
    she passes the first and is not asked the second time."""
    t = Table(
        std(
            lord(
                "sunshangxiang",
                equip=["crossbow/club/1", "jueying/spade/5"],
                skills=["zhiheng"],
            ),
            seat("zhangfei"),
        )
    )
    t.use_skill("zhiheng")
    t.reply([0, 1])
    t.trigger(None, seat=0)
    t.expect("play", 0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "zhiheng")]  # no Xiaoji
    assert [d["reason"] for d in of(ev, "draw")] == ["zhiheng"]
