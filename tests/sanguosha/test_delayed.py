"""Scenario tests: Indulgence, Lightning and the judge phase (§2.5, §6 rows 10-13)."""

from __future__ import annotations

from sanguosha_support import Table, check_fold, lord, of, scen, seat


def test_indulgence_skips_the_play_phase_unless_heart() -> None:
    t = Table(
        scen(
            lord(judge=["indulgence/spade/6"]),
            seat(),
            turn=(0, "judge"),
            draw=["slash/spade/7", "dodge/heart/2", "dodge/heart/13"],
        )
    )
    ev = t.new()
    assert of(ev, "judge_result")[0]["good"] is False
    assert of(ev, "phase_skip") == [{"seat": 0, "phase": "play", "reason": "indulgence"}]
    # the judge phase ran, then draw; play is skipped
    phases = [(e["seat"], e["phase"]) for e in of(ev, "phase")][:4]
    assert phases == [(0, "judge"), (0, "draw"), (0, "discard"), (0, "finish")]
    assert of(ev, "phase_skipped") == [{"seat": 0, "phase": "play"}]
    assert t.st.players[0].judge == [] and any(c == 11 for c in t.st.discard)

    t = Table(
        scen(lord(judge=["indulgence/spade/6"]), seat(), turn=(0, "judge"), draw=["dodge/heart/2"])
    )
    assert not of(t.new(), "phase_skip")
    t.expect("play", 0)


def test_indulgence_targets_others_without_one() -> None:
    t = Table(
        scen(
            lord(hand=["indulgence"]),
            seat(judge=["indulgence/club/6"]),
            seat("sunquan", "renegade"),
        )
    )
    assert t.expect("play", 0).options[0]["targets"] == [2]
    t.play("indulgence", 2)
    ev = t.new()
    assert of(ev, "use")[0]["targets"] == [2]
    assert of(ev, "move")[-1]["to"] == "judge" and of(ev, "move")[-1]["to_seat"] == 2


def test_lightning_hits_on_spade_2_to_9() -> None:
    t = Table(
        scen(
            lord(hp=4, judge=["lightning/spade/1"]),
            seat(),
            turn=(0, "judge"),
            draw=["slash/spade/8"],
        )
    )
    ev = t.new()
    dmg = of(ev, "damage")
    assert dmg == [
        {
            "source": None,
            "target": 0,
            "amount": 3,
            "nature": "thunder",
            "card": {"name": "lightning", "suit": "spade", "color": "black", "rank": 1},
            "hp": 1,
        }
    ]
    assert 1 in t.st.discard  # the Lightning card (id 1) is discarded after hitting


def test_lightning_placed_this_turn_waits_row10_and_moves_on_row11() -> None:
    t = Table(
        scen(
            lord(hand=["lightning/spade/1"]),
            seat(judge=["lightning/heart/12"]),
            seat("sunquan", "renegade"),
            draw=["dodge/heart/2"] * 1,
        )
    )
    t.play("lightning")
    ev = t.new()
    assert not of(ev, "judge")  # not judged in the turn it was placed
    assert t.st.players[0].judge == [1]
    # end the turn; seat 1 judges its EX Lightning (misses on a heart) -> it moves to seat 2,
    # skipping seat 0 who already holds one... seat 2 is next anyway.
    t.end_play()
    t.until("play", 1)
    ev = t.new()
    mv = [m for m in of(ev, "move") if m["reason"] == "lightning_moves"]
    assert mv and mv[0]["to_seat"] == 2


def test_lightning_skips_a_seat_that_already_holds_one_row11() -> None:
    t = Table(
        scen(
            lord(judge=["lightning/spade/1"]),
            seat(judge=["lightning/heart/12"]),
            seat("sunquan", "renegade"),
            turn=(0, "judge"),
            draw=["dodge/heart/2"],
        )
    )
    mv = [m for m in of(t.new(), "move") if m["reason"] == "lightning_moves"]
    assert mv[0]["to_seat"] == 2


def test_nullified_lightning_moves_on() -> None:
    t = Table(
        scen(
            lord(judge=["lightning/spade/1"], hand=["nullification"]),
            seat(),
            turn=(0, "judge"),
            draw=["slash/spade/8"],
        )
    )
    t.respond("nullification", seat=0)
    ev = t.new()
    assert of(ev, "cancelled") and not of(ev, "judge")
    assert t.st.players[1].judge == [1]


def test_judge_order_is_last_placed_first_row12() -> None:
    t = Table(
        scen(
            lord(judge=["indulgence/spade/6", "lightning/spade/1"]),
            seat(),
            turn=(0, "judge"),
            draw=["dodge/heart/2", "dodge/heart/13"],
        )
    )
    reasons = [j["reason"] for j in of(t.new(), "judge")]
    assert reasons == ["lightning", "indulgence"]


def test_holder_killed_by_lightning_rest_not_judged_row13() -> None:
    t = Table(
        scen(
            lord("caocao", hp=4),
            seat(hp=2, judge=["indulgence/spade/6", "lightning/spade/1"]),
            seat("sunquan", "renegade"),
            turn=(1, "judge"),
            draw=["slash/spade/9"],
        )
    )
    ev = t.new()
    assert [j["reason"] for j in of(ev, "judge")] == ["lightning"]
    death = of(ev, "death")[0]
    assert death["seat"] == 1 and death["killer"] is None  # no killer, no reward
    assert not of(ev, "reward")
    assert 11 in t.st.discard  # the Indulgence was buried with the body
    check_fold(t.g)
