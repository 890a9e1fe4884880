"""Rules 17.2: the unit AIs step by step, on small maps, with a seeded generator for ties."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game_agent.games.muhq.ai import Action, Budget, Situation, Unit, next_action
from protocol.games.muhq.content import Attack, MapSpec, load_content


def open_map(tmp_path: Path, n: int = 7) -> MapSpec:
    f = tmp_path / "open.toml"
    grid = "\n".join([" ".join(["."] * n)] * n)
    f.write_text(
        f'[map]\nid = "O"\nname = "O"\nplayers = 2\ngrid = """\n{grid}\n"""\n'
        'resource_gain = 1\n[map.win]\nkind = "vip"\n',
        encoding="utf-8",
    )
    return load_content([f]).maps["O"]


MELEE = (Attack(1, 1),)


def run(ai: str, unit: Unit, s: Situation, budget: Budget, seed: int = 1) -> list[Action]:
    """Run the AI to its end, applying moves to the unit (attacks change nothing here)."""
    rng = random.Random(seed)
    out = []
    while (act := next_action(ai, unit, s, budget, rng)) is not None:
        out.append(act)
        budget = budget.after(act.kind)
        if act.kind == "move" and act.target is not None:
            occupied = (set(s.occupied) - {unit.pos}) | {act.target}
            unit = Unit(act.target, unit.move, unit.attacks)
            s = Situation(s.spec, occupied, s.enemies, s.allies)
        assert len(out) < 5
    return out


def test_aggressive_attacks_in_reach_else_closes_in_then_attacks(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    unit = Unit((0, 0), 2, MELEE)
    far = Situation(m, {(0, 0), (6, 6)}, [(6, 6)], [])
    acts = run("aggressive", unit, far, Budget(full=False))
    assert [a.kind for a in acts] == ["move"]  # nobody in reach after the move: tapped
    # from a1 with 2 moves, b3 and c2 are closest to g7 (cost 8; b2 is 9)
    assert acts[0].target in {(1, 2), (2, 1)}
    near = Situation(m, {(0, 0), (2, 2)}, [(2, 2)], [])
    acts = run("aggressive", unit, near, Budget(full=False))
    assert [a.kind for a in acts] == ["move", "attack"] and acts[1].target == (2, 2)
    adjacent = Situation(m, {(0, 0), (1, 1)}, [(1, 1)], [])
    # no keyword = Aggressive: attack, then use the move to stay on the enemy (rules 17.2)
    assert [a.kind for a in run("", unit, adjacent, Budget(full=False))] == ["attack", "move"]


def test_shy_uses_its_full_action_when_safe_and_otherwise_runs(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    unit = Unit((3, 3), 2, MELEE)
    s = Situation(m, {(3, 3), (6, 3)}, [(6, 3)], [])
    safe = next_action("shy", unit, s, Budget(), random.Random(1), {(6, 3): MELEE})
    assert safe == Action("full")
    threat = {(6, 3): (Attack(1, 3),)}
    act = next_action("shy", unit, s, Budget(), random.Random(1), threat)
    assert act is not None and act.kind == "move" and act.target is not None
    assert act.target[0] <= 2  # away from the enemy on the east side


def test_wandering_wanders_until_an_enemy_comes_within_its_range(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    unit = Unit((0, 0), 1, MELEE)
    far = Situation(m, {(0, 0), (6, 6)}, [(6, 6)], [])
    moves = {
        next_action("wandering 2", unit, far, Budget(full=False), random.Random(k))
        for k in range(30)
    }
    assert {a.target for a in moves if a is not None} == {(1, 0), (0, 1), (1, 1)}
    near = Situation(m, {(0, 0), (1, 1)}, [(1, 1)], [])
    assert next_action("wandering 2", unit, near, Budget(full=False), random.Random(1)) == Action(
        "attack", (1, 1)
    )


def test_supportive_goes_to_its_allies(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    unit = Unit((0, 0), 2, MELEE)
    s = Situation(m, {(0, 0), (0, 5), (6, 6)}, [(6, 6)], [(0, 5)])
    act = next_action("supportive", unit, s, Budget(full=False), random.Random(1))
    assert act == Action("move", (0, 2))


def test_ties_are_broken_by_the_generator_and_repeat_with_its_seed(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    unit = Unit((3, 3), 1, MELEE)
    s = Situation(m, {(3, 3), (2, 2), (4, 4), (2, 4), (4, 2)}, [(2, 2), (4, 4), (2, 4), (4, 2)], [])
    picks = [next_action("aggressive", unit, s, Budget(), random.Random(k)) for k in range(20)]
    assert len({a.target for a in picks if a is not None}) > 1
    assert picks == [
        next_action("aggressive", unit, s, Budget(), random.Random(k)) for k in range(20)
    ]


def test_an_unknown_ai_is_an_error(tmp_path: Path) -> None:
    m = open_map(tmp_path)
    with pytest.raises(ValueError, match="unknown unit AI"):
        next_action(
            "berserk",
            Unit((0, 0), 1, MELEE),
            Situation(m, {(0, 0)}, [], []),
            Budget(),
            random.Random(1),
        )
