"""The skill system's groundwork, each piece proved with a test-only skill: the one funnel for
card movement, cards supplied by another seat, scoped marks and the turn/phase end timings,
the judgement area's memory, target changes, partial knowledge, judgements and damage that know
their card, and ownership checked in one place."""

from __future__ import annotations

from typing import Any

from sanguosha_support import Table, check_fold, lord, of, scen, seat, test_skill

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha import timings as T
from game_agent.games.sanguosha.cards import NAME, SUIT, VCard, converted
from game_agent.games.sanguosha.damage import Damage
from game_agent.games.sanguosha.judgement import Judgement, is_red, judge
from game_agent.games.sanguosha.responses import ask_card
from game_agent.games.sanguosha.skill import ANY_MODE, PLAY, USE, Active, ViewAs
from game_agent.games.sanguosha.state import State
from game_agent.games.sanguosha.turn import PhaseInfo
from game_agent.games.sanguosha.use import Targeted
from game_agent.games.sanguosha.zones import Moved, move, peek, top_cards


def _recorder(log: list[Any], timing: str) -> Trigger:
    def can(g: Game, seat: int, payload: Any) -> bool:
        return True

    def settle(g: Game, seat: int, payload: Any) -> Settlement:
        log.append(payload)
        return
        yield

    return Trigger(f"watch_{timing}", timing, can, settle, compulsory=True)


def test_every_card_movement_goes_through_one_funnel() -> None:
    """use, respond, judge, draw and move all settle `cards_moved` with where each card came
    from (zone and owner) and where it went."""
    seen: list[Moved] = []
    watch = test_skill("watch", _recorder(seen, T.CARDS_MOVED), kind="compulsory")
    t = Table(
        scen(
            lord(hand=["slash", "ex_nihilo"], skills=["watch"]),
            seat(hand=["dodge"], equip=["eight_diagram/spade/2"]),
            draw=["peach/heart/3", "duel/spade/1", "slash/heart/10"],
        ),
        extra=(watch,),
    )
    seen.clear()  # the scenario's own placing moved cards too
    t.play("ex_nihilo")  # use (hand -> processing), draw 2, then processing -> discard
    t.play("slash", 1)
    t.trigger("eight_diagram", seat=1)  # judge: draw -> processing; red: a virtual Dodge
    moves = [(m.reason, m.origins, m.to, m.to_seat) for m in seen]
    assert moves == [
        ("use", [("hand", 0)], "processing", None),
        ("ex_nihilo", [("draw", None)] * 2, "hand", 0),
        ("settled", [("processing", None)], "discard", None),
        ("use", [("hand", 0)], "processing", None),
        ("eight_diagram", [("draw", None)], "processing", None),
        ("judged", [("processing", None)], "discard", None),
        ("settled", [("processing", None)], "discard", None),
    ]
    assert seen[0].lost(0, "hand") == seen[0].cards and seen[0].lost(1, "hand") == []
    check_fold(t.g)


def _borrow_slash(g: Game, seat: int) -> Settlement:
    """A test conversion that obtains its card from the next seat (like Jijiang)."""
    helper = (seat + 1) % len(g.state.players)
    vc = yield from ask_card(g, helper, "slash", "play", "borrow", source=seat)
    return None if vc is None else converted("slash", vc.subcards, "borrow")


def test_a_card_supplied_by_another_seat_names_its_owner() -> None:
    borrow = test_skill(
        "borrow", kind="conversion", views=(ViewAs("slash", ANY_MODE, produce=_borrow_slash),)
    )
    t = Table(
        scen(lord(skills=["borrow"]), seat(hand=["slash/club/2"]), seat(), seat()),
        extra=(borrow,),
    )
    i = t.option_index(lambda o: o["kind"] == "view_as" and o["skill"] == "borrow")
    t.reply(i)
    t.choose_targets(1)  # the targets come first, then the card is obtained
    t.respond("slash", seat=1)  # seat 1 supplies the card it is the target of
    use = of(t.new(), "use")[0]
    assert use["seat"] == 0 and use["from"] == [{"zone": "hand", "seat": 1}]
    assert use["skill"] == "borrow" and use["counted"] is True
    assert t.st.players[1].hand == [] and use["subcards"][0]["suit"] == "club"
    check_fold(t.g)


def test_marks_are_cleared_with_their_scope() -> None:
    def set_marks(g: Game, seat: int) -> Settlement:
        for scope in ("phase", "turn", "game"):
            g.emit("mark", {"seat": seat, "name": f"m_{scope}", "value": 1, "scope": scope})
        return
        yield

    def never_twice(st: State, seat: int) -> bool:
        return "m_game" not in st.players[seat].marks

    marker = test_skill("marker", kind="active", active=Active(never_twice, set_marks))
    t = Table(scen(lord(hp=1, hand=["dodge"] * 3, skills=["marker"]), seat()), extra=(marker,))
    t.reply(t.option_index(lambda o: o["kind"] == "skill"))
    assert set(t.st.players[0].marks) == {"m_phase", "m_turn", "m_game"}
    t.end_play()
    t.expect("discard", 0)
    assert set(t.st.players[0].marks) == {"m_turn", "m_game"}  # the play phase ended
    t.until("play", 1)
    assert set(t.st.players[0].marks) == {"m_game"}  # the turn ended
    check_fold(t.g)


def test_turn_and_phase_end_fire_even_when_the_turn_is_cut_short() -> None:
    """1v1: the general whose turn it is dies in its play phase; the turn is cut short, yet
    `phase_end` and `turn_end` are emitted and settled, and the dead general's marks go."""
    seen: list[PhaseInfo] = []

    def lose(g: Game, seat: int) -> Settlement:
        from game_agent.games.sanguosha.recovery import lose_hp

        g.emit("mark", {"seat": seat, "name": "m_game", "value": 1, "scope": "game"})
        yield from lose_hp(g, seat, 1)

    ender = test_skill("ender", active=Active(lambda st, seat: True, lose))
    ends = test_skill("ends", _recorder(seen, T.PHASE_END), _recorder(seen, T.TURN_END))
    t = Table(
        scen(
            lord("guanyu", hp=1, reserve=["zhaoyun"], skills=["ender"]),
            seat("caocao", "renegade", skills=["ends"]),
            mode="1v1",
        ),
        extra=(ender, ends),
    )
    t.reply(t.option_index(lambda o: o["kind"] == "skill"))
    t.until("play", 1)
    ev = t.new()
    kinds = [e.kind for e in ev if e.kind in ("general_lost", "turn_stop", "phase_end", "turn_end")]
    assert kinds[:4] == ["general_lost", "turn_stop", "phase_end", "turn_end"]
    assert [(p.seat, p.phase) for p in seen][:2] == [(0, "play"), (0, "")]  # seat 1 heard both
    assert t.st.players[0].general == "zhaoyun" and "m_game" not in t.st.players[0].marks
    check_fold(t.g)


def _diamonds(st: State, seat: int) -> list[int]:
    p = st.players[seat]
    return [c for c in [*p.hand, *p.equip.values()] if SUIT[c] == "diamond"]


def test_the_judgement_area_remembers_what_a_card_is_used_as() -> None:
    """A ♦ card used as an Indulgence (like Guose) sits in the judgement area as one and is
    judged as one; the area counts it as an Indulgence (no second one may go there)."""
    guose = test_skill(
        "as_indulgence",
        kind="conversion",
        views=(ViewAs("indulgence", (PLAY, USE), _diamonds),),
    )
    t = Table(
        scen(
            lord(hand=["dodge/diamond/2", "indulgence/spade/6"], skills=["as_indulgence"]),
            seat(),
            draw=["slash/spade/7"],
        ),
        extra=(guose,),
    )
    t.reply(t.option_index(lambda o: o["kind"] == "view_as"))
    t.reply([0])
    t.choose_targets(1)
    placed = of(t.new(), "move")[-1]
    assert placed["to"] == "judge" and placed["as"] == "indulgence"
    dodge = placed["cards"][0]["id"]
    assert NAME[dodge] == "dodge" and t.st.players[1].judge_as == {dodge: "indulgence"}
    # seat 1 already holds an "Indulgence": the real one has no target left
    assert not [o for o in t.req.options if o["kind"] == "card"]
    t.end_play()
    t.until("play", 0)
    ev = t.new()
    assert of(ev, "judge")[0]["reason"] == "indulgence"
    assert of(ev, "phase_skip") == [{"seat": 1, "phase": "play", "reason": "indulgence"}]
    check_fold(t.g)


def test_a_changed_target_is_confirmed_and_announced() -> None:
    """A Liuli-like skill moves the Slash to another seat: a public `target_changed` event,
    the new target's own confirmation runs, requests name the new target, and two seats that
    would pass the Slash back and forth cannot loop."""
    confirmed: list[int] = []

    def can(g: Game, seat: int, tg: Targeted) -> bool:
        return tg.target == seat and tg.use.card.name == "slash"

    def pass_on(g: Game, seat: int, tg: Targeted) -> Settlement:
        confirmed.append(seat)
        others = [s for s in (1, 2) if s != seat]
        tg.retarget(g, others[0], "pass_on")
        return
        yield

    sk = test_skill("pass_on", Trigger("pass_on", T.TARGET_CONFIRMING, can, pass_on, True))
    t = Table(
        scen(
            lord(hand=["slash"]),
            seat(skills=["pass_on"], hand=["dodge"]),
            seat(skills=["pass_on"], hand=["dodge"]),
        ),
        extra=(sk,),
    )
    t.play("slash", 1)
    changed = of(t.new(), "target_changed")
    assert [(c["from"], c["to"]) for c in changed] == [(1, 2), (2, 1)]
    assert confirmed == [1, 2]  # each seat confirmed once: no endless passing
    r = t.expect("respond", 1)
    assert r.info["reason"] == "slash"
    assert all(e.seats is None for e in t.g.events if e.kind == "target_changed")


def test_partial_knowledge_names_the_seats_that_know_a_hidden_move() -> None:
    """A Yiji-like skill: the giver looks at the top card and gives it away; the hidden move
    is shown in full to the receiver and to the giver who knows it, counts to the others."""

    def give(g: Game, seat: int) -> Settlement:
        (cid,) = top_cards(g, 1)
        peek(g, seat, [cid], "give")
        yield from move(g, [cid], "draw", None, "hand", 2, "give", known=(seat,))

    sk = test_skill("give", active=Active(lambda st, s: True, give))
    t = Table(scen(lord(skills=["give"]), seat(), seat(), draw=["peach/heart/3"]), extra=(sk,))
    t.reply(t.option_index(lambda o: o["kind"] == "skill"))
    mv = next(e for e in t.new() if e.kind == "move")
    assert mv.seats == (2, 0) and mv.public is not None and "cards" not in mv.public
    assert mv.data["cards"][0]["name"] == "peach"


def test_judge_gives_back_the_card_and_damage_knows_its_card_and_user() -> None:
    results: list[Judgement] = []
    damages: list[Damage] = []

    def judging(g: Game, seat: int) -> Settlement:
        j = yield judge(g, seat, "test", is_red)
        results.append(j)

    def can(g: Game, seat: int, d: Damage) -> bool:
        return d.source == seat

    def note(g: Game, seat: int, d: Damage) -> Settlement:
        damages.append(d)
        return
        yield

    sk = test_skill(
        "probe",
        Trigger("probe", T.DAMAGE_CAUSED, can, note, compulsory=True),
        active=Active(lambda st, s: not results, judging),
    )
    t = Table(
        scen(lord(hand=["duel"], skills=["probe"]), seat(), draw=["peach/heart/3"]),
        extra=(sk,),
    )
    t.reply(t.option_index(lambda o: o["kind"] == "skill"))
    (j,) = results
    assert NAME[j.card] == "peach" and j.good
    t.play("duel", 1)
    (d,) = damages
    assert d.user == 0 and isinstance(d.card, VCard) and d.card.name == "duel"


def test_ownership_is_checked_in_one_place() -> None:
    """A trigger's own check never repeats ownership: a seat without the skill, a dead seat,
    and a lord skill on a non-lord never fire it."""
    seen: list[int] = []

    def can(g: Game, seat: int, d: Damage) -> bool:
        return d.target == seat

    def note(g: Game, seat: int, d: Damage) -> Settlement:
        seen.append(seat)
        return
        yield

    plain = test_skill("hurt", Trigger("hurt", T.DAMAGED, can, note, compulsory=True))
    from dataclasses import replace

    lordly = test_skill("hurt_lord", Trigger("hurt_lord", T.DAMAGED, can, note, compulsory=True))
    lordly = replace(lordly, about=replace(lordly.about, lord=True))
    t = Table(
        scen(
            lord("liubei", skills=["hurt_lord"]),
            seat(skills=["hurt"]),
            seat(),
            seat("sunquan", "renegade", hand=["savage_assault"], skills=["hurt", "hurt_lord"]),
            turn=(3, "play"),
        ),
        extra=(plain, lordly),
    )
    assert t.st.players[3].skills == ["hurt"]  # a lord skill only works for the lord
    t.play("savage_assault")
    assert seen == [0, 1]  # seat 3 used the card, seat 2 has no such skill
    g = Game(t.ruleset, {"players": 5, "generals": "random"}, 7)
    g.start()
    for p in g.state.players:
        lord_skills = [s for s in p.skills if t.ruleset.skills[s].lord]
        assert not lord_skills or p.role == "lord"


def test_a_timeout_settles_the_compulsory_trigger_not_the_optional_one() -> None:
    """Xu Chu (Luoyi marked) with an Ice Sword: both are ready when his Slash would deal damage.
    The question has no pass and its default is Luoyi's bonus; Ice Sword, once chosen, prevents
    the damage and Luoyi no longer adds to it."""
    text = scen(
        lord("xuchu", hand=["slash", "slash"], equip=["ice_sword"], marks={"luoyi": 1}),
        seat("zhangfei", hand=["peach", "peach"]),
        skills="standard",
    )
    t = Table(text)
    t.play("slash", 1)
    q = t.expect("trigger", 0)
    assert q.options == ["ice_sword", "luoyi_bonus"] and q.default == 1
    t.default()  # the bonus; Ice Sword is asked next, on its own, and passed
    t.trigger(None, seat=0)
    assert of(t.new(), "damage")[0]["amount"] == 2
    t = Table(text)
    t.play("slash", 1)
    t.trigger("ice_sword", seat=0)
    t.until("play", 0)
    ev = t.new()
    assert not of(ev, "damage") and not [s for s in of(ev, "skill") if s["name"] == "luoyi"]


def test_the_end_timings_still_see_the_marks_they_end() -> None:
    seen: list[set[str]] = []

    def can(g: Game, seat: int, p: PhaseInfo) -> bool:
        return p.seat == seat

    def look(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        seen.append(set(g.state.players[seat].marks))
        return
        yield

    def mark(g: Game, seat: int) -> Settlement:
        g.emit("mark", {"seat": seat, "name": "m_phase", "value": 1, "scope": "phase"})
        g.emit("mark", {"seat": seat, "name": "m_turn", "value": 1, "scope": "turn"})
        return
        yield

    sk = test_skill(
        "ends",
        Trigger("ends_phase", T.PHASE_END, can, look, compulsory=True),
        Trigger("ends_turn", T.TURN_END, can, look, compulsory=True),
        active=Active(lambda st, s: "m_turn" not in st.players[s].marks, mark),
    )
    t = Table(scen(lord(skills=["ends"]), seat()), extra=(sk,))
    t.use_skill("ends").end_play()
    t.until("play", 1)
    # play phase end (both marks), discard and finish ends (the turn's), then the turn's end
    assert seen == [{"m_phase", "m_turn"}, {"m_turn"}, {"m_turn"}, {"m_turn"}]
    assert t.st.players[0].marks == {}


def test_a_request_without_a_legal_default_is_a_ruleset_error() -> None:
    import pytest

    from game_agent.engine import EngineError
    from game_agent.games.sanguosha.questions import ask_cards

    def broken(g: Game, seat: int) -> Settlement:
        yield from ask_cards(g, seat, "broken", "pick from nothing", [], cancel=False)

    sk = test_skill("broken", active=Active(lambda st, s: True, broken))
    t = Table(scen(lord(skills=["broken"]), seat()), extra=(sk,))
    with pytest.raises(EngineError, match="no legal default"):
        t.use_skill("broken")
