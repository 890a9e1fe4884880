"""Scenario tests: every non-delayed trick and Nullification (§2.3, §2.4, §6 rows 2-7)."""

from __future__ import annotations

from sanguosha_support import Table, check_fold, kinds, lord, of, scen, seat


def test_dismantlement_discards_a_chosen_equipment_card() -> None:
    t = Table(
        scen(lord(hand=["dismantlement"]), seat(hand=["dodge"], equip=["eight_diagram/spade/2"]))
    )
    t.play("dismantlement", 1)
    r = t.expect("pick_card", 0)
    assert r.options[0] == {"zone": "hand", "count": 1, "card": None}
    assert r.options[1]["card"]["name"] == "eight_diagram"
    t.reply(1)
    mv = [m for m in of(t.new(), "move") if m["reason"] == "dismantlement"]
    assert mv[0]["from"] == "equip" and mv[0]["to"] == "discard"
    assert t.st.players[1].equip == {}


def test_snatch_needs_distance_one_and_takes_a_hand_card_secretly() -> None:
    # 4 players: seat 2 is at distance 2
    t = Table(scen(lord(hand=["snatch"]), seat(hand=["peach"]), seat(hand=["dodge"]), seat()))
    assert t.expect("play", 0).options[0]["targets"] == [1]
    t.play("snatch", 1)
    ev = [e for e in t.new() if e.kind == "move" and e.data["reason"] == "snatch"]
    assert ev[0].seats == (1, 0)  # only the two hands involved see the card
    assert ev[0].public is not None and "cards" not in ev[0].public and ev[0].public["count"] == 1
    assert t.hand_names(0) == ["peach"]


def test_duel_target_answers_first_and_the_loser_takes_damage() -> None:
    t = Table(scen(lord(hand=["duel", "slash"]), seat(hand=["slash"])))
    t.play("duel", 1)
    t.respond("slash", seat=1)
    t.respond(None, seat=0)
    ev = t.new()
    assert [r["seat"] for r in of(ev, "respond")] == [1]
    assert of(ev, "damage")[0]["source"] == 1 and of(ev, "damage")[0]["target"] == 0


def test_collateral_wielder_slashes_victim_or_gives_weapon() -> None:
    text = scen(
        lord(hand=["collateral"]),
        seat(hand=["slash"], equip=["blade"]),
        seat("sunquan", "renegade"),
    )
    t = Table(text)
    t.play("collateral")
    r = t.expect("targets", 0)
    assert r.info["step"] == "wielder" and r.options == [1]
    t.reply([0])
    r = t.expect("targets", 0)
    assert r.info["step"] == "victim" and sorted(r.options) == [0, 2]  # §6 row 25: the user too
    t.reply([r.options.index(2)])
    t.respond("slash", seat=1)
    ev = t.new()
    uses = of(ev, "use")
    assert uses[1]["seat"] == 1 and uses[1]["targets"] == [2] and not uses[1]["counted"]
    # declined: the weapon goes to the user's hand
    t = Table(text)
    t.play("collateral")
    t.reply([0])
    t.reply([t.req.options.index(2)])
    t.respond(None, seat=1)
    assert "blade" in t.hand_names(0) and t.st.players[1].equip == {}


def test_ex_nihilo_draws_two_from_the_top() -> None:
    t = Table(scen(lord(hand=["ex_nihilo"]), seat(), draw=["peach/heart/3", "duel/spade/1"]))
    t.play("ex_nihilo")
    ev = t.new()
    draws = [e for e in ev if e.kind == "draw"]
    assert [c["name"] for c in draws[0].data["cards"]] == ["peach", "duel"]
    assert draws[0].seats == (0,) and draws[0].public == {
        "seat": 0,
        "count": 2,
        "reason": "ex_nihilo",
    }


def test_savage_assault_in_action_order_with_dying_inside_row7() -> None:
    # seat 1 at 1 HP dies inside the AoE; the AoE then continues with seat 2 (§6 row 7).
    t = Table(
        scen(
            lord(hand=["savage_assault"]),
            seat(hp=1),
            seat("sunquan", "renegade", hand=["slash"]),
            seat("guanyu", "rebel"),
        )
    )
    t.play("savage_assault")
    t.respond("slash", seat=2)
    ev = t.new()
    ks = [k for k in kinds(ev) if k in ("damage", "dying", "death", "respond")]
    assert ks == ["damage", "dying", "death", "respond", "damage"]
    assert of(ev, "death")[0]["seat"] == 1 and of(ev, "death")[0]["killer"] == 0
    assert of(ev, "damage")[1]["target"] == 3
    # rebel killed by the lord: reward of 3 cards
    assert of(ev, "reward") == [{"seat": 0, "kind": "rebel_killed", "victim": 1}]


def test_archery_attack_needs_dodges() -> None:
    t = Table(
        scen(lord(hand=["archery_attack"]), seat(hand=["dodge"]), seat("sunquan", "renegade"))
    )
    t.play("archery_attack")
    t.respond("dodge", seat=1)
    ev = t.new()
    assert of(ev, "respond")[0]["mode"] == "play"
    assert [d["target"] for d in of(ev, "damage")] == [2]


def test_god_salvation_skips_unwounded_targets_row5() -> None:
    t = Table(
        scen(
            lord(hp=4, hand=["god_salvation"]),
            seat(hp=2, hand=["nullification"]),
            seat("sunquan", "renegade", hand=["nullification"]),
        )
    )
    t.play("god_salvation")
    # only seat 1 is wounded: exactly one window opens (asked of seat 1 first, then seat 2)
    r = t.expect("respond", 1)
    assert r.info["against"] == "god_salvation" and r.info["target"] == 1
    t.respond(None, seat=1)
    t.respond(None, seat=2)
    ev = t.new()
    assert of(ev, "recover") == [{"seat": 1, "amount": 1, "hp": 3, "source": 0}]
    t.expect("play", 0)


def test_amazing_grace_reveals_one_card_per_target_row6() -> None:
    t = Table(
        scen(
            lord(hand=["amazing_grace"]),
            seat(),
            seat("sunquan", "renegade"),
            draw=["peach/heart/3", "slash/spade/7", "duel/spade/1", "dodge/heart/2"],
        )
    )
    t.play("amazing_grace")
    r = t.expect("amazing_grace", 0)
    assert [c["name"] for c in r.options] == ["peach", "slash", "duel"]
    t.reply(0)
    t.expect("amazing_grace", 1)
    t.reply(1)
    ev = t.new()
    taken = [m for m in of(ev, "move") if m["reason"] == "amazing_grace" and m["to"] == "hand"]
    assert [(m["to_seat"], m["cards"][0]["name"]) for m in taken] == [
        (0, "peach"),
        (1, "duel"),
        (2, "slash"),
    ]
    assert t.st.processing == []


def test_nullification_cancels_and_asks_in_action_order_row2() -> None:
    t = Table(
        scen(
            lord(hand=["dismantlement"]),
            seat(hand=["nullification"]),
            seat("sunquan", "renegade", hand=["nullification", "dodge"]),
        )
    )
    t.play("dismantlement", 2)
    t.new()
    # seat 0 has none; seats 1 and 2 are asked together
    assert t.open_seats() == [1, 2]
    r = t.expect("respond", 1)
    assert r.info == {
        "card": "nullification",
        "mode": "use",
        "reason": "nullify",
        "source": 0,
        "target": 2,
        "against": "dismantlement",
        "chain": {"trick": "dismantlement", "user": 0, "target": 2, "used": []},
    }
    # both say yes, seat 2 first in time: seat 1's comes first in action order and is used
    t.respond("nullification", seat=2)
    t.respond("nullification", seat=1)
    assert [u["seat"] for u in of(t.new(), "use")] == [1]
    assert t.hand_names(2) == ["nullification", "dodge"]  # seat 2's answer lapsed
    # the chain: a window against seat 1's Nullification; seat 2 may answer it
    r = t.expect("respond", 2)
    assert r.info["against"] == "nullification"
    t.respond(None, seat=2)
    ev = t.new()
    assert of(ev, "cancelled")[0]["target"] == 2
    assert t.hand_names(2) == ["nullification", "dodge"]


def test_nullification_chain_parity_row3() -> None:
    t = Table(
        scen(
            lord(hand=["dismantlement", "nullification"]),
            seat(hand=["nullification"]),
            seat("sunquan", "renegade", hand=["dodge"]),
        )
    )
    t.play("dismantlement", 2)
    t.respond(None, seat=0)
    t.respond("nullification", seat=1)  # 1 Nullification: cancelled
    t.respond("nullification", seat=0)  # 2: the first is cancelled, the trick resolves
    ev = t.new()
    assert not of(ev, "cancelled")
    assert any(m["reason"] == "dismantlement" for m in of(ev, "move"))
    assert t.st.players[2].hand == []
    check_fold(t.g)


def test_nullifying_one_target_of_an_aoe_row4() -> None:
    t = Table(
        scen(
            lord(hand=["savage_assault"]),
            seat(hand=["nullification"]),
            seat("sunquan", "renegade"),
        )
    )
    t.play("savage_assault")
    t.respond("nullification", seat=1)  # window for target 1
    ev = t.new()
    assert of(ev, "cancelled")[0]["target"] == 1
    # seat 2 still takes the damage (no more Nullification anywhere: no further request)
    assert [d["target"] for d in of(ev, "damage")] == [2]


def test_dying_is_a_frame_nested_inside_the_aoe_row7() -> None:
    t = Table(
        scen(
            lord(hand=["archery_attack", "peach"]),
            seat(hp=1),
            seat("sunquan", "renegade"),
        )
    )
    t.play("archery_attack")
    r = t.expect("respond", 0)
    assert r.info["reason"] == "dying" and r.info["target"] == 1
    names = [n.rsplit(".", 1)[-1] for n in t.g.stack_names()]
    i = names.index("use_card")
    assert names[i:] == ["use_card", "effect", "damage", "dying"]
    t.respond("peach", seat=0)
    ev = t.new()
    assert of(ev, "recover")[0]["hp"] == 1
    # the AoE goes on with the next target after the rescue
    assert [d["target"] for d in of(ev, "damage")] == [1, 2]
    assert kinds(ev).index("recover") < [i for i, e in enumerate(ev) if e.kind == "damage"][1]
