"""The turn model (phases skipped / inserted, extra turns) and the skill extension points,
exercised with small test-only skills given to seats by the scenario (a ruleset instance with
extra skills: nothing is patched)."""

from __future__ import annotations

from typing import Any

from sanguosha_support import Table, check_fold, lord, of, scen, seat, test_skill

from game_agent.engine import Game, Settlement, Trigger
from game_agent.games.sanguosha import timings as T
from game_agent.games.sanguosha.cards import DECK
from game_agent.games.sanguosha.skill import Active
from game_agent.games.sanguosha.turn import DrawN, PhaseInfo

skill = test_skill


def test_draw_n_modifier_like_yingzi() -> None:
    def can(g: Game, seat: int, d: DrawN) -> bool:
        return d.seat == seat == 0

    def settle(g: Game, seat: int, d: DrawN) -> Settlement:
        g.emit("skill", {"seat": seat, "name": "test_yingzi"})
        d.n += 1
        return
        yield

    sk = skill("test_yingzi", Trigger("test_yingzi", T.DRAW_N, can, settle))
    t = Table(scen(lord(skills=["test_yingzi"]), seat(), turn=(0, "draw")), extra=(sk,))
    t.trigger("test_yingzi", seat=0)  # optional: asked, with pass
    d = [e for e in of(t.new(), "draw") if e["reason"] == "draw_phase"]
    assert len(d[0]["cards"]) == 3


def test_skip_insert_and_extra_turn() -> None:
    def once(name: str, phase: str) -> Any:
        def can(g: Game, seat: int, p: PhaseInfo) -> bool:
            return p.seat == seat == 0 and p.phase == phase and name not in g.state.players[0].marks

        return can

    def skip_discard(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        g.emit("mark", {"seat": seat, "name": "skip", "value": 1, "scope": "game"})
        g.emit("phase_skip", {"seat": seat, "phase": "discard", "reason": "test"})
        return
        yield

    def insert_draw(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        g.emit("mark", {"seat": seat, "name": "insert", "value": 1, "scope": "game"})
        g.emit("phase_insert", {"seat": seat, "phase": "draw", "index": 0})
        return
        yield

    def extra_turn(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        g.emit("mark", {"seat": seat, "name": "extra", "value": 1, "scope": "game"})
        g.emit("extra_turn", {"seat": seat})
        return
        yield

    sk = skill(
        "t_turns",
        Trigger("t_skip", T.PHASE_START, once("skip", "prepare"), skip_discard, True),
        Trigger("t_insert", T.PHASE_END, once("insert", "play"), insert_draw, True),
        Trigger("t_extra", T.PHASE_START, once("extra", "finish"), extra_turn, True),
    )
    t = Table(scen(lord(skills=["t_turns"]), seat(), turn=(0, "prepare")), extra=(sk,))
    t.end_play()
    t.until("play", 1)
    ev = t.new()
    turn_phases = [(e["seat"], e["phase"]) for e in of(ev, "phase")]
    assert turn_phases[:6] == [
        (0, "prepare"),
        (0, "judge"),
        (0, "draw"),
        (0, "play"),
        (0, "draw"),
        (0, "finish"),
    ]
    assert of(ev, "phase_skipped") == [{"seat": 0, "phase": "discard"}]
    assert [e["seat"] for e in of(ev, "turn")] == [0, 0, 1]  # the extra turn came first
    check_fold(t.g)


def test_prohibit_hook_like_kongcheng() -> None:
    def kongcheng(st: Any, user: int, target: int, name: str) -> bool:
        return name in ("slash", "duel") and not st.players[target].hand

    sk = skill("t_empty", kind="compulsory", prohibit=kongcheng)
    t = Table(scen(lord(hand=["slash", "duel"]), seat(skills=["t_empty"])), extra=(sk,))
    assert [o["kind"] for o in t.expect("play", 0).options] == ["end"]
    # owned by seat 1 only: seat 1 (no hand either) may still target seat 0
    t = Table(scen(lord(), seat(hand=["duel"], skills=["t_empty"]), turn=(1, "play")), extra=(sk,))
    assert [o["targets"] for o in t.expect("play", 1).options[:-1]] == [[0]]


def test_distance_hook_like_mashu() -> None:
    def mashu(st: Any, a: int, b: int, spent: frozenset[int]) -> int:
        return -1

    sk = skill("t_mashu", kind="compulsory", distance_from=mashu)
    t = Table(
        scen(lord(hand=["slash"], skills=["t_mashu"]), seat(), seat(), seat(), seat()),
        extra=(sk,),
    )
    assert t.expect("play", 0).options[0]["targets"] == [1, 2, 3, 4]


def test_active_skill_like_zhiheng() -> None:
    from game_agent.games.sanguosha.cards import DESC
    from game_agent.games.sanguosha.zones import discard, draw

    def enabled(st: Any, seat: int) -> bool:
        return bool(st.players[seat].hand) and "zhiheng" not in st.players[seat].marks

    def settle(g: Game, seat: int) -> Settlement:
        hand = list(g.state.players[seat].hand)
        sel = yield g.ask(
            seat,
            "skill_cards",
            [DESC[c] for c in hand],
            None,
            form="subset",
            min=1,
            max=len(hand),
            cancel=True,
            info={"skill": "zhiheng", "prompt": "discard, then draw as many"},
        )
        if sel is None:
            return
        g.emit("mark", {"seat": seat, "name": "zhiheng", "value": 1, "scope": "phase"})
        yield from discard(g, seat, [hand[i] for i in sel], "zhiheng")
        yield from draw(g, seat, len(sel), "zhiheng")

    sk = skill("t_zhiheng", kind="active", active=Active(enabled, settle))
    t = Table(
        scen(
            lord(hand=["dodge", "dodge"], skills=["t_zhiheng"]),
            seat(),
            draw=["peach/heart/3", "duel/spade/1"],
        ),
        extra=(sk,),
    )
    i = t.option_index(lambda o: o["kind"] == "skill" and o["skill"] == "t_zhiheng")
    t.reply(i)
    t.expect("skill_cards", 0)
    t.reply(None)  # back to the menu
    t.reply(i)
    t.reply([0, 1])
    assert t.hand_names(0) == ["peach", "duel"]
    assert not [o for o in t.expect("play", 0).options if o["kind"] == "skill"]
    check_fold(t.g)


def test_phase_changing_like_keji_and_arrange_like_guanxing() -> None:
    from game_agent.games.sanguosha.cards import DESC

    def keji_can(g: Game, seat: int, p: PhaseInfo) -> bool:
        return p.seat == seat == 0 and p.phase == "discard"

    def keji(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        g.emit("phase_skip", {"seat": seat, "phase": "discard", "reason": "keji"})
        return
        yield

    def guanxing_can(g: Game, seat: int, p: PhaseInfo) -> bool:
        return p.seat == seat == 0 and p.phase == "prepare"

    def guanxing(g: Game, seat: int, p: PhaseInfo) -> Settlement:
        top = g.state.draw[:2]
        g.emit(
            "peek",
            {"seat": seat, "cards": [DESC[c] for c in top], "reason": "guanxing"},
            seats=(seat,),
            public={"seat": seat, "count": 2, "reason": "guanxing"},
        )
        g.emit(
            "arrange",
            {"seat": seat, "top": [DESC[top[1]]], "bottom": [DESC[top[0]]]},
            seats=(seat,),
            public={"seat": seat, "top": 1, "bottom": 1},
        )
        return
        yield

    sk = skill(
        "t_star",
        Trigger("t_keji", T.PHASE_CHANGING, keji_can, keji),
        Trigger("t_guanxing", T.PHASE_START, guanxing_can, guanxing),
    )
    t = Table(
        scen(
            lord(hp=1, hand=["dodge", "dodge"], skills=["t_star"]),
            seat(),
            turn=(0, "prepare"),
            draw=["peach/heart/3", "duel/spade/1"],
        ),
        extra=(sk,),
    )
    t.trigger("t_guanxing", seat=0)
    d = next(e for e in t.new() if e.kind == "draw")
    assert d.data["cards"][0]["name"] == "duel"  # the peach went to the bottom
    assert t.st.draw[-1] == next(i for i, row in DECK.items() if row[2] == "peach")
    t.end_play()
    t.trigger("t_keji", seat=0)
    ev = t.new()
    assert of(ev, "phase_skipped") == [{"seat": 0, "phase": "discard"}]
    assert len(t.st.players[0].hand) == 4  # over the limit, but the discard phase was skipped
    check_fold(t.g)


def test_damaged_triggers_only_if_the_target_survives_row9() -> None:
    from game_agent.games.sanguosha.damage import Damage

    fired: list[int] = []

    def can(g: Game, seat: int, d: Damage) -> bool:
        return d.target == seat

    def settle(g: Game, seat: int, d: Damage) -> Settlement:
        fired.append(seat)
        return
        yield

    sk = skill("t_after", Trigger("t_jianxiong", T.DAMAGED, can, settle, compulsory=True))
    t = Table(
        scen(
            lord(hand=["savage_assault"]),
            seat(hp=1, skills=["t_after"]),
            seat("sunquan", "renegade", hp=2, skills=["t_after"]),
            seat("guanyu", "rebel", skills=["t_after"]),
        ),
        extra=(sk,),
    )
    t.play("savage_assault")
    assert of(t.new(), "death")[0]["seat"] == 1
    assert fired == [2, 3]  # seat 1 died of the damage: no "after damage" for it
