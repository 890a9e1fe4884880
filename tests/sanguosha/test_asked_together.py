"""Sanguosha's requests asked together, with answers arriving in any order (as over the wire):
general selection and Nullification windows; nothing leaks, the same answers in the same
arrival order give the same game, and a log of them in arrival order is flagged (format 4:
damaged, not canonical; format 3, as servers wrote before: verifies, with a warning)."""

from __future__ import annotations

import random
from pathlib import Path

from game_agent.engine import Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.knowledge import audit_game
from replays import read_log, verify
from replays.reader import NOT_CANONICAL
from replays.writer import LogWriter, header_for
from user_agent.bot import random_legal


def play_shuffled(seed: int, path: Path | None = None, version: int = 4) -> tuple[Game, int]:
    """A 5-player game; whenever several seats are asked, a random one answers first (logged
    in that order, in format `version`). -> (game, how many steps had several requests open)."""
    g = Game(RULESET, {"players": 5}, seed)
    rng = random.Random(seed)
    header = {**header_for(g, ["random"] * 5), "format": version}
    w = None if path is None else LogWriter(path, header)
    step = g.start()
    together = 0
    while True:
        if w is not None:
            w.put_step(step.events, step.asked)
        if not step.open:
            break
        together += len(step.open) > 1
        req = rng.choice(step.open)
        step = g.resume(random_legal(req, rng), seat=req.seat)
        if w is not None:
            w.decision(g.decisions[-1])
    if w is not None:
        w.close()
    return g, together


def test_general_selection_asks_every_non_lord_at_once() -> None:
    g = Game(RULESET, {"players": 5}, 3)
    step = g.start()
    assert [r.kind for r in step.asked] == ["choose_general"]  # the lord, alone
    lord = step.asked[0].seat
    step = g.resume(0)
    asked = [(r.seat, r.kind, r.info["reason"]) for r in step.asked]
    assert len(asked) == 4 and lord not in [s for s, _k, _r in asked]
    assert {k for _s, k, _r in asked} == {"choose_general"}
    assert {r for _s, _k, r in asked} == {"identity"}
    # the offers are disjoint (each seat sees only its own three)
    offers = [{o["id"] for o in r.options} for r in step.asked]
    assert sum(len(o) for o in offers) == len(set().union(*offers)) == 12
    # nothing is revealed until the last one has chosen
    for r in step.asked[:-1]:
        assert not [e for e in g.resume(1, seat=r.seat).events if e.kind == "general"]
    last = g.resume(2, seat=step.asked[-1].seat)
    assert [e.data["seat"] for e in last.events if e.kind == "general_chosen"] == [
        s for s, _k, _r in asked
    ]  # recorded in action order, whatever the arrival order


def test_answers_in_any_arrival_order_verify_and_leak_nothing(tmp_path: Path) -> None:
    together = warned = 0
    for seed in range(12):
        path = tmp_path / f"g{seed}.sgslog"
        g, n = play_shuffled(seed, path, version=3)
        together += n
        assert g.finished
        assert audit_game(g) == []
        report = verify(str(path))
        assert report.ok, report.message
        warned += report.warning is not None
        again, _ = play_shuffled(seed)
        assert again.events == g.events and again.decisions == g.decisions
    assert together > 100  # windows of several seats happened, not just general selection
    assert warned >= 10  # arrival order is not canonical order


def test_a_format4_log_in_arrival_order_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "g.sgslog"
    play_shuffled(0, path)
    log = read_log(path)
    assert log.damage is not None and log.damage.kind == NOT_CANONICAL and log.damage.mid_file
    report = verify(str(path))
    assert not report.ok and "not in canonical order" in report.message
