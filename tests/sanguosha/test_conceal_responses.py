"""`conceal_responses` (on by default): every seat the rules would ask for a response card is
asked, whether or not it holds one, so the wait that the other seats see never tells who holds
a Dodge, a Peach or a Nullification. Off: only the seats that could answer are asked.

Scenario tests show each response window both ways; the random games check every window of
real play against the seats the rules make eligible, and that concealing adds decisions only:
the events are the same as without it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from sanguosha_support import (
    Table,
    check_fold,
    decline_only,
    lord,
    of,
    scen,
    seat,
    std,
)

from game_agent.engine import ConfigError, Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.knowledge import audit_game
from game_agent.games.sanguosha.state import State, order_from_current, others_in_order
from protocol.choices import RequestSpec
from user_agent.bot import random_legal

DECLINE = [{"kind": "decline"}]


def asks(t: Table, reason: str | None = None) -> list[tuple[int, str]]:
    """Decline every pending `respond` request (for `reason`, if given); -> (seat, reason) of
    each."""
    out = []
    while (r := t.step.request) is not None and r.kind == "respond":
        if reason is not None and r.info["reason"] != reason:
            break
        out.append((r.seat, r.info["reason"]))
        t.default()
    return out


# --- config ------------------------------------------------------------------------------------


def test_on_by_default_and_validated() -> None:
    assert RULESET.configure({})["conceal_responses"] is True
    assert RULESET.configure({"conceal_responses": False})["conceal_responses"] is False
    with pytest.raises(ConfigError, match="conceal_responses"):
        RULESET.configure({"conceal_responses": 1})
    text = scen(lord(), seat(), conceal_responses=False)  # a scenario may set it too
    assert Table(text).g.config["conceal_responses"] is False


# --- Slash -------------------------------------------------------------------------------------

SLASH = scen(lord(hand=["slash"]), seat(hand=["peach"]), seat())


def test_slash_target_without_dodge_is_asked_with_only_decline() -> None:
    t = Table(SLASH, declines=False)
    t.play("slash", 1)
    r = t.expect("respond", 1)
    assert r.options == DECLINE and r.default == 0
    assert r.info == {
        "card": "dodge",
        "mode": "use",
        "reason": "slash",
        "source": 0,
        "target": None,
        "against": "",
        "chain": None,
    }
    t.reply(0)
    assert of(t.new(), "damage")[0]["target"] == 1 and t.hp(1) == 3
    t.expect("play", 0)
    check_fold(t.g)


def test_slash_target_without_dodge_not_asked_when_responses_are_not_concealed() -> None:
    on = Table(SLASH)  # the harness declines the concealing request
    off = Table(SLASH, declines=False, conceal_responses=False)
    on.play("slash", 1)
    off.play("slash", 1)
    off.expect("play", 0)  # straight to the damage: nobody was asked
    assert [(s, i["reason"], i["card"]) for s, i in on.concealed] == [(1, "slash", "dodge")]
    assert [d.seat for d in off.g.decisions] == [0, 0]  # the play menu and the target
    assert [d.seat for d in on.g.decisions] == [0, 0, 1]
    assert on.g.events == off.g.events  # the same events: only the extra decision differs


def test_a_holder_is_asked_with_its_cards_either_way() -> None:
    for conceal in (True, False):
        t = Table(
            scen(lord(hand=["slash"]), seat(hand=["dodge"]), conceal_responses=conceal),
            declines=False,
        )
        t.play("slash", 1)
        r = t.expect("respond", 1)
        assert [o["kind"] for o in r.options] == ["card", "decline"]


# --- Nullification ----------------------------------------------------------------------------


def nullify_table(conceal: bool, holder: int | None = None) -> Table:
    hands: list[list[str]] = [["dodge"], ["ex_nihilo"], ["peach"], [], ["slash"]]
    if holder is not None:
        hands[holder].append("nullification")
    return Table(
        scen(
            seat("caocao", "loyalist", hand=hands[0]),
            lord("liubei", hand=hands[1]),
            seat("sunquan", "rebel", hand=hands[2]),
            seat("huatuo", "rebel", hand=hands[3], alive=False),
            seat("lvbu", "renegade", hand=hands[4]),
            turn=(1, "play"),
            conceal_responses=conceal,
        ),
        declines=False,
    )


def test_nullification_window_asks_every_living_seat_in_order() -> None:
    t = nullify_table(True)
    t.play("ex_nihilo")
    r = t.expect("respond", 1)
    assert r.options == DECLINE
    assert r.info == {
        "card": "nullification",
        "mode": "use",
        "reason": "nullify",
        "source": 1,
        "target": 1,
        "against": "ex_nihilo",
        "chain": {"trick": "ex_nihilo", "user": 1, "target": 1, "used": []},
    }
    # from the current player (seat 1), round the table; the dead seat 3 is not asked
    assert asks(t) == [(1, "nullify"), (2, "nullify"), (4, "nullify"), (0, "nullify")]
    assert of(t.new(), "draw")[0]["reason"] == "ex_nihilo"
    t.expect("play", 1)
    check_fold(t.g)


def test_nullification_window_without_concealing_asks_only_holders() -> None:
    t = nullify_table(False)
    t.play("ex_nihilo")
    t.expect("play", 1)  # nobody could nullify: nobody was asked
    assert of(t.new(), "draw")[0]["reason"] == "ex_nihilo"
    t = nullify_table(False, holder=4)
    t.play("ex_nihilo")
    assert asks(t) == [(4, "nullify")]


def test_nullification_chain_asks_every_living_seat_in_each_window() -> None:
    t = nullify_table(True, holder=2)
    t.play("ex_nihilo")
    t.new()
    # one window: every living seat is asked at once, in action order from the current player
    assert t.open_seats() == [1, 2, 4, 0]
    t.respond(None, seat=1)
    assert [o["kind"] for o in t.expect("respond", 2).options] == ["card", "decline"]
    t.respond("nullification", seat=2)
    # the window waits for every answer: nothing was used yet
    assert t.open_seats() == [4, 0] and not of(t.new(), "use")
    t.respond(None, seat=0)
    t.respond(None, seat=4)
    # the window against the Nullification: every living seat again, seat 2 (who has none
    # left) included, from the current player
    assert [u["card"]["name"] for u in of(t.new(), "use")] == ["nullification"]
    r = t.expect("respond", 1)
    assert r.info["against"] == "nullification" and r.info["target"] == 2
    assert t.open_seats() == [1, 2, 4, 0]
    assert asks(t) == [(1, "nullify"), (2, "nullify"), (4, "nullify"), (0, "nullify")]
    ev = t.new()
    assert [c["target"] for c in of(ev, "cancelled")] == [1]
    assert not [d for d in of(ev, "draw") if d["reason"] == "ex_nihilo"]


# --- dying -------------------------------------------------------------------------------------


def dying_table(conceal: bool) -> Table:
    return Table(
        scen(
            seat("caocao", "loyalist", hand=["dodge"]),
            lord("liubei", hand=["slash"]),
            seat("sunquan", "rebel", hp=1),
            seat("huatuo", "rebel", alive=False),
            seat("lvbu", "renegade", hand=["peach"]),
            turn=(1, "play"),
            conceal_responses=conceal,
        ),
        declines=False,
    )


def test_dying_round_asks_every_living_seat() -> None:
    t = dying_table(True)
    t.play("slash", 2)
    assert asks(t, "slash") == [(2, "slash")]  # no Dodge: only decline
    assert of(t.new(), "dying") == [{"seat": 2, "hp": 0}]
    r = t.expect("respond", 1)
    assert r.options == DECLINE and r.info["card"] == "peach" and r.info["target"] == 2
    t.reply(0)
    t.respond(None, seat=2)
    r = t.expect("respond", 4)
    assert [o["kind"] for o in r.options] == ["card", "decline"]  # the one Peach holder
    t.respond(None, seat=4)
    assert asks(t) == [(0, "dying")]  # round the table from the current player (seat 1)
    assert of(t.new(), "death")[0]["seat"] == 2
    check_fold(t.g)


def test_dying_round_without_concealing_asks_only_holders() -> None:
    t = dying_table(False)
    t.play("slash", 2)
    assert asks(t) == [(4, "dying")]  # the target had no Dodge; only the Peach holder
    assert of(t.new(), "death")[0]["seat"] == 2


# --- Hujia, Jijiang, Collateral ----------------------------------------------------------------


def hujia_table(conceal: bool) -> Table:
    return Table(
        std(
            lord("caocao"),
            seat("zhangfei", "rebel", hand=["slash/spade/7"]),
            seat("xuchu", "loyalist", hand=["peach"]),
            seat("sunquan", "rebel"),
            seat("zhangliao", "renegade", hand=["dodge"]),
            turn=(1, "play"),
            conceal_responses=conceal,
        ),
        declines=False,
    )


def test_hujia_asks_every_other_wei_player() -> None:
    t = hujia_table(True)
    t.play("slash", 0)
    t.trigger("hujia", seat=0)
    r = t.expect("respond", 2)
    assert r.options == DECLINE and r.info["reason"] == "hujia"
    t.reply(0)
    t.respond(None, seat=4)  # the Dodge holder declines too
    assert asks(t) == [(0, "slash")]  # then Cao Cao himself, who has none
    assert of(t.new(), "damage")[0]["target"] == 0


def test_hujia_without_concealing_asks_only_holders() -> None:
    t = hujia_table(False)
    t.play("slash", 0)
    t.trigger("hujia", seat=0)
    assert asks(t) == [(4, "hujia")]  # Xu Chu has no Dodge; Cao Cao has none either
    assert of(t.new(), "damage")[0]["target"] == 0


def test_jijiang_asks_every_other_shu_player() -> None:
    text = std(
        lord("liubei"),
        seat("caocao", "rebel", hand=["duel"]),
        seat("huangyueying", "loyalist", hand=["dismantlement/spade/3"]),
        seat("zhangfei", "renegade", hand=["slash"]),
        turn=(1, "play"),
    )
    t = Table(text, declines=False)
    t.play("duel", 0)
    asks(t, "nullify")
    r = t.expect("respond", 0)  # Liu Bei: no Slash, but Jijiang
    assert [o["kind"] for o in r.options] == ["view_as", "decline"]
    t.convert("jijiang", "slash")
    r = t.expect("respond", 2)
    assert r.options == DECLINE and r.info["reason"] == "jijiang"  # Huang Yueying
    t.reply(0)
    assert [o["kind"] for o in t.expect("respond", 3).options] == ["card", "decline"]


def test_collateral_wielder_without_slash_is_asked_with_only_decline() -> None:
    text = scen(lord(hand=["collateral"]), seat(equip=["blade"]), seat("sunquan", "renegade"))
    t = Table(text, declines=False)
    t.play("collateral")
    t.reply([0])
    t.reply([t.req.options.index(2)])
    assert asks(t, "nullify") == [(0, "nullify"), (1, "nullify"), (2, "nullify")]
    r = t.expect("respond", 1)
    assert r.options == DECLINE and r.info["reason"] == "collateral"


# --- the same public history, different hands: the same seats are asked ------------------------

HANDS = {
    "holders": (["dodge", "peach", "slash"], ["nullification", "peach", "dodge"], ["peach"] * 3),
    "nothing": (["ex_nihilo"] * 3, ["snatch"] * 3, ["indulgence"] * 3),
}


def scripted(hands: tuple[list[str], ...], conceal: bool) -> tuple[list[Any], Game]:
    """Seat 0 plays Savage Assault, Archery Attack, a Slash, a Duel (seat 1 dies: a Peach round)
    and Ex Nihilo; everyone else declines everything. -> (seat, kind, info) of every request."""
    t = Table(
        scen(
            lord("caocao", hand=["savage_assault", "archery_attack", "slash", "duel", "ex_nihilo"]),
            seat("liubei", "rebel", hp=3, hand=hands[0]),
            seat("sunquan", "rebel", hand=hands[1]),
            seat("lvbu", "renegade", hand=hands[2]),
            conceal_responses=conceal,
        ),
        declines=False,
    )
    trace: list[Any] = []

    def run(name: str, *targets: int) -> None:
        trace.append((0, "play", {}))
        t.play(name, *targets)
        while t.step.request is not None and t.req.kind != "play":
            trace.append((t.req.seat, t.req.kind, t.req.info))
            t.default()

    run("savage_assault")
    run("archery_attack")
    run("slash", 3)
    run("duel", 1)
    run("ex_nihilo")
    assert not t.st.players[1].alive  # the Peach round was reached
    return trace, t.g


def test_who_is_asked_does_not_depend_on_the_hands() -> None:
    on = {k: scripted(h, True) for k, h in HANDS.items()}
    assert on["holders"][0] == on["nothing"][0]
    kinds = {(i["reason"]) for _s, k, i in on["nothing"][0] if k == "respond"}
    assert kinds == {"savage_assault", "archery_attack", "slash", "duel", "dying", "nullify"}
    for _trace, g in on.values():
        assert audit_game(g) == []
    off = {k: scripted(h, False)[0] for k, h in HANDS.items()}
    assert off["holders"] != off["nothing"]  # the leak this option closes
    assert [x for x in off["nothing"] if x[1] == "respond"] == []


# --- random games: every window asks the seats the rules make eligible ------------------------


@dataclass
class Watch:
    """Follows one game (its events, then the pending request) and checks each response window:

    - a Nullification window asks every living seat at once, in action order from the current
      player (from the target between turns); when all have answered, the first in that order
      who said yes uses his Nullification; a trick's effect on a target follows a complete
      chain of windows about it that did not cancel it;
    - a dying round asks every living seat in that order (a seat may be asked again after
      using a Peach) until the seat is saved, or all of them before the death;
    - whoever takes damage from a Slash, Duel or AoE was the last seat asked, for that card
      (unless Tieqi took the Dodge away);
    - Hujia and Jijiang ask the other living players of the faction in order until one
      answers."""

    st: State
    window: list[int] = field(default_factory=list)  # seats still to ask in the open window
    key: tuple[int, str] | None = None  # (target, against) of the open window
    order: list[int] = field(default_factory=list)  # the open window's seats, in action order
    yes: dict[int, bool] = field(default_factory=dict)  # each asked seat's answer so far
    chain: list[Any] | None = None  # [root target, root card, Nullifications used, open]
    targets: dict[str, set[int]] = field(default_factory=dict)  # AoE / Duel targets to come
    dying: tuple[int, list[int], list[int]] | None = None  # (seat, order, asked)
    helpers: tuple[str, list[int], list[int]] | None = None  # (reason, eligible, asked)
    last_respond: tuple[int, str] | None = None
    tieqi: bool = False
    decline_only: dict[str, int] = field(default_factory=dict)
    windows: int = 0

    def close_window(self) -> None:
        if self.key is None:
            return
        assert self.window == [], f"window {self.key} skipped seats {self.window}"
        self.key = None
        c = self.chain
        if c is not None:
            c[3] = False  # nobody nullified: the chain is over
            if c[2] % 2:
                self.chain = None  # cancelled: its effect never takes place

    def effect(self, target: int, card: str) -> None:
        """The effect of `card` on `target` starts: a complete chain about it went before."""
        self.close_window()
        c = self.chain
        assert c is not None and c[:2] == [target, card] and c[2] % 2 == 0 and not c[3], (
            f"{card} on seat {target} without its Nullification window (chain {c})"
        )
        self.chain = None

    def event(self, kind: str, d: dict[str, Any]) -> None:
        if kind == "use":
            name = d["card"]["name"]
            if name == "nullification":
                assert self.key is not None and self.chain is not None and self.window == []
                first = next(s for s in self.order if self.yes.get(s))
                assert d["seat"] == first, (d["seat"], self.order, self.yes)
                self.chain[2] += 1
                self.key, self.window = None, []  # next: a window against this Nullification
            elif name == "slash":
                self.tieqi = False
            elif name in ("savage_assault", "archery_attack", "duel") and d["skill"] != "lijian":
                self.targets[name] = set(d["targets"])  # Lijian's Duel cannot be nullified
        elif kind == "skill" and d["name"] == "tieqi":
            self.tieqi = True
        elif kind == "draw" and d["reason"] == "ex_nihilo":
            self.effect(d["seat"], "ex_nihilo")
        elif kind == "judge" and d["reason"] in ("indulgence", "lightning"):
            self.effect(d["seat"], d["reason"])
        elif kind == "move" and d["reason"] in ("dismantlement", "snatch"):
            self.effect(d["from_seat"], d["reason"])
        elif kind == "damage" and d["card"] and d["card"]["name"] in RESPONDED:
            name = d["card"]["name"]
            if not (name == "slash" and self.tieqi):
                assert self.last_respond == (d["target"], name), (d, self.last_respond)
        elif kind == "recover" and self.dying is not None and d["seat"] == self.dying[0]:
            if d["hp"] >= 1:
                asked, order = self.dying[2], self.dying[1]
                assert asked == order[: len(asked)] and asked[-1] == d["source"], self.dying
                self.dying = None
        elif kind == "death" and self.dying is not None and d["seat"] == self.dying[0]:
            assert self.dying[2] == self.dying[1], f"dying round skipped seats: {self.dying}"
            self.dying = None
        if kind in ("respond", "use") and d.get("skill") in ("hujia", "jijiang"):
            assert self.helpers is not None
            _r, eligible, asked = self.helpers
            assert asked == eligible[: len(asked)], self.helpers
            assert not d["from"] or d["from"][0]["seat"] == asked[-1]  # (none: Eight Diagram)
            self.helpers = None

    def request(self, r: RequestSpec) -> None:
        info = r.info
        reason = info.get("reason") if r.kind == "respond" else None
        if reason != "nullify":
            self.close_window()
        if r.kind != "respond":
            return
        assert isinstance(reason, str)
        if self.helpers is not None and reason != self.helpers[0]:
            assert self.helpers[2] == self.helpers[1], f"helpers skipped: {self.helpers}"
            self.helpers = None
        if decline_only(r):
            self.decline_only[reason] = self.decline_only.get(reason, 0) + 1
        self.last_respond = (r.seat, reason)
        if reason == "nullify":
            self.nullify(r.seat, info["target"], info["against"])
        elif r.seat in self.targets.get(reason, ()):
            self.targets[reason].discard(r.seat)  # the first ask of an AoE's or Duel's effect
            self.effect(r.seat, reason)
        elif reason == "dying":
            if self.dying is None:
                self.dying = (info["target"], order_from_current(self.st, info["target"]), [])
            _again(self.dying[2], r.seat)
        elif reason in ("hujia", "jijiang"):
            if self.helpers is None:
                faction = "wei" if reason == "hujia" else "shu"
                players = self.st.players
                eligible = [
                    s for s in others_in_order(self.st, info["source"])
                    if players[s].faction == faction
                ]  # fmt: skip
                self.helpers = (reason, eligible, [])
            _again(self.helpers[2], r.seat)

    def answer(self, r: RequestSpec, choice: Any) -> None:
        if r.kind == "respond" and r.info.get("reason") == "nullify":
            self.yes[r.seat] = choice != len(r.options) - 1

    def nullify(self, seat: int, on: int, against: str) -> None:
        if self.key is not None and (on, against) == self.key and seat in self.yes:
            pass  # asked again in the same window (back from choosing a conversion's cards)
        elif self.key is not None and self.window and (on, against) == self.key:
            assert seat == self.window[0], f"seat {self.window[0]} skipped in {self.key}"
            self.window.pop(0)
            self.yes[seat] = False
        else:
            self.close_window()
            order = order_from_current(self.st, on)
            assert seat == order[0], f"window on {on} starts at {seat}, not {order[0]}"
            c = self.chain
            if against == "nullification":
                assert c is not None and c[3], "a window against a Nullification nobody used"
            else:
                self.chain = [on, against, 0, True]
            self.key, self.window, self.order = (on, against), order[1:], order
            self.yes = {seat: False}
            self.windows += 1


def _again(asked: list[int], seat: int) -> None:
    """A seat asked again right after itself (another Peach; back from a conversion) counts
    once."""
    if not asked or asked[-1] != seat:
        asked.append(seat)


RESPONDED = ("slash", "duel", "savage_assault", "archery_attack")


def play_watched(seed: int, conceal: bool = True) -> Watch:
    g = Game(RULESET, {"players": 5, "conceal_responses": conceal}, seed)
    rng = random.Random(seed)
    w = Watch(g.state)
    step = g.start()
    while True:
        for ev in step.events:
            w.event(ev.kind, ev.data)
        for r in step.asked:
            w.request(r)
        r = step.request
        if r is None:
            break
        choice = random_legal(r, rng)
        w.answer(r, choice)
        step = g.resume(choice, seat=r.seat)
    assert audit_game(g) == []
    return w


def test_random_games_ask_every_eligible_seat_whatever_it_holds() -> None:
    totals: dict[str, int] = {}
    for seed in range(40):
        w = play_watched(500 + seed)
        for k, n in w.decline_only.items():
            totals[k] = totals.get(k, 0) + n
    # seats that held nothing were asked, in every kind of window that random play reaches
    for reason in ("slash", "nullify", "dying", "savage_assault", "archery_attack", "duel"):
        assert totals.get(reason, 0) > 0, totals


def test_the_watch_sees_skipped_seats_when_responses_are_not_concealed() -> None:
    """The check above can fail: without concealing, seats that hold nothing are skipped."""
    for seed in range(10):
        with pytest.raises(AssertionError):
            play_watched(500 + seed, conceal=False)


def test_concealing_adds_decisions_only_the_events_are_the_same() -> None:
    """The same seeds with and without concealing: a bot that answers a decline-only request
    without drawing from its random stream plays the same game, event for event."""
    extra = 0
    for seed in range(15):
        games = []
        for conceal in (True, False):
            g = Game(RULESET, {"players": 5, "conceal_responses": conceal}, 700 + seed)
            rng = random.Random(seed)
            step = g.start()
            while step.request is not None:
                r = step.request
                step = g.resume(0 if decline_only(r) else random_legal(r, rng))
            games.append(g)
        on, off = games
        assert on.events == off.events and on.outcome == off.outcome
        assert len(on.decisions) >= len(off.decisions)
        extra += len(on.decisions) - len(off.decisions)
    assert extra > 0


def test_a_seat_with_no_matching_card_holds_none() -> None:
    """A decline-only request goes to a seat that really cannot answer (no card, no
    conversion), and a seat with a matching card always sees it offered."""
    g = Game(RULESET, {"players": 5}, 3)
    rng = random.Random(3)
    step = g.start()
    seen = 0
    while step.request is not None:
        r = step.request
        if r.kind == "respond":
            st: State = g.state
            held = [c for c in st.players[r.seat].hand if NAME[c] == r.info["card"]]
            assert len([o for o in r.options if o["kind"] == "card"]) == len(held)
            seen += decline_only(r)
        step = g.resume(random_legal(r, rng))
    assert seen > 0
