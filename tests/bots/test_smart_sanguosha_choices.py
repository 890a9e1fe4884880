"""Scenario tests of the smart bot's key choices, and of its role inference."""

from __future__ import annotations

from smart_ai_support import SmartTable, option_names, respond_reason

from user_agent.games.sanguosha.ai.beliefs import Beliefs

# Five seats, no skills (bodies): seat 0 lord, 1 and 3 rebels, 2 loyalist, 4 renegade.
# It is the rebel's (seat 1, next to the lord) play phase.


def table(
    rebel_hand: str,
    *,
    lord_hand: str = "",
    loyal_hand: str = '"peach"',
    other_rebel_hand: str = '"peach"',
    lord_hp: int = 1,
    lord_equip: str = "",
) -> str:
    return f"""
skills = "none"
[[seats]]
general = "caocao"
role = "lord"
hp = {lord_hp}
hand = [{lord_hand}]
equip = [{lord_equip}]
[[seats]]
general = "zhangfei"
role = "rebel"
hand = [{rebel_hand}]
[[seats]]
general = "xuchu"
role = "loyalist"
hand = [{loyal_hand}]
[[seats]]
general = "guanyu"
role = "rebel"
hand = [{other_rebel_hand}]
[[seats]]
general = "lvbu"
role = "renegade"
hand = []
[turn]
seat = 1
phase = "play"
"""


def test_rebel_slashes_the_lord_and_the_loyalist_peaches_him_but_a_rebel_does_not() -> None:
    t = SmartTable(table('"slash/spade/7", "peach"'))
    play = t.run_until(lambda r: r.kind == "play" and r.seat == 1)
    choice = t.answer(play)
    assert option_names(play, choice) == "slash"
    target = t.run_until(lambda r: r.kind == "targets" and r.seat == 1)
    assert target.options[t.answer(target)[0]] == 0  # type: ignore[index]
    rebel = t.run_until(respond_reason(1, "dying"))
    assert option_names(rebel, t.decide(rebel)) == "decline"
    t.answer(rebel)
    loyal = t.run_until(respond_reason(2, "dying"))
    assert option_names(loyal, t.decide(loyal)) == "peach"


def test_it_dodges_a_foes_slash() -> None:
    t = SmartTable(table('"slash/spade/7"', lord_hand='"dodge"', lord_hp=3))
    req = t.run_until(respond_reason(0, "slash"))
    assert req.info["source"] == 1
    assert option_names(req, t.decide(req)) == "dodge"


def test_it_nullifies_a_foes_dismantlement_on_a_friend() -> None:
    t = SmartTable(
        table(
            '"dismantlement"', lord_hp=3, lord_equip='"eight_diagram"', loyal_hand='"nullification"'
        )
    )
    play = t.run_until(lambda r: r.kind == "play" and r.seat == 1)
    assert option_names(play, t.answer(play)) == "dismantlement"
    req = t.run_until(respond_reason(2, "nullify"))
    assert req.info["against"] == "dismantlement" and req.info["target"] == 0
    assert option_names(req, t.decide(req)) == "nullification"


def test_it_equips_a_weapon_first() -> None:
    t = SmartTable(table('"slash/spade/7", "blade", "dodge"', lord_hp=3))
    play = t.run_until(lambda r: r.kind == "play" and r.seat == 1)
    assert option_names(play, t.decide(play)) == "blade"


def test_it_heals_itself_with_a_peach_only_when_hurt() -> None:
    hurt = table('"peach"', lord_hp=3).replace(
        'general = "zhangfei"\n', 'general = "zhangfei"\nhp = 2\n'
    )
    t = SmartTable(hurt)
    play = t.run_until(lambda r: r.kind == "play" and r.seat == 1)
    assert option_names(play, t.decide(play)) == "peach"
    full = SmartTable(table('"peach"', lord_hp=3))
    play = full.run_until(lambda r: r.kind == "play" and r.seat == 1)
    assert option_names(play, full.decide(play)) == "end"  # no Peach offered at full HP


def test_it_keeps_the_best_cards_when_discarding() -> None:
    hand = '"peach", "nullification", "dodge", "dodge", "dodge", "dodge"'
    t = SmartTable(table(hand, lord_hp=3))
    req = t.run_until(lambda r: r.kind == "discard" and r.seat == 1)
    choice = t.decide(req)
    assert isinstance(choice, list) and len(choice) == 2
    assert [req.options[i]["name"] for i in choice] == ["dodge", "dodge"]


def test_beliefs_move_toward_foe_for_a_seat_that_slashes_the_lord() -> None:
    b = Beliefs(seat=1, seats=5)
    b.apply("role", {"seat": 0, "role": "lord"})
    b.apply("role", {"seat": 1, "role": "loyalist"})
    before = b.relation(3)
    b.apply("use", {"seat": 3, "card": {"name": "slash"}, "targets": [0], "skill": ""})
    assert b.relation(3) < before
    assert b.lordside(3) < 0
    # helping the lord moves a seat back toward the lord's side
    b.apply("use", {"seat": 4, "card": {"name": "peach"}, "targets": [0], "skill": ""})
    b.apply("recover", {"seat": 0, "amount": 1, "hp": 2, "source": 4})
    assert b.lordside(4) > b.lordside(3)


def test_a_rebel_sees_the_lord_as_a_foe_and_a_seat_attacking_the_lord_as_a_friend() -> None:
    b = Beliefs(seat=2, seats=5)
    b.apply("role", {"seat": 0, "role": "lord"})
    b.apply("role", {"seat": 2, "role": "rebel"})
    assert b.relation(0) < 0
    b.apply("use", {"seat": 3, "card": {"name": "duel"}, "targets": [0], "skill": ""})
    assert b.relation(3) > 0
