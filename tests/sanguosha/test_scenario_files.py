"""Scenario files under scenarios/: each one starts a game and the events are checked."""

from __future__ import annotations

from sanguosha_support import SCENARIOS, Table, check_fold, of


def test_every_scenario_file_loads_and_plays_to_the_end() -> None:
    files = sorted(SCENARIOS.glob("*.toml"))
    assert len(files) >= 4
    for f in files:
        t = Table(file=f.name)
        t.finish()
        assert t.g.outcome is not None
        check_fold(t.g)


def test_aoe_dying_file_row7() -> None:
    t = Table(file="aoe_dying.toml")
    t.play("archery_attack")
    r = t.expect("respond", 0)
    assert r.info["reason"] == "dying" and r.info["target"] == 1
    t.respond("peach", seat=0)
    t.respond(None, seat=2)
    ev = t.new()
    order = [
        (e.kind, e.data.get("target", e.data.get("seat")))
        for e in ev
        if e.kind in ("damage", "dying", "recover")
    ]
    assert order == [("damage", 1), ("dying", 1), ("recover", 1), ("damage", 2)]


def test_lightning_lifo_file_rows11_12() -> None:
    t = Table(file="lightning_lifo.toml")
    ev = t.new()
    assert [(j["seat"], j["reason"]) for j in of(ev, "judge")][:2] == [
        (0, "lightning"),
        (0, "indulgence"),
    ]
    mv = [m for m in of(ev, "move") if m["reason"] == "lightning_moves"]
    assert mv[0]["to_seat"] == 1
    assert of(ev, "phase_skip")[0]["phase"] == "play"


def test_kof_replacement_file() -> None:
    t = Table(file="kof_replacement.toml")
    t.play("slash", 1)
    r = t.expect("choose_general", 1)
    assert [o["id"] for o in r.options] == ["zhaoyun", "diaochan"]
    t.reply(0)
    p = t.st.players[1]
    assert p.general == "zhaoyun" and p.hp == p.max_hp == 4 and len(p.hand) == 4 and p.lost == 2
