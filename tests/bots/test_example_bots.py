"""The example bots of docs/bots.md (examples/bots/<game>_bot.py): each plays its game to the end
in-process and through the real `sgs` command (from the repository root and from its own
directory, `sgs sim` and `sgs serve` with `sgs bot` processes), never answers illegally, never
needs a default, and beats `random` by a clear margin over fixed seeds (deterministic: the
same seeds give the same games). And the guide's own complete program runs as printed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game_agent.engine import Game
from game_agent.games import load
from protocol.choices import Choice, RequestSpec, check_choice
from protocol.games.sanguosha.asks import PlayCard, PlayEnd
from replays import read_log, verify
from sgs.runner import drive, make_bots, play
from user_agent.bot import Bot, View

REPO = Path(__file__).resolve().parents[2]
BOTS = REPO / "examples" / "bots"
GUIDE = REPO / "docs" / "bots.md"
GAMES = ("sanguosha", "harmony", "carcassonne", "muhq", "goofspiel")


def spec(game: str) -> str:
    return f"examples.bots.{game}_bot:Bot"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    env["SGS_LOG"] = "json"
    env.setdefault("SGS_TEST_BOT_DELAY", "0")
    env.setdefault("SGS_WINDOW_MIN", "0")
    return env


def _sgs(*args: str, cwd: Path = REPO, timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def _decisions_of(log_path: str, seats: set[int]) -> list[tuple[RequestSpec, Any, bool]]:
    """(request, reply, timed out) of every decision of `seats`, in log order."""
    log = read_log(log_path)
    asked = {(r.seat, r.id): r for r in log.records if isinstance(r, RequestSpec)}
    return [(asked[(d.seat, d.id)], d.choice, d.timeout) for d in log.decisions if d.seat in seats]


# --- unit: Bot.options ---------------------------------------------------------------------


def test_options_are_the_typed_shapes_of_the_bots_game() -> None:
    (bot, _) = make_bots("sanguosha", [spec("sanguosha"), "random"], 2, 1)
    play_req = RequestSpec(
        0, 0, "play", "choice",
        [
            {"kind": "card", "card": {"id": 7, "suit": "heart", "rank": 3, "name": "peach"},
             "skill": "", "targets": []},
            {"kind": "end", "card": None, "skill": "", "targets": []},
        ],
        default=1,
    )  # fmt: skip
    first, last = bot.options(play_req)
    assert isinstance(first, PlayCard) and first.card.suit == "heart"
    assert isinstance(last, PlayEnd)


def test_options_need_the_bots_game() -> None:
    class Anything(Bot):
        pass

    req = RequestSpec(0, 0, "bid", "choice", [1, 2], default=0)
    with pytest.raises(ValueError, match=r"Anything\.game is not set"):
        Anything(0, 1).options(req)
    Anything.game = "goofspiel"
    assert Anything(0, 1).options(req) == [1, 2]


# --- in-process: legal, sensible, stronger than random ---------------------------------------

# (game, config, games, the least share of its seat-games the example bot wins, the most random
# wins): far under what the seeds give (docs/bots.md, "How strong are they"), so only a broken
# bot falls below them
MARGINS = [
    ("goofspiel", {}, 100, 0.80, 0.15),
    ("harmony", {}, 30, 0.90, 0.05),
    ("carcassonne", {}, 12, 0.85, 0.10),
    ("muhq", {}, 30, 0.90, 0.05),
    ("sanguosha", {"players": 2}, 100, 0.80, 0.20),
    ("sanguosha", {"players": 5}, 60, 0.40, 0.30),
]


@pytest.mark.parametrize(("game", "config", "games", "least", "most"), MARGINS)
def test_example_bot_beats_random(
    game: str, config: dict[str, Any], games: int, least: float, most: float
) -> None:
    wins = {"mine": 0, "random": 0}
    played = {"mine": 0, "random": 0}
    for seed in range(1, games + 1):
        # the example bot in even seats on odd seeds and in odd seats on even seeds
        specs = [spec(game), "random"] if seed % 2 else ["random", spec(game)]
        p = play(game, config, seed, specs)  # an illegal reply would raise IllegalReply
        won = set(p.winners)
        for seat in range(p.game.seats):
            who = "mine" if specs[seat % 2] != "random" else "random"
            played[who] += 1
            wins[who] += seat in won
    assert wins["mine"] / played["mine"] >= least, (wins, played)
    assert wins["random"] / played["random"] <= most, (wins, played)


DECISIONS = 20_000  # far above any of these games' decisions per seat: past it, a bot loops


def _checked(bot: Bot, kinds: list[str]) -> None:
    """Check each reply of `bot` as it is made: legal, never nil at Sanguosha's `targets` (nil
    goes back to `play`: a bot that always does loops, and in-process nothing stops it)."""
    inner = bot.decide

    def decide(request: RequestSpec, view: View) -> Choice:
        choice = inner(request, view)
        assert check_choice(request, choice) is None, (request, choice)
        assert request.kind != "targets" or choice is not None, request
        kinds.append(request.kind)
        assert len(kinds) < DECISIONS, "the bot keeps deciding: a loop"
        return choice

    setattr(bot, "decide", decide)  # noqa: B010 - an instance's own decide


@pytest.mark.parametrize("game", GAMES)
def test_every_reply_is_legal_and_chosen(game: str) -> None:
    config = {"players": 4} if game == "sanguosha" else {}
    for seed in (3, 4, 5):
        g = Game(load(game), config, seed)
        bots = make_bots(game, [spec(game), "random"], g.seats, seed)
        kinds: list[str] = []
        for bot in bots[::2]:  # the example bot's seats
            _checked(bot, kinds)
        drive(g, bots)
        assert g.outcome is not None and kinds


# --- the sgs command ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_sgs_sim_plays_it_from_the_root_and_from_its_directory(game: str, tmp_path: Path) -> None:
    players = ["--players", "3"] if game == "sanguosha" else []
    for cwd, bot in ((REPO, spec(game)), (BOTS, f"{game}_bot:Bot")):
        logs = tmp_path / cwd.name
        done = _sgs(
            "sim", "--game", game, *players, "--games", "3", "--seed", "7",
            "--bots", f"{bot},random", "--log-dir", str(logs), "--json", "--quiet",
            cwd=cwd,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        summary = json.loads(done.stdout)
        assert summary["games"] == 3 and summary["by_bot"][bot]["games"] >= 3
        for log in sorted(logs.glob("*.sgslog")):
            assert verify(log).ok
            assert not any(t for _, _, t in _decisions_of(str(log), {0, 1, 2}))


def _no_defaults(stderr: str) -> None:
    """The bot processes' own complaints: a bot that raised or answered illegally."""
    for line in stderr.splitlines():
        assert "default taken" not in line and "illegal" not in line, line


@pytest.mark.parametrize("game", ["goofspiel", "harmony"])
def test_sgs_serve_runs_it_as_a_bot_process(game: str, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    done = _sgs(
        "serve", "--game", game, "--bots", f"{spec(game)},random", "--seed", "5",
        "--bind", "tcp://127.0.0.1:0", "--log-dir", str(logs),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "result: game over" in done.stdout and "timeouts: 0," in done.stdout
    _no_defaults(done.stderr)
    (log,) = sorted(logs.glob("*.sgslog"))
    assert verify(log).ok
    decided = _decisions_of(str(log), {0})
    assert decided and not any(t for _, _, t in decided)


def test_quick_start_served_with_sgs_bot(tmp_path: Path) -> None:
    """The guide's quick start: `sgs serve --bots=-,random` leaves seat 0 open, `sgs bot --bot
    module:Class` takes it (run from the repository root, as the guide shows)."""
    logs = tmp_path / "logs"
    serve = subprocess.Popen(
        [sys.executable, "-m", "sgs.cli", "serve", "--game", "goofspiel", "--bots=-,random",
         "--bind", "tcp://127.0.0.1:0", "--seed", "2", "--log-dir", str(logs)],
        cwd=REPO, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert serve.stdout is not None
        join = ""
        for line in serve.stdout:  # ends when serve exits: bounded by its own seat timeout
            m = re.search(r"SGS_TOKEN=(\S+) sgs bot --connect (\S+) --seat 0", line)
            if m:
                join = line
                break
        assert join, "no join line for seat 0"
        token, endpoint = m.group(1), m.group(2)
        env = _env()
        env["SGS_TOKEN"] = token
        bot = subprocess.run(
            [sys.executable, "-m", "sgs.cli", "bot", "--connect", endpoint, "--seat", "0",
             "--bot", spec("goofspiel")],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
        assert bot.returncode == 0, bot.stderr[-2000:]
        _no_defaults(bot.stderr)
        rest, err = serve.communicate(timeout=300)
        assert serve.returncode == 0, err[-2000:]
        assert "result: game over" in rest and "timeouts: 0," in rest
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.communicate()
    (log,) = sorted(logs.glob("*.sgslog"))
    decided = _decisions_of(str(log), {0})
    assert decided and not any(t for _, _, t in decided)


# --- the guide ------------------------------------------------------------------------------


def _programs(text: str) -> list[tuple[str, str]]:
    """The guide's complete programs: a ```python block right after a line
    `<!-- program: NAME.py -->`, as (NAME.py, code)."""
    found = re.findall(r"<!-- program: (\S+\.py) -->\n```python\n(.*?)```", text, re.S)
    return [(name, code) for name, code in found]


def test_the_guides_complete_programs_run(tmp_path: Path) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    programs = _programs(text)
    assert programs, "docs/bots.md marks no complete program"
    for name, code in programs:
        (tmp_path / name).write_text(code, encoding="utf-8")
        module = name.removesuffix(".py")
        classes = re.findall(r"^class (\w+)\(Bot\)", code, re.M)
        assert classes, f"{name} defines no Bot subclass"
        game = re.search(r'^\s+game = "(\w+)"', code, re.M)
        assert game, f"{name} sets no game"
        done = _sgs(
            "sim", "--game", game.group(1), "--games", "5", "--seed", "1",
            "--bots", f"{module}:{classes[0]},random", "--json", "--quiet",
            cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 0, (name, done.stderr[-2000:])
        assert json.loads(done.stdout)["games"] == 5


def test_the_guide_names_every_example_and_no_other() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    named = set(re.findall(r"examples/bots/(\w+\.py)", text))
    present = {p.name for p in BOTS.glob("*_bot.py")}
    assert present == {f"{g}_bot.py" for g in GAMES}
    assert named >= present, present - named
    assert named <= present | {"__init__.py"}, named - present
    for game in GAMES:  # each runs as the guide says: module:Class from the repository root
        assert spec(game) in text
