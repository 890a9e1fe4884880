"""Dying, death, rewards, victory, draw-pile exhaustion and nested settlements
(§4.8-4.11, §6 rows 7, 8, 19-25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sanguosha_support import SCENARIOS, Table, check_fold, lord, of, scen, seat

from game_agent.engine import Game, Settlement
from game_agent.games.sanguosha import Sanguosha
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import DECK, STANDARD_IDS, converted, real
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.scenario import config_from_toml, scenario_setup
from game_agent.games.sanguosha.use import use_card
from game_agent.games.sanguosha.victory import end_draw


def first_id(name: str) -> int:
    return next(i for i, row in DECK.items() if row[2] == name)


class Probe(Sanguosha):
    """The ruleset with a test body run right after the scenario is set up."""

    def __init__(self, body: Callable[[Game], Settlement]) -> None:
        super().__init__()
        self.body = body

    def root(self, g: Game) -> Settlement:
        yield from scenario_setup(g)
        yield from self.body(g)
        end_draw(g, "probe_done")


def probe(
    text: str, body: Callable[[Game], Settlement], asked: list[tuple[int, str]] | None = None
) -> Game:
    """Run `body` on the scenario with default replies; `asked` collects (seat, reason) of
    every `respond` request."""
    g = Game(Probe(body), config_from_toml(text), 1)
    step = g.start()
    while step.request is not None:
        if asked is not None and step.request.kind == "respond":
            asked.append((step.request.seat, step.request.info["reason"]))
        step = g.resume(step.request.default)
    return g


def data(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in g.events if e.kind == kind]


def test_aoe_user_dead_before_damage_has_no_source_row8() -> None:
    text = scen(lord(alive=False), seat(), seat("sunquan", "renegade"))

    def body(g: Game) -> Settlement:
        # a virtual Savage Assault: the dead user holds no card any more
        yield use_card(g, CardUse(0, converted("savage_assault", (), "test"), [1, 2]))

    g = probe(text, body)
    assert [(d["target"], d["source"]) for d in data(g, "damage")] == [(1, None), (2, None)]


def test_no_reward_when_killer_is_the_victim_row20() -> None:
    text = scen(lord(), seat(hp=1), seat("sunquan", "renegade"), seat("guanyu", "rebel"))

    def body(g: Game) -> Settlement:
        yield damage(g, Damage(1, 1, 1))

    g = probe(text, body)
    assert data(g, "death")[0]["killer"] == 1 and not data(g, "reward")


def test_dead_source_means_no_killer_row20() -> None:
    text = scen(
        lord(), seat(hp=1), seat("sunquan", "renegade", alive=False), seat("guanyu", "rebel")
    )

    def body(g: Game) -> Settlement:
        yield damage(g, Damage(2, 1, 1))

    g = probe(text, body)
    assert data(g, "death")[0]["killer"] is None and not data(g, "reward")


def test_collateral_dead_victim_gives_the_weapon_row24() -> None:
    text = scen(
        lord(hand=["collateral"]),
        seat(equip=["blade"], hand=["slash"]),
        seat("sunquan", "renegade", alive=False),
    )

    def body(g: Game) -> Settlement:
        c = g.state.players[0].hand[0]
        yield use_card(g, CardUse(0, real(c), [1], victim=2))

    g = probe(text, body)
    assert g.state.players[0].hand == [first_id("blade")]
    assert not [r for r in data(g, "use") if r["seat"] == 1]


def test_collateral_wielder_without_weapon_only_asked_row24() -> None:
    text = scen(lord(hand=["collateral"]), seat(hand=["slash"]), seat("sunquan", "renegade"))

    def body(g: Game) -> Settlement:
        c = g.state.players[0].hand[0]
        yield use_card(g, CardUse(0, real(c), [1], victim=2))

    g = probe(text, body)  # the default declines: nothing is forfeited
    assert g.state.players[0].hand == [] and g.state.players[1].equip == {}
    assert g.decisions and g.decisions[0].seat == 1


def test_peach_asking_order_and_several_peaches_row19() -> None:
    t = Table(
        scen(
            lord(hand=["peach/heart/3"]),
            seat(hp=1, judge=["lightning/spade/1"]),
            seat("sunquan", "loyalist", hand=["peach/heart/4", "peach/heart/6"]),
            turn=(1, "judge"),
            draw=["slash/spade/8"],
        )
    )
    assert of(t.new(), "dying") == [{"seat": 1, "hp": -2}]
    r = t.expect("respond", 2)  # current player (seat 1) has none, then seat 2
    assert r.info["reason"] == "dying" and r.info["target"] == 1
    t.respond("peach", seat=2)
    t.respond("peach", seat=2)
    t.respond("peach", seat=0)
    ev = t.new()
    assert [r["hp"] for r in of(ev, "recover")] == [-1, 0, 1]
    assert not of(ev, "death")


def test_rebel_kill_reward_and_lord_kills_loyalist_penalty_row22() -> None:
    t = Table(
        scen(
            lord(hand=["slash", "dodge"], equip=["blade"], judge=["indulgence"]),
            seat("guanyu", "loyalist", hp=1),
            seat("sunquan", "rebel"),
            seat("zhaoyun", "renegade"),
        )
    )
    t.play("slash", 1)
    ev = t.new()
    assert of(ev, "reward") == [{"seat": 0, "kind": "lord_killed_loyalist", "victim": 1}]
    p = t.st.players[0]
    assert p.hand == [] and p.equip == {} and len(p.judge) == 1  # judgement area untouched
    check_fold(t.g)


def test_game_over_before_reward_row21_and_lord_wins() -> None:
    t = Table(scen(lord(hand=["slash"]), seat(hp=1)))
    t.play("slash", 1)
    assert t.step.request is None
    assert not t.events("reward")
    o = t.g.outcome
    assert o is not None and o["winner"] == "lord" and o["winners"] == [0]
    assert o["roles"] == ["lord", "rebel"]


def test_lord_death_rebels_win_even_dead() -> None:
    t = Table(
        scen(
            lord(hp=1),
            seat(hand=["slash"]),
            seat("sunquan", "rebel", alive=False),
            seat("guanyu", "renegade"),
            turn=(1, "play"),
        )
    )
    t.play("slash", 0)
    o = t.g.outcome
    assert o is not None and o["winner"] == "rebel" and o["winners"] == [1, 2]


def test_renegade_wins_when_last_with_the_lord() -> None:
    t = Table(
        scen(
            lord(hp=1),
            seat("sunquan", "renegade", hand=["slash"]),
            seat(alive=False),
            turn=(1, "play"),
        )
    )
    t.play("slash", 0)
    o = t.g.outcome
    assert o is not None and o["winner"] == "renegade" and o["winners"] == [1]


def test_both_piles_empty_is_a_draw_row23() -> None:
    # every card but one sits in seat 1's hand; seat 0 must draw 2 from a 1-card pile
    ids = list(STANDARD_IDS)
    keep = ids[-1]
    hand = [f"{DECK[c][2]}/{DECK[c][0]}/{DECK[c][1]}" for c in ids if c != keep]
    text = scen(lord(), seat(hand=hand), turn=(0, "draw"), ex_cards=False)
    t = Table(text)
    o = t.g.outcome
    assert o is not None and o["winner"] is None and o["reason"] == "piles_exhausted"
    check_fold(t.g)


def test_reshuffle_puts_the_discard_pile_below() -> None:
    ids = list(STANDARD_IDS)
    hand = [f"{DECK[c][2]}/{DECK[c][0]}/{DECK[c][1]}" for c in ids[:90]]
    dis = [f"{DECK[c][2]}/{DECK[c][0]}/{DECK[c][1]}" for c in ids[90:103]]
    text = scen(lord(), seat(hand=hand), turn=(0, "draw"), discard=dis, ex_cards=False)
    t = Table(text)
    ev = [e for e in t.g.events if e.kind == "reshuffle"]
    assert len(ev) == 1 and ev[0].seats == () and ev[0].public == {"count": 13}
    assert len(t.st.players[0].hand) == 2


def test_max_rounds_cap_is_a_draw() -> None:
    t = Table(scen(lord(), seat(), turn=(0, "prepare")), max_rounds=2)
    t.finish()
    o = t.g.outcome
    assert o is not None and o["reason"] == "max_rounds" and o["winner"] is None
    assert t.st.round == 2


def test_scenario_file_round_trips_into_the_config() -> None:
    cfg = config_from_toml((SCENARIOS / "slash_basic.toml").read_text())
    g = Game(Sanguosha(), cfg, 3)
    assert g.config["scenario"]["seats"][0]["hand"] == [14, 69, 32]
    g2 = Game(Sanguosha(), g.config, 3)  # the stored config re-executes identically
    g.start()
    g2.start()
    assert g.events == g2.events


def test_hp_loss_can_kill_without_a_killer() -> None:
    from game_agent.games.sanguosha.recovery import lose_hp

    text = scen(lord(), seat(hp=1), seat("sunquan", "renegade"), seat("guanyu", "rebel"))

    def body(g: Game) -> Settlement:
        yield from lose_hp(g, 1, 1)

    g = probe(text, body)
    assert data(g, "lose_hp") == [{"seat": 1, "amount": 1, "hp": 0}]
    assert data(g, "death")[0]["killer"] is None and not data(g, "reward")


def test_scenario_dead_seat_is_buried_and_skipped() -> None:
    t = Table(
        scen(
            lord(hand=["slash"]),
            seat(alive=False, hand=["peach"], equip=["blade"]),
            seat("sunquan", "renegade"),
        )
    )
    p = t.st.players[1]
    assert not p.alive and p.hand == [] and p.equip == {}
    assert t.expect("play", 0).options[0]["targets"] == [2]  # the dead seat is out of the ring
    t.end_play()
    t.until("play", 2)
    assert [e["seat"] for e in t.events("turn")] == [0, 2]


def test_duel_winner_is_the_killer_even_as_target_and_any_rebel_killer_draws() -> None:
    # seat 0 (rebel) duels seat 1 (rebel, holds a Slash); seat 0 cannot answer and dies:
    # the killer is the Duel's winner, seat 1, who draws 3 for killing a rebel.
    t = Table(
        scen(
            lord(),
            seat(hp=1, hand=["duel"]),
            seat(hand=["slash"]),
            seat("sunquan", "renegade"),
            turn=(1, "play"),
        )
    )
    t.play("duel", 2)
    t.respond("slash", seat=2)
    ev = t.new()
    assert of(ev, "death")[0] == {"seat": 1, "role": "rebel", "general": "caocao", "killer": 2}
    assert of(ev, "reward") == [{"seat": 2, "kind": "rebel_killed", "victim": 1}]
    rewards = [d for d in of(ev, "draw") if d["reason"] == "reward"]
    assert len(rewards) == 1 and rewards[0]["seat"] == 2 and len(rewards[0]["cards"]) == 3
    # the current player died: the rest of his turn is not run, the next seat plays
    t.expect("play", 2)
    assert [e["seat"] for e in t.events("turn")] == [1, 2]


def test_indulgence_nullified_is_discarded_without_judgement() -> None:
    t = Table(
        scen(lord(judge=["indulgence/spade/6"], hand=["nullification"]), seat(), turn=(0, "judge"))
    )
    t.respond("nullification", seat=0)
    ev = t.new()
    assert of(ev, "cancelled") and not of(ev, "judge") and not of(ev, "phase_skip")
    assert 11 in t.st.discard
    t.expect("play", 0)


def test_amazing_grace_nullified_target_takes_nothing() -> None:
    t = Table(
        scen(
            lord(hand=["amazing_grace"]),
            seat(hand=["nullification"]),
            draw=["peach/heart/3", "slash/spade/7"],
        )
    )
    t.play("amazing_grace")
    t.respond(None, seat=1)  # window for seat 0: seat 1 declines
    t.expect("amazing_grace", 0)
    t.reply(1)  # seat 0 takes the Slash
    t.respond("nullification", seat=1)  # ... and nullifies its own share
    ev = t.new()
    taken = [m for m in of(ev, "move") if m["reason"] == "amazing_grace" and m["to"] == "hand"]
    assert [(m["to_seat"], m["cards"][0]["name"]) for m in taken] == [(0, "slash")]
    left = [m for m in of(ev, "move") if m["reason"] == "amazing_grace" and m["to"] == "discard"]
    assert left[0]["cards"][0]["name"] == "peach"


def test_kof_general_dying_in_own_turn_ends_the_turn() -> None:
    t = Table(
        scen(
            lord("caocao", hp=2, judge=["lightning/spade/1"], reserve=["guanyu"]),
            seat("zhaoyun", "renegade"),
            turn=(0, "judge"),
            draw=["slash/spade/8"],
            mode="1v1",
        )
    )
    ev = t.new()
    assert of(ev, "general_lost") == [{"seat": 0, "general": "caocao"}]
    assert of(ev, "turn_end") == [{"seat": 0}]
    assert t.st.players[0].general == "guanyu" and t.hp(0) == 4
    assert [e["phase"] for e in of(ev, "phase") if e["seat"] == 0] == ["judge"]
    t.expect("play", 1)
    check_fold(t.g)


@pytest.mark.parametrize("conceal", [True, False])
def test_treated_as_duel_that_cannot_be_nullified(conceal: bool) -> None:
    from game_agent.games.sanguosha.use import treat_as

    text = scen(
        lord(), seat(hand=["nullification"]), seat("sunquan", "renegade"), conceal_responses=conceal
    )

    def body(g: Game) -> Settlement:
        yield treat_as(g, 2, "duel", [1], "lijian", nullifiable=False)

    asked: list[tuple[int, str]] = []
    g = probe(text, body, asked)
    use = data(g, "use")[0]
    assert use["skill"] == "lijian" and use["subcards"] == [] and not use["counted"]
    assert data(g, "damage")[0] == {
        "source": 2,
        "target": 1,
        "amount": 1,
        "nature": "normal",
        "card": {"name": "duel", "suit": "none", "color": "none", "rank": 0},
        "hp": 3,
    }
    # no Nullification window was opened; the Duel's Slash is asked of seat 1 (who has none)
    # only when responses are concealed
    assert asked == ([(1, "duel")] if conceal else [])
    assert len(g.decisions) == len(asked)
