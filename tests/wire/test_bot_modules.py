"""A bot module in the current directory (`mybot.py`, `--bot mybot:MyBot`) is found by every
command that takes a bot spec, run as a user runs them: the `sgs` script (which, unlike
`python -m`, does not put the current directory on sys.path) in the module's directory. A
module that is not there is named with where it was looked for."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Procs

BOT = """
from pathlib import Path

from user_agent.bots.random_bot import RandomBot


class MyBot(RandomBot):
    name = "mybot"

    def decide(self, request, view):
        with open(Path(__file__).with_name("decided.txt"), "a") as f:  # proof that it played
            f.write(f"{self.seat}\\n")
        return super().decide(request, view)
"""


def bot_dir(tmp_path: Path) -> Path:
    where = tmp_path / "mine"
    where.mkdir()
    (where / "mybot.py").write_text(BOT)
    return where


def decided(where: Path) -> list[str]:
    path = where / "decided.txt"
    return path.read_text().split() if path.exists() else []


def test_sgs_bot_plays_a_module_of_the_current_directory(procs: Procs, tmp_path: Path) -> None:
    where = bot_dir(tmp_path)
    served = procs.serve("--game", "harmony", "--seed", "3", "--bots", "-,random")
    assert set(served.tokens) == {0}
    bot = procs.start(
        ["bot", "--connect", served.endpoint, "--seat", "0", "--bot", "mybot:MyBot"],
        cwd=where,
        SGS_TOKEN=served.tokens[0],
    )
    assert bot.wait() == 0, bot.output()
    served.proc.expect("result: game over")
    assert served.proc.wait() == 0, served.proc.output()
    assert decided(where) and set(decided(where)) == {"0"}


def test_sgs_sim_plays_it_from_the_same_directory(procs: Procs, tmp_path: Path) -> None:
    where = bot_dir(tmp_path)
    sim = procs.start(
        ["sim", "--game", "harmony", "--games", "2", "--bots", "mybot:MyBot,random", "--json"],
        cwd=where,
    )
    assert sim.wait() == 0, sim.output()
    summary = json.loads(sim.lines[-1])
    assert summary["games"] == 2
    assert decided(where)


def test_sgs_serve_bots_and_their_processes_find_it(procs: Procs, tmp_path: Path) -> None:
    where = bot_dir(tmp_path)
    served = procs.serve("--game", "harmony", "--seed", "4", "--bots", "mybot:MyBot", cwd=where)
    assert served.tokens == {}
    served.proc.expect("result: game over")
    assert served.proc.wait() == 0, served.proc.output()
    assert set(decided(where)) == {"0", "1"}  # both seats' bot processes played it


def test_sgs_arena_plays_it_in_its_workers(procs: Procs, tmp_path: Path) -> None:
    where = bot_dir(tmp_path)
    arena = procs.start(
        ["arena", "--game", "harmony", "--games", "4", "--bots", "mybot:MyBot,random",
         "--workers", "2", "--out", str(tmp_path / "out"), "--quiet"],
        cwd=where,
    )  # fmt: skip
    assert arena.wait() == 0, arena.output()
    assert decided(where)


def test_a_module_not_found_says_where_it_looked(procs: Procs, tmp_path: Path) -> None:
    where = bot_dir(tmp_path)
    for args in (
        ["bot", "--connect", "tcp://127.0.0.1:1", "--seat", "0", "--token", "t"],
        ["sim", "--game", "harmony", "--games", "1"],
    ):
        flag = "--bot" if args[0] == "bot" else "--bots"
        p = procs.start([*args, flag, "theirbot:MyBot"], cwd=where)
        assert p.wait() == 2, p.output()
        lines = p.stderr_path.read_text().strip().splitlines()
        assert lines == [
            "error: bot 'theirbot:MyBot': no module 'theirbot' (looked in the current "
            f"directory {where} and on sys.path; run the command from the directory that holds "
            "theirbot.py or its package, or add that directory to PYTHONPATH)"
        ]
