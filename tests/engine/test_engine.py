from __future__ import annotations

from typing import Any

import pytest
from toy_game import RULESET

from game_agent.engine import (
    SPECTATOR,
    ConfigError,
    EngineError,
    Game,
    IllegalReply,
    Rng,
    fold,
    view_for,
)


def run_all(g: Game, choice: int = 0) -> None:
    """Answer every pick with `choice`; use every offered trigger (option 0)."""
    step = g.start()
    while step.request is not None:
        step = g.resume(choice if step.request.kind == "pick" else 0)


def test_start_runs_to_first_request_and_stack_is_inspectable() -> None:
    g = Game(RULESET, {}, seed=5)
    step = g.start()
    assert step.request is not None and step.request.seat == 0 and step.request.kind == "pick"
    assert g.stack_names() == ["Toy.root", "Toy.turn"]
    assert [e.kind for e in step.events] == ["secret"]


def test_full_game_outcome_and_fold_equals_live_state() -> None:
    g = Game(RULESET, {"rounds": 4}, seed=9)
    run_all(g, 2)
    # every pick of 3 fires the bonus trigger (+1): 4 rounds x (3 + 1) each
    assert g.state.totals == [16, 16]
    assert g.outcome == {"winner": None, "totals": [16, 16]}
    assert g.stack_names() == []
    assert fold(RULESET, g.config, g.seats, g.events) == g.state


def test_illegal_reply_is_refused_and_request_stands() -> None:
    g = Game(RULESET, {}, seed=1)
    step = g.start()
    req = step.request
    assert req is not None
    for bad in (3, -1, "1", [0], 1.0, True):
        with pytest.raises(IllegalReply) as info:
            g.resume(bad)  # type: ignore[arg-type]
        assert info.value.reason
        assert g.pending is req
    assert g.decisions == []
    g.resume(1)
    assert len(g.decisions) == 1 and g.decisions[0].choice == 1


def test_resume_without_request_and_double_start() -> None:
    g = Game(RULESET, {"rounds": 1}, seed=1)
    with pytest.raises(EngineError):
        g.resume(0)
    run_all(g)
    with pytest.raises(EngineError):
        g.start()
    with pytest.raises(EngineError):
        g.resume(0)


def test_config_is_validated() -> None:
    with pytest.raises(ConfigError):
        Game(RULESET, {"rounds": 0}, seed=1)


def test_same_seed_same_decisions_same_events() -> None:
    a, b = Game(RULESET, {}, seed=77), Game(RULESET, {}, seed=77)
    run_all(a, 1)
    run_all(b, 1)
    assert a.events == b.events
    c = Game(RULESET, {}, seed=78)
    run_all(c, 1)
    assert [e.data for e in c.events] != [e.data for e in a.events]


def test_visibility_hides_secrets_from_other_seats_and_spectators() -> None:
    g = Game(RULESET, {"rounds": 1}, seed=3)
    run_all(g)
    secret = next(e for e in g.events if e.kind == "secret" and e.data["seat"] == 0)
    assert view_for(secret, 0) == secret.data
    assert view_for(secret, 1) == {"seat": 0}
    assert view_for(secret, SPECTATOR) == {"seat": 0}
    public = next(e for e in g.events if e.kind == "add")
    assert view_for(public, 1) is public.data


def test_trigger_asks_when_optional_and_pass_declines() -> None:
    from game_agent.engine import Trigger, Triggers

    fired: list[int] = []

    def settle(g: Game, seat: int, payload: Any):  # type: ignore[no-untyped-def]
        fired.append(seat)
        return
        yield

    t = Triggers(
        [
            Trigger("a", "t", lambda g, s, p: True, settle),
            Trigger("b", "t", lambda g, s, p: s == 1, settle, compulsory=True),
        ]
    )
    g = Game(RULESET, {}, seed=1)
    g.start()
    run = t.run(g, "t", {}, [0, 1])
    req = next(run)  # seat 0 holds only optional "a": asked, with pass
    assert req.seat == 0 and req.options == ["a", "pass"] and req.default == 1
    child = run.send(0)  # chooses "a" -> its settlement is yielded as a child frame
    with pytest.raises(StopIteration):
        child.send(None)
    assert fired == [0]
    # seat 1 holds "a" (optional) and "b" (compulsory): asked for an order, no pass offered
    req = run.send(None)
    assert req.seat == 1 and req.options == ["a", "b"]
    assert req.default == 1  # a timeout settles the compulsory one, never the optional one
    with pytest.raises(ValueError):
        t.add(Trigger("a", "t", lambda g, s, p: True, settle))


def test_rng_is_blake2b_in_counter_mode_keyed_by_the_seed() -> None:
    # Any language can reproduce a game's chance: the words of BLAKE2b-512(key=seed, data=i).
    # Logs depend on this never changing.
    import hashlib
    import struct

    r = Rng(0x0123456789ABCDEF)
    key = (0x0123456789ABCDEF).to_bytes(8, "little")
    want = []
    for block in range(2):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key, digest_size=64).digest()
        want += struct.unpack("<8Q", digest)
    assert [r.next_u64() for _ in range(16)] == want
    assert Rng(1).next_u64() != Rng(2).next_u64()
    items = list(range(20))
    Rng(42).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(800 < c < 1200 for c in counts)


class Scripted:
    """A ruleset whose root settlement is given by the test."""

    name = "scripted"
    version = "1"
    schema = RULESET.schema

    def __init__(self, root: Any) -> None:
        self._root = root

    def configure(self, config: Any) -> dict[str, Any]:
        return {}

    def seat_count(self, config: Any) -> int:
        return 1

    def new_state(self, config: Any, seats: int) -> dict[str, Any]:
        return {}

    def apply(self, state: Any, ev: Any) -> None:
        return None

    def root(self, g: Game) -> Any:
        return self._root(g)


def test_a_settlement_cannot_swallow_the_end_of_the_game() -> None:
    def root(g: Game) -> Any:
        try:  # noqa: SIM105 - a careless ruleset
            g.end({"winner": None})
        except Exception:
            pass
        yield g.ask(0, "pick", [1], 0)

    g = Game(Scripted(root), {}, seed=1)  # type: ignore[arg-type]
    step = g.start()
    assert step.request is None and g.finished
    assert [e.kind for e in g.events] == ["game_over"]


def test_no_event_after_the_end_and_no_second_end() -> None:
    def root(g: Game) -> Any:
        try:
            g.end({"winner": None})
        finally:
            g.emit("add", {"seat": 0, "n": 1})
        yield

    g = Game(Scripted(root), {}, seed=1)  # type: ignore[arg-type]
    with pytest.raises(EngineError):
        g.start()
    assert [e.kind for e in g.events] == ["game_over"]


def test_yielding_something_else_than_a_request_or_settlement_is_named() -> None:
    def root(g: Game) -> Any:
        yield None

    with pytest.raises(EngineError) as info:
        Game(Scripted(root), {}, seed=1).start()  # type: ignore[arg-type]
    assert "yielded None" in str(info.value)


def test_recorded_choice_is_a_copy() -> None:
    def root(g: Game) -> Any:
        picked = yield g.ask(0, "pick", [1, 2, 3], [0], form="subset", min=1, max=2)
        picked.append(99)
        g.end({"winner": None})

    g = Game(Scripted(root), {}, seed=1)  # type: ignore[arg-type]
    g.start()
    g.resume([0, 1])
    assert g.decisions[0].choice == [0, 1]


def test_seed_must_fit_64_bits() -> None:
    for bad in (-1, 1 << 64, "3"):
        with pytest.raises(ConfigError):
            Game(RULESET, {}, seed=bad)  # type: ignore[arg-type]


def test_a_trigger_does_not_re_enter_itself() -> None:
    from game_agent.engine import Trigger, Triggers

    depth: list[int] = []

    def settle(g: Game, seat: int, payload: Any) -> Any:
        depth.append(len(g.stack_names()))
        # the effect reaches the same timing again (a damage that causes a damage, ...)
        yield table.run(g, "t", payload, [0])

    table = Triggers([Trigger("echo", "t", lambda g, s, p: True, settle, compulsory=True)])

    def root(g: Game) -> Any:
        yield table.run(g, "t", {}, [0])
        g.end({"winner": None})

    g = Game(Scripted(root), {}, seed=1)  # type: ignore[arg-type]
    assert g.start().request is None and g.finished
    assert len(depth) == 1
    with pytest.raises(ValueError):
        Triggers([Trigger("pass", "t", lambda g, s, p: True, settle)])


def test_request_ids_count_each_seats_own_requests() -> None:
    """A shared counter would tell a seat how many hidden decisions others made in between."""
    g = Game(RULESET, {"rounds": 3}, seed=4)
    step = g.start()
    seen: dict[int, list[int]] = {0: [], 1: []}
    while step.request is not None:
        seen[step.request.seat].append(step.request.id)
        # seat 0 always picks 3, which makes it answer an extra trigger question each turn
        pick = 2 if step.request.seat == 0 and step.request.kind == "pick" else 0
        step = g.resume(pick)
    assert seen[0] == list(range(6)) and seen[1] == list(range(3))
    assert [g.asked(0), g.asked(1)] == [6, 3]
    assert [d.id for d in g.decisions if d.seat == 1] == [0, 1, 2]


def test_triggers_ready_remove_and_describe() -> None:
    from game_agent.engine import Trigger, Triggers

    def settle(g: Game, seat: int, payload: Any) -> Any:
        return
        yield

    t = Triggers(
        [Trigger("a", "t", lambda g, s, p: p["hot"], settle)],
        describe=lambda timing, p: {"what": timing, "hot": p["hot"]},
    )
    g = Game(RULESET, {}, seed=1)
    g.start()
    assert t.at("t") and not t.at("u")
    assert t.ready(g, "t", {"hot": True}, [0]) and not t.ready(g, "t", {"hot": False}, [0])
    req = next(t.run(g, "t", {"hot": True}, [0]))
    assert req.info == {"timing": "t", "about": {"what": "t", "hot": True}}
    assert [x.name for x in t] == ["a"]
    t.remove("a", "t")
    assert not t.at("t") and not t.ready(g, "t", {"hot": True}, [0])


def _drive(g: Game, run: Any, answers: list[Any]) -> list[Any]:
    """Step a trigger run by hand (children settle inline); returns the requests it asked."""
    asked: list[Any] = []
    stack = [run]
    value: Any = None
    while stack:
        try:
            out = stack[-1].send(value)
        except StopIteration:
            stack.pop()
            value = None
            continue
        if hasattr(out, "kind"):  # a request
            asked.append(out)
            value = answers.pop(0)
        else:
            stack.append(out)
            value = None
    return asked


def test_triggers_settle_by_priority_then_action_order_then_owner_choice() -> None:
    """Rules §6 row 1: priority first (higher first), then seats in action order, and a seat
    holding several ready triggers of one level chooses their order."""
    from game_agent.engine import Trigger, Triggers

    fired: list[tuple[str, int]] = []

    def settle(name: str) -> Any:
        def run(g: Game, seat: int, payload: Any) -> Any:
            fired.append((name, seat))
            return
            yield

        return run

    def everyone(g: Game, s: int, p: Any) -> bool:
        return True

    t = Triggers(
        [
            Trigger("low", "t", everyone, settle("low"), compulsory=True),
            Trigger("high", "t", lambda g, s, p: s == 1, settle("high"), True, priority=5),
            Trigger("low2", "t", lambda g, s, p: s == 0, settle("low2"), compulsory=True),
        ]
    )
    g = Game(RULESET, {}, seed=1)
    g.start()
    asked = _drive(g, t.run(g, "t", {}, [1, 0]), [1])  # seat 0 picks "low2" first
    assert [(r.seat, r.options) for r in asked] == [(0, ["low", "low2"])]
    assert fired == [("high", 1), ("low", 1), ("low2", 0), ("low", 0)]


def test_ownership_is_checked_once_by_the_table() -> None:
    from game_agent.engine import Trigger, Triggers

    checked: list[tuple[int, str]] = []
    fired: list[int] = []

    def owns(g: Game, seat: int, key: str) -> bool:
        checked.append((seat, key))
        return seat == 1

    def settle(g: Game, seat: int, payload: Any) -> Any:
        fired.append(seat)
        return
        yield

    def can(g: Game, seat: int, payload: Any) -> bool:
        asked_can.append(seat)
        return True

    asked_can: list[int] = []
    t = Triggers([Trigger("x", "t", can, settle, True, owner="skill")], owns=owns)
    g = Game(RULESET, {}, seed=1)
    g.start()
    assert t.ready(g, "t", {}, [0, 1]) and not t.ready(g, "t", {}, [0])
    _drive(g, t.run(g, "t", {}, [0, 1]), [])
    assert fired == [1] and (0, "skill") in checked
    assert 0 not in asked_can  # the trigger's own check never runs for a seat without it


def test_a_trigger_with_its_own_question_is_not_asked_twice_and_times_repeat() -> None:
    """`asks`: the only ready trigger of a seat goes straight to its own question. `times`:
    per point / per card, each firing of an optional trigger is its own decision."""
    from game_agent.engine import Trigger, Triggers

    fired: list[str] = []

    def own_question(g: Game, seat: int, payload: Any) -> Any:
        yes = yield g.ask(seat, "pick", ["do", "decline"], 1, info={"round": 0})
        fired.append("asked" if yes == 0 else "declined")

    def per_point(g: Game, seat: int, payload: Any) -> Any:
        fired.append("point")
        return
        yield

    t = Triggers(
        [
            Trigger("own", "t", lambda g, s, p: s == 0, own_question, asks=True),
            Trigger("each", "u", lambda g, s, p: True, per_point, times=lambda g, s, p: p["n"]),
        ]
    )
    g = Game(RULESET, {}, seed=1)
    g.start()
    asked = _drive(g, t.run(g, "t", {}, [0]), [0])
    assert [r.kind for r in asked] == ["pick"] and fired == ["asked"]
    fired.clear()
    asked = _drive(g, t.run(g, "u", {"n": 3}, [0]), [0, 0, 1])  # yes, yes, pass
    assert [r.options for r in asked] == [["each", "pass"]] * 3 and fired == ["point"] * 2
    fired.clear()
    asked = _drive(g, t.run(g, "u", {"n": 2}, [0]), [0, 0])  # at most n times
    assert len(asked) == 2 and fired == ["point"] * 2
