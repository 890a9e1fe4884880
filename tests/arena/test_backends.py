"""The same seed gives the same games and summary on every backend and worker count."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arena_support import HARMONY, SANGUOSHA, run_on, sgs, small

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One new local Ray for the module (it takes seconds to start; never a cluster another test
    runs); the backend uses it as it is."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("case", [HARMONY, SANGUOSHA], ids=["harmony", "sanguosha5"])
def test_identical_on_processes_and_ray(
    case: tuple[str, dict[str, Any], list[str], int], local_ray: None
) -> None:
    t = small(case)
    one = run_on(t, backend="process", workers=1)
    two = run_on(t, backend="process", workers=2)
    on_ray = run_on(t, backend="ray", workers=2)
    assert one == two == on_ray
    records, summary = one
    assert [r["index"] for r in records] == list(range(len(t.specs)))
    assert summary["games"] == len(t.specs) >= case[3]
    assert not summary["interrupted"]


def test_a_stop_keeps_what_finished() -> None:
    t = small(HARMONY)
    from sgs.arena.tournament import execute

    records, interrupted = execute(t, backend="process", workers=1, stop=lambda: True)
    assert interrupted or len(records) == len(t.specs)
    assert [r.index for r in records] == sorted(r.index for r in records)


def test_teams_lineup_seats_each_side_as_one_bot() -> None:
    from sgs.arena.stats import balance
    from sgs.arena.tournament import execute, plan

    other = "user_agent.bots.random_bot:RandomBot"  # a second name for the random bot
    t = plan("sanguosha", {"players": 5}, ["random", other], 4, seed=11, lineup="teams")
    records, interrupted = execute(t, backend="process", workers=2)
    assert not interrupted and len(records) == 4
    for r, spec in zip(records, t.specs, strict=True):
        assert spec.sides is not None and r.roles is not None
        for bot, role in zip(r.seats, r.roles, strict=True):
            assert bot == spec.sides[0 if role in ("lord", "loyalist") else 1]
    counts = balance("sanguosha", records)
    assert (
        counts["random"] == counts[other] == {"lord": 2, "loyalist": 2, "rebel": 4, "renegade": 2}
    )


REPRODUCIBLE = ("games.jsonl", "ratings.jsonl", "report.md", "win_rates.png", "ratings.png")


@pytest.mark.parametrize(
    "game", [["sanguosha", "--players", "5", "--bots", "smart,random"], ["harmony"]]
)
def test_a_paired_run_gives_the_same_files_on_every_backend(
    game: list[str], tmp_path: Path
) -> None:
    """The same command, byte for byte: with one and two processes and on Ray (only the
    summary's `run`, which says what ran it and how fast, differs)."""
    outputs = []
    bots = [] if "--bots" in game else ["--bots", "greedy,random"]
    names = set((game + bots)[(game + bots).index("--bots") + 1].split(","))
    for backend in (["--workers", "1"], ["--workers", "2"], ["--backend", "ray"]):
        out = tmp_path / "-".join(backend)
        args = ["arena", "--game", *game, *bots, "--lineup", "paired", "--games", "12"]
        done = sgs([*args, "--seed", "4", "--out", str(out), "--quiet", *backend], tmp_path)
        assert done.returncode == 0, done.stderr
        files = {name: (out / name).read_bytes() for name in REPRODUCIBLE}
        summary = json.loads((out / "summary.json").read_text())
        assert summary["pairs"]["pairs"] == 6
        assert set(summary["run"]["decision_ms"]) == names
        del summary["run"], summary["out"]
        outputs.append((files, summary))
    assert outputs[0] == outputs[1] == outputs[2]
    assert b"## Paired games" in outputs[0][0]["report.md"]
