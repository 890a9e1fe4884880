"""Scenario tests: every weapon, armor and horse (§2.6, §4.5, §6 rows 14-17, 31-33)."""

from __future__ import annotations

import pytest
from sanguosha_support import Table, check_fold, cid, lord, of, scen, seat

from game_agent.games.sanguosha.cards import DECK, VCard, color_of, converted
from game_agent.games.sanguosha.distance import attack_range, distance
from game_agent.games.sanguosha.equipment import halberd_targets as halberd
from game_agent.games.sanguosha.skill import ANY_MODE, Skill, ViewAs
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.skills import SkillText


def test_equipping_replaces_the_old_card() -> None:
    t = Table(scen(lord(hand=["blade"], equip=["crossbow/club/1"]), seat()))
    t.play("blade")
    mv = of(t.new(), "move")
    assert [(m["reason"], m["cards"][0]["name"]) for m in mv] == [
        ("replaced", "crossbow"),
        ("equip", "blade"),
    ]
    assert t.st.players[0].equip == {"weapon": cid("blade", "spade", 5)}


def test_crossbow_lifts_the_slash_limit() -> None:
    t = Table(scen(lord(hand=["slash", "slash"], equip=["crossbow"]), seat(hp=4)))
    t.play("slash", 1)
    t.play("slash", 1)
    assert t.hp(1) == 2 and t.st.players[0].marks["slash_used"] == 2


def test_double_swords_opposite_gender() -> None:
    text = scen(
        lord("caocao", hand=["slash"], equip=["double_swords"]), seat("diaochan", hand=["peach"])
    )
    t = Table(text)
    t.play("slash", 1)
    t.trigger("double_swords", seat=0)
    r = t.expect("double_swords", 1)
    assert r.options == ["discard", "let_draw"]
    t.reply(0)
    t.expect("discard", 1)
    t.reply([0])
    ev = t.new()
    assert of(ev, "choice")[0]["value"] == "discard"
    assert t.st.players[1].hand == []
    # same gender: not offered
    t = Table(
        scen(
            lord("caocao", hand=["slash"], equip=["double_swords"]), seat("guanyu", hand=["dodge"])
        )
    )
    t.play("slash", 1)
    t.expect("respond", 1)


def test_double_swords_empty_hand_lets_the_user_draw() -> None:
    t = Table(
        scen(
            lord("caocao", hand=["slash"], equip=["double_swords"]),
            seat("diaochan"),
            draw=["peach/heart/3"],
        )
    )
    t.play("slash", 1)
    t.trigger("double_swords", seat=0)
    ev = t.new()
    assert of(ev, "choice")[0]["value"] == "let_draw"
    assert t.hand_names(0) == ["peach"]


def test_qinggang_ignores_eight_diagram_row32_and_only_for_that_slash_row31() -> None:
    t = Table(
        scen(
            lord(hand=["slash", "archery_attack"], equip=["qinggang_sword"]),
            seat(equip=["eight_diagram/spade/2"], hand=["dodge"]),
            draw=["dodge/heart/2", "dodge/heart/13"],
        )
    )
    t.play("slash", 1)
    assert of(t.new(), "skill") == [{"seat": 0, "name": "qinggang_sword"}]
    t.expect("respond", 1)  # no Eight Diagram question
    t.respond(None, seat=1)
    # the next card: the armor works again
    t.play("archery_attack")
    question = t.expect("trigger", 1)
    # the question says what it is about: a Dodge asked of seat 1 by Archery Attack from seat 0
    about = question.info["about"]
    assert about["asked"] == "dodge" and about["seat"] == 1 and about["source"] == 0
    assert question.info["timing"] == "card_asked"
    t.trigger("eight_diagram", seat=1)
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is True
    assert of(ev, "respond")[0]["skill"] == "eight_diagram"


def test_qinggang_against_nioh_shield() -> None:
    t = Table(
        scen(lord(hand=["slash/spade/7"], equip=["qinggang_sword"]), seat(equip=["nioh_shield"]))
    )
    t.play("slash", 1)
    ev = t.new()
    assert not of(ev, "no_effect") and of(ev, "damage")


def test_nioh_shield_blocks_black_slashes_only() -> None:
    t = Table(
        scen(
            lord(hand=["slash/spade/7", "slash/heart/10"], equip=["crossbow"]),
            seat(equip=["nioh_shield"], hand=["dodge"]),
        )
    )
    t.play("slash", 1, card_id=cid("slash", "spade", 7))
    ev = t.new()
    assert of(ev, "no_effect")[0]["reason"] == "nioh_shield" and not of(ev, "damage")
    t.play("slash", 1)
    t.expect("respond", 1)


def test_eight_diagram_failure_falls_back_to_a_real_dodge() -> None:
    t = Table(
        scen(
            lord(hand=["slash/club/8"]),
            seat(equip=["eight_diagram/spade/2"], hand=["dodge"]),
            draw=["slash/spade/7"],
        )
    )
    t.play("slash", 1)
    t.trigger("eight_diagram", seat=1)
    t.respond("dodge", seat=1)
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is False
    assert of(ev, "slash_missed")


def test_ice_sword_prevents_damage_and_discards_two() -> None:
    t = Table(
        scen(lord(hand=["slash"], equip=["ice_sword"]), seat(hand=["peach"], equip=["jueying"]))
    )
    t.play("slash", 1)
    t.trigger("ice_sword", seat=0)
    t.expect("pick_card", 0)
    t.reply(1)  # the horse first, then the only hand card (no question left)
    ev = t.new()
    assert not of(ev, "damage") and t.hp(1) == 4
    assert [m["reason"] for m in of(ev, "move")].count("ice_sword") == 2
    assert t.st.players[1].hand == [] and t.st.players[1].equip == {}


def test_blade_follow_up_slash_is_not_counted_row17() -> None:
    t = Table(
        scen(
            lord(hand=["slash", "slash", "slash"], equip=["blade"]),
            seat(hand=["dodge"], equip=["jueying"]),
            seat(),
            seat(),
        )
    )
    t.play("slash", 1).respond("dodge", seat=1)
    r = t.expect("respond", 0)
    assert r.info["reason"] == "blade" and r.info["target"] == 1
    t.respond("slash", seat=0)
    ev = t.new()
    uses = of(ev, "use")
    assert [u["counted"] for u in uses] == [True, False]
    assert of(ev, "damage")[0]["target"] == 1
    assert t.st.players[0].marks["slash_used"] == 1


def test_axe_forces_the_hit() -> None:
    t = Table(scen(lord(hand=["slash", "peach", "dodge"], equip=["axe"]), seat(hand=["dodge"])))
    t.play("slash", 1).respond("dodge", seat=1)
    r = t.expect("axe", 0)
    assert r.form == "subset" and r.min == r.max == 2 and r.cancel
    t.reply([0, 1])
    ev = t.new()
    assert of(ev, "damage")[0]["target"] == 1


def test_spear_two_hand_cards_as_a_slash_and_colour_row33() -> None:
    # mixed colours: colourless, not stopped by Nioh Shield
    t = Table(
        scen(
            lord(hand=["peach/heart/3", "dodge/diamond/2", "duel/spade/1"], equip=["spear"]),
            seat(equip=["nioh_shield"]),
        )
    )
    i = t.option_index(lambda o: o["kind"] == "view_as" and o["skill"] == "spear")
    t.reply(i)
    r = t.expect("view_as_cards", 0)
    assert r.min == r.max == 2 and r.cancel
    t.reply([0, 2])  # peach (red) + duel (black)
    t.choose_targets(1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"] == {"name": "slash", "suit": "none", "color": "none", "rank": 0}
    assert use["skill"] == "spear" and len(use["subcards"]) == 2
    assert not of(ev, "no_effect")
    # two black cards: black, blocked
    t = Table(
        scen(
            lord(hand=["slash/spade/7", "duel/spade/1"], equip=["spear"]),
            seat(equip=["nioh_shield"]),
        )
    )
    t.reply(t.option_index(lambda o: o["kind"] == "view_as"))
    t.reply([0, 1])
    t.choose_targets(1)
    assert of(t.new(), "no_effect")


def test_spear_answers_a_duel() -> None:
    t = Table(scen(lord(hand=["duel"]), seat(hand=["peach", "dodge"], equip=["spear"])))
    t.play("duel", 1)
    r = t.expect("respond", 1)
    assert [o["kind"] for o in r.options] == ["view_as", "decline"]
    t.reply(0)
    t.reply([0, 1])
    assert of(t.new(), "respond")[0]["skill"] == "spear"


def test_halberd_last_hand_card_allows_three_targets_row16() -> None:
    t = Table(scen(lord(hand=["slash"], equip=["halberd"]), seat(), seat(), seat(), seat()))
    t.play("slash")
    r = t.expect("targets", 0)
    assert r.max == 3
    t.reply([0, 1, 2])
    assert of(t.new(), "use")[0]["targets"] == [1, 2, 3]
    t = Table(scen(lord(hand=["slash", "dodge"], equip=["halberd"]), seat(), seat(), seat()))
    t.play("slash")
    assert t.expect("targets", 0).max == 1


def test_halberd_counts_a_spear_slash_of_the_last_two_cards_row16() -> None:
    t = Table(scen(lord(hand=["peach", "dodge"], equip=["halberd"]), seat()))
    hand = tuple(t.st.players[0].hand)
    assert halberd(t.st, 0, converted("slash", hand, "spear")) == 2
    assert halberd(t.st, 0, converted("slash", hand[:1], "spear")) == 0


def test_kylin_bow_discards_a_horse() -> None:
    t = Table(scen(lord(hand=["slash"], equip=["kylin_bow"]), seat(equip=["jueying", "chitu"])))
    t.play("slash", 1)
    r = t.expect("kylin_bow", 0)
    assert [o.get("name") for o in r.options] == ["jueying", "chitu", None]
    t.reply(1)
    ev = t.new()
    assert [m["cards"][0]["name"] for m in of(ev, "move") if m["reason"] == "kylin_bow"] == [
        "chitu"
    ]
    assert of(ev, "damage")


def test_horses_change_distance_not_range() -> None:
    t = Table(scen(lord(hand=["slash"]), seat(equip=["jueying"]), seat(), seat(), seat()))
    st = t.st
    assert distance(st, 0, 1) == 2 and distance(st, 1, 0) == 1
    assert t.expect("play", 0).options[0]["targets"] == [4]
    t = Table(scen(lord(hand=["slash"], equip=["chitu"]), seat(), seat(), seat(), seat()))
    assert distance(t.st, 0, 2) == 1 and attack_range(t.st, 0) == 1
    assert t.expect("play", 0).options[0]["targets"] == [1, 2, 3, 4]


def _red_cards(st: State, seat: int) -> list[int]:
    p = st.players[seat]
    return [c for c in p.hand + list(p.equip.values()) if color_of(DECK[c][0]) == "red"]


# A test conversion (like Wusheng): any red card in hand or equipment as a Slash.
RED_SLASH = Skill(
    SkillText("red_slash", "Red Slash", "", "conversion", "test"),
    views=(ViewAs("slash", ANY_MODE, _red_cards),),
)


def test_spent_weapon_range_is_recomputed_row14() -> None:
    t = Table(
        scen(lord(equip=["kylin_bow"], skills=["red_slash"]), seat(), seat(), seat(), seat()),
        extra=(RED_SLASH,),
    )
    kylin = t.st.players[0].equip["weapon"]
    assert attack_range(t.st, 0) == 5 and attack_range(t.st, 0, frozenset({kylin})) == 1
    t.reply(t.option_index(lambda o: o["kind"] == "view_as"))
    t.reply([0])
    assert t.expect("targets", 0).options == [1, 4]  # range 1 once the bow is spent


def test_crossbow_made_into_a_slash_obeys_the_limit_row15() -> None:
    t = Table(
        scen(lord(hand=["slash"], equip=["crossbow/diamond/1"], skills=["red_slash"]), seat(hp=4)),
        extra=(RED_SLASH,),
    )
    t.play("slash", 1)
    # the Crossbow itself would be the only sub-card: that Slash obeys the normal limit, so
    # the conversion is not even offered
    assert not [o for o in t.expect("play", 0).options if o["kind"] == "view_as"]
    assert len(t.events("use")) == 1
    check_fold(t.g)


def test_virtual_card_colour() -> None:
    assert VCard("slash", "none", "none", 0, ()).desc()["color"] == "none"


@pytest.mark.parametrize(
    "name, slot",
    [(n, k.slot) for n, k in KINDS.items() if k.type == "equip"],
)
def test_every_equipment_card_goes_to_its_slot(name: str, slot: str) -> None:
    t = Table(scen(lord(hand=[name]), seat()))
    t.play(name)
    mv = of(t.new(), "move")[-1]
    assert mv["to"] == "equip" and mv["to_seat"] == 0 and mv["cards"][0]["name"] == name
    assert list(t.st.players[0].equip) == [slot]


@pytest.mark.parametrize("horse", ["jueying", "dilu", "zhuahuangfeidian"])
def test_every_plus_horse(horse: str) -> None:
    t = Table(scen(lord(), seat(equip=[horse]), seat(), seat()))
    assert distance(t.st, 0, 1) == 2 and distance(t.st, 1, 0) == 1


@pytest.mark.parametrize("horse", ["chitu", "dayuan", "zixing"])
def test_every_minus_horse(horse: str) -> None:
    t = Table(scen(lord(equip=[horse]), seat(), seat(), seat(), seat()))
    assert distance(t.st, 0, 2) == 1 and distance(t.st, 2, 0) == 2
    assert distance(t.st, 0, 1) == 1  # never below 1


def test_blade_chains_while_the_follow_ups_are_dodged() -> None:
    t = Table(
        scen(
            lord(hand=["slash", "slash", "slash"], equip=["blade"]),
            seat(hand=["dodge", "dodge"], hp=4),
        )
    )
    t.play("slash", 1).respond("dodge", seat=1)
    t.respond("slash", seat=0)  # Blade: a second Slash
    t.respond("dodge", seat=1)
    r = t.expect("respond", 0)  # dodged again: Blade is offered again
    assert r.info["reason"] == "blade"
    t.respond("slash", seat=0)
    ev = t.new()
    assert [u["counted"] for u in of(ev, "use")] == [True, False, False]
    assert of(ev, "damage")[0]["target"] == 1 and t.hp(1) == 3
    check_fold(t.g)
