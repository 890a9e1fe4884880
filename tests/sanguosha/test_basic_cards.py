"""Scenario tests: Slash, Dodge, Peach, the Slash limit and range (§2.2, §4.4, §4.5)."""

from __future__ import annotations

from sanguosha_support import Table, check_fold, kinds, lord, of, scen, seat


def test_slash_hits_when_not_dodged() -> None:
    t = Table(file="slash_basic.toml")
    t.play("slash", 1, seat=0)
    t.respond(None, seat=1)
    ev = t.new()
    use = of(ev, "use")[0]
    assert use["card"]["name"] == "slash" and use["targets"] == [1] and use["counted"]
    dmg = of(ev, "damage")
    assert dmg == [
        {
            "source": 0,
            "target": 1,
            "amount": 1,
            "nature": "normal",
            "card": {"name": "slash", "suit": "spade", "color": "black", "rank": 7},
            "hp": 3,
        }
    ]
    assert t.hp(1) == 3
    # the Slash went processing -> discard
    assert any(m["to"] == "discard" and m["from"] == "processing" for m in of(ev, "move"))
    check_fold(t.g)


def test_slash_dodged_deals_no_damage_and_uses_the_limit() -> None:
    t = Table(file="slash_basic.toml")
    t.play("slash", 1, seat=0)
    t.respond("dodge", seat=1)
    ev = t.new()
    assert of(ev, "respond")[0]["card"]["name"] == "dodge"
    assert of(ev, "slash_missed") == [{"source": 0, "target": 1}]
    assert not of(ev, "damage")
    # one Slash per play phase: the second Slash is no longer offered
    names = [o["card"]["name"] for o in t.expect("play", 0).options if o["kind"] == "card"]
    assert "slash" not in names and "peach" in names


def test_dodge_and_nullification_are_never_usable_actively() -> None:
    t = Table(scen(lord(hand=["dodge", "nullification", "slash"]), seat()))
    names = [o["card"]["name"] for o in t.expect("play", 0).options if o["kind"] == "card"]
    assert names == ["slash"]


def test_slash_range_without_weapon_is_one() -> None:
    # 4 players: seat 2 is at distance 2 from seat 0
    t = Table(scen(lord(hand=["slash"]), seat(), seat(), seat("sunquan", "loyalist")))
    opt = t.expect("play", 0).options[0]
    assert opt["card"]["name"] == "slash" and opt["targets"] == [1, 3]


def test_peach_only_when_wounded_and_only_on_self() -> None:
    t = Table(scen(lord(hp=4, hand=["peach"]), seat()))
    assert [o["kind"] for o in t.expect("play", 0).options] == ["end"]
    t = Table(scen(lord(hp=2, hand=["peach"]), seat()))
    opt = t.expect("play", 0).options[0]
    assert opt["targets"] == [0]
    t.play("peach")
    ev = t.new()
    assert of(ev, "recover") == [{"seat": 0, "amount": 1, "hp": 3, "source": 0}]
    assert kinds(ev).index("use") < kinds(ev).index("recover")


def test_back_from_target_request_returns_to_menu() -> None:
    t = Table(file="slash_basic.toml")
    i = t.option_index(lambda o: o["kind"] == "card" and o["card"]["name"] == "slash")
    t.reply(i)
    r = t.expect("targets", 0)
    assert r.cancel and r.form == "subset" and r.min == 1 and r.max == 1 and r.default is None
    t.reply(None)
    t.expect("play", 0)
    assert not t.events("use")


def test_end_play_is_the_default_and_discard_defaults_are_legal() -> None:
    t = Table(scen(lord(hp=1, hand=["slash", "slash", "dodge"]), seat()))
    r = t.expect("play", 0)
    assert r.options[r.default]["kind"] == "end"
    t.default()
    r = t.expect("discard", 0)
    assert r.min == r.max == 2 and r.default == [0, 1]
    t.default()
    assert len(t.st.players[0].hand) == 1
    ph = [e["phase"] for e in t.events("phase")]
    assert ph[:3] == ["play", "discard", "finish"]
