"""Scenario tests: the Shu generals' skills (rules §3.2 Shu) and §6 rows 14, 15, 16, 18, 28.

Every test plays with `skills = "standard"` (each general has its own skills); the other seats
are generals whose skills stay out of the way on somebody else's turn (Huang Gai, Sun Quan, Lü
Meng, Gan Ning, Zhang Liao ...). Each skill has a scenario file in `scenarios/skills/`.
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
    moves,
    of,
    seat,
    skills_fired,
    std,
)

from game_agent.engine import Event, view_for
from game_agent.games.sanguosha.cards import DECK, NAME
from game_agent.games.sanguosha.distance import attack_range, distance
from game_agent.games.sanguosha.knowledge import audit_game, card_ids


def views_in(t: Table) -> list[str]:
    """The conversions offered by the pending `play` or `respond` request."""
    return [o["skill"] for o in t.req.options if o.get("kind") == "view_as"]


def menu_cards(t: Table) -> list[str]:
    """The real cards offered at the pending play menu."""
    t.expect("play")
    return [o["card"]["name"] for o in t.req.options if o["kind"] == "card"]


def menu_targets(t: Table, name: str, skill: str = "") -> list[int]:
    """The legal targets the play menu lists for a card (or a conversion `skill`)."""
    t.expect("play")
    for o in t.req.options:
        if skill and o["kind"] == "view_as" and o["skill"] == skill:
            return list(o["targets"])
        if not skill and o["kind"] == "card" and o["card"]["name"] == name:
            return list(o["targets"])
    raise AssertionError(f"{name or skill} is not offered: {t.req.options}")


def hidden_from_others(ev: Event, allowed: tuple[int, ...], seats: int) -> None:
    """A hidden event: full form only to `allowed`, a public form naming no card to the rest."""
    assert ev.seats == allowed
    assert ev.public is not None and card_ids(ev.public) == set()
    for s in range(seats):
        seen = view_for(ev, s)
        if s in allowed:
            assert seen == ev.data
        else:
            assert seen == ev.public
    assert view_for(ev, -1) == ev.public  # a spectator


# --- Rende -----------------------------------------------------------------------------------


def rende(t: Table, cards: list[int], to: int) -> Table:
    """Liu Bei gives `cards` to `to` with Rende (from the play menu)."""
    t.use_skill("rende")
    r = t.expect("skill_cards")
    assert r.info["skill"] == "rende"
    t.reply([i for i, c in enumerate(r.options) if c["id"] in cards])
    r = t.expect("skill_targets")
    return t.reply([r.options.index(to)])


def test_rende_repeated_gifts_recover_only_the_first_time_two_is_reached() -> None:
    t = Table(file="skills/rende.toml")
    slash, dodge, duel = cid("slash", "spade", 7), cid("dodge", "heart", 2), cid("duel", "spade", 1)
    rende(t, [slash], 1)
    ev = t.new()
    assert skills_fired(ev) == [(0, "rende")]
    assert [(m["to_seat"], [c["id"] for c in m["cards"]]) for m in moves(ev, "rende")] == [
        (1, [slash])
    ]
    assert not of(ev, "recover") and t.hp(0) == 2
    assert t.st.players[0].marks["rende_given"] == 1
    assert t.st.players[1].hand == [slash]

    rende(t, [dodge], 2)  # to somebody else: the total reaches two
    ev = t.new()
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 3, "source": 0}]
    assert t.hp(0) == 3 and t.st.players[0].marks["rende_given"] == 2

    rende(t, [duel], 3)  # three given: no second recovery
    ev = t.new()
    assert skills_fired(ev) == [(0, "rende")] and not of(ev, "recover")
    assert t.hp(0) == 3 and t.st.players[0].marks["rende_given"] == 3
    assert t.st.players[3].hand == [duel]
    t.expect("play", 0)
    check_fold(t.g)


def test_rende_gift_is_seen_by_giver_and_receiver_only() -> None:
    t = Table(file="skills/rende.toml")
    rende(t, [cid("slash", "spade", 7), cid("dodge", "heart", 2)], 2)
    gifts = [e for e in t.new() if e.kind == "move" and e.data["reason"] == "rende"]
    assert len(gifts) == 1
    hidden_from_others(gifts[0], (0, 2), 4)
    assert gifts[0].public == {
        "count": 2,
        "from": "hand",
        "from_seat": 0,
        "to": "hand",
        "to_seat": 2,
        "reason": "rende",
    }
    assert audit_game(t.g) == []
    check_fold(t.g)


def test_rende_two_cards_in_one_gift_recover() -> None:
    t = Table(std(lord("liubei", hp=3, hand=["slash", "dodge", "peach"]), seat("huanggai")))
    rende(t, [c for c in t.st.players[0].hand if NAME[c] != "peach"], 1)
    ev = t.new()
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 4, "source": 0}]
    assert sorted(t.hand_names(1)) == ["dodge", "slash"]
    check_fold(t.g)


def test_rende_when_not_wounded_recovers_nothing() -> None:
    t = Table(std(lord("liubei", hand=["slash", "dodge"]), seat("huanggai")))
    rende(t, list(t.st.players[0].hand), 1)
    ev = t.new()
    assert skills_fired(ev) == [(0, "rende")] and not of(ev, "recover")
    assert t.hp(0) == 4 and t.st.players[0].marks["rende_given"] == 2
    # with no hand card left, Rende is no longer offered
    assert not [o for o in t.req.options if o["kind"] == "skill"]
    check_fold(t.g)


def test_rende_unwounded_at_two_no_recovery_later_in_the_phase() -> None:
    """The total reached two while Liu Bei was unwounded: that was the first time, so after he
    is hurt later in the phase, giving more recovers nothing."""
    t = Table(
        std(
            lord("liubei", hand=["peach", "dodge", "duel/spade/1", "slash/club/2"]),
            seat("huanggai", hand=["slash/spade/7"]),
        )
    )
    rende(t, [c for c in t.st.players[0].hand if NAME[c] in ("peach", "dodge")], 1)
    assert not of(t.new(), "recover") and t.st.players[0].marks["rende_given"] == 2
    t.play("duel", 1)
    t.respond("slash", seat=1)
    t.respond(None, seat=0)  # Liu Bei keeps his Slash and takes the damage
    assert t.hp(0) == 3
    rende(t, [cid("slash", "club", 2)], 1)
    ev = t.new()
    assert skills_fired(ev) == [(0, "rende")] and not of(ev, "recover") and t.hp(0) == 3
    assert t.st.players[0].marks["rende_given"] == 3
    check_fold(t.g)


def test_rende_count_carries_within_the_phase() -> None:
    """One card was given earlier this play phase (the mark): one more makes two."""
    t = Table(std(lord("liubei", hp=2, hand=["slash"], marks={"rende_given": 1}), seat()))
    rende(t, list(t.st.players[0].hand), 1)
    assert of(t.new(), "recover")[0]["seat"] == 0 and t.hp(0) == 3
    check_fold(t.g)


def test_rende_count_is_per_play_phase() -> None:
    """One card in this play phase and one in the next: never two in one phase, no recovery."""
    t = Table(
        std(
            lord("liubei", hp=2, hand=["slash/spade/7"]),
            seat("huanggai"),
            draw=["dodge/heart/2", "dodge/diamond/2", "slash/club/2", "slash/club/3"],
        )
    )
    rende(t, [cid("slash", "spade", 7)], 1)
    assert t.st.players[0].marks["rende_given"] == 1
    t.end_play()
    assert "rende_given" not in t.st.players[0].marks  # cleared with the phase
    t.until("play", 0)  # Huang Gai's turn, then Liu Bei's next play phase
    t.new()
    rende(t, [t.st.players[0].hand[0]], 1)
    ev = t.new()
    assert skills_fired(ev) == [(0, "rende")] and not of(ev, "recover")
    assert t.st.players[0].marks["rende_given"] == 1 and t.hp(0) == 2
    check_fold(t.g)


def test_rende_back_steps_move_nothing() -> None:
    t = Table(std(lord("liubei", hand=["slash"]), seat()))
    t.use_skill("rende").reply([0])
    t.expect("skill_targets", 0)
    t.reply(None)  # back to the cards
    t.expect("skill_cards", 0)
    t.reply(None)  # back to the menu
    t.expect("play", 0)
    ev = t.new()
    assert not of(ev, "skill") and not moves(ev, "rende")
    assert t.hand_names(0) == ["slash"] and "rende_given" not in t.st.players[0].marks


# --- Jijiang ---------------------------------------------------------------------------------


def test_jijiang_the_first_shu_to_answer_ends_the_asking() -> None:
    t = Table(file="skills/jijiang.toml")
    peach = cid("peach", "heart", 3)
    assert views_in(t) == ["jijiang"]
    t.convert("jijiang", "slash")
    r = t.expect("targets", 0)  # a produced card: its targets come first
    assert r.options == [1, 3]
    t.choose_targets(3)
    r = t.expect("respond", 1)
    assert r.info["reason"] == "jijiang" and r.info["card"] == "slash" and r.info["source"] == 0
    t.convert("wusheng", "slash", peach)  # Guan Yu answers with his red Peach
    ev = t.new()
    assert skills_fired(ev) == [(0, "jijiang")]
    use = of(ev, "use")[0]
    assert use["seat"] == 0 and use["targets"] == [3] and use["skill"] == "jijiang"
    assert use["from"] == [{"zone": "hand", "seat": 1}] and use["counted"] is True
    assert use["card"] == {"name": "slash", "suit": "heart", "color": "red", "rank": 3}
    t.respond(None, seat=3)  # next asked is the target: Zhang Fei was never asked
    ev = t.new()
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 3)]
    assert t.st.players[0].marks["slash_used"] == 1
    assert t.hand_names(2) == ["slash"] and t.st.players[1].hand == []
    assert views_in(t) == []  # the limit is reached: no second Jijiang Slash
    assert audit_game(t.g) == []
    check_fold(t.g)


def test_jijiang_asks_in_action_order_and_counts_against_the_limit() -> None:
    t = Table(
        std(
            lord("liubei", hand=["slash/club/2"]),
            seat("guanyu", "loyalist", hand=["slash/heart/10"]),
            seat("zhangfei", "loyalist", hand=["slash/spade/7"]),
            seat("huanggai"),
        )
    )
    t.convert("jijiang", "slash")
    t.choose_targets(3)
    t.respond(None, seat=1)  # Guan Yu declines
    t.respond("slash", seat=2)  # Zhang Fei answers
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["from"] == [{"zone": "hand", "seat": 2}] and use["counted"] is True
    assert use["card"]["color"] == "black"
    assert [d["target"] for d in of(ev, "damage")] == [3]
    # Liu Bei's own Slash is no longer usable this phase
    assert menu_cards(t) == [] and views_in(t) == []
    assert t.hand_names(0) == ["slash"] and t.st.players[0].marks["slash_used"] == 1
    check_fold(t.g)


def test_jijiang_not_offered_once_the_limit_is_reached() -> None:
    t = Table(
        std(
            lord("liubei", marks={"slash_used": 1}),
            seat("zhangfei", "loyalist", hand=["slash"]),
            seat("huanggai"),
        )
    )
    assert views_in(t) == []


def test_jijiang_in_a_duel_and_a_savage_assault() -> None:
    """Liu Bei plays the helpers' Slashes in responses; these do not touch his limit."""
    t = Table(
        std(
            lord("liubei"),
            seat("zhangfei", "loyalist", hand=["slash/spade/7", "slash/spade/8"]),
            seat("huanggai", hand=["duel/spade/1", "savage_assault/spade/13"]),
            turn=(2, "play"),
        )
    )
    t.play("duel", 0)
    r = t.expect("respond", 0)
    assert r.info["reason"] == "duel" and views_in(t) == ["jijiang"]
    t.convert("jijiang", "slash")
    t.respond("slash", seat=1)
    ev = t.new()
    resp = of(ev, "respond")[0]
    assert resp["seat"] == 0 and resp["mode"] == "play" and resp["reason"] == "duel"
    assert resp["skill"] == "jijiang" and resp["from"] == [{"zone": "hand", "seat": 1}]
    # Huang Gai has no Slash to answer with: he takes the damage from Liu Bei
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 2)]

    t.play("savage_assault")
    t.expect("respond", 0)
    t.convert("jijiang", "slash")
    t.respond("slash", seat=1)
    ev = t.new()
    resp = of(ev, "respond")[0]
    assert (resp["seat"], resp["reason"], resp["skill"]) == (0, "savage_assault", "jijiang")
    # Zhang Fei gave away his last Slash, so he is hit; Liu Bei is not
    assert [d["target"] for d in of(ev, "damage")] == [1]
    assert "slash_used" not in t.st.players[0].marks
    check_fold(t.g)


@pytest.mark.parametrize(
    ("helper", "blocked"),
    [
        (seat("zhangfei", "loyalist", hand=["slash/spade/7"]), True),
        (seat("zhangfei", "loyalist", hand=["slash/heart/10"]), False),
    ],
)
def test_jijiang_slash_has_the_helpers_card_colour_nioh_shield(
    helper: dict[str, Any], blocked: bool
) -> None:
    t = Table(std(lord("liubei"), helper, seat("huanggai", equip=["nioh_shield"], hand=["dodge"])))
    t.convert("jijiang", "slash")
    t.choose_targets(2)
    t.respond("slash", seat=1)
    ev = t.new()
    if blocked:
        assert of(ev, "no_effect") == [
            {
                "seat": 2,
                "card": {"name": "slash", "suit": "spade", "color": "black", "rank": 7},
                "reason": "nioh_shield",
            }
        ]
        t.expect("play", 0)  # no Dodge asked
    else:
        assert not of(ev, "no_effect")
        t.expect("respond", 2)  # a red Slash: the Dodge is asked
    check_fold(t.g)


def test_jijiang_not_offered_without_another_living_shu() -> None:
    t = Table(
        std(
            lord("liubei", hand=["slash/club/2"]),
            seat("huanggai", hand=["duel/spade/1"]),
            seat("zhangfei", alive=False),
            seat("zhangliao", "renegade"),
        )
    )
    assert views_in(t) == [] and menu_cards(t) == ["slash"]
    t.end_play()
    t.until("play", 1)
    t.play("duel", 0)
    r = t.expect("respond", 0)  # only his own Slash, no Jijiang
    assert [o["kind"] for o in r.options] == ["card", "decline"]
    check_fold(t.g)


def test_jijiang_is_the_lords_only() -> None:
    # a Liu Bei who is not the lord
    t = Table(
        std(
            lord("sunquan"),
            seat("liubei", hand=["peach"]),
            seat("zhangfei", hand=["slash"]),
            turn=(1, "play"),
        )
    )
    assert t.st.players[1].skills == ["rende"] and views_in(t) == []
    # 1v1: lord skills are off even for the warm side's Liu Bei
    t = Table(std(lord("liubei"), seat("zhaoyun", "renegade"), mode="1v1"))
    assert t.st.players[0].skills == ["rende"] and views_in(t) == []


def test_jijiang_nobody_answers_off_for_the_phase_then_back_row18() -> None:
    """§6 row 18 (FreeKill's reading): nobody answers -> Jijiang is off until the phase ends;
    no request comes back in a loop, and in the next phase it is asked again."""
    t = Table(
        std(
            lord("liubei", hand=["duel/spade/1"]),
            seat("zhangfei", "loyalist", hand=["slash/spade/7", "slash/spade/8"]),
            seat("huanggai", hand=["slash/club/2", "duel/club/1"]),
            draw=["dodge/heart/2", "dodge/diamond/2", "peach/heart/3", "peach/heart/4"],
        )
    )
    t.convert("jijiang", "slash")
    t.choose_targets(2)
    t.respond(None, seat=1)  # Zhang Fei declines: nobody answered
    ev = t.new()
    assert skills_fired(ev) == [(0, "jijiang")]
    assert of(ev, "mark") == [{"seat": 0, "name": "jijiang_failed", "value": 1, "scope": "phase"}]
    assert not of(ev, "use")
    t.expect("play", 0)  # back at the menu, once, without Jijiang
    assert views_in(t) == [] and "slash_used" not in t.st.players[0].marks
    # later in the same phase: a Duel answered by Huang Gai; Liu Bei, with no Slash and Jijiang
    # off, is not even asked and takes the damage
    t.play("duel", 2)
    t.respond("slash", seat=2)
    ev = t.new()
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(2, 0)]
    assert not [e for e in ev if e.kind == "skill"]
    t.end_play()
    assert "jijiang_failed" not in t.st.players[0].marks  # cleared with the phase
    # the next phase that needs it (Huang Gai's Duel in his play phase): offered and answered
    t.until("play", 2)
    t.play("duel", 0)
    assert views_in(t) == ["jijiang"]
    t.convert("jijiang", "slash")
    t.respond("slash", seat=1)
    ev = t.new()
    assert of(ev, "respond")[0]["skill"] == "jijiang"
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 2)]
    check_fold(t.g)


def test_jijiang_nobody_answers_in_a_response_row18() -> None:
    """§6 row 18 in a response: the request comes back once without Jijiang (no loop), stays
    without it for the rest of that phase, and offers it again in Liu Bei's own play phase."""
    t = Table(
        std(
            lord("liubei", hand=["slash/club/2"]),
            seat("zhangfei", "loyalist", hand=["slash/spade/7"]),
            seat("huanggai", hand=["savage_assault/spade/13", "duel/spade/1"]),
            turn=(2, "play"),
            draw=["dodge/heart/2", "dodge/diamond/2", "peach/heart/3", "peach/heart/4"],
        )
    )
    t.play("savage_assault")
    assert views_in(t) == ["jijiang"]
    t.convert("jijiang", "slash")
    t.respond(None, seat=1)  # Zhang Fei declines
    r = t.expect("respond", 0)  # the same request again, once, without Jijiang
    assert r.info["reason"] == "savage_assault"
    assert [o["kind"] for o in r.options] == ["card", "decline"]
    t.respond("slash", seat=0)  # his own Slash
    t.respond(None, seat=1)  # Zhang Fei answers the Savage Assault for himself: he declines
    ev = t.new()
    failed = {"seat": 0, "name": "jijiang_failed", "value": 1, "scope": "phase"}
    assert of(ev, "mark") == [failed]
    assert [d["target"] for d in of(ev, "damage")] == [1]
    t.play("duel", 0)  # same phase: Liu Bei has no Slash and Jijiang is off -> no question
    assert [(d["source"], d["target"]) for d in of(t.new(), "damage")] == [(2, 0)]
    t.until("play", 0)  # Liu Bei's own play phase: Jijiang is back
    assert "jijiang_failed" not in t.st.players[0].marks
    assert views_in(t) == ["jijiang"]
    check_fold(t.g)


# --- Wusheng ---------------------------------------------------------------------------------


def test_wusheng_red_hand_or_equipped_card_as_a_slash() -> None:
    t = Table(file="skills/wusheng.toml")
    peach, chitu = cid("peach", "heart", 3), cid("chitu", "heart", 5)
    assert views_in(t) == ["wusheng"]
    t.convert("wusheng", "slash")
    r = t.expect("view_as_cards", 0)
    assert [c["id"] for c in r.options] == [peach, chitu]  # not the black Duel
    assert r.min == r.max == 1 and r.cancel
    t.reply([0])
    t.choose_targets(1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"] == {"name": "slash", "suit": "heart", "color": "red", "rank": 3}
    assert use["skill"] == "wusheng" and use["counted"] is True
    assert use["subcards"][0]["id"] == peach and use["from"] == [{"zone": "hand", "seat": 0}]
    assert [d["target"] for d in of(ev, "damage")] == [1]
    assert views_in(t) == []  # the limit applies to converted Slashes too
    check_fold(t.g)


def test_wusheng_equipped_card_leaves_the_equipment_area() -> None:
    t = Table(std(lord("guanyu", equip=["zixing/diamond/13"]), seat("huanggai")))
    zixing = cid("zixing", "diamond", 13)
    t.convert("wusheng", "slash", zixing)
    t.choose_targets(1)
    use = of(t.new(), "use")[0]
    assert use["from"] == [{"zone": "equip", "seat": 0}] and use["card"]["suit"] == "diamond"
    assert t.st.players[0].equip == {} and zixing in t.st.discard
    check_fold(t.g)


def test_wusheng_played_in_savage_assault_and_duel() -> None:
    t = Table(
        std(
            lord("guanyu", hand=["peach/heart/3", "dodge/diamond/2"], equip=["chitu/heart/5"]),
            seat("huanggai", hand=["savage_assault/spade/13", "duel/spade/1"]),
            turn=(1, "play"),
        )
    )
    t.play("savage_assault")
    r = t.expect("respond", 0)
    assert r.info["reason"] == "savage_assault" and views_in(t) == ["wusheng"]
    t.convert("wusheng", "slash", cid("peach", "heart", 3))
    ev = t.new()
    resp = of(ev, "respond")[0]
    assert (resp["seat"], resp["mode"], resp["skill"]) == (0, "play", "wusheng")
    assert resp["card"]["name"] == "slash" and resp["subcards"][0]["name"] == "peach"
    assert not of(ev, "damage")
    t.play("duel", 0)
    t.convert("wusheng", "slash", cid("chitu", "heart", 5))  # the equipped horse this time
    ev = t.new()
    resp = of(ev, "respond")[0]
    assert resp["reason"] == "duel" and resp["from"] == [{"zone": "equip", "seat": 0}]
    # Huang Gai has no Slash left: he takes the Duel's damage
    assert [(d["source"], d["target"]) for d in of(ev, "damage")] == [(0, 1)]
    check_fold(t.g)


def test_wusheng_used_in_response_to_collateral_is_not_counted() -> None:
    t = Table(
        std(
            lord("guanyu", hand=["peach/heart/3"], equip=["blade"]),
            seat("huanggai", hand=["collateral/club/12"]),
            seat("sunquan"),
            turn=(1, "play"),
        )
    )
    t.play("collateral")
    t.choose_targets(0)  # the wielder
    t.choose_targets(2)  # the victim
    r = t.expect("respond", 0)
    assert r.info["mode"] == "use" and r.info["reason"] == "collateral"
    t.convert("wusheng", "slash", cid("peach", "heart", 3))
    ev = t.new()
    use = of(ev, "use")[-1]
    assert use["seat"] == 0 and use["skill"] == "wusheng" and use["targets"] == [2]
    assert use["counted"] is False
    assert [d["target"] for d in of(ev, "damage")] == [2]
    check_fold(t.g)


FIVE = (seat("huanggai"), seat("sunquan"), seat("lvmeng"), seat("ganning", "renegade"))


def wusheng_targets(t: Table, card: int) -> list[int] | None:
    """Pick Wusheng with `card`: the targets offered (then go back), or None when the menu
    comes back at once (the Slash cannot be used)."""
    t.convert("wusheng", "slash", card)
    if t.req.kind == "play":
        return None
    r = t.expect("targets", 0)
    options = list(r.options)
    t.reply(None)
    t.expect("play", 0)
    return options


def test_wusheng_on_the_equipped_weapon_row14() -> None:
    """§6 row 14: a Slash made of the equipped Kylin Bow (range 5) is checked with range 1."""
    t = Table(std(lord("guanyu", hand=["peach/heart/3"], equip=["kylin_bow/heart/5"]), *FIVE))
    assert attack_range(t.st, 0) == 5
    assert wusheng_targets(t, cid("peach", "heart", 3)) == [1, 2, 3, 4]
    assert wusheng_targets(t, cid("kylin_bow", "heart", 5)) == [1, 4]
    check_fold(t.g)


def test_wusheng_on_the_equipped_minus_horse_row14() -> None:
    """§6 row 14: a Slash made of the equipped Chitu is checked without its -1."""
    t = Table(std(lord("guanyu", hand=["peach/heart/3"], equip=["chitu/heart/5"]), *FIVE))
    chitu = cid("chitu", "heart", 5)
    assert [distance(t.st, 0, s) for s in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert wusheng_targets(t, cid("peach", "heart", 3)) == [1, 2, 3, 4]
    assert wusheng_targets(t, chitu) == [1, 4]
    t.convert("wusheng", "slash", chitu)
    t.choose_targets(4)
    use = of(t.new(), "use")[0]
    assert use["targets"] == [4] and use["from"] == [{"zone": "equip", "seat": 0}]
    assert distance(t.st, 0, 2) == 2  # the horse is gone
    check_fold(t.g)


def test_wusheng_on_the_diamond_crossbow_obeys_the_limit_row15() -> None:
    """§6 row 15: a Slash made of the Crossbow itself obeys the normal limit; one made of
    another card is still free of it while the Crossbow stays."""
    crossbow = cid("crossbow", "diamond", 1)
    bow = ["crossbow/diamond/1"]
    t = Table(
        std(lord("guanyu", hand=["peach/heart/3"], equip=bow, marks={"slash_used": 1}), seat())
    )
    # one Slash already: the Crossbow is not offered as the Slash's card, the Peach is
    t.convert("wusheng", "slash")
    r = t.expect("view_as_cards", 0)
    assert [c["id"] for c in r.options] == [cid("peach", "heart", 3)]
    t.reply(None)
    assert not of(t.new(), "use")
    t.convert("wusheng", "slash", cid("peach", "heart", 3))
    t.choose_targets(1)
    use = of(t.new(), "use")[0]
    assert use["subcards"][0]["name"] == "peach" and use["counted"] is True
    assert t.st.players[0].marks["slash_used"] == 2
    check_fold(t.g)
    # no Slash used yet: the Crossbow may be the first Slash; then the limit is reached
    t = Table(std(lord("guanyu", hand=["slash"], equip=["crossbow/diamond/1"]), seat("huanggai")))
    t.convert("wusheng", "slash", crossbow)
    t.choose_targets(1)
    assert of(t.new(), "use")[0]["subcards"][0]["id"] == crossbow
    assert menu_cards(t) == [] and views_in(t) == []
    check_fold(t.g)


def test_wusheng_and_halberd_last_hand_card_row16() -> None:
    """§6 row 16: a Wusheng Slash of the last hand card may take two more targets; one made of
    an equipped card (or of a hand card) while another hand card remains may not."""
    halberd = "halberd/diamond/12"
    t = Table(std(lord("guanyu", hand=["peach/heart/3"], equip=[halberd, "chitu/heart/5"]), *FIVE))
    t.convert("wusheng", "slash", cid("peach", "heart", 3))
    r = t.expect("targets", 0)
    assert r.max == 3 and r.options == [1, 2, 3, 4]
    t.reply([0, 1, 3])
    use = of(t.new(), "use")[0]
    assert use["targets"] == [1, 2, 4]
    check_fold(t.g)

    t = Table(
        std(
            lord("guanyu", hand=["peach/heart/3", "slash"], equip=[halberd, "chitu/heart/5"]),
            *FIVE,
        )
    )
    t.convert("wusheng", "slash", cid("chitu", "heart", 5))
    assert t.expect("targets", 0).max == 1  # an equipped card, a hand card remains
    t.reply(None)
    t.convert("wusheng", "slash", cid("peach", "heart", 3))
    assert t.expect("targets", 0).max == 1  # not the last hand card
    t.reply(None)
    t.play("slash")
    assert t.expect("targets", 0).max == 1
    check_fold(t.g)


# --- Paoxiao ---------------------------------------------------------------------------------


def test_paoxiao_any_number_of_slashes() -> None:
    t = Table(file="skills/paoxiao.toml")
    for _ in range(3):
        t.play("slash", 1)
    ev = t.new()
    assert [u["counted"] for u in of(ev, "use")] == [True, True, True]
    assert [d["target"] for d in of(ev, "damage")] == [1, 1, 1]
    assert t.hp(1) == 1 and t.st.players[0].marks["slash_used"] == 3
    check_fold(t.g)


def test_paoxiao_ignores_a_used_slash_and_body_does_not() -> None:
    marks = {"slash_used": 1}
    t = Table(std(lord("zhangfei", hand=["slash"], marks=marks), seat("huanggai")))
    assert menu_cards(t) == ["slash"]
    t = Table(std(lord("zhaoyun", hand=["slash"], marks=marks), seat("huanggai")))
    assert menu_cards(t) == []  # the same position without Paoxiao


# --- Guanxing --------------------------------------------------------------------------------


def test_guanxing_top_and_bottom_order_for_the_next_draws() -> None:
    t = Table(file="skills/guanxing.toml")
    slash, dodge = cid("slash", "spade", 7), cid("dodge", "heart", 2)
    peach, duel = cid("peach", "heart", 3), cid("duel", "spade", 1)
    q = t.expect("trigger", 0)
    assert q.options == ["guanxing", "pass"] and q.info["about"]["phase"] == "prepare"
    t.trigger("guanxing", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "guanxing")]
    assert [c["id"] for c in of(ev, "peek")[0]["cards"]] == [slash, dodge, peach, duel]
    r = t.expect("skill_arrange", 0)
    assert [c["id"] for c in r.options] == [slash, dodge, peach, duel]
    assert r.piles == [
        {"name": "top", "min": 0, "max": 4},
        {"name": "bottom", "min": 0, "max": 4},
    ]
    t.reply([2, 0, -1, 3, 1])  # top: Peach, Slash; bottom: Duel, Dodge
    ev = t.new()
    arr = of(ev, "arrange")[0]
    assert [c["id"] for c in arr["top"]] == [peach, slash]
    assert [c["id"] for c in arr["bottom"]] == [duel, dodge]
    draws = of(ev, "draw")
    assert draws[0]["reason"] == "draw_phase"
    assert [c["id"] for c in draws[0]["cards"]] == [peach, slash]
    assert t.st.draw[0] == cid("ex_nihilo", "heart", 7)  # the card below the four
    assert t.st.draw[-2:] == [duel, dodge]
    check_fold(t.g)


def test_guanxing_is_seen_by_zhuge_liang_only() -> None:
    t = Table(file="skills/guanxing.toml")
    t.trigger("guanxing", seat=0)
    t.reply([2, 0, -1, 3, 1])
    ev = t.new()
    peek = [e for e in ev if e.kind == "peek"]
    arrange = [e for e in ev if e.kind == "arrange"]
    assert len(peek) == len(arrange) == 1
    hidden_from_others(peek[0], (0,), 4)
    hidden_from_others(arrange[0], (0,), 4)
    assert peek[0].public == {"seat": 0, "count": 4, "reason": "guanxing"}
    assert arrange[0].public == {"seat": 0, "top": 2, "bottom": 2}
    assert [r.seat for r in t.g.requests if r.kind == "skill_arrange"] == [0]
    assert audit_game(t.g) == []
    check_fold(t.g)


def test_guanxing_all_to_the_bottom() -> None:
    t = Table(file="skills/guanxing.toml")
    t.trigger("guanxing", seat=0)
    t.reply([-1, 3, 2, 1, 0])
    ev = t.new()
    assert of(ev, "arrange")[0]["top"] == []
    assert of(ev, "draw")[0]["cards"][0]["id"] == cid("ex_nihilo", "heart", 7)
    bottom = [cid("duel", "spade", 1), cid("peach", "heart", 3)]
    bottom += [cid("dodge", "heart", 2), cid("slash", "spade", 7)]
    assert t.st.draw[-4:] == bottom
    check_fold(t.g)


def test_guanxing_declined() -> None:
    t = Table(file="skills/guanxing.toml")
    t.trigger(None, seat=0)
    ev = t.new()
    assert not of(ev, "peek") and not of(ev, "arrange") and not of(ev, "skill")
    assert [c["id"] for c in of(ev, "draw")[0]["cards"]] == [
        cid("slash", "spade", 7),
        cid("dodge", "heart", 2),
    ]


@pytest.mark.parametrize(
    ("others", "dead", "x"),
    [(2, 0, 3), (6, 0, 5), (7, 0, 5), (6, 2, 5), (5, 2, 4), (4, 2, 3)],
)
def test_guanxing_looks_at_min_five_living(others: int, dead: int, x: int) -> None:
    seats = [seat("huanggai", alive=i >= dead) for i in range(others)]
    t = Table(std(lord("zhugeliang"), *seats, turn=(0, "prepare")))
    t.trigger("guanxing", seat=0)
    ev = t.new()
    assert of(ev, "peek")[0]["cards"] == [
        {"id": c, "suit": s, "rank": r, "name": n}
        for c, (s, r, n, _) in ((c, DECK[c]) for c in t.st.draw[:x])
    ]
    r = t.expect("skill_arrange", 0)
    assert len(r.options) == x and [p["max"] for p in r.piles] == [x, x]


# --- Kongcheng -------------------------------------------------------------------------------


def test_kongcheng_empty_hand_cannot_be_chosen_for_slash_or_duel() -> None:
    t = Table(file="skills/kongcheng.toml")
    assert menu_targets(t, "slash") == [2]
    assert menu_targets(t, "duel") == [2]
    assert menu_targets(t, "dismantlement") == [1, 2]  # other cards are fine
    assert menu_targets(t, "savage_assault") == [1, 2]
    t.play("savage_assault")  # neither has a Slash: both are hit without a question
    ev = t.new()
    assert [d["target"] for d in of(ev, "damage")] == [1, 2]
    t.play("dismantlement", 1)
    ev = t.new()
    assert moves(ev, "dismantlement")[0]["cards"][0]["name"] == "crossbow"
    check_fold(t.g)


def test_kongcheng_with_a_hand_card_can_be_chosen() -> None:
    t = Table(std(lord("zhangfei", hand=["slash", "duel"]), seat("zhugeliang", hand=["peach"])))
    assert menu_targets(t, "slash") == [1] and menu_targets(t, "duel") == [1]


def test_kongcheng_becoming_empty_after_being_chosen_cancels_nothing() -> None:
    """Zhuge Liang, chosen for a Duel, plays his only Slash: the Duel goes on, he is hit."""
    t = Table(
        std(
            lord("zhangfei", hand=["duel/spade/1", "slash/spade/8"]),
            seat("zhugeliang", hand=["slash/spade/7"]),
        )
    )
    t.play("duel", 1)
    t.respond("slash", seat=1)
    assert t.st.players[1].hand == []
    t.respond("slash", seat=0)
    ev = t.new()
    assert [(d["source"], d["target"], d["card"]["name"]) for d in of(ev, "damage")] == [
        (0, 1, "duel")
    ]
    check_fold(t.g)


def test_kongcheng_no_blade_follow_up_on_an_empty_hand() -> None:
    """Zhuge Liang dodges with his last card: Blade's follow-up is a new Slash that would have
    to choose him as its target, which Kongcheng forbids (QSanguosha `askForUseSlashTo` and
    FreeKill's `askToUseCard` both check the prohibition), so it is not offered."""
    t = Table(
        std(
            lord("huanggai", hand=["slash/spade/7", "slash/spade/8"], equip=["blade"]),
            seat("zhugeliang", hand=["dodge/heart/2"]),
        )
    )
    t.play("slash", 1)
    t.respond("dodge", seat=1)
    assert t.st.players[1].hand == [] and of(t.new(), "slash_missed")
    assert t.req.kind == "play", f"Blade offered a Slash on Kongcheng: {t.req.info}"
    assert t.hand_names(0) == ["slash"]


def test_kongcheng_not_a_collateral_victim() -> None:
    t = Table(
        std(
            lord("huangyueying", hand=["collateral"]),
            seat("huanggai", equip=["spear"]),
            seat("zhugeliang"),
        )
    )
    t.play("collateral")
    t.choose_targets(1)
    r = t.expect("targets", 0)
    assert r.info["step"] == "victim" and r.options == [0]


# --- Longdan ---------------------------------------------------------------------------------


def test_longdan_dodge_as_a_slash_in_the_play_phase() -> None:
    t = Table(file="skills/longdan.toml")
    dodge = cid("dodge", "heart", 2)
    t.convert("longdan", "slash")
    r = t.expect("view_as_cards", 0)
    assert [c["id"] for c in r.options] == [dodge]  # only the Dodge
    t.reply([0])
    t.choose_targets(1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"]["name"] == "slash" and use["subcards"][0]["id"] == dodge
    assert use["skill"] == "longdan" and use["counted"] is True
    assert [d["target"] for d in of(ev, "damage")] == [1]
    assert menu_cards(t) == [] and views_in(t) == []  # his real Slash: the limit is reached
    check_fold(t.g)


def test_longdan_slash_used_as_a_dodge() -> None:
    t = Table(
        std(
            lord("huanggai", hand=["slash/club/2"]),
            seat("zhaoyun", hand=["slash/spade/7"]),
        )
    )
    t.play("slash", 1)
    r = t.expect("respond", 1)
    assert r.info["card"] == "dodge" and r.info["mode"] == "use" and views_in(t) == ["longdan"]
    t.convert("longdan", "dodge", cid("slash", "spade", 7))
    ev = t.new()
    resp = of(ev, "respond")[0]
    assert (resp["seat"], resp["card"]["name"], resp["skill"]) == (1, "dodge", "longdan")
    assert resp["subcards"][0]["name"] == "slash" and resp["mode"] == "use"
    assert of(ev, "slash_missed") and not of(ev, "damage")
    check_fold(t.g)


def test_longdan_played_both_ways() -> None:
    t = Table(
        std(
            lord("zhaoyun", hand=["slash/spade/7", "dodge/heart/2"]),
            seat(
                "huanggai",
                hand=["archery_attack/heart/1", "savage_assault/spade/13", "duel/spade/1"],
            ),
            turn=(1, "play"),
        )
    )
    t.play("archery_attack")
    r = t.expect("respond", 0)
    assert r.info["card"] == "dodge" and r.info["mode"] == "play"
    t.convert("longdan", "dodge", cid("slash", "spade", 7))
    t.play("savage_assault")
    r = t.expect("respond", 0)
    assert r.info["card"] == "slash" and r.info["mode"] == "play"
    t.convert("longdan", "slash", cid("dodge", "heart", 2))
    ev = t.new()
    assert [
        (r["card"]["name"], r["subcards"][0]["name"], r["reason"]) for r in of(ev, "respond")
    ] == [
        ("dodge", "slash", "archery_attack"),
        ("slash", "dodge", "savage_assault"),
    ]
    assert not of(ev, "damage") and t.st.players[0].hand == []
    # with no card left, nothing is offered: the Duel hits him without a question
    t.play("duel", 0)
    assert [d["target"] for d in of(t.new(), "damage")] == [0]
    check_fold(t.g)


# --- Mashu -----------------------------------------------------------------------------------


def test_mashu_stacks_with_a_minus_horse_never_below_one() -> None:
    t = Table(file="skills/mashu.toml")
    assert [distance(t.st, 0, s) for s in range(1, 6)] == [1, 1, 2, 1, 1]
    assert menu_targets(t, "slash") == [1, 2, 4, 5]
    # others' distance to Ma Chao is unchanged
    assert [distance(t.st, s, 0) for s in range(1, 6)] == [1, 2, 3, 2, 1]
    t.play("slash", 2)
    assert of(t.new(), "use")[0]["targets"] == [2]
    check_fold(t.g)


def test_mashu_alone_and_with_the_horse() -> None:
    six = (seat("huanggai"), seat("sunquan"), seat("lvmeng"), seat("ganning"), seat("zhangliao"))
    t = Table(std(lord("machao", hand=["slash"]), *six))
    assert [distance(t.st, 0, s) for s in range(1, 6)] == [1, 1, 2, 1, 1]
    assert menu_targets(t, "slash") == [1, 2, 4, 5]
    t = Table(std(lord("machao", hand=["slash"], equip=["dayuan"]), *six))
    assert [distance(t.st, 0, s) for s in range(1, 6)] == [1, 1, 1, 1, 1]
    assert menu_targets(t, "slash") == [1, 2, 3, 4, 5]
    t = Table(std(lord("huanggai", hand=["slash"]), *six))  # no Mashu: plain seat distance
    assert [distance(t.st, 0, s) for s in range(1, 6)] == [1, 2, 3, 2, 1]


# --- Tieqi -----------------------------------------------------------------------------------


def test_tieqi_red_means_no_dodge_black_means_normal() -> None:
    t = Table(file="skills/tieqi.toml")
    t.play("slash", 1, card_id=cid("slash", "spade", 7))
    q = t.expect("trigger", 0)
    assert q.options == ["tieqi", "pass"] and q.info["timing"] == "target_specified"
    assert q.info["about"]["target"] == 1
    t.trigger("tieqi", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "tieqi")]
    assert [(j["reason"], j["card"]["name"], j["good"]) for j in of(ev, "judge_result")] == [
        ("tieqi", "peach", True)
    ]
    assert [d["target"] for d in of(ev, "damage")] == [1]  # no Dodge was asked
    assert len(t.st.players[1].hand) == 2
    assert not [r for r in t.g.requests if r.kind == "respond"]

    t.play("slash", 1)
    t.trigger("tieqi", seat=0)
    ev = t.new()
    assert of(ev, "judge_result")[0]["card"]["name"] == "duel"
    assert of(ev, "judge_result")[0]["good"] is False
    t.respond("dodge", seat=1)  # black: the Slash settles as usual
    ev = t.new()
    assert of(ev, "slash_missed") and not of(ev, "damage")
    check_fold(t.g)


def test_tieqi_red_leaves_no_room_for_eight_diagram() -> None:
    """No Dodge can be used at all: not even Eight Diagram's is asked for."""
    t = Table(
        std(
            lord("machao", hand=["slash/spade/7"]),
            seat("huanggai", hand=["dodge"], equip=["eight_diagram/spade/2"]),
            draw=["peach/heart/3", "dodge/heart/13"],
        )
    )
    t.play("slash", 1)
    t.trigger("tieqi", seat=0)
    ev = t.new()
    assert [j["reason"] for j in of(ev, "judge")] == ["tieqi"]
    assert [d["target"] for d in of(ev, "damage")] == [1]
    assert [r.kind for r in t.g.requests] == ["play", "targets", "trigger", "play"]
    check_fold(t.g)


def test_tieqi_declined_asks_for_the_dodge() -> None:
    t = Table(file="skills/tieqi.toml")
    t.play("slash", 1)
    t.trigger(None, seat=0)
    assert not of(t.new(), "judge")
    t.expect("respond", 1)


def test_tieqi_once_per_target() -> None:
    """Halberd: the last hand card as a Slash on three targets; Tieqi is asked once for each
    target, each with its own judgement, and applies to that target only."""
    t = Table(
        std(
            lord("machao", hand=["slash/spade/7"], equip=["halberd"]),
            seat("huanggai", hand=["dodge/heart/2"]),
            seat("sunquan", hand=["dodge/diamond/2"]),
            seat("lvmeng", hand=["dodge/diamond/3"]),
            draw=["peach/heart/3", "duel/spade/1", "slash/diamond/6"],
        )
    )
    t.play("slash", 1, 2, 3)
    asked = []
    for _ in range(3):
        q = t.expect("trigger", 0)
        asked.append(q.info["about"]["target"])
        t.trigger("tieqi", seat=0)
    assert asked == [1, 2, 3]
    ev = t.new()
    assert [(j["card"]["name"], j["good"]) for j in of(ev, "judge_result")] == [
        ("peach", True),
        ("duel", False),
        ("slash", True),
    ]
    # seat 1 (red) is hit at once; seat 2 (black) is asked for a Dodge; seat 3 (red) is hit
    assert [d["target"] for d in of(ev, "damage")] == [1]
    t.respond("dodge", seat=2)
    ev = t.new()
    assert [d["target"] for d in of(ev, "damage")] == [3]
    assert [r.seat for r in t.g.requests if r.kind == "respond"] == [2]
    check_fold(t.g)


# --- Jizhi -----------------------------------------------------------------------------------


def test_jizhi_draws_for_non_delayed_tricks_only() -> None:
    t = Table(file="skills/jizhi.toml")
    peach, slash = cid("peach", "heart", 3), cid("slash", "spade", 7)
    dodge, duel = cid("dodge", "diamond", 2), cid("duel", "spade", 1)
    t.play("ex_nihilo")
    q = t.expect("trigger", 0)
    assert q.options == ["jizhi", "pass"] and q.info["about"]["card"]["name"] == "ex_nihilo"
    t.trigger("jizhi", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "jizhi")]
    assert [(d["reason"], [c["id"] for c in d["cards"]]) for d in of(ev, "draw")] == [
        ("jizhi", [peach]),  # drawn when the trick is used, before its effect
        ("ex_nihilo", [slash, dodge]),
    ]
    t.play("dismantlement", 1)
    t.trigger("jizhi", seat=0)
    ev = t.new()
    assert [(d["reason"], d["cards"][0]["id"]) for d in of(ev, "draw")] == [("jizhi", duel)]
    assert moves(ev, "dismantlement")[0]["from_seat"] == 1
    t.play("indulgence", 1)  # a delayed trick: no question
    t.play("slash", 1)  # a basic card: no question (Huang Gai has no card left)
    ev = t.new()
    assert not of(ev, "skill") and not of(ev, "draw")
    asked = [r.info["about"]["card"]["name"] for r in t.g.requests if r.kind == "trigger"]
    assert asked == ["ex_nihilo", "dismantlement"]
    check_fold(t.g)


def test_jizhi_draws_for_a_nullification() -> None:
    t = Table(
        std(
            lord("huanggai", hand=["dismantlement/spade/3"]),
            seat("huangyueying", hand=["nullification/spade/11"]),
            draw=["peach/heart/3"],
        )
    )
    t.play("dismantlement", 1)
    r = t.expect("respond", 1)
    assert r.info["card"] == "nullification"
    t.respond("nullification", seat=1)
    q = t.expect("trigger", 1)
    assert q.info["about"]["card"]["name"] == "nullification"
    t.trigger("jizhi", seat=1)
    ev = t.new()
    assert [(d["seat"], d["reason"]) for d in of(ev, "draw")] == [(1, "jizhi")]
    assert of(ev, "cancelled")[0]["target"] == 1
    assert t.hand_names(1) == ["peach"]
    check_fold(t.g)


def test_jizhi_real_tricks_only_qixi_dismantlement_row28() -> None:
    """§6 row 28 (FreeKill's reading, the module's docstring): a Qixi Dismantlement (a black
    Slash used as one) does not trigger Jizhi; a real Dismantlement and a Nullification do."""
    t = Table(
        std(
            lord(
                "huangyueying",
                skills=["qixi"],
                hand=["slash/spade/7", "dismantlement/spade/3", "nullification/spade/11"],
            ),
            seat("huanggai", hand=["nullification/club/12", "peach/heart/4"], equip=["jueying"]),
            draw=["peach/heart/3", "dodge/diamond/2", "slash/diamond/6"],
        )
    )
    t.convert("qixi", "dismantlement", cid("slash", "spade", 7))
    t.choose_targets(1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"]["name"] == "dismantlement" and use["skill"] == "qixi"
    # no Jizhi question: the Nullification window opens at once
    t.respond(None, seat=0)
    t.respond(None, seat=1)
    r = t.expect("pick_card", 0)
    t.reply(next(i for i, o in enumerate(r.options) if o["zone"] == "equip"))
    ev = t.new()
    assert moves(ev, "dismantlement")[0]["cards"][0]["name"] == "jueying"
    assert not of(ev, "skill") and not of(ev, "draw")
    assert not [r for r in t.g.requests if r.kind == "trigger"]

    t.play("dismantlement", 1)  # a real one
    t.trigger("jizhi", seat=0)
    t.respond(None, seat=0)
    t.respond("nullification", seat=1)  # Huang Gai nullifies ...
    t.respond("nullification", seat=0)  # ... and she nullifies that: Jizhi again
    q = t.expect("trigger", 0)
    assert q.info["about"]["card"]["name"] == "nullification"
    t.trigger("jizhi", seat=0)
    ev = t.new()
    assert skills_fired(ev) == [(0, "jizhi"), (0, "jizhi")]
    assert [(d["seat"], d["reason"]) for d in of(ev, "draw")] == [(0, "jizhi"), (0, "jizhi")]
    assert [u["seat"] for u in of(ev, "use")] == [0, 1, 0]
    assert moves(ev, "dismantlement")[0]["cards"][0]["name"] == "peach"  # not cancelled
    check_fold(t.g)


# --- Qicai -----------------------------------------------------------------------------------


def test_qicai_snatch_at_any_distance_slash_range_unchanged() -> None:
    t = Table(file="skills/qicai.toml")
    assert [distance(t.st, 0, s) for s in (1, 2, 3, 4)] == [1, 2, 3, 1]
    assert menu_targets(t, "snatch") == [1, 2, 3, 4]
    assert menu_targets(t, "slash") == [1, 4]
    t.play("snatch", 3)  # Lü Meng, distance 3: his Jueying comes to her hand
    t.trigger(None, seat=0)  # (Jizhi)
    ev = t.new()
    assert moves(ev, "snatch")[0]["cards"][0]["name"] == "jueying"
    assert "jueying" in t.hand_names(0)
    check_fold(t.g)


def test_qicai_body_snatch_limited_to_distance_one() -> None:
    text = (SCENARIOS / "skills/qicai.toml").read_text()
    text = text.replace('skills = "standard"', 'skills = "none"')
    t = Table(text)
    assert menu_targets(t, "snatch") == [1, 4]


# --- the files -------------------------------------------------------------------------------

SHU = (
    "rende", "jijiang", "wusheng", "paoxiao", "guanxing", "kongcheng", "longdan", "mashu",
    "tieqi", "jizhi", "qicai",
)  # fmt: skip


@pytest.mark.parametrize("skill", SHU)
def test_each_shu_file_plays_to_the_end(skill: str) -> None:
    """Each file starts a game that default replies play to its end: fold == live, every event
    fits the schema, and no seat is told of a card it cannot know."""
    t = Table(file=f"skills/{skill}.toml")
    assert skill in {s for p in t.st.players for s in p.skills}
    t.finish()
    assert t.g.outcome is not None
    check_fold(t.g)
    assert audit_game(t.g) == []


def test_jizhi_not_for_a_qixi_conversion_of_a_real_dismantlement_row28() -> None:
    """Converted is converted, even from a card of the same name: a real ♠3 Dismantlement used
    through Qixi is a Qixi card, and Jizhi is not offered."""
    t = Table(
        std(
            lord("huangyueying", skills=["qixi"], hand=["dismantlement/spade/3"]),
            seat("huanggai", equip=["jueying"]),
        )
    )
    t.convert("qixi", "dismantlement", cid("dismantlement", "spade", 3))
    t.choose_targets(1)
    use = of(t.new(), "use")[0]
    assert use["skill"] == "qixi" and use["subcards"][0]["name"] == "dismantlement"
    assert not [r for r in t.g.requests if r.kind == "trigger"]
    assert not of(t.new(), "draw")
    check_fold(t.g)


def test_kongcheng_emptied_collateral_victim_cannot_be_slashed() -> None:
    """Collateral on a wielder to Slash Zhuge Liang: he spends his last card (a Nullification,
    nullified in turn) before it resolves. An empty-handed Kongcheng cannot be slashed, so the
    wielder is not asked and hands the weapon over, as with a dead victim (§6 row 24)."""
    t = Table(
        std(
            lord("caocao", hand=["collateral", "nullification/club/12"]),
            seat("xuchu", hand=["slash"], equip=["blade"]),
            seat("zhugeliang", hand=["nullification/spade/11"]),
        )
    )
    t.play("collateral")
    t.choose_targets(1)  # the wielder
    t.choose_targets(2)  # the victim
    t.respond(None, seat=0)
    t.respond("nullification", seat=2)  # his last card
    t.respond("nullification", seat=0)  # cancels his
    ev = t.new()
    assert t.st.players[2].hand == []
    assert not [r for r in t.g.requests if r.kind == "respond" and r.info["reason"] == "collateral"]
    blade = moves(ev, "collateral")
    assert blade and blade[0]["cards"][0]["name"] == "blade" and blade[0]["to_seat"] == 0
    check_fold(t.g)
