"""Scenario tests of the Qun generals' skills (rules §3.2: Qingnang, Jijiu, Wushuang, Lijian,
Biyue), §6 row 1 (simultaneous triggers: priority, action order, owner's choice) and §6 row 34
(Kongcheng and Lijian / Liuli).

The other seats are generals whose skills stay out of the way (Zhang Fei's Paoxiao, Huang Gai's
and Sun Quan's active skills, Zhang Liao's and Xu Chu's draw-phase skills) unless the test is
about them."""

from __future__ import annotations

from typing import Any

import pytest
from sanguosha_support import SCENARIOS, Table, check_fold, lord, of, scen, seat, test_skill

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha import timings as T
from game_agent.games.sanguosha.responses import Asked


def skill_names(events: list[Any]) -> list[str]:
    return [d["name"] for d in of(events, "skill")]


def offered(t: Table, skill: str) -> bool:
    """Whether the pending play menu offers the active skill `skill`."""
    return any(o["kind"] == "skill" and o["skill"] == skill for o in t.req.options)


def pick_seats(t: Table, *seats: int) -> Table:
    r = t.expect("skill_targets")
    return t.reply(sorted(r.options.index(s) for s in seats))


def pick_cards(t: Table, request: str, *ids: int) -> Table:
    r = t.expect(request)
    return t.reply(sorted(i for i, c in enumerate(r.options) if c["id"] in ids))


def card(t: Table, seat_: int, name: str) -> int:
    """The id of `seat_`'s first hand or equipped card named `name`."""
    return t.cards_of(seat_, name)[0]


# --- Qingnang 青囊 -------------------------------------------------------------------------------


def test_qingnang_discards_a_hand_card_and_heals_a_wounded_player() -> None:
    t = Table(file="skills/qingnang.toml")
    t.new()
    dodge = card(t, 0, "dodge")
    t.use_skill("qingnang", seat=0)
    r = t.expect("skill_cards", 0)
    assert [c["id"] for c in r.options] == t.st.players[0].hand  # hand cards only
    pick_cards(t, "skill_cards", dodge)
    r = t.expect("skill_targets", 0)
    assert r.options == [0, 1]  # the wounded players, Hua Tuo included; seat 2 is at full HP
    pick_seats(t, 1)
    ev = t.new()
    assert skill_names(ev) == ["qingnang"]
    (mv,) = of(ev, "move")
    assert mv["reason"] == "qingnang" and mv["from"] == "hand" and mv["to"] == "discard"
    assert [c["id"] for c in mv["cards"]] == [dodge]
    assert of(ev, "recover") == [{"seat": 1, "amount": 1, "hp": 3, "source": 0}]
    assert t.hp(1) == 3 and t.hp(0) == 2 and t.hand_names(0) == ["slash"]
    check_fold(t.g)


def test_qingnang_may_heal_hua_tuo_himself() -> None:
    t = Table(file="skills/qingnang.toml")
    t.use_skill("qingnang")
    pick_cards(t, "skill_cards", card(t, 0, "slash"))
    pick_seats(t, 0)
    assert of(t.new(), "recover") == [{"seat": 0, "amount": 1, "hp": 3, "source": 0}]
    assert t.hp(0) == 3
    check_fold(t.g)


def test_qingnang_once_per_play_phase_and_again_next_turn() -> None:
    t = Table(file="skills/qingnang.toml")
    assert offered(t, "qingnang")
    t.use_skill("qingnang")
    pick_cards(t, "skill_cards", card(t, 0, "slash"))
    pick_seats(t, 1)
    # a hand card and a wounded player are left, but the skill was used this phase
    assert t.hand_names(0) == ["dodge"] and t.hp(0) == 2
    assert not offered(t, "qingnang")
    t.end_play()
    t.until("play", 0)  # the next round: Hua Tuo's next play phase
    assert t.st.players[0].hand and offered(t, "qingnang")
    check_fold(t.g)


def test_qingnang_needs_a_hand_card_and_a_wounded_player() -> None:
    # an equipped card cannot be discarded for it
    t = Table(scen(lord("huatuo", hp=2, equip=["zixing"]), seat("zhangfei"), skills="standard"))
    assert not offered(t, "qingnang")
    # nobody wounded
    t = Table(scen(lord("huatuo", hand=["slash"]), seat("zhangfei"), skills="standard"))
    assert not offered(t, "qingnang")
    # a wounded player and a hand card
    t = Table(scen(lord("huatuo", hand=["slash"]), seat("zhangfei", hp=3), skills="standard"))
    assert offered(t, "qingnang")


def test_qingnang_cancel_goes_back_and_spends_nothing() -> None:
    t = Table(file="skills/qingnang.toml")
    t.new()
    t.use_skill("qingnang")
    pick_cards(t, "skill_cards", card(t, 0, "slash"))
    t.expect("skill_targets")
    t.reply(None)  # back to the card
    t.expect("skill_cards")
    t.reply(None)  # back to the play menu
    t.expect("play", 0)
    assert offered(t, "qingnang") and len(t.st.players[0].hand) == 2
    assert not of(t.new(), "skill")


# --- Jijiu 急救 ----------------------------------------------------------------------------------


def _dying_at_zhangfeis_turn(t: Table) -> None:
    t.play("slash", 1, seat=0)  # Zhang Liao has no Dodge: no request; he is dying
    r = t.expect("respond", 2)
    assert r.info["card"] == "peach" and r.info["reason"] == "dying" and r.info["target"] == 1


def test_jijiu_red_hand_card_as_peach_outside_his_turn() -> None:
    t = Table(file="skills/jijiu.toml")
    _dying_at_zhangfeis_turn(t)
    r = t.req
    assert {"kind": "view_as", "skill": "jijiu", "card": "peach"} in r.options
    heart = card(t, 2, "dodge")
    t.convert("jijiu", "peach")
    r = t.expect("view_as_cards", 2)
    # red cards only, hand and equipment: the ♥ Dodge and the ♦ Zixing, not the ♣ Slash
    assert sorted(c["id"] for c in r.options) == sorted([heart, card(t, 2, "zixing")])
    pick_cards(t, "view_as_cards", heart)
    ev = t.new()
    (use,) = [u for u in of(ev, "use") if u["card"]["name"] == "peach"]
    assert use["seat"] == 2 and use["skill"] == "jijiu" and use["targets"] == [1]
    assert [c["id"] for c in use["subcards"]] == [heart]
    assert use["card"]["color"] == "red"
    assert of(ev, "recover") == [{"seat": 1, "amount": 1, "hp": 1, "source": 2}]
    assert t.hp(1) == 1 and t.st.players[1].alive and not of(ev, "death")
    check_fold(t.g)


def test_jijiu_an_equipped_red_card_as_peach() -> None:
    t = Table(file="skills/jijiu.toml")
    _dying_at_zhangfeis_turn(t)
    horse = card(t, 2, "zixing")
    t.convert("jijiu", "peach", horse)
    ev = t.new()
    (use,) = [u for u in of(ev, "use") if u["card"]["name"] == "peach"]
    assert use["skill"] == "jijiu" and use["from"] == [{"zone": "equip", "seat": 2}]
    assert "minus_horse" not in t.st.players[2].equip and t.hp(1) == 1
    check_fold(t.g)


def test_jijiu_not_in_his_own_turn() -> None:
    """In Hua Tuo's own turn a dying player is offered only his real Peach, and his play menu
    never offers a red card as a Peach."""
    t = Table(
        scen(
            lord("huatuo", hp=2, hand=["slash/spade/7", "dodge/heart/2", "peach/heart/3"]),
            seat("zhangliao", hp=1),
            skills="standard",
        )
    )
    play = t.expect("play", 0)
    assert not [o for o in play.options if o["kind"] == "view_as"]
    t.play("slash", 1)
    r = t.expect("respond", 0)
    assert r.info["reason"] == "dying"
    assert [o["kind"] for o in r.options] == ["card", "decline"]  # the Peach; no Jijiu
    assert r.options[0]["card"]["name"] == "peach"
    t.respond(None)
    ev = t.new()
    assert of(ev, "death")[0]["seat"] == 1
    check_fold(t.g)


def test_jijiu_saves_hua_tuo_himself_while_dying() -> None:
    t = Table(
        scen(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("huatuo", hp=1, hand=["dodge/diamond/2", "slash/club/2"]),
            skills="standard",
        )
    )
    t.play("slash", 1)
    t.respond(None, seat=1)  # no Dodge played against the Slash
    r = t.expect("respond", 1)
    assert r.info["reason"] == "dying" and r.info["target"] == 1
    t.convert("jijiu", "peach", card(t, 1, "dodge"))
    ev = t.new()
    (use,) = [u for u in of(ev, "use") if u["card"]["name"] == "peach"]
    assert use["seat"] == 1 and use["targets"] == [1] and use["skill"] == "jijiu"
    assert t.hp(1) == 1 and t.hand_names(1) == ["slash"]
    check_fold(t.g)


def test_jijiu_black_cards_only_cannot_be_peaches() -> None:
    t = Table(
        scen(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("zhangliao", hp=1),
            seat("huatuo", hand=["slash/club/2"], equip=["eight_diagram/spade/2"]),
            skills="standard",
        )
    )
    t.play("slash", 1)
    ev = t.new()  # nobody can save him: no request at all
    assert of(ev, "death")[0]["seat"] == 1 and t.step.request is not None
    assert t.req.seat == 0 and t.req.kind == "play"
    check_fold(t.g)


# --- Wushuang 无双 -------------------------------------------------------------------------------


def test_wushuang_slash_needs_two_dodges_asked_one_after_the_other() -> None:
    t = Table(file="skills/wushuang.toml")
    t.new()
    t.play("slash", 1)
    ev = t.new()
    assert skill_names(ev) == ["wushuang"] and of(ev, "skill")[0]["seat"] == 0
    r = t.expect("respond", 1)
    assert r.info["card"] == "dodge"
    t.respond("dodge", seat=1)
    ev = t.new()
    assert len(of(ev, "respond")) == 1 and not of(ev, "slash_missed")
    t.respond("dodge", seat=1)  # a second, separate request
    ev = t.new()
    assert len(of(ev, "respond")) == 1 and of(ev, "slash_missed") == [{"source": 0, "target": 1}]
    assert not of(ev, "damage") and t.hp(1) == 4 and t.hand_names(1) == ["slash"]
    check_fold(t.g)


def test_wushuang_failing_the_second_dodge_is_a_hit() -> None:
    t = Table(file="skills/wushuang.toml")
    t.play("slash", 1)
    t.respond("dodge", seat=1)
    t.respond(None, seat=1)
    ev = t.new()
    assert not of(ev, "slash_missed")
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 1)]
    assert t.hp(1) == 3 and t.hand_names(1) == ["dodge", "slash"]  # the first Dodge is spent
    check_fold(t.g)


def test_wushuang_eight_diagram_is_tried_for_each_dodge() -> None:
    t = Table(
        scen(
            lord("lvbu", hand=["slash/spade/7"]),
            seat("zhangliao", hand=["dodge/heart/2"], equip=["eight_diagram/spade/2"]),
            draw=["peach/heart/3", "slash/spade/9"],
            skills="standard",
        )
    )
    t.play("slash", 1)
    t.trigger("eight_diagram", seat=1)  # red: the first Dodge
    t.trigger("eight_diagram", seat=1)  # asked again for the second: black
    t.respond("dodge", seat=1)  # so the second comes from the hand
    ev = t.new()
    judged = [(j["card"]["name"], j["good"]) for j in of(ev, "judge_result")]
    assert judged == [("peach", True), ("slash", False)]
    assert [r["skill"] for r in of(ev, "respond")] == ["eight_diagram", ""]
    assert of(ev, "slash_missed") and not of(ev, "damage")
    check_fold(t.g)


def test_wushuang_duel_he_uses_needs_two_slashes_each_time() -> None:
    t = Table(file="skills/wushuang.toml")
    t.play("duel", 1)
    t.respond("slash", seat=1)  # one Slash of the two he must play; he has no second one
    ev = t.new()
    assert skill_names(ev) == ["wushuang"]
    assert [r["seat"] for r in of(ev, "respond")] == [1]
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 1)]
    assert t.hp(1) == 3 and "slash" not in t.hand_names(1)
    check_fold(t.g)


def test_wushuang_duel_against_lvbu_needs_two_slashes_each_time() -> None:
    t = Table(
        scen(
            lord(
                "zhangfei", hand=["duel/spade/1", "slash/spade/7", "slash/spade/8", "slash/spade/9"]
            ),
            seat("lvbu", hand=["slash/club/2", "slash/club/3"]),
            skills="standard",
        )
    )
    t.new()
    t.play("duel", 1)
    ev = t.new()
    assert of(ev, "skill") == [{"seat": 1, "name": "wushuang"}]
    t.respond("slash", seat=1)  # Lü Bu answers with one Slash
    t.respond("slash", seat=0)  # Zhang Fei must play two
    t.respond("slash", seat=0)
    t.respond("slash", seat=1)  # Lü Bu again: one
    t.respond("slash", seat=0)  # Zhang Fei's third Slash is only the first of two
    ev = t.new()
    assert [r["seat"] for r in of(ev, "respond")] == [1, 0, 0, 1, 0]
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(1, 0)]
    check_fold(t.g)


def test_wushuang_duel_opponent_with_one_slash_loses() -> None:
    t = Table(
        scen(
            lord("zhangfei", hand=["duel/spade/1", "slash/spade/7"]),
            seat("lvbu", hand=["slash/club/2"]),
            skills="standard",
        )
    )
    t.play("duel", 1)
    t.respond("slash", seat=1)
    t.respond("slash", seat=0)  # one of the two
    ev = t.new()
    assert t.step.request is not None and t.req.kind == "play"  # no second Slash: no question
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(1, 0)]
    check_fold(t.g)


# --- Lijian 离间 ---------------------------------------------------------------------------------


def _lijian(t: Table, discard: int, first: int, second: int) -> None:
    t.use_skill("lijian", seat=t.st.current)
    pick_cards(t, "skill_cards", discard)
    r = t.expect("skill_targets")
    assert r.info["prompt"] == "who is challenged?"
    pick_seats(t, first)
    r = t.expect("skill_targets")
    assert r.info["prompt"] == "who challenges?"
    pick_seats(t, second)


def test_lijian_second_male_duels_the_first_and_it_cannot_be_nullified() -> None:
    t = Table(file="skills/lijian.toml")
    t.new()
    t.use_skill("lijian", seat=0)
    pick_cards(t, "skill_cards", card(t, 0, "peach"))
    r = t.expect("skill_targets", 0)
    assert r.options == [1, 2]  # the males; Zhen Ji is female
    pick_seats(t, 2)  # challenged first: Zhang Liao
    r = t.expect("skill_targets", 0)
    assert r.options == [1]
    pick_seats(t, 1)  # the challenger: Zhang Fei
    ev = t.new()
    assert skill_names(ev) == ["lijian"]
    (mv,) = of(ev, "move")
    assert mv["reason"] == "lijian" and mv["cards"][0]["name"] == "peach"
    (use,) = of(ev, "use")
    assert (use["seat"], use["targets"], use["card"]["name"]) == (1, [2], "duel")
    assert use["skill"] == "lijian" and use["subcards"] == [] and use["counted"] is False
    # Zhen Ji holds a Nullification but no window opens; Zhang Liao (no Slash) loses at once
    assert not [e for e in ev if e.kind == "respond"]
    assert [(d["source"], d["target"], d["card"]["name"]) for d in of(ev, "damage")] == [
        (1, 2, "duel")
    ]
    assert t.hp(2) == 3 and t.hand_names(3) == ["nullification"]
    t.expect("play", 0)
    assert not offered(t, "lijian")  # once per play phase (she also has no card left)
    check_fold(t.g)


def test_a_real_duel_on_the_same_table_does_open_the_nullification_window() -> None:
    """The control for the test above: Zhen Ji is asked when the Duel can be nullified."""
    t = Table(
        scen(
            lord("zhangfei", hand=["duel/spade/1"]),
            seat("zhangliao", "rebel"),
            seat("zhenji", "renegade", hand=["nullification/spade/11"]),
            skills="standard",
        )
    )
    t.play("duel", 1)
    r = t.expect("respond", 2)
    assert r.info["card"] == "nullification"


def test_lijian_order_matters_the_second_uses_the_duel() -> None:
    t = Table(file="skills/lijian.toml")
    _lijian(t, card(t, 0, "peach"), 1, 2)  # now Zhang Fei is challenged by Zhang Liao
    ev = t.new()
    (use,) = of(ev, "use")
    assert (use["seat"], use["targets"]) == (2, [1])
    r = t.expect("respond", 1)  # the target answers first
    assert r.info["card"] == "slash" and r.info["reason"] == "duel" and r.info["source"] == 2
    t.respond("slash", seat=1)
    ev = t.new()  # Zhang Liao has no Slash: he loses his own Duel
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(1, 2)]
    assert t.hp(1) == 4 and t.hp(2) == 3
    check_fold(t.g)


def test_lijian_may_discard_an_equipped_card() -> None:
    t = Table(
        scen(
            lord("diaochan", equip=["zixing"]),
            seat("zhangfei", "rebel"),
            seat("zhangliao", "rebel"),
            skills="standard",
        )
    )
    horse = card(t, 0, "zixing")
    t.use_skill("lijian")
    r = t.expect("skill_cards")
    assert [c["id"] for c in r.options] == [horse]
    pick_cards(t, "skill_cards", horse)
    pick_seats(t, 1)
    pick_seats(t, 2)
    ev = t.new()
    assert of(ev, "move")[0]["from"] == "equip" and of(ev, "move")[0]["reason"] == "lijian"
    assert t.st.players[0].equip == {} and t.hp(1) == 3
    check_fold(t.g)


def test_lijian_needs_two_males_and_a_card() -> None:
    # one male only
    t = Table(
        scen(
            lord("diaochan", hand=["slash"]),
            seat("zhangfei", "rebel"),
            seat("zhenji", "renegade"),
            skills="standard",
        )
    )
    assert not offered(t, "lijian")
    # two males but no card to discard
    t = Table(
        scen(lord("diaochan"), seat("zhangfei", "rebel"), seat("zhangliao"), skills="standard")
    )
    assert not offered(t, "lijian")


def test_lijian_once_per_play_phase() -> None:
    t = Table(
        scen(
            lord("diaochan", hand=["peach/heart/3", "dodge/heart/2"]),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("zhangliao", "rebel", hand=["slash/spade/8"]),
            skills="standard",
        )
    )
    _lijian(t, card(t, 0, "peach"), 1, 2)
    t.respond(None, seat=1)
    t.expect("play", 0)
    assert t.hand_names(0) == ["dodge"] and not offered(t, "lijian")
    check_fold(t.g)


def test_lijian_duellists_are_the_damage_sources_lord_kills_loyalist() -> None:
    """Diao Chan (rebel) sets the lord on his loyalist: the lord is the killer and pays the
    penalty; Diao Chan is no damage source."""
    t = Table(
        scen(
            lord("zhangfei", hand=["dodge/heart/2"], equip=["zixing"]),
            seat("zhangliao", "loyalist", hp=1),
            seat("diaochan", "rebel", hand=["slash/spade/7"]),
            seat("huanggai", "rebel"),
            turn=(2, "play"),
            skills="standard",
        )
    )
    _lijian(t, card(t, 2, "slash"), 1, 0)
    ev = t.new()
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 1)]
    assert of(ev, "death") == [{"seat": 1, "role": "loyalist", "general": "zhangliao", "killer": 0}]
    assert of(ev, "reward") == [{"seat": 0, "kind": "lord_killed_loyalist", "victim": 1}]
    assert t.st.players[0].hand == [] and t.st.players[0].equip == {}
    check_fold(t.g)


def test_lijian_duellist_who_kills_a_rebel_draws_the_reward() -> None:
    t = Table(
        scen(
            lord("zhangfei"),
            seat("zhangliao", "rebel", hp=1),
            seat("diaochan", "renegade", hand=["slash/spade/7"]),
            seat("huanggai", "rebel"),
            turn=(2, "play"),
            draw=["peach/heart/3", "peach/heart/4", "dodge/heart/2"],
            skills="standard",
        )
    )
    _lijian(t, card(t, 2, "slash"), 1, 3)  # rebel duels rebel
    ev = t.new()
    assert of(ev, "death")[0]["killer"] == 3
    assert of(ev, "reward") == [{"seat": 3, "kind": "rebel_killed", "victim": 1}]
    assert sorted(t.hand_names(3)) == ["dodge", "peach", "peach"]
    assert t.st.players[2].hand == []  # Diao Chan draws nothing
    check_fold(t.g)


def test_lijian_with_lvbu_as_the_challenger_needs_two_slashes() -> None:
    t = Table(
        scen(
            lord("diaochan", hand=["peach/heart/3"]),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("lvbu", "rebel"),
            skills="standard",
        )
    )
    _lijian(t, card(t, 0, "peach"), 1, 2)
    ev = t.new()
    assert of(ev, "skill")[-1] == {"seat": 2, "name": "wushuang"}
    t.respond("slash", seat=1)  # one of the two Slashes
    ev = t.new()
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(2, 1)]
    check_fold(t.g)


# --- Biyue 闭月 ----------------------------------------------------------------------------------


def test_biyue_draws_one_at_the_start_of_the_finish_phase() -> None:
    t = Table(file="skills/biyue.toml")
    r = t.expect("trigger", 0)
    assert r.options == ["biyue", "pass"]
    assert r.info["timing"] == "phase_start" and r.info["about"]["phase"] == "finish"
    t.trigger("biyue", seat=0)
    ev = t.new()
    assert of(ev, "phase")[0] == {"seat": 0, "phase": "finish"}
    assert skill_names(ev) == ["biyue"]
    (d,) = [d for d in of(ev, "draw") if d["seat"] == 0]
    assert d["reason"] == "biyue" and [c["name"] for c in d["cards"]] == ["peach"]
    assert t.hand_names(0) == ["peach"]
    check_fold(t.g)


def test_biyue_may_be_declined() -> None:
    t = Table(file="skills/biyue.toml")
    t.trigger(None, seat=0)
    ev = t.new()
    assert not [d for d in of(ev, "draw") if d["seat"] == 0]
    assert not of(ev, "skill") and t.hand_names(0) == []
    check_fold(t.g)


def test_biyue_only_in_her_own_finish_phase() -> None:
    t = Table(
        scen(
            lord("zhangfei"),
            seat("diaochan", "rebel"),
            turn=(0, "play"),
            skills="standard",
        )
    )
    t.end_play()
    t.until("play", 1)  # Zhang Fei's finish phase passed without a question to her
    ev = t.new()
    assert {"seat": 0, "phase": "finish"} in of(ev, "phase") and not of(ev, "skill")
    t.end_play()
    t.expect("trigger", 1)
    ev = t.new()
    assert of(ev, "phase")[-1] == {"seat": 1, "phase": "finish"}


# --- §6 row 1: simultaneous triggers --------------------------------------------------------------


def _caocao_slashed(**caocao: Any) -> Table:
    return Table(
        scen(
            lord("caocao", equip=["eight_diagram/spade/2"], **caocao),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", hand=["dodge/heart/2"]),
            turn=(1, "play"),
            draw=["slash/spade/9", "peach/heart/3"],
            skills="standard",
        )
    )


def test_caocao_chooses_between_hujia_and_eight_diagram_row1() -> None:
    """Cao Cao (lord, Eight Diagram) needs a Dodge: Hujia and Eight Diagram are ready at the
    same moment; he is asked which first, with a pass; after the one he picks the other is
    offered again."""
    t = _caocao_slashed()
    t.play("slash", 0, seat=1)
    r = t.expect("trigger", 0)
    assert sorted(r.options) == ["eight_diagram", "hujia", "pass"] and r.options[-1] == "pass"
    assert r.info["timing"] == "card_asked" and r.info["about"]["asked"] == "dodge"
    t.trigger("eight_diagram", seat=0)  # ♠9: no Dodge
    r = t.expect("trigger", 0)
    assert r.options == ["hujia", "pass"]  # the other one, still his choice
    t.trigger("hujia", seat=0)
    t.respond("dodge", seat=2)  # Xu Chu plays a Dodge for his lord
    ev = t.new()
    assert skill_names(ev) == ["eight_diagram", "hujia"]
    (resp,) = of(ev, "respond")  # Cao Cao uses the Dodge Xu Chu played for him
    assert (resp["seat"], resp["skill"], resp["from"]) == (
        0,
        "hujia",
        [{"zone": "hand", "seat": 2}],
    )
    assert of(ev, "slash_missed") and t.hp(0) == 4
    check_fold(t.g)


def test_caocao_picks_hujia_first_row1() -> None:
    t = _caocao_slashed()
    t.play("slash", 0, seat=1)
    t.trigger("hujia", seat=0)
    t.respond(None, seat=2)  # Xu Chu declines
    r = t.expect("trigger", 0)
    assert r.options == ["eight_diagram", "pass"]
    t.trigger("eight_diagram", seat=0)
    ev = t.new()
    assert skill_names(ev) == ["hujia", "eight_diagram"]
    assert of(ev, "damage")  # ♠9 judged: no Dodge, and he holds none
    check_fold(t.g)


def test_caocao_passes_both_row1() -> None:
    t = _caocao_slashed(hand=["dodge/diamond/2"])
    t.play("slash", 0, seat=1)
    t.trigger(None, seat=0)
    t.respond("dodge", seat=0)  # his own card
    ev = t.new()
    assert not of(ev, "skill") and not of(ev, "judge") and of(ev, "slash_missed")
    check_fold(t.g)


def test_two_players_after_damage_skills_in_action_order_row1() -> None:
    """Savage Assault used by the current player (seat 2) reaches the others in action order
    from him: Cao Cao's Jianxiong (seat 0) is offered only after Xiahou Dun's Ganglie
    (seat 3), and each is its owner's own decision."""
    t = Table(
        scen(
            lord("caocao"),
            seat("huanggai", "rebel"),
            seat("zhangfei", "rebel", hand=["savage_assault/spade/7"]),
            seat("xiahoudun", "renegade"),
            turn=(2, "play"),
            draw=["slash/spade/9"],
            skills="standard",
        )
    )
    t.play("savage_assault", seat=2)
    t.trigger("ganglie", seat=3)  # ♠9; Zhang Fei has no hand card: he takes 1 damage
    t.trigger("jianxiong", seat=0)
    ev = t.new()
    assert [(d["target"], d["source"]) for d in of(ev, "damage")][:3] == [(3, 2), (2, 3), (0, 2)]
    assert skill_names(ev) == ["ganglie", "jianxiong"]
    assert [s["seat"] for s in of(ev, "skill")] == [3, 0]
    assert "savage_assault" in t.hand_names(0)  # Jianxiong took the card
    check_fold(t.g)


def test_two_players_card_asked_skills_in_action_order_row1() -> None:
    """Archery Attack used by the current player (seat 1): Eight Diagram is offered to seat 2
    before seat 0, in action order from the user; Xu Chu (seat 3) has none and is asked for a
    Dodge in between."""
    t = Table(
        scen(
            lord("huanggai", equip=["eight_diagram/spade/2"]),
            seat("zhangfei", "rebel", hand=["archery_attack/heart/1"]),
            seat("zhangliao", "rebel", equip=["eight_diagram/club/2"]),
            seat("xuchu", "renegade", hand=["dodge/heart/2"]),
            turn=(1, "play"),
            draw=["peach/heart/3", "peach/heart/4"],
            skills="standard",
        )
    )
    t.play("archery_attack", seat=1)
    r = t.expect("trigger", 2)
    assert r.options == ["eight_diagram", "pass"] and r.info["about"]["reason"] == "archery_attack"
    t.trigger("eight_diagram", seat=2)
    t.respond("dodge", seat=3)
    t.trigger("eight_diagram", seat=0)
    ev = t.new()
    assert [(s["seat"], s["name"]) for s in of(ev, "skill")] == [
        (2, "eight_diagram"),
        (0, "eight_diagram"),
    ]
    assert [r["seat"] for r in of(ev, "respond")] == [2, 3, 0] and not of(ev, "damage")
    check_fold(t.g)


def _recorder(name: str, timing: str, log: list[Any], **kw: Any) -> Trigger:
    def can(g: Game, seat_: int, payload: Any) -> bool:
        return True

    def settle(g: Game, seat_: int, payload: Any) -> Settlement:
        log.append((name, seat_))
        return
        yield

    return Trigger(name, timing, can, settle, **kw)


def test_simultaneous_triggers_go_in_action_order_from_the_current_player_row1() -> None:
    """Every seat has an optional trigger at the end of the turn: seat 2's turn asks seats
    2, 3, 0, 1 in that order; a seat that passes does not stop the others."""
    log: list[Any] = []
    sk = test_skill("at_turn_end", _recorder("at_turn_end", T.TURN_END, log))
    t = Table(
        scen(
            lord("zhangfei", skills=["at_turn_end"]),
            seat("huanggai", "rebel", skills=["at_turn_end"]),
            seat("sunquan", "rebel", skills=["at_turn_end"]),
            seat("zhangliao", "renegade", skills=["at_turn_end"]),
            turn=(2, "play"),
            skills="standard",
        ),
        extra=(sk,),
    )
    t.end_play()
    asked = []
    for _ in range(4):
        r = t.expect("trigger")
        asked.append(r.seat)
        assert r.options == ["at_turn_end", "pass"]
        t.trigger("pass" if r.seat == 3 else "at_turn_end", seat=r.seat)
    assert asked == [2, 3, 0, 1]
    assert log == [("at_turn_end", 2), ("at_turn_end", 0), ("at_turn_end", 1)]


def _first_when_asked(log: list[Any], priority: int) -> Any:
    def can(g: Game, seat_: int, a: Asked) -> bool:
        return a.seat == seat_ and a.name == "dodge"

    def settle(g: Game, seat_: int, a: Asked) -> Settlement:
        log.append(("first", len(g.state.processing)))
        return
        yield

    return test_skill(
        "first",
        Trigger("first", T.CARD_ASKED, can, settle, compulsory=True, priority=priority),
        kind="compulsory",
    )


def test_priority_orders_a_high_priority_trigger_first_row1() -> None:
    """A test-only compulsory trigger of priority 1 fires before Eight Diagram and Hujia are
    offered (no question for it); at priority 0 the same trigger is one of Cao Cao's choices
    (and, being compulsory, takes the pass away)."""
    log: list[Any] = []
    t = Table(
        scen(
            lord("caocao", equip=["eight_diagram/spade/2"], skills=["first"]),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", hand=["dodge/heart/2"]),
            turn=(1, "play"),
            skills="standard",
        ),
        extra=(_first_when_asked(log, 1),),
    )
    t.play("slash", 0, seat=1)
    assert log == [("first", 1)]  # already fired: the Slash is in the processing area
    r = t.expect("trigger", 0)
    assert sorted(r.options) == ["eight_diagram", "hujia", "pass"]
    check_fold(t.g)

    log.clear()
    t = Table(
        scen(
            lord("caocao", equip=["eight_diagram/spade/2"], skills=["first"]),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", hand=["dodge/heart/2"]),
            turn=(1, "play"),
            draw=["slash/spade/9"],  # Eight Diagram's judgement: black
            skills="standard",
        ),
        extra=(_first_when_asked(log, 0),),
    )
    t.play("slash", 0, seat=1)
    assert log == []
    r = t.expect("trigger", 0)
    assert sorted(r.options) == ["eight_diagram", "first", "hujia"]  # no pass while forced
    t.trigger("eight_diagram", seat=0)
    assert log == []  # the owner chose the order
    r = t.expect("trigger", 0)
    assert sorted(r.options) == ["first", "hujia"]
    t.trigger("first", seat=0)
    assert log == [("first", 1)]
    t.expect("trigger", 0)
    assert t.req.options == ["hujia", "pass"]


# --- §6 row 34: Kongcheng and Lijian / Liuli -----------------------------------------------------


def test_kongcheng_cannot_be_the_duel_target_of_lijian_row34() -> None:
    text = scen(
        lord("diaochan", hand=["peach/heart/3"]),
        seat("zhugeliang", "rebel"),
        seat("zhangfei", "rebel", hand=["slash/spade/7"]),
        seat("huanggai", "renegade"),
        skills="standard",
    )
    t = Table(text)
    t.use_skill("lijian")
    pick_cards(t, "skill_cards", card(t, 0, "peach"))
    r = t.expect("skill_targets", 0)
    assert r.options == [2, 3]  # the empty-handed Zhuge Liang cannot be challenged
    pick_seats(t, 2)
    r = t.expect("skill_targets", 0)
    assert r.options == [1, 3]  # ... but he may be the challenger
    pick_seats(t, 1)
    ev = t.new()
    (use,) = of(ev, "use")
    assert (use["seat"], use["targets"]) == (1, [2])
    check_fold(t.g)
    # with a hand card he can be chosen
    t = Table(text.replace('general = "zhugeliang"', 'general = "zhugeliang"\nhand = ["dodge"]'))
    t.use_skill("lijian")
    pick_cards(t, "skill_cards", card(t, 0, "peach"))
    assert t.expect("skill_targets", 0).options == [1, 2, 3]


def test_lijian_not_offered_when_only_kongcheng_could_be_challenged_row34() -> None:
    """Two males, one of them an empty-handed Kongcheng: the other is challenged by him."""
    t = Table(
        scen(
            lord("diaochan", hand=["peach/heart/3"]),
            seat("zhugeliang", "rebel"),
            seat("zhenji", "renegade"),
            seat("zhangfei", "rebel"),
            skills="standard",
        )
    )
    t.use_skill("lijian")
    pick_cards(t, "skill_cards", card(t, 0, "peach"))
    assert t.expect("skill_targets").options == [3]
    pick_seats(t, 3)
    assert t.expect("skill_targets").options == [1]


def test_kongcheng_cannot_be_the_new_target_of_liuli_row34() -> None:
    text = scen(
        lord("zhangfei", hand=["slash/spade/7"]),
        seat("daqiao", "rebel", hand=["dodge/heart/2"], equip=["qinggang_sword"]),
        seat("zhugeliang", "rebel"),
        seat("huanggai", "renegade"),
        skills="standard",
    )
    t = Table(text)
    t.play("slash", 1)
    r = t.expect("skill_cards", 1)
    assert r.info["skill"] == "liuli"
    # the Qinggang Sword gives her range 2; discarding it would leave only Zhuge Liang in range
    assert [c["name"] for c in r.options] == ["dodge"]
    t.reply([0])
    r = t.expect("skill_targets", 1)
    assert r.options == [3]  # seats 2 and 3 are in range, the user excluded; not Zhuge Liang
    pick_seats(t, 3)
    ev = t.new()
    assert [(c["from"], c["to"]) for c in of(ev, "target_changed")] == [(1, 3)]
    check_fold(t.g)
    # with a hand card he can be chosen
    t = Table(text.replace('general = "zhugeliang"', 'general = "zhugeliang"\nhand = ["dodge"]'))
    t.play("slash", 1)
    t.reply([0])
    assert t.expect("skill_targets", 1).options == [2, 3]


# --- the scenario files ---------------------------------------------------------------------------


@pytest.mark.parametrize("skill", ["qingnang", "jijiu", "wushuang", "lijian", "biyue"])
def test_the_skill_file_plays_to_the_end(skill: str) -> None:
    """Each Qun skill's scenario file starts with a comment saying what it shows and plays to
    the end on default replies."""
    path = SCENARIOS / "skills" / f"{skill}.toml"
    assert path.read_text(encoding="utf-8").startswith(f"# {skill.capitalize()} (")
    t = Table(file=f"skills/{skill}.toml")
    assert skill in t.st.players[t.st.current].skills or skill == "jijiu"
    t.finish()
    assert t.g.outcome is not None
    check_fold(t.g)
