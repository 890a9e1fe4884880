"""Scenario tests: the Wei generals' skills (rules §3.2 Wei) and §6 rows 9, 13, 26, 27, 35.

Every test plays with `skills = "standard"` (each general has its own skills); the other seats
are generals whose skills stay out of the way (Zhang Fei, Huang Gai, Gan Ning, Sun Quan ...).
"""

from __future__ import annotations

from typing import Any

import pytest
from sanguosha_support import (
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

from game_agent.engine import Event, Game, Settlement
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.skill import Active
from protocol.records import SPECTATOR, view_for


def who_sees_cards(e: Event, seats: int) -> list[int]:
    """The seats (and the spectator, -1) shown the card names of a move event (`view_for` is
    the one place that decides what a seat sees)."""
    out = []
    for s in [*range(seats), SPECTATOR]:
        view = view_for(e, s)
        if view is not None and "cards" in view:
            out.append(s)
    return out


# --- Jianxiong -------------------------------------------------------------------------------


def test_jianxiong_takes_the_slash_and_the_aoe_mid_resolution() -> None:
    t = Table(file="skills/jianxiong.toml")
    slash = cid("slash", "spade", 7)
    t.play("slash", 1)
    q = t.expect("trigger", 1)
    assert q.options == ["jianxiong", "pass"]
    assert q.info["timing"] == "damaged" and q.info["about"]["card"]["name"] == "slash"
    t.trigger("jianxiong", seat=1)
    ev = t.new()
    assert skills_fired(ev) == [(1, "jianxiong")]
    assert moves(ev, "jianxiong") == [
        {
            "cards": [{"id": slash, "suit": "spade", "rank": 7, "name": "slash"}],
            "from": "processing",
            "from_seat": None,
            "to": "hand",
            "to_seat": 1,
            "reason": "jianxiong",
            "as": None,
        }
    ]
    assert not moves(ev, "settled")  # nothing left in processing to discard
    assert t.st.players[1].hand == [slash] and t.hp(1) == 3

    # Savage Assault: seat 1 (Cao Cao, now holding that Slash) declines and takes it mid-AoE
    sa = cid("savage_assault", "spade", 13)
    t.play("savage_assault")
    t.respond(None, seat=1)
    t.trigger("jianxiong", seat=1)
    ev = t.new()
    assert [m["cards"][0]["id"] for m in moves(ev, "jianxiong")] == [sa]
    # the AoE goes on: seat 2 is still hit by it after Cao Cao took the card
    assert [(d["target"], d["card"]["name"]) for d in of(ev, "damage")] == [
        (1, "savage_assault"),
        (2, "savage_assault"),
    ]
    assert sa in t.st.players[1].hand and sa not in t.st.discard
    assert t.hp(2) == 3
    check_fold(t.g)


def test_jianxiong_takes_the_duel() -> None:
    t = Table(std(lord("zhangfei", hand=["duel/spade/1"]), seat("caocao", hand=["peach"])))
    t.play("duel", 1)
    t.trigger("jianxiong", seat=1)
    ev = t.new()
    assert of(ev, "damage")[0]["card"]["name"] == "duel"
    assert moves(ev, "jianxiong")[0]["cards"][0]["id"] == cid("duel", "spade", 1)
    assert sorted(t.hand_names(1)) == ["duel", "peach"]
    check_fold(t.g)


def test_jianxiong_takes_the_sub_card_of_a_converted_slash() -> None:
    """Guan Yu's Wusheng Slash made of a red Dodge: Cao Cao takes that Dodge."""
    t = Table(std(lord("guanyu", hand=["dodge/heart/13"]), seat("caocao")))
    dodge = cid("dodge", "heart", 13)
    t.convert("wusheng", "slash", dodge)
    t.choose_targets(1)
    t.trigger("jianxiong", seat=1)
    ev = t.new()
    assert moves(ev, "jianxiong")[0]["cards"][0]["id"] == dodge
    assert t.st.players[1].hand == [dodge]
    check_fold(t.g)


def test_jianxiong_can_be_declined() -> None:
    t = Table(std(lord("zhangfei", hand=["slash/spade/7"]), seat("caocao")))
    t.play("slash", 1)
    t.trigger(None, seat=1)
    ev = t.new()
    assert not of(ev, "skill") and not moves(ev, "jianxiong")
    assert moves(ev, "settled")[0]["cards"][0]["name"] == "slash"
    assert t.st.players[1].hand == []
    t.expect("play", 0)
    check_fold(t.g)


def test_jianxiong_takes_the_lightning_that_hit_row13() -> None:
    """§6 row 13: the Lightning that hit is still in processing when the damage resolves; Cao
    Cao, alive at 1 HP, takes it. He is alive, so his Indulgence is judged next."""
    lightning = cid("lightning", "spade", 1)
    t = Table(
        std(
            lord("caocao", hp=4, judge=["indulgence/spade/6", "lightning/spade/1"]),
            seat("zhangfei"),
            turn=(0, "judge"),
            draw=["slash/spade/8", "dodge/heart/2"],
        )
    )
    q = t.expect("trigger", 0)
    assert q.info["about"]["card"]["name"] == "lightning" and q.info["about"]["amount"] == 3
    t.trigger("jianxiong", seat=0)
    ev = t.new()
    assert of(ev, "damage")[0]["source"] is None and t.hp(0) == 1
    assert moves(ev, "jianxiong")[0]["cards"][0]["id"] == lightning
    assert lightning in t.st.players[0].hand
    t.expect("play", 0)
    # the remaining delayed trick is judged (a heart: the play phase is not skipped)
    assert [j["reason"] for j in of(ev, "judge")] == ["lightning", "indulgence"]
    assert not of(ev, "phase_skip")
    check_fold(t.g)


def test_holder_killed_by_lightning_rest_not_judged_row13() -> None:
    """§6 row 13: Cao Cao at 3 HP dies from the Lightning: no Jianxiong (a dead player has no
    skills), the Indulgence is not judged and goes to the discard pile with the body."""
    t = Table(
        std(
            lord("sunquan"),
            seat("caocao", hp=3, judge=["indulgence/spade/6", "lightning/spade/1"]),
            seat("zhangfei"),
            turn=(1, "judge"),
            draw=["slash/spade/9", "dodge/heart/2"],
        )
    )
    ev = t.new()
    assert [j["reason"] for j in of(ev, "judge")] == ["lightning"]
    assert of(ev, "death")[0]["seat"] == 1 and of(ev, "death")[0]["killer"] is None
    assert not of(ev, "skill") and not moves(ev, "jianxiong")
    assert {cid("lightning", "spade", 1), cid("indulgence", "spade", 6)} <= set(t.st.discard)
    t.expect("play", 2)  # the next player's turn
    check_fold(t.g)


def test_jianxiong_not_offered_for_damage_without_a_card() -> None:
    """Ganglie's damage has no card: Cao Cao, its target, is not asked."""
    t = Table(
        std(
            lord("caocao", hand=["slash/spade/7"]),
            seat("xiahoudun"),
            draw=["dodge/diamond/2"],
        )
    )
    t.play("slash", 1)
    t.trigger("ganglie", seat=1)
    ev = t.new()
    dmg = of(ev, "damage")
    assert [(d["source"], d["target"], d["card"]) for d in dmg][1] == (1, 0, None)
    assert not moves(ev, "jianxiong")
    t.expect("play", 0)  # no Jianxiong question for the second damage
    check_fold(t.g)


def test_jianxiong_not_offered_for_a_card_with_no_sub_card() -> None:
    """Lijian's Duel is treated as used with no card: nothing to take."""
    t = Table(
        std(
            lord("diaochan", hand=["peach"]),
            seat("caocao"),
            seat("zhangfei"),
        )
    )
    t.use_skill("lijian", seat=0)
    t.reply([0])  # discard the Peach
    r = t.expect("skill_targets", 0)
    t.reply([r.options.index(1)])  # Cao Cao is challenged
    r = t.expect("skill_targets", 0)
    t.reply([r.options.index(2)])  # ... by Zhang Fei
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 1 and of(ev, "damage")[0]["card"]["name"] == "duel"
    t.expect("play", 0)  # no Jianxiong question
    assert not moves(ev, "jianxiong")
    check_fold(t.g)


def test_jianxiong_not_offered_when_the_card_left_processing() -> None:
    """Two Cao Caos hit by one Savage Assault: the first takes it mid-resolution, so the card
    is no longer in processing when the second is damaged."""
    t = Table(
        std(
            lord("zhangfei", hand=["savage_assault/spade/13"]),
            seat("caocao"),
            seat("caocao"),
        )
    )
    t.play("savage_assault")
    t.trigger("jianxiong", seat=1)
    ev = t.new()
    assert [d["target"] for d in of(ev, "damage")] == [1, 2]
    t.expect("play", 0)  # seat 2 was not asked
    assert t.st.players[1].hand == [cid("savage_assault", "spade", 13)]
    assert t.st.players[2].hand == []
    check_fold(t.g)


# --- Hujia -----------------------------------------------------------------------------------


def test_hujia_first_wei_helper_ends_the_asking() -> None:
    t = Table(file="skills/hujia.toml")
    t.play("slash", 0)
    q = t.expect("trigger", 0)
    assert q.options == ["hujia", "pass"]
    assert q.info["about"]["asked"] == "dodge" and q.info["about"]["mode"] == "use"
    t.trigger("hujia", seat=0)
    r = t.expect("respond", 2)  # Xu Chu first: Zhang Fei (seat 1) is not Wei
    assert r.info["reason"] == "hujia" and r.info["mode"] == "play" and r.info["source"] == 0
    t.respond("dodge", seat=2)
    ev = t.new()
    assert skills_fired(ev) == [(0, "hujia")]
    resp = of(ev, "respond")
    assert len(resp) == 1
    assert resp[0]["seat"] == 0 and resp[0]["skill"] == "hujia" and resp[0]["mode"] == "use"
    assert resp[0]["from"] == [{"zone": "hand", "seat": 2}]
    assert resp[0]["subcards"][0]["id"] == cid("dodge", "diamond", 2)
    assert of(ev, "slash_missed") == [{"source": 1, "target": 0}]
    # Zhang Liao was never asked; Cao Cao keeps his own Dodge
    assert t.hand_names(0) == ["dodge"] and t.hand_names(3) == ["dodge"]
    assert t.st.players[2].hand == [] and t.hp(0) == 4
    t.expect("play", 1)
    check_fold(t.g)


def test_hujia_asks_in_action_order_from_cao_cao() -> None:
    """The lord Cao Cao at seat 2: the other Wei players are asked in action order from him,
    round the table: Xu Chu (seat 3), then Zhang Liao (seat 0); Sun Quan and Zhang Fei are
    not Wei and are skipped."""
    t = Table(
        std(
            seat("zhangliao", "rebel", hand=["dodge/diamond/2"]),
            seat("zhangfei", "renegade", hand=["slash/spade/7"]),
            lord("caocao"),
            seat("xuchu", "loyalist", hand=["dodge/diamond/3"]),
            seat("sunquan", "rebel", hand=["dodge/diamond/4"]),
            turn=(1, "play"),
        )
    )
    t.play("slash", 2)
    t.trigger("hujia", seat=2)
    t.respond(None, seat=3)  # Xu Chu first
    t.respond("dodge", seat=0)  # then Zhang Liao
    ev = t.new()
    assert of(ev, "respond")[0]["from"] == [{"zone": "hand", "seat": 0}]
    assert of(ev, "slash_missed") == [{"source": 1, "target": 2}]
    check_fold(t.g)


def test_hujia_nobody_helps_then_cao_cao_answers_himself() -> None:
    t = Table(file="skills/hujia.toml")
    t.play("slash", 0)
    t.trigger("hujia", seat=0)
    t.respond(None, seat=2)
    t.respond(None, seat=3)
    r = t.expect("respond", 0)  # back to Cao Cao's own cards
    assert r.info["reason"] == "slash"
    t.respond("dodge", seat=0)
    ev = t.new()
    assert of(ev, "respond")[0]["skill"] == "" and of(ev, "slash_missed")
    assert t.st.players[0].hand == [] and t.hand_names(2) == ["dodge"]
    check_fold(t.g)


def test_hujia_helpers_eight_diagram_counts() -> None:
    t = Table(
        std(
            lord("caocao"),
            seat("zhangfei", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", equip=["eight_diagram/spade/2"]),
            turn=(1, "play"),
            draw=["dodge/heart/2"],
        )
    )
    t.play("slash", 0)
    t.trigger("hujia", seat=0)
    q = t.expect("trigger", 2)  # the helper's own armor, asked for the helper
    assert q.options == ["eight_diagram", "pass"] and q.info["about"]["reason"] == "hujia"
    t.trigger("eight_diagram", seat=2)
    ev = t.new()
    assert of(ev, "judge_result")[0]["seat"] == 2 and of(ev, "judge_result")[0]["good"] is True
    resp = of(ev, "respond")
    assert resp[0]["seat"] == 0 and resp[0]["skill"] == "hujia" and resp[0]["subcards"] == []
    assert of(ev, "slash_missed") and t.hp(0) == 4
    check_fold(t.g)


def test_hujia_helpers_qingguo_counts_for_a_played_dodge() -> None:
    """Archery Attack asks Cao Cao to *play* a Dodge; Zhen Ji gives a black card as one."""
    club = cid("slash", "club", 2)
    t = Table(
        std(
            lord("caocao"),
            seat("zhangfei", hand=["archery_attack"]),
            seat("zhenji", "loyalist", hand=["slash/club/2"]),
            turn=(1, "play"),
        )
    )
    t.play("archery_attack")
    # Archery Attack goes from seat 2 (Zhen Ji herself) then seat 0
    t.respond(None, seat=2)
    q = t.expect("trigger", 0)
    assert q.info["about"]["mode"] == "play" and q.info["about"]["reason"] == "archery_attack"
    t.trigger("hujia", seat=0)
    r = t.expect("respond", 2)
    assert {"kind": "view_as", "skill": "qingguo", "card": "dodge"} in r.options
    t.convert("qingguo", "dodge", club)
    ev = t.new()
    resp = next(e for e in of(ev, "respond") if e["seat"] == 0)
    assert resp["skill"] == "hujia" and resp["mode"] == "play"
    assert resp["subcards"][0]["id"] == club and resp["from"] == [{"zone": "hand", "seat": 2}]
    assert [d["target"] for d in of(ev, "damage")] == [2] and t.hp(0) == 4
    check_fold(t.g)


def _make_wei(g: Game, seat: int) -> Settlement:
    from game_agent.games.sanguosha.character import change_attribute

    change_attribute(g, (seat + 1) % len(g.state.players), "faction", "wei")
    return
    yield


MAKE_WEI = test_skill("make_wei", kind="active", active=Active(lambda st, s: True, _make_wei))


def test_hujia_follows_the_current_faction() -> None:
    """Hujia asks by the current faction: Gan Ning, made Wei by a test-only skill of Zhang
    Fei's, is asked; before that nobody else is Wei and Hujia is not offered."""
    t = Table(
        std(
            lord("caocao"),
            seat("zhangfei", hand=["slash/spade/7", "slash/spade/8"], skills=["make_wei"]),
            seat("ganning", "loyalist", hand=["dodge/diamond/2"]),
            turn=(1, "play"),
        ),
        extra=(MAKE_WEI,),
    )
    t.play("slash", 0, card_id=cid("slash", "spade", 7))
    q = t.expect("trigger", 0)  # no Hujia question: straight to the damage (Jianxiong)
    assert q.info["timing"] == "damaged"
    t.trigger(None, seat=0)
    t.use_skill("make_wei", seat=1)
    assert of(t.new(), "attribute") == [{"seat": 2, "name": "faction", "value": "wei"}]
    t.play("slash", 0)
    q = t.expect("trigger", 0)
    assert q.options == ["hujia", "pass"] and q.info["timing"] == "card_asked"
    t.trigger("hujia", seat=0)
    t.respond("dodge", seat=2)
    ev = t.new()
    assert of(ev, "respond")[0]["from"] == [{"zone": "hand", "seat": 2}]
    assert of(ev, "slash_missed") and t.hp(0) == 3
    check_fold(t.g)


def test_hujia_not_offered_without_another_living_wei() -> None:
    t = Table(
        std(
            lord("caocao", hand=["dodge"]),
            seat("zhangfei", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", alive=False),
            seat("ganning", "renegade", hand=["dodge"]),
            turn=(1, "play"),
        )
    )
    t.play("slash", 0)
    r = t.expect("respond", 0)  # straight to Cao Cao's own cards, no Hujia question
    assert r.info["reason"] == "slash"
    check_fold(t.g)


def test_hujia_lord_only_a_rebel_cao_cao_has_none() -> None:
    t = Table(
        std(
            lord("sunquan"),
            seat("zhangfei", hand=["slash/spade/7"]),
            seat("caocao", hand=["dodge"]),
            seat("xuchu", "loyalist", hand=["dodge"]),
            turn=(1, "play"),
        )
    )
    assert t.st.players[2].skills == ["jianxiong"]
    t.play("slash", 2)
    t.expect("respond", 2)
    assert not of(t.new(), "skill")
    check_fold(t.g)


def test_hujia_none_in_1v1() -> None:
    t = Table(
        std(
            lord("caocao", reserve=["xuchu", "zhangliao"]),
            seat("zhangfei", "renegade", reserve=["guanyu", "machao"], hand=["slash/spade/7"]),
            mode="1v1",
            turn=(1, "play"),
        )
    )
    assert t.st.players[0].role == "lord"
    assert t.st.players[0].skills == ["jianxiong"]
    assert t.events("general")[0]["skills"] == ["jianxiong"]
    check_fold(t.g)


# --- Guicai ----------------------------------------------------------------------------------


def test_guicai_replaces_another_players_judgement() -> None:
    t = Table(file="skills/guicai.toml")
    spade, peach = cid("slash", "spade", 7), cid("peach", "heart", 3)
    r = t.expect("skill_cards", 1)  # its own question: no "trigger?" first
    assert r.info["skill"] == "guicai" and r.cancel is True
    assert r.info["about"] == {
        "seat": 0,
        "reason": "indulgence",
        "judgement": {"id": spade, "suit": "spade", "rank": 7, "name": "slash"},
    }
    assert [o["id"] for o in r.options] == [peach, cid("slash", "spade", 8)]
    t.reply([0])
    ev = t.new()
    assert skills_fired(ev) == [(1, "guicai")]
    resp = of(ev, "respond")[0]
    assert resp["seat"] == 1 and resp["mode"] == "play" and resp["reason"] == "retrial"
    assert resp["to"] == "processing" and resp["subcards"][0]["id"] == peach
    # the replaced card goes to the discard pile
    assert moves(ev, "retrial")[0]["cards"][0]["id"] == spade
    assert moves(ev, "retrial")[0]["to"] == "discard"
    result = of(ev, "judge_result")[0]
    assert result["card"]["id"] == peach and result["good"] is True
    assert not of(ev, "phase_skip")
    # the new judgement card is discarded after it took effect
    assert moves(ev, "judged")[0]["cards"][0]["id"] == peach
    assert {spade, peach} <= set(t.st.discard) and t.hand_names(1) == ["slash"]
    t.expect("play", 0)
    check_fold(t.g)


def test_guicai_declined_the_judgement_stands() -> None:
    t = Table(file="skills/guicai.toml")
    t.expect("skill_cards", 1)
    t.reply(None)
    ev = t.new()
    assert not of(ev, "skill") and not of(ev, "respond")
    assert of(ev, "judge_result")[0]["card"]["id"] == cid("slash", "spade", 7)
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "play", "reason": "indulgence"}]
    assert {cid("peach", "heart", 3), cid("slash", "spade", 8)} <= set(t.st.players[1].hand)
    check_fold(t.g)


def test_guicai_on_his_own_judgement() -> None:
    """Sima Yi's own Eight Diagram judges a spade; he replaces it with a red hand card."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("simayi", equip=["eight_diagram/spade/2"], hand=["dodge/diamond/2"]),
            draw=["slash/spade/8"],
        )
    )
    t.play("slash", 1)
    t.trigger("eight_diagram", seat=1)
    r = t.expect("skill_cards", 1)
    assert r.info["about"]["seat"] == 1 and r.info["about"]["reason"] == "eight_diagram"
    t.reply([0])  # the red Dodge as the judgement card (it is played, not used as a Dodge)
    ev = t.new()
    assert of(ev, "judge_result")[0]["card"]["name"] == "dodge"
    assert of(ev, "judge_result")[0]["good"] is True
    assert of(ev, "respond")[-1]["skill"] == "eight_diagram" and of(ev, "slash_missed")
    assert t.hp(1) == 3 and t.st.players[1].hand == []
    check_fold(t.g)


def test_guicai_turns_a_red_luoshen_judgement_black() -> None:
    """Any player's judgement: Zhen Ji's Luoshen judges a heart; Sima Yi plays a club in its
    place, so she takes his club and may go on."""
    t = Table(
        std(
            lord("zhenji"),
            seat("simayi", hand=["slash/club/2"]),
            turn=(0, "prepare"),
            draw=["peach/heart/3", "slash/spade/7", "dodge/heart/2"],
        )
    )
    club = cid("slash", "club", 2)
    t.trigger("luoshen", seat=0)
    r = t.expect("skill_cards", 1)
    assert r.info["about"]["seat"] == 0 and r.info["about"]["reason"] == "luoshen"
    t.reply([0])
    ev = t.new()
    assert of(ev, "judge_result")[0]["card"]["id"] == club
    assert of(ev, "judge_result")[0]["good"] is True
    assert moves(ev, "luoshen")[0]["cards"][0]["id"] == club
    assert cid("peach", "heart", 3) in t.st.discard and t.st.players[0].hand == [club]
    t.expect("skill_choice", 0)
    check_fold(t.g)


def test_guicai_not_offered_with_an_empty_hand() -> None:
    t = Table(
        std(
            lord("sunquan", judge=["indulgence/spade/6"]),
            seat("simayi", equip=["jueying"]),
            turn=(0, "judge"),
            draw=["slash/spade/7"],
        )
    )
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is False and of(ev, "phase_skip")
    assert not of(ev, "skill")
    check_fold(t.g)


# --- Fankui ----------------------------------------------------------------------------------


def test_fankui_takes_a_hand_card_blind_and_hidden() -> None:
    t = Table(file="skills/fankui.toml")
    peach, dodge = cid("peach", "heart", 3), cid("dodge", "heart", 2)
    t.play("slash", 1)
    t.trigger("fankui", seat=1)
    r = t.expect("pick_card", 1)
    # the hand is offered face down: a count, never a card
    assert r.options == [
        {"zone": "hand", "count": 2, "card": None},
        {
            "zone": "equip",
            "count": 1,
            "card": {
                "id": cid("crossbow", "club", 1),
                "suit": "club",
                "rank": 1,
                "name": "crossbow",
            },
        },
    ]
    assert r.info == {"owner": 0, "reason": "fankui"}
    t.reply(0)
    ev = t.new()
    assert skills_fired(ev) == [(1, "fankui")]
    [e] = move_events(ev, "fankui")
    taken = e.data["cards"][0]["id"]
    assert taken in (peach, dodge)
    assert e.data["from"] == "hand" and e.data["from_seat"] == 0
    assert e.data["to"] == "hand" and e.data["to_seat"] == 1
    # visibility: only Zhang Fei and Sima Yi see the card; the others see a count
    assert e.seats == (0, 1) and who_sees_cards(e, 3) == [0, 1]
    assert e.public == {
        "count": 1,
        "from": "hand",
        "from_seat": 0,
        "to": "hand",
        "to_seat": 1,
        "reason": "fankui",
    }
    assert t.st.players[1].hand == [taken] and len(t.st.players[0].hand) == 1
    check_fold(t.g)


def test_fankui_hand_pick_is_random() -> None:
    """The chooser picks "a hand card"; which one is the game's random draw."""
    taken = set()
    for seed in range(1, 13):
        t = Table(file="skills/fankui.toml", seed=seed)
        t.play("slash", 1)
        t.trigger("fankui", seat=1)
        t.reply(0)
        taken.add(NAME[t.st.players[1].hand[0]])
    assert taken == {"peach", "dodge"}


def test_fankui_takes_equipment_face_up() -> None:
    t = Table(file="skills/fankui.toml")
    crossbow = cid("crossbow", "club", 1)
    t.play("slash", 1)
    t.trigger("fankui", seat=1)
    t.reply(1)
    ev = t.new()
    [e] = move_events(ev, "fankui")
    assert e.data["cards"][0]["id"] == crossbow and e.data["from"] == "equip"
    assert e.seats is None and e.public is None  # public: equipment is face up
    assert who_sees_cards(e, 3) == [0, 1, 2, SPECTATOR]
    assert t.st.players[1].hand == [crossbow] and "weapon" not in t.st.players[0].equip
    check_fold(t.g)


def test_fankui_only_hand_cards_no_pick_question() -> None:
    """The source has hand cards only: nothing to choose between, a random one is taken."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7", "peach/heart/3"]),
            seat("simayi"),
            seat("huanggai"),
        )
    )
    t.play("slash", 1)
    t.trigger("fankui", seat=1)
    ev = t.new()
    [e] = move_events(ev, "fankui")
    assert e.data["cards"][0]["id"] == cid("peach", "heart", 3) and e.seats == (0, 1)
    t.expect("play", 0)  # no pick_card question was asked
    assert t.st.players[0].hand == [] and t.hand_names(1) == ["peach"]
    check_fold(t.g)


def test_fankui_not_offered_when_the_source_has_no_card() -> None:
    t = Table(std(lord("zhangfei", hand=["slash/spade/7"]), seat("simayi"), seat("huanggai")))
    t.play("slash", 1)
    t.expect("play", 0)  # no question: Zhang Fei has nothing left
    assert not of(t.new(), "skill")
    check_fold(t.g)


def test_fankui_not_offered_without_a_source() -> None:
    """Lightning damage has no source."""
    t = Table(
        std(
            lord("sunquan", hand=["peach"]),
            seat("simayi", judge=["lightning/spade/1"], hp=3),
            seat("zhangfei", hand=["dodge"]),
            turn=(1, "judge"),
            draw=["slash/spade/8"],
        )
    )
    ev = t.new()
    assert of(ev, "dying")[0]["seat"] == 1
    t.respond("peach", seat=0)  # Sun Quan saves him
    ev = t.new()
    assert t.hp(1) == 1 and not of(ev, "skill")
    t.expect("play", 1)  # no Fankui question
    check_fold(t.g)


def _hurt_self(g: Game, seat: int) -> Settlement:
    yield damage(g, Damage(seat, seat, 1))


HURT_SELF = test_skill("hurt_self", kind="active", active=Active(lambda st, s: True, _hurt_self))


def test_fankui_on_self_damage_takes_only_equipment_row27() -> None:
    """§6 row 27 (FreeKill): you are your own source -> equipment only. A test-only active
    skill deals 1 damage to its user (the standard set has no self-damage)."""
    t = Table(
        std(
            lord("simayi", hand=["peach"], equip=["jueying"], skills=["hurt_self"]),
            seat("zhangfei"),
        ),
        extra=(HURT_SELF,),
    )
    horse = cid("jueying", "spade", 5)
    t.use_skill("hurt_self", seat=0)
    q = t.expect("trigger", 0)
    assert q.options == ["fankui", "pass"] and q.info["about"]["source"] == 0
    t.trigger("fankui", seat=0)  # one card to choose from: the horse, no pick question
    ev = t.new()
    [m] = moves(ev, "fankui")
    assert m["cards"][0]["id"] == horse and m["from"] == "equip" and m["to_seat"] == 0
    assert sorted(t.hand_names(0)) == ["jueying", "peach"] and t.st.players[0].equip == {}
    # now only hand cards are left: Fankui is not offered at all
    t.use_skill("hurt_self", seat=0)
    t.expect("play", 0)
    assert t.hp(0) == 1 and not of(t.new(), "skill")
    check_fold(t.g)


# --- Ganglie ---------------------------------------------------------------------------------


def test_ganglie_source_discards_two_hand_cards() -> None:
    t = Table(file="skills/ganglie.toml")
    peach, dodge = cid("peach", "heart", 3), cid("dodge", "heart", 2)
    t.play("slash", 1)
    assert t.expect("trigger", 1).options == ["ganglie", "pass"]
    t.trigger("ganglie", seat=1)
    r = t.expect("skill_cards", 0)  # the source chooses
    assert r.info["skill"] == "ganglie" and r.info["about"] == {"source": 1, "target": 0}
    assert (r.min, r.max, r.cancel) == (2, 2, True)
    assert sorted(o["id"] for o in r.options) == sorted([peach, dodge])
    t.reply([0, 1])
    ev = t.new()
    assert skills_fired(ev) == [(1, "ganglie")]
    j = of(ev, "judge")[0]
    assert j["seat"] == 1 and j["reason"] == "ganglie" and j["card"]["suit"] == "club"
    assert of(ev, "judge_result")[0]["good"] is True
    assert of(ev, "choice") == [{"seat": 0, "kind": "ganglie", "value": "discard"}]
    [m] = moves(ev, "ganglie")
    assert sorted(c["id"] for c in m["cards"]) == sorted([peach, dodge])
    assert m["from"] == "hand" and m["from_seat"] == 0 and m["to"] == "discard"
    assert [d["target"] for d in of(ev, "damage")] == [1]  # no damage to Zhang Fei
    assert t.st.players[0].hand == [] and t.hp(0) == 4
    check_fold(t.g)


def test_ganglie_source_takes_the_damage_instead() -> None:
    t = Table(file="skills/ganglie.toml")
    t.play("slash", 1)
    t.trigger("ganglie", seat=1)
    t.expect("skill_cards", 0)
    t.reply(None)  # nil: take 1 damage
    ev = t.new()
    assert of(ev, "choice") == [{"seat": 0, "kind": "ganglie", "value": "damage"}]
    assert of(ev, "damage")[1] == {
        "source": 1,
        "target": 0,
        "amount": 1,
        "nature": "normal",
        "card": None,
        "hp": 3,
    }
    assert len(t.st.players[0].hand) == 2 and t.hp(0) == 3
    check_fold(t.g)


def test_ganglie_heart_does_nothing() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7", "peach", "dodge"]),
            seat("xiahoudun"),
            draw=["dodge/heart/13"],
        )
    )
    t.play("slash", 1)
    t.trigger("ganglie", seat=1)
    ev = t.new()
    assert of(ev, "judge_result")[0]["card"]["suit"] == "heart"
    assert of(ev, "judge_result")[0]["good"] is False
    assert not of(ev, "choice") and len(of(ev, "damage")) == 1
    t.expect("play", 0)  # no question to Zhang Fei
    assert len(t.st.players[0].hand) == 2
    check_fold(t.g)


def test_ganglie_without_a_source_judges_only() -> None:
    """Lightning damage has no source: the judgement still happens, nothing follows."""
    t = Table(
        std(
            lord("sunquan", hand=["peach", "peach"]),
            seat("xiahoudun", judge=["lightning/spade/1"]),
            seat("zhangfei", hand=["dodge", "dodge"]),
            turn=(1, "judge"),
            draw=["slash/spade/8", "slash/club/2"],
        )
    )
    q = t.expect("trigger", 1)
    assert q.options == ["ganglie", "pass"] and q.info["about"].get("source") is None
    t.trigger("ganglie", seat=1)
    ev = t.new()
    assert [j["reason"] for j in of(ev, "judge")] == ["lightning", "ganglie"]
    assert of(ev, "judge_result")[1]["good"] is True  # a club ...
    assert not of(ev, "choice") and len(of(ev, "damage")) == 1  # ... and nothing follows
    assert t.hp(1) == 1
    t.expect("play", 1)
    check_fold(t.g)


@pytest.mark.parametrize("hand", [["peach"], []])
def test_ganglie_short_handed_source_takes_damage_without_a_question_row26(
    hand: list[str],
) -> None:
    """§6 row 26: fewer than two hand cards -> the damage, no pointless prompt."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7", *hand]),
            seat("xiahoudun"),
            draw=["slash/club/2"],
        )
    )
    t.play("slash", 1)
    t.trigger("ganglie", seat=1)
    ev = t.new()
    assert of(ev, "choice") == [{"seat": 0, "kind": "ganglie", "value": "damage"}]
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 1), (1, 0)]
    assert t.hp(0) == 3 and t.hand_names(0) == hand
    t.expect("play", 0)  # Zhang Fei was never asked
    check_fold(t.g)


# --- Tuxi ------------------------------------------------------------------------------------


def _public_move(frm: int, to: int, reason: str) -> dict[str, Any]:
    return {
        "count": 1,
        "from": "hand",
        "from_seat": frm,
        "to": "hand",
        "to_seat": to,
        "reason": reason,
    }


def test_tuxi_takes_from_two_players_and_draws_nothing() -> None:
    t = Table(file="skills/tuxi.toml")
    r = t.expect("skill_targets", 0)  # its own question: no "trigger?" first
    assert r.info["skill"] == "tuxi" and r.cancel is True
    assert r.options == [1, 2] and (r.min, r.max) == (1, 2)  # seat 3 has no hand card
    t.reply([0, 1])
    ev = t.new()
    assert skills_fired(ev) == [(0, "tuxi")]
    taken = move_events(ev, "tuxi")
    assert [e.data["from_seat"] for e in taken] == [1, 2]  # in action order
    for e in taken:
        victim = e.data["from_seat"]
        assert e.data["to_seat"] == 0 and e.data["from"] == "hand"
        assert e.seats == (victim, 0)  # the owner and Zhang Liao only
        assert who_sees_cards(e, 4) == sorted((victim, 0))
        assert e.public == _public_move(victim, 0, "tuxi")
    assert taken[0].data["cards"][0]["id"] in (cid("slash", "spade", 7), cid("dodge", "heart", 2))
    assert taken[1].data["cards"][0]["id"] == cid("peach", "heart", 3)
    assert not of(ev, "draw")  # the draw phase draws nothing
    assert len(t.st.players[0].hand) == 2 and t.st.draw[0] == cid("duel", "spade", 1)
    assert len(t.st.players[1].hand) == 1 and t.st.players[2].hand == []
    t.expect("play", 0)
    check_fold(t.g)


def test_tuxi_from_one_player() -> None:
    t = Table(file="skills/tuxi.toml")
    t.expect("skill_targets", 0)
    t.reply([1])  # Huang Gai only
    ev = t.new()
    assert [e.data["from_seat"] for e in move_events(ev, "tuxi")] == [2]
    assert not of(ev, "draw")
    assert t.st.players[0].hand == [cid("peach", "heart", 3)]
    assert len(t.st.players[1].hand) == 2
    check_fold(t.g)


def test_tuxi_declined_draws_as_usual() -> None:
    t = Table(file="skills/tuxi.toml")
    t.reply(None)
    ev = t.new()
    assert not of(ev, "skill") and not move_events(ev, "tuxi")
    assert of(ev, "draw") == [
        {
            "seat": 0,
            "cards": [
                {"id": cid("duel", "spade", 1), "suit": "spade", "rank": 1, "name": "duel"},
                {
                    "id": cid("nullification", "spade", 11),
                    "suit": "spade",
                    "rank": 11,
                    "name": "nullification",
                },
            ],
            "reason": "draw_phase",
        }
    ]
    check_fold(t.g)


def test_tuxi_not_offered_when_nobody_has_a_hand_card() -> None:
    t = Table(
        std(
            lord("zhangliao"),
            seat("zhangfei", equip=["jueying"]),
            turn=(0, "draw"),
            draw=["duel/spade/1", "slash/spade/7"],
        )
    )
    ev = t.new()
    assert of(ev, "draw")[0]["seat"] == 0 and len(of(ev, "draw")[0]["cards"]) == 2
    assert not of(ev, "skill")
    t.expect("play", 0)
    check_fold(t.g)


def test_tuxi_card_is_random() -> None:
    taken = set()
    for s in range(1, 13):
        t = Table(file="skills/tuxi.toml", seed=s)
        t.reply([0])  # Zhang Fei only
        taken.add(NAME[t.st.players[0].hand[0]])
    assert taken == {"slash", "dodge"}


# --- Luoyi -----------------------------------------------------------------------------------


def test_luoyi_draws_one_fewer_and_adds_one_to_slash_and_duel() -> None:
    t = Table(file="skills/luoyi.toml")
    q = t.expect("trigger", 0)
    assert q.options == ["luoyi", "pass"] and q.info["timing"] == "draw_n"
    t.trigger("luoyi", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "luoyi")]
    assert of(ev, "mark") == [{"seat": 0, "name": "luoyi", "value": 1, "scope": "turn"}]
    [d] = of(ev, "draw")
    assert [c["id"] for c in d["cards"]] == [cid("peach", "heart", 3)]  # one card, not two
    t.play("slash", 1)
    ev = t.new()
    assert skills_fired(ev) == [(0, "luoyi")]
    assert [(x["target"], x["amount"], x["card"]["name"]) for x in of(ev, "damage")] == [
        (1, 2, "slash")
    ]
    t.play("savage_assault")  # not a Slash or Duel: no bonus
    ev = t.new()
    assert not of(ev, "skill")
    assert [(x["target"], x["amount"]) for x in of(ev, "damage")] == [(1, 1), (2, 1)]
    t.play("duel", 2)
    ev = t.new()
    assert skills_fired(ev) == [(0, "luoyi")]
    assert [(x["source"], x["target"], x["amount"]) for x in of(ev, "damage")] == [(0, 2, 2)]
    assert (t.hp(1), t.hp(2)) == (1, 1)
    check_fold(t.g)


def test_luoyi_declined_draws_two_and_no_bonus() -> None:
    t = Table(file="skills/luoyi.toml")
    t.trigger(None, seat=0)
    ev = t.new()
    assert len(of(ev, "draw")[0]["cards"]) == 2 and not of(ev, "mark")
    t.play("slash", 1)
    assert of(t.new(), "damage")[0]["amount"] == 1
    check_fold(t.g)


def test_luoyi_not_when_the_duel_damage_is_dealt_to_you() -> None:
    t = Table(
        std(
            lord("xuchu", hand=["duel/spade/1"]),
            seat("zhangfei", hand=["slash/spade/7"]),
            turn=(0, "draw"),
            draw=["peach/heart/3", "peach/heart/4"],
        )
    )
    t.trigger("luoyi", seat=0)
    t.play("duel", 1)
    t.respond("slash", seat=1)  # Xu Chu has no Slash: he loses the Duel
    ev = t.new()
    assert [(x["source"], x["target"], x["amount"]) for x in of(ev, "damage")] == [(1, 0, 1)]
    assert t.hp(0) == 3
    check_fold(t.g)


def test_luoyi_only_for_cards_you_used() -> None:
    """Xu Chu still carries the turn mark (set by the scenario) while Zhang Fei duels him and
    loses: Xu Chu is the source, but the Duel is not his, so no bonus."""
    t = Table(
        std(
            lord("zhangfei", hand=["duel/spade/1"]),
            seat("xuchu", hand=["slash/spade/7"], marks={"luoyi": 1}),
        )
    )
    t.play("duel", 1)
    t.respond("slash", seat=1)
    ev = t.new()
    assert not of(ev, "skill")
    assert [(x["source"], x["target"], x["amount"]) for x in of(ev, "damage")] == [(1, 0, 1)]
    check_fold(t.g)


def test_luoyi_only_this_turn() -> None:
    """The bonus ends with the turn: in Xu Chu's next turn (Luoyi not invoked) his Slash deals 1."""
    t = Table(
        std(
            lord("xuchu", hand=["slash/spade/7"]),
            seat("zhangfei"),
            turn=(0, "draw"),
            draw=["peach/heart/3", "jueying", "dilu", "peach/heart/4", "chitu"],
        )
    )
    t.trigger("luoyi", seat=0)
    assert t.st.players[0].marks == {"luoyi": 1}
    t.end_play()
    t.until("play", 1)
    assert "luoyi" not in t.st.players[0].marks  # cleared when Xu Chu's turn ended
    t.end_play()
    t.until("trigger", 0)  # Xu Chu's next draw phase: Luoyi offered again
    t.trigger(None, seat=0)
    t.new()
    t.play("slash", 1)
    ev = t.new()
    assert not of(ev, "skill") and of(ev, "damage")[0]["amount"] == 1
    assert t.hp(1) == 3
    check_fold(t.g)


# --- Tiandu ----------------------------------------------------------------------------------


def test_tiandu_takes_his_own_judgement_card_after_it_took_effect() -> None:
    t = Table(file="skills/tiandu.toml")
    spade = cid("slash", "spade", 7)
    q = t.expect("trigger", 0)
    assert q.options == ["tiandu", "pass"] and q.info["timing"] == "judge_finished"
    assert q.info["about"]["judgement"]["id"] == spade
    t.trigger("tiandu", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "tiandu")]
    order = [e.kind for e in ev if e.kind in ("judge_result", "skill", "phase_skip")]
    assert order == ["judge_result", "skill", "phase_skip"]  # it took effect first
    assert of(ev, "judge_result")[0]["good"] is False
    [m] = moves(ev, "tiandu")
    assert m["cards"][0]["id"] == spade and m["from"] == "processing" and m["to_seat"] == 0
    assert not moves(ev, "judged")  # nothing left for the discard pile
    assert spade in t.st.players[0].hand and spade not in t.st.discard
    check_fold(t.g)


def test_tiandu_declined_the_card_is_discarded() -> None:
    t = Table(file="skills/tiandu.toml")
    t.trigger(None, seat=0)
    ev = t.new()
    assert moves(ev, "judged")[0]["cards"][0]["id"] == cid("slash", "spade", 7)
    assert cid("slash", "spade", 7) in t.st.discard
    check_fold(t.g)


def test_tiandu_not_for_another_players_judgement() -> None:
    t = Table(
        std(
            lord("zhangfei", judge=["indulgence/spade/6"]),
            seat("guojia"),
            turn=(0, "judge"),
            draw=["slash/spade/7", "dodge/heart/2", "dodge/heart/13"],
        )
    )
    ev = t.new()
    assert of(ev, "judge_result")[0]["seat"] == 0 and not of(ev, "skill")
    assert cid("slash", "spade", 7) in t.st.discard
    check_fold(t.g)


def test_tiandu_takes_the_card_guicai_put_in() -> None:
    """Sima Yi replaces Guo Jia's judgement card; Guo Jia takes Sima Yi's card."""
    t = Table(
        std(
            lord("guojia", judge=["indulgence/spade/6"]),
            seat("simayi", hand=["slash/club/2"]),
            turn=(0, "judge"),
            draw=["dodge/heart/2", "dodge/heart/13", "peach/heart/3"],
        )
    )
    club = cid("slash", "club", 2)
    t.expect("skill_cards", 1)
    t.reply([0])
    q = t.expect("trigger", 0)
    assert q.info["about"]["judgement"]["id"] == club
    t.trigger("tiandu", seat=0)
    ev = t.new()
    assert moves(ev, "retrial")[0]["cards"][0]["id"] == cid("dodge", "heart", 2)
    assert moves(ev, "tiandu")[0]["cards"][0]["id"] == club
    assert of(ev, "phase_skip")  # the club took effect: the play phase is skipped
    assert club in t.st.players[0].hand
    check_fold(t.g)


# --- Yiji ------------------------------------------------------------------------------------


def test_yiji_gives_the_top_two_cards_out_hidden_from_others() -> None:
    t = Table(file="skills/yiji.toml")
    peach, dodge = cid("peach", "heart", 3), cid("dodge", "heart", 2)
    t.play("slash", 1)
    t.trigger("yiji", seat=1)
    ev = t.new()
    # Guo Jia alone looks at the two cards
    [peek] = [e for e in ev if e.kind == "peek"]
    assert peek.seats == (1,)
    assert [c["id"] for c in peek.data["cards"]] == [peach, dodge]
    assert peek.public == {"seat": 1, "count": 2, "reason": "yiji"}
    assert who_sees_cards(peek, 3) == [1]
    r = t.expect("skill_arrange", 1)
    assert [o["id"] for o in r.options] == [peach, dodge]
    assert [(p["seat"], p["min"], p["max"]) for p in r.piles] == [(1, 0, 2), (2, 0, 2), (0, 0, 2)]
    t.reply([0, -1, 1, -1])  # the Peach to himself, the Dodge to Huang Gai (seat 2)
    ev = t.new()
    mine, given = move_events(ev, "yiji")
    assert mine.data["cards"][0]["id"] == peach and mine.data["to_seat"] == 1
    assert mine.seats == (1,)
    assert given.data["cards"][0]["id"] == dodge and given.data["to_seat"] == 2
    assert given.seats == (2, 1)  # the receiver and Guo Jia, who knows the card
    assert who_sees_cards(mine, 3) == [1] and who_sees_cards(given, 3) == [1, 2]
    for e in (mine, given):
        assert e.data["from"] == "draw" and e.public is not None and "cards" not in e.public
        assert e.public["count"] == 1 and e.public["to_seat"] == e.data["to_seat"]
    assert t.st.players[1].hand == [peach] and t.st.players[2].hand == [dodge]
    t.expect("play", 0)  # one point of damage: one invocation
    check_fold(t.g)


def test_yiji_may_give_both_cards_to_one_other_player() -> None:
    t = Table(file="skills/yiji.toml")
    t.play("slash", 1)
    t.trigger("yiji", seat=1)
    t.reply([-1, -1, 1, 0])  # both to Zhang Fei (seat 0), in the order the player put them
    ev = t.new()
    [m] = move_events(ev, "yiji")
    assert m.data["to_seat"] == 0 and m.seats == (0, 1)
    assert sorted(c["id"] for c in m.data["cards"]) == sorted(
        [cid("peach", "heart", 3), cid("dodge", "heart", 2)]
    )
    assert t.st.players[1].hand == [] and len(t.st.players[0].hand) == 2
    check_fold(t.g)


def test_yiji_default_keeps_both() -> None:
    t = Table(file="skills/yiji.toml")
    t.play("slash", 1)
    t.trigger("yiji", seat=1)
    t.default()
    assert sorted(t.hand_names(1)) == ["dodge", "peach"]
    check_fold(t.g)


def test_yiji_piles_are_the_living_players_from_guo_jia() -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("guojia"),
            seat("huanggai", alive=False),
            seat("ganning"),
            draw=["peach/heart/3", "dodge/heart/2"],
        )
    )
    t.play("slash", 1)
    t.trigger("yiji", seat=1)
    r = t.expect("skill_arrange", 1)
    assert [p["seat"] for p in r.piles] == [1, 3, 0]  # the dead seat 2 gets no pile
    t.reply([-1, 0, 1, -1])  # both to Gan Ning
    ev = t.new()
    [m] = move_events(ev, "yiji")
    assert m.data["to_seat"] == 3 and who_sees_cards(m, 4) == [1, 3]
    assert len(t.st.players[3].hand) == 2
    check_fold(t.g)


def test_yiji_once_per_point_of_damage_row35() -> None:
    """§6 row 35: Xu Chu's Luoyi Slash deals 2 damage -> two separate invocations, each
    looking at a fresh top two."""
    t = Table(
        std(
            lord("xuchu", hand=["slash/spade/7"], marks={"luoyi": 1}),
            seat("guojia"),
            draw=["peach/heart/3", "dodge/heart/2", "jueying", "dilu"],
        )
    )
    t.play("slash", 1)
    assert t.hp(1) == 1
    for batch in (["peach", "dodge"], ["jueying", "dilu"]):
        q = t.expect("trigger", 1)
        assert q.options == ["yiji", "pass"] and q.info["about"]["amount"] == 2
        t.trigger("yiji", seat=1)
        ev = t.new()
        assert [c["name"] for c in of(ev, "peek")[0]["cards"]] == batch
        t.expect("skill_arrange", 1)
        t.default()
    assert len(t.events("peek")) == 2
    t.expect("play", 0)  # no third invocation
    assert sorted(t.hand_names(1)) == ["dilu", "dodge", "jueying", "peach"]
    check_fold(t.g)


def test_yiji_three_times_and_tiandu_on_lightning_row35() -> None:
    """Lightning: Tiandu takes the judgement card, then 3 damage gives Yiji three times."""
    t = Table(
        std(
            lord("guojia", hp=4, max_hp=4, judge=["lightning/spade/1"]),
            seat("zhangfei"),
            turn=(0, "judge"),
            draw=[
                "slash/spade/8",  # the Lightning hits
                *("peach/heart/3", "dodge/heart/2", "jueying", "dilu", "chitu", "dayuan"),
                *("duel/spade/1", "duel/club/1"),  # the draw phase
            ],
        )
    )
    t.trigger("tiandu", seat=0)
    for _ in range(3):
        t.trigger("yiji", seat=0)
        t.default()
    t.expect("play", 0)  # no fourth invocation
    ev = t.new()
    assert skills_fired(ev) == [(0, "tiandu"), (0, "yiji"), (0, "yiji"), (0, "yiji")]
    assert moves(ev, "tiandu")[0]["cards"][0]["id"] == cid("slash", "spade", 8)
    assert sum(len(m["cards"]) for m in moves(ev, "yiji")) == 6
    assert t.hp(0) == 1 and len(t.st.players[0].hand) == 1 + 6 + 2  # + the draw phase
    check_fold(t.g)


# --- Luoshen ---------------------------------------------------------------------------------


def test_luoshen_repeats_takes_each_black_card_at_once_and_stops_at_red() -> None:
    t = Table(file="skills/luoshen.toml")
    spade, club, heart = cid("slash", "spade", 7), cid("slash", "club", 2), cid("peach", "heart", 3)
    q = t.expect("trigger", 0)
    assert q.options == ["luoshen", "pass"] and q.info["about"]["phase"] == "prepare"
    t.trigger("luoshen", seat=0)
    r = t.expect("skill_choice", 0)
    assert r.options == ["again", "stop"] and r.default == 1 and r.info["skill"] == "luoshen"
    # the first black card is already in her hand when she is asked to go on
    assert t.st.players[0].hand == [spade]
    ev = t.new()
    assert [m["cards"][0]["id"] for m in moves(ev, "luoshen")] == [spade]
    assert of(ev, "judge_result")[0]["good"] is True
    t.reply(0)
    assert t.st.players[0].hand == [spade, club]
    t.expect("skill_choice", 0)
    t.reply(0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "luoshen"), (0, "luoshen")]
    assert [m["cards"][0]["id"] for m in moves(ev, "luoshen")] == [club]
    assert [r["good"] for r in of(ev, "judge_result")] == [True, False]
    assert moves(ev, "judged")[-1]["cards"][0]["id"] == heart  # the red card is discarded
    assert heart in t.st.discard
    # no further question: the judge phase and the draw phase follow
    t.expect("play", 0)
    assert t.st.players[0].hand[:2] == [spade, club]
    check_fold(t.g)


def test_luoshen_stops_when_she_declines_to_go_on() -> None:
    t = Table(file="skills/luoshen.toml")
    t.trigger("luoshen", seat=0)
    t.expect("skill_choice", 0)
    t.reply(1)  # stop
    ev = t.new()
    assert len(of(ev, "judge")) == 1
    t.expect("play", 0)
    # the club was not judged: the draw phase drew it with the heart
    assert t.st.players[0].hand == [
        cid("slash", "spade", 7),
        cid("slash", "club", 2),
        cid("peach", "heart", 3),
    ]
    check_fold(t.g)


def test_luoshen_red_first_takes_nothing() -> None:
    t = Table(
        std(
            lord("zhenji"),
            seat("zhangfei"),
            turn=(0, "prepare"),
            draw=["peach/heart/3", "slash/spade/7", "slash/club/2"],
        )
    )
    t.trigger("luoshen", seat=0)
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is False and not moves(ev, "luoshen")
    assert cid("peach", "heart", 3) in t.st.discard
    t.expect("play", 0)  # no "again?" question
    assert t.hand_names(0) == ["slash", "slash"]  # the draw phase
    check_fold(t.g)


def test_luoshen_not_offered_outside_the_prepare_phase() -> None:
    t = Table(std(lord("zhenji"), seat("zhangfei"), turn=(0, "judge"), draw=["slash/spade/7"]))
    t.expect("play", 0)
    assert not of(t.new(), "skill")
    check_fold(t.g)


# --- Qingguo ---------------------------------------------------------------------------------


def test_qingguo_black_hand_card_used_as_dodge() -> None:
    t = Table(file="skills/qingguo.toml")
    club, duel = cid("slash", "club", 2), cid("duel", "spade", 1)
    t.play("slash", 1)
    r = t.expect("respond", 1)
    assert r.info["mode"] == "use" and r.info["reason"] == "slash"
    assert r.options == [
        {"kind": "view_as", "skill": "qingguo", "card": "dodge"},
        {"kind": "decline"},
    ]
    t.reply(0)
    r = t.expect("view_as_cards", 1)
    # only the black hand cards: not the red Peach, not the black horse in the equipment area
    assert sorted(o["id"] for o in r.options) == sorted([club, duel])
    assert (r.min, r.max, r.cancel) == (1, 1, True)
    t.reply([r.options.index(next(o for o in r.options if o["id"] == club))])
    ev = t.new()
    [resp] = of(ev, "respond")
    assert resp["seat"] == 1 and resp["skill"] == "qingguo" and resp["mode"] == "use"
    assert resp["card"] == {"name": "dodge", "suit": "club", "color": "black", "rank": 2}
    assert [c["id"] for c in resp["subcards"]] == [club]
    assert of(ev, "slash_missed") == [{"source": 0, "target": 1}] and t.hp(1) == 3
    check_fold(t.g)


def test_qingguo_black_hand_card_played_as_dodge() -> None:
    t = Table(file="skills/qingguo.toml")
    duel = cid("duel", "spade", 1)
    t.play("archery_attack")
    r = t.expect("respond", 1)
    assert r.info["mode"] == "play" and r.info["reason"] == "archery_attack"
    t.convert("qingguo", "dodge", duel)
    ev = t.new()
    [resp] = of(ev, "respond")
    assert resp["skill"] == "qingguo" and resp["mode"] == "play"
    assert resp["subcards"][0]["id"] == duel
    assert not of(ev, "damage") and t.hp(1) == 3
    check_fold(t.g)


def test_qingguo_declining_back_at_the_card_choice() -> None:
    """Backing out of the card choice returns to the respond request."""
    t = Table(file="skills/qingguo.toml")
    t.play("slash", 1)
    t.reply(0)
    t.expect("view_as_cards", 1)
    t.reply(None)
    t.respond(None, seat=1)
    assert of(t.new(), "damage")[0]["target"] == 1 and t.hp(1) == 2
    check_fold(t.g)


def test_qingguo_not_red_cards_not_equipment() -> None:
    """Only a red hand card and a black horse: Zhen Ji cannot produce a Dodge, so she is not
    even asked."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"]),
            seat("zhenji", hand=["peach/heart/3"], equip=["dayuan"]),
        )
    )
    t.play("slash", 1)
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 1
    t.expect("play", 0)
    check_fold(t.g)


def test_qingguo_is_not_offered_at_the_play_menu() -> None:
    """A Dodge cannot be used actively: no Qingguo option in Zhen Ji's play phase."""
    t = Table(std(lord("zhenji", hand=["slash/club/2"]), seat("zhangfei")))
    r = t.expect("play", 0)
    assert not [o for o in r.options if o.get("skill") == "qingguo"]
    assert not [o for o in r.options if o["kind"] == "view_as"]
    check_fold(t.g)


# --- §6 row 9: after-damage skills of a player who dies from that damage ----------------------

AFTER_DAMAGE = [
    ("caocao", "jianxiong"),
    ("simayi", "fankui"),
    ("xiahoudun", "ganglie"),
    ("guojia", "yiji"),
]


@pytest.mark.parametrize(("general", "skill"), AFTER_DAMAGE)
def test_after_damage_skill_does_not_fire_for_a_player_who_died_row9(
    general: str, skill: str
) -> None:
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"], equip=["jueying"]),
            seat(general, hp=1),
            seat("huanggai"),
        )
    )
    t.play("slash", 1)
    ev = t.new()
    assert [e.kind for e in ev if e.kind in ("damage", "dying", "death")] == [
        "damage",
        "dying",
        "death",
    ]
    assert of(ev, "death")[0]["seat"] == 1
    assert not of(ev, "skill") and not of(ev, "judge")
    assert of(ev, "reward") == [{"seat": 0, "kind": "rebel_killed", "victim": 1}]
    t.expect("play", 0)  # the dead player was never asked: this is the next request
    check_fold(t.g)


@pytest.mark.parametrize(("general", "skill"), AFTER_DAMAGE)
def test_after_damage_skill_fires_after_a_rescue_row9(general: str, skill: str) -> None:
    """The counterpart: saved by a Peach inside the damage, the player's skill fires after."""
    t = Table(
        std(
            lord("zhangfei", hand=["slash/spade/7"], equip=["jueying"]),
            seat(general, hp=1),
            seat("huanggai", hand=["peach"]),
        )
    )
    t.play("slash", 1)
    t.respond("peach", seat=2)
    ev = t.new()
    assert [e.kind for e in ev if e.kind in ("damage", "dying", "recover")] == [
        "damage",
        "dying",
        "recover",
    ]
    q = t.expect("trigger", 1)
    assert q.options == [skill, "pass"] and q.info["timing"] == "damaged"
    check_fold(t.g)


WEI = (
    "jianxiong", "hujia", "guicai", "fankui", "ganglie", "tuxi", "luoyi", "tiandu", "yiji",
    "luoshen", "qingguo",
)  # fmt: skip


@pytest.mark.parametrize("skill", WEI)
def test_skill_file_plays_to_the_end(skill: str) -> None:
    """Each skill's scenario file starts a game that default replies play to the end."""
    t = Table(file=f"skills/{skill}.toml")
    assert index_of(t.st).catalogue[skill].id == skill
    assert any(skill in p.skills for p in t.st.players)
    t.finish()
    assert t.g.outcome is not None
    check_fold(t.g)
