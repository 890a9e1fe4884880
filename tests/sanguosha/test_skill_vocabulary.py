"""The rest of the agent spec's skill vocabulary (§3.2), which no standard general uses: each
mechanism is built in the ruleset and proved here with a test-only skill, so an expansion pack is
only data and small settlements. Point fights, turning a character over, gaining and losing
skills, max HP, removing a card from the game, faction and gender, using a card of the draw pile,
naming a card, and a face-down declaration that others may question."""

from __future__ import annotations

from typing import Any

from sanguosha_support import Table, check_fold, lord, of, scen, seat, test_skill

from game_agent.engine import Game, Settlement, Trigger, view_for
from game_agent.games.sanguosha import timings as T
from game_agent.games.sanguosha.card import CardUse
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.character import (
    change_attribute,
    change_max_hp,
    flip,
    gain_skill,
    lose_skill,
)
from game_agent.games.sanguosha.damage import Damage, damage
from game_agent.games.sanguosha.declare import declare
from game_agent.games.sanguosha.naming import name_card
from game_agent.games.sanguosha.pindian import Pindian, can_pindian, pindian
from game_agent.games.sanguosha.questions import ask_cards, ask_seats
from game_agent.games.sanguosha.recovery import lose_hp
from game_agent.games.sanguosha.responses import ask_card, respond
from game_agent.games.sanguosha.skill import PLAY, Active, ViewAs
from game_agent.games.sanguosha.state import others_in_order
from game_agent.games.sanguosha.use import from_draw_pile
from game_agent.games.sanguosha.use import use_card as use_card_frame
from game_agent.games.sanguosha.zones import clear_processing, draw, move


def active(sid: str, settle: Any, enabled: Any = None) -> Any:
    return test_skill(sid, kind="active", active=Active(enabled or (lambda st, s: True), settle))


def pick_other(g: Game, seat: int, skill: str) -> Settlement:
    chosen = yield from ask_seats(g, seat, skill, "whom?", others_in_order(g.state, seat))
    return None if chosen is None else chosen[0]


# --- point fights ------------------------------------------------------------------------------


def _wits(g: Game, seat: int) -> Settlement:
    other = yield from pick_other(g, seat, "wits")
    if other is None or not can_pindian(g.state, seat, other):
        return
    fight: Pindian = yield pindian(g, seat, other, "wits")
    if fight.won:
        yield from draw(g, seat, 1, "wits")


def _plus_three(g: Game, seat: int, p: Pindian) -> Settlement:
    p.points[seat] += 3
    return
    yield


WITS = active("wits", _wits)
STEADY = test_skill(
    "steady",
    Trigger("steady", T.PINDIAN, lambda g, s, p: s in p.points, _plus_three, compulsory=True),
)


def test_a_point_fight_shows_both_cards_at_once_and_the_higher_rank_wins() -> None:
    t = Table(
        scen(
            lord(hand=["slash/spade/9", "dodge/heart/2"], skills=["wits"]),
            seat(hand=["peach/heart/3"]),
            draw=["duel/spade/1"],
        ),
        extra=(WITS,),
    )
    t.use_skill("wits").reply([0])
    first = t.expect("skill_cards", 0)  # the asker chooses first, then the target
    assert first.info["about"]["target"] == 1 and first.cancel is False
    t.reply([0])  # the ♠9
    t.expect("skill_cards", 1)
    t.reply([0])  # the ♥3
    ev = t.new()
    (shown,) = [e for e in ev if e.kind == "pindian"]
    assert shown.seats is None  # shown to everyone at once
    assert (shown.data["card"]["rank"], shown.data["target_card"]["rank"]) == (9, 3)
    # until the reveal nobody's view named the other's card
    before = ev[: ev.index(shown)]
    assert not any(e.kind == "move" and e.data["from"] == "hand" for e in before)
    assert of(ev, "pindian_result") == [{"seat": 0, "target": 1, "winner": 0, "reason": "wits"}]
    assert t.hand_names(0) == ["dodge", "duel"]  # won: drew the duel
    assert sorted(NAME[c] for c in t.st.discard) == ["peach", "slash"]
    check_fold(t.g)


def test_a_point_fight_timing_changes_the_points() -> None:
    t = Table(
        scen(
            lord(hand=["slash/spade/7", "dodge"], skills=["wits"]),
            seat(hand=["peach/heart/9"], skills=["steady"]),
        ),
        extra=(WITS, STEADY),
    )
    t.use_skill("wits").reply([0])
    t.reply([0])
    t.reply([0])
    (res,) = of(t.new(), "pindian_result")
    assert res["winner"] == 1  # 7 against 9 + 3


def test_a_tie_is_no_win() -> None:
    t = Table(
        scen(lord(hand=["slash/spade/7", "dodge"], skills=["wits"]), seat(hand=["slash/club/7"])),
        extra=(WITS,),
    )
    t.use_skill("wits").reply([0])
    t.reply([0]).reply([0])
    assert of(t.new(), "pindian_result")[0]["winner"] is None
    assert t.hand_names(0) == ["dodge"]


# --- turning a character over -------------------------------------------------------------


def _overturn(g: Game, seat: int) -> Settlement:
    other = yield from pick_other(g, seat, "overturn")
    if other is not None:
        flip(g, other)


def test_a_turned_over_character_skips_its_next_turn_and_turns_back_up() -> None:
    sk = active("overturn", _overturn)
    t = Table(scen(lord(skills=["overturn"]), seat(), seat()), extra=(sk,))
    t.use_skill("overturn").reply([0])
    assert t.st.players[1].face_down
    t.new()
    t.end_play()
    t.until("play")
    ev = t.new()
    assert of(ev, "flip")[-1] == {"seat": 1, "face_down": False}
    assert {"seat": 1} in of(ev, "turn_skipped") and t.req.seat == 2
    assert [e["seat"] for e in of(ev, "turn")] == [2]
    t.end_play().until("play")
    assert t.req.seat == 0
    t.end_play().until("play")
    assert t.req.seat == 1  # face up again: its turn comes normally
    check_fold(t.g)


# --- gaining and losing skills ------------------------------------------------------------


def _learn(g: Game, seat: int) -> Settlement:
    gain_skill(g, seat, "paoxiao")
    lose_skill(g, seat, "learn")
    return
    yield


def test_gaining_and_losing_skills() -> None:
    sk = active("learn", _learn)
    t = Table(scen(lord(hand=["slash", "slash"], skills=["learn"]), seat(hp=4)), extra=(sk,))
    t.use_skill("learn")
    ev = t.new()
    assert of(ev, "skill_gained") == [{"seat": 0, "skill": "paoxiao"}]
    assert of(ev, "skill_lost") == [{"seat": 0, "skill": "learn"}]
    assert t.st.players[0].skills == ["paoxiao"]
    assert not [o for o in t.req.options if o["kind"] == "skill"]  # "learn" is gone
    t.play("slash", 1)  # seat 1 has no Dodge: no question
    t.play("slash", 1)  # Paoxiao (gained with skills="none" at the table) lifts the limit
    assert t.hp(1) == 2
    check_fold(t.g)


# --- max HP ---------------------------------------------------------------------------------


def _shrink(g: Game, seat: int) -> Settlement:
    yield from change_max_hp(g, seat, -1)


def test_max_hp_changes_cap_hp_and_zero_max_hp_dies() -> None:
    sk = active("shrink", _shrink)
    t = Table(
        scen(lord(skills=["shrink"]), seat("sunquan", "renegade", max_hp=2, hp=2), seat()),
        extra=(sk,),
    )
    t.use_skill("shrink")
    assert (t.st.players[0].max_hp, t.st.players[0].hp) == (3, 3)
    t = Table(
        scen(
            lord(),
            seat("sunquan", "renegade", max_hp=2, hp=2, skills=["shrink"]),
            seat(),
            turn=(1, "play"),
        ),
        extra=(sk,),
    )
    t.use_skill("shrink")
    assert of(t.new(), "max_hp") == [{"seat": 1, "max_hp": 1, "hp": 1}]
    t.use_skill("shrink")
    ev = t.new()
    assert of(ev, "max_hp") == [{"seat": 1, "max_hp": 0, "hp": 0}]
    assert of(ev, "death")[0]["seat"] == 1 and of(ev, "death")[0]["killer"] is None
    assert not of(ev, "dying")  # no rescue from a max HP of 0
    check_fold(t.g)


# --- removing a card from the game --------------------------------------------------------


def _exile(g: Game, seat: int) -> Settlement:
    hand = list(g.state.players[seat].hand)
    chosen = yield from ask_cards(g, seat, "exile", "remove which card?", hand)
    if chosen:
        yield from move(g, chosen, "hand", seat, "removed", None, "exile")


def test_a_card_removed_from_the_game_is_never_reshuffled() -> None:
    sk = active("exile", _exile)
    t = Table(
        scen(
            lord(hand=["peach"], skills=["exile"]),
            seat(),
            draw=["slash/spade/7"],
            discard=["dodge/heart/2"],
            rest="removed",
        ),
        extra=(sk,),
    )
    assert len(t.st.draw) == 1 and len(t.st.removed) > 90
    t.use_skill("exile").reply([0])
    mv = of(t.new(), "move")[0]
    assert (mv["to"], mv["cards"][0]["name"]) == ("removed", "peach")  # face up: public
    t.end_play()
    t.until("play", 1)  # seat 1's draw phase: 1 card left, the dodge reshuffled, then ...
    check_fold(t.g)
    assert t.st.reshuffles == 1
    assert "peach" in [NAME[c] for c in t.st.removed]


# --- faction and gender -------------------------------------------------------------------


def _defect(g: Game, seat: int) -> Settlement:
    change_attribute(g, seat, "faction", "wei")
    change_attribute(g, seat, "gender", "female")
    return
    yield


def test_changing_faction_and_gender() -> None:
    """A Shu body turned Wei may play a Dodge for Cao Cao (Hujia); turned female, a male's
    Double Swords now trigger against it."""
    sk = active("defect", _defect)
    t = Table(
        scen(
            lord("caocao"),
            seat("guanyu", hand=["dodge"], skills=["defect"]),
            seat("zhangfei", hand=["slash"], equip=["double_swords"]),
            turn=(1, "play"),
            skills="standard",
        ),
        extra=(sk,),
    )
    t.use_skill("defect")
    ev = t.new()
    assert of(ev, "attribute") == [
        {"seat": 1, "name": "faction", "value": "wei"},
        {"seat": 1, "name": "gender", "value": "female"},
    ]
    assert (t.st.players[1].faction, t.st.players[1].gender) == ("wei", "female")
    t.end_play()
    t.until("play", 2)
    t.play("slash", 1)
    assert t.req.kind == "trigger" and "double_swords" in t.req.options  # now opposite genders
    check_fold(t.g)


def test_a_changed_faction_joins_hujia() -> None:
    sk = active("defect", _defect)
    t = Table(
        scen(
            lord("caocao"),
            seat("guanyu", hand=["dodge"], skills=["defect"]),
            seat("zhangfei", hand=["slash"]),
            turn=(1, "play"),
            skills="standard",
        ),
        extra=(sk,),
    )
    t.use_skill("defect")
    t.end_play()
    t.until("play", 2)
    t.play("slash", 0)
    t.trigger("hujia", seat=0)
    r = t.expect("respond", 1)  # the Shu body, now Wei, is asked
    assert r.info["reason"] == "hujia"


# --- using a card of the draw pile --------------------------------------------------------


def _top_card_slash(g: Game, seat: int) -> Settlement:
    return from_draw_pile(g, "slash", "top_slash")
    yield


def test_a_card_used_straight_from_the_draw_pile() -> None:
    """The card is named only when it is used: the option and the targets come first, and the
    `use` event's `from` says it came from the draw pile."""
    sk = test_skill(
        "top_slash", kind="conversion", views=(ViewAs("slash", (PLAY,), produce=_top_card_slash),)
    )
    t = Table(scen(lord(skills=["top_slash"]), seat(), draw=["peach/heart/3"]), extra=(sk,))
    top = t.st.draw[0]
    t.convert("top_slash", "slash")
    t.choose_targets(1)
    ev = t.new()
    (use,) = of(ev, "use")
    assert use["from"] == [{"zone": "draw", "seat": None}] and use["subcards"][0]["id"] == top
    assert use["card"]["name"] == "slash" and use["card"]["suit"] == "heart"
    assert top not in t.st.draw
    # nothing before the use named the card to seat 0
    before = ev[: next(i for i, e in enumerate(ev) if e.kind == "use")]
    assert not any(top in _ids(view_for(e, 0)) for e in before)
    check_fold(t.g)


def _ids(data: Any) -> set[int]:
    if isinstance(data, dict):
        found = {data["id"]} if "id" in data and "name" in data else set()
        for v in data.values():
            found |= _ids(v)
        return found
    if isinstance(data, list):
        out: set[int] = set()
        for v in data:
            out |= _ids(v)
        return out
    return set()


# --- naming a card ------------------------------------------------------------------------


def _decree(g: Game, seat: int) -> Settlement:
    other = yield from pick_other(g, seat, "decree")
    if other is None:
        return
    name = yield from name_card(g, seat, "decree", ("dodge", "peach", "slash"))
    vc = yield from ask_card(g, other, name, "play", "decree", source=seat)
    if vc is None:
        yield damage(g, Damage(seat, other, 1))
    else:
        yield from respond(g, other, vc, "play", "decree")


def test_naming_a_card_and_requiring_it() -> None:
    sk = active("decree", _decree)
    t = Table(scen(lord(skills=["decree"]), seat(hand=["dodge", "slash"])), extra=(sk,))
    t.use_skill("decree").reply([0])
    r = t.expect("skill_choice", 0)
    assert r.options == ["dodge", "peach", "slash"]
    t.reply(1)  # a Peach, which seat 1 does not have: no request, 1 damage
    ev = t.new()
    assert of(ev, "choice") == [{"seat": 0, "kind": "name_card", "value": "peach"}]
    assert of(ev, "damage")[0]["target"] == 1
    check_fold(t.g)


# --- a face-down declaration that others may question -------------------------------------


def _bluff(g: Game, seat: int) -> Settlement:
    """Put a hand card face down as a Peach: believed, or questioned and true, it is used as
    one (a questioner who was wrong loses 1 HP); a lie found out is discarded."""
    hand = list(g.state.players[seat].hand)
    chosen = yield from ask_cards(g, seat, "bluff", "which card, declared a Peach?", hand)
    if chosen is None:
        return
    said = yield from declare(g, seat, chosen[0], "peach", "bluff")
    if said.questioner is not None and not said.true:
        yield from clear_processing(g, [said.card], "bluff")
        return
    if said.questioner is not None:
        yield from lose_hp(g, said.questioner, 1)
    from game_agent.games.sanguosha.cards import converted

    yield use_card_frame(g, CardUse(seat, converted("peach", (said.card,), "bluff"), [seat]))


BLUFF = active("bluff", _bluff)


def _bluff_table() -> Table:
    return Table(
        scen(lord(hp=2, hand=["slash/spade/7", "peach/heart/3"], skills=["bluff"]), seat(), seat()),
        extra=(BLUFF,),
    )


def test_an_unquestioned_declaration_stays_hidden() -> None:
    t = _bluff_table()
    t.use_skill("bluff").reply([0])  # the Slash, declared a Peach
    ev = t.new()
    hidden = next(e for e in ev if e.kind == "move" and e.data["to"] == "facedown")
    assert hidden.seats == (0,) and hidden.public is not None and "cards" not in hidden.public
    assert of(ev, "declare") == [{"seat": 0, "claim": "peach", "reason": "bluff"}]
    for s in (1, 2):
        r = t.expect("skill_choice", s)
        assert r.options == ["believe", "question"] and r.default == 0
        t.reply(0)
    ev = t.new()
    (use,) = of(ev, "use")
    assert use["from"] == [{"zone": "facedown", "seat": None}] and use["card"]["name"] == "peach"
    assert t.hp(0) == 3
    check_fold(t.g)


def test_a_questioned_lie_is_shown_and_discarded() -> None:
    t = _bluff_table()
    t.use_skill("bluff").reply([0])
    t.expect("skill_choice", 1)
    t.reply(1)  # seat 1 questions: seat 2 is not asked
    ev = t.new()
    shown = [e for e in ev if e.kind == "move" and e.data["from"] == "facedown"]
    assert shown[0].seats is None and shown[0].data["cards"][0]["name"] == "slash"
    assert not of(ev, "use") and t.hp(0) == 2 and t.hp(1) == 4  # caocao: 4 HP
    t.expect("play", 0)


def test_a_questioned_truth_costs_the_questioner() -> None:
    t = _bluff_table()
    t.use_skill("bluff").reply([1])  # the real Peach
    t.expect("skill_choice", 1)
    t.reply(0)
    t.expect("skill_choice", 2)
    t.reply(1)
    ev = t.new()
    assert of(ev, "lose_hp")[0]["seat"] == 2 and of(ev, "use")[0]["card"]["name"] == "peach"
    assert t.hp(0) == 3
    check_fold(t.g)
