"""`mcts` through the surfaces users touch: `sgs sim` and `sgs arena` (processes and Ray) play
it, the same seed and iteration budget give the same games, its options are validated with one
line, and over the wire (`sgs bot`, `sgs serve --bots`) it is refused with one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sgs.arena.tournament import execute, plan
from sgs.runner import play
from sgs.search.bot import MctsBot
from user_agent.bots import BotSpecError, resolve, split_spec


def sgs(
    *argv: str, cwd: Path | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SGS_TOKEN": "0" * 32}
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
        check=False,
    )


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


# --- the spec and its options ------------------------------------------------------------------


def test_a_spec_carries_options_after_the_name() -> None:
    assert split_spec("mcts", "carcassonne") == ("mcts", {})
    assert split_spec("mcts:iterations=20:c=1.5", "sanguosha") == (
        "mcts",
        {"iterations": "20", "c": "1.5"},
    )
    assert split_spec("pkg.mod:Bot", "sanguosha") == ("pkg.mod:Bot", {})
    assert split_spec("pkg.mod:Bot:depth=3", "sanguosha") == ("pkg.mod:Bot", {"depth": "3"})
    cls = resolve("mcts:iterations=7:depth=2", "carcassonne")
    assert issubclass(cls, MctsBot) and cls.name == "mcts:iterations=7:depth=2"
    assert cls.budget.iterations == 7 and cls.budget.depth == 2 and cls.budget.deterministic
    assert not resolve("mcts:time=0.5", "sanguosha").budget.deterministic


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:iterations=0", "iterations is 1..100000, got 0"),
        ("mcts:iterations=many", "iterations is a whole number, got 'many'"),
        ("mcts:time=0", "time is more than 0 and at most 60, got 0"),
        ("mcts:time=1:iterations=5", "give iterations or time, not both"),
        ("mcts:speed=3", "unknown option 'speed'"),
        ("mcts:iterations", "an option is key=value after the name"),
        ("mcts:c=1:c=2", "option 'c' given twice"),
        ("random:iterations=3", "bot 'random' takes no options"),
        ("mcts" + ":c=1" * 17, "at most 16 options"),
        ("mcts:c=" + "1" * 70, "an option is key=value after the name"),
    ],
)
def test_bad_options_name_what_is_wrong(spec: str, says: str) -> None:
    with pytest.raises(BotSpecError, match=says.replace("(", r"\(").replace(")", r"\)")):
        resolve(spec, "sanguosha")


def test_sim_refuses_a_bad_option_with_one_line() -> None:
    line = one_error_line(sgs("sim", "--game", "carcassonne", "--bots", "mcts:depth=-1"))
    assert "depth is 0..1000, got -1" in line
    line = one_error_line(sgs("sim", "--game", "harmony", "--bots", "mcts"))
    assert "not available for game 'harmony'" in line


def test_over_the_wire_there_is_no_sampler() -> None:
    says = "over the wire there is no sampler"
    line = one_error_line(
        sgs("bot", "--connect", "tcp://127.0.0.1:9", "--seat", "0", "--bot", "mcts")
    )
    assert says in line
    line = one_error_line(
        sgs(
            "bot",
            "--connect",
            "tcp://127.0.0.1:9",
            "--lobby",
            "--game",
            "carcassonne",
            "--bot",
            "mcts:iterations=5",
        )
    )
    assert says in line
    line = one_error_line(sgs("serve", "--game", "carcassonne", "--bots", "greedy,mcts"))
    assert says in line


# --- in-process play ---------------------------------------------------------------------------


def test_sim_plays_it_and_the_same_seed_gives_the_same_games(tmp_path: Path) -> None:
    argv = ["sim", "--game", "carcassonne", "--bots", "mcts:iterations=3,greedy", "--games", "2",
            "--seed", "5", "--quiet", "--json"]  # fmt: skip
    first = sgs(*argv, "--jsonl", str(tmp_path / "a.jsonl"))
    second = sgs(*argv, "--jsonl", str(tmp_path / "b.jsonl"))
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    summary = json.loads(first.stdout)
    assert summary["games"] == 2
    a = (tmp_path / "a.jsonl").read_text()
    assert a == (tmp_path / "b.jsonl").read_text()
    assert all(json.loads(line)["seats"][0] == "mcts:iterations=3" for line in a.splitlines())


def test_the_same_seed_gives_the_same_decisions_and_another_seed_others() -> None:
    spec = ["mcts:iterations=6", "smart", "smart", "smart", "smart"]
    one = play("sanguosha", {"players": 5}, 21, spec).game.decisions
    two = play("sanguosha", {"players": 5}, 21, spec).game.decisions
    assert one == two
    bot = play("carcassonne", {"players": 2}, 21, ["mcts:iterations=6", "greedy"]).bots[0]
    assert isinstance(bot, MctsBot) and bot.searched > 20 and bot.fallbacks == 0
    assert bot.iterations == 6 * bot.searched


def test_a_time_budget_plays_too() -> None:
    bot = play("carcassonne", {"players": 2}, 4, ["mcts:time=0.01", "greedy"]).bots[0]
    assert isinstance(bot, MctsBot) and bot.searched > 20 and bot.iterations >= bot.searched


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    # a new local Ray, never one another test left running (tests/arena/test_ray_cluster.py)
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_arena_plays_it_alike_on_processes_and_ray(local_ray: None) -> None:
    t = plan("carcassonne", {"players": 2}, ["mcts:iterations=3", "greedy"], 2, seed=8)
    on_processes, _ = execute(t, backend="process", workers=2)
    on_ray, _ = execute(t, backend="ray", workers=2)
    assert [r.__dict__ for r in on_processes] == [r.__dict__ for r in on_ray]
    assert sorted(r.seats[0] for r in on_processes) == ["greedy", "mcts:iterations=3"]
