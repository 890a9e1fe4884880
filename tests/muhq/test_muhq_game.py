"""Whole muhq games: random bots in every mode and option, checked by the audit (every card in
exactly one zone, at-rest bounds, no secret in a public form, one outcome), the schema, fold,
determinism; config errors; and a content file with a new unit and a new map, played through
the `sgs` command and replayed without the file."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game_agent.engine import ConfigError, Game, fold
from game_agent.games import load
from game_agent.games.muhq.audit import at_rest, problems
from game_agent.games.muhq.scenario import load_scenario
from protocol.fields import check_fields
from protocol.games.muhq.schema import SCHEMA
from replays import read_log, verify
from user_agent.bot import random_legal

RULES = load("muhq")
HERE = Path(__file__).parent
SCOUTS = HERE / "content" / "scouts.toml"

CONFIGS: list[dict[str, Any]] = [
    {},
    {"mode": "kraken"},
    {"draft": True},
    {"defeat_threshold": "le0", "diagonal_rule": "alternating"},
    {"hand_rule": "discard_and_draw", "reshuffle_mid_draw": True},
    {"mode": "kraken", "draft": True},
]


def random_game(config: dict[str, Any], seed: int) -> tuple[Game, list[str]]:
    g = Game(RULES, config, seed)
    rng = random.Random(seed)
    found: list[str] = []
    step = g.start()
    while step.request is not None:
        req = step.request
        check_fields(req.kind, req.info, SCHEMA.request_fields(req.kind))
        if req.kind != "drop":
            found.extend(at_rest(g.state, g.config["defeat_threshold"]))
        step = g.resume(random_legal(req, rng))
    return g, found


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "duel"
)
def test_random_games_keep_every_invariant(config: dict[str, Any]) -> None:
    for seed in range(3):
        g, found = random_game(config, seed)
        assert problems(g, found) == []
        assert fold(RULES, g.config, g.seats, g.events) == g.state
        for ev in g.events:
            check_fields(ev.kind, ev.data, SCHEMA.event_fields(ev.kind))
            if ev.public is not None:
                check_fields(ev.kind, ev.public, SCHEMA.event_fields(ev.kind, redacted=True))
        assert g.outcome is not None and g.outcome["reason"] in (
            "vip", "kraken_slain", "kings_defeated", "max_rounds",
        )  # fmt: skip


def test_the_same_seed_and_replies_give_the_same_game() -> None:
    a, _ = random_game({"mode": "kraken"}, 11)
    b, _ = random_game({"mode": "kraken"}, 11)
    c, _ = random_game({"mode": "kraken"}, 12)
    assert [(e.kind, e.data) for e in a.events] == [(e.kind, e.data) for e in b.events]
    assert [(e.kind, e.data) for e in a.events] != [(e.kind, e.data) for e in c.events]


def test_a_draft_gives_each_player_thirty_cards_as_a_store() -> None:
    g, _ = random_game({"draft": True}, 3)
    stores = [e.data["store"] for e in g.events if e.kind == "store_set"]
    assert [len(s) for s in stores] == [30, 30]
    picks = [e for e in g.events if e.kind == "card_drafted"]
    assert len(picks) == 60
    assert all(e.public == {"side": e.data["side"]} for e in picks)


def test_both_kraken_outcomes_happen() -> None:
    reasons = {random_game({"mode": "kraken"}, s)[0].outcome["reason"] for s in range(12)}  # type: ignore[index]
    assert {"kraken_slain", "kings_defeated"} <= reasons


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"colour": 1}, "unknown muhq option"),
        ({"map": "NOWHERE"}, "unknown map 'NOWHERE'"),
        ({"mode": "duel", "map": "PROV-MAP-1-KRAKEN"}, "is a Kraken map, not duel"),
        ({"players": 3}, "is for 2 players"),
        ({"defeat_threshold": "le1"}, "defeat_threshold must be one of lt0, le0"),
        ({"hand_rule": "keep"}, "hand_rule must be one of"),
        ({"draft": "yes"}, "draft must be true or false"),
        ({"max_rounds": 0}, "max_rounds must be an integer"),
        ({"sets": ["NOPE"]}, "unknown set 'NOPE'"),
        ({"content": "/no/such/file.toml"}, "no such file or directory"),
    ],
)
def test_bad_options_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RULES.configure(config)


def test_a_win_condition_without_rules_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "cap.toml"
    text = SCOUTS.read_text().split("[map]")[1].replace('kind = "vip"', 'kind = "capture"')
    f.write_text("[map]" + text.replace("TEST-GLADE", "TEST-CAP").replace("TEST-01 = 3, ", ""))
    with pytest.raises(ConfigError, match="'capture' has no rules yet"):
        RULES.configure({"content": str(f), "map": "TEST-CAP"})


def sgs(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_a_new_unit_and_map_from_a_data_file_are_played_and_replayed_without_it(
    tmp_path: Path,
) -> None:
    content = tmp_path / "scouts.toml"
    shutil.copy(SCOUTS, content)
    logs = tmp_path / "logs"
    run = sgs(
        "sim", "--game", "muhq", "--games", "3", "--seed", "4", "--bots", "random,random",
        "--option", f'content="{content}"', "--option", 'map="TEST-GLADE"',
        "--log-dir", str(logs),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    content.unlink()  # the log holds the file's text: it replays without it
    played = 0
    for path in sorted(logs.glob("*.sgslog")):
        report = verify(str(path))
        assert report.ok, report.message
        log = read_log(str(path))
        start = log.events[0]
        assert start.data["map"] == "TEST-GLADE"
        entered = [e.data["card"] for e in log.events if e.kind == "permanent_entered"]
        played += entered.count("TEST-01")
    assert played > 0
    bad = sgs("sim", "--game", "muhq", "--games", "1", "--option", f'content="{content}"')
    assert bad.returncode != 0
    assert "no such file or directory" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_the_soak_script_runs_small() -> None:
    root = HERE.parents[1]
    run = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "games_soak.py"),
            "--game",
            "muhq",
            "--games",
            "8",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "OK: muhq: 8 games" in run.stdout


def test_a_resource_battle_map_is_won_by_reaching_its_limit(tmp_path: Path) -> None:
    f = tmp_path / "race.toml"
    text = SCOUTS.read_text().split("[map]")[1]
    text = text.replace('kind = "vip"\ncard = "PROV-00"', 'kind = "resource"\nlimit = 12')
    f.write_text("[map]" + text.replace("TEST-GLADE", "TEST-RACE").replace("TEST-01 = 3, ", ""))
    bad = tmp_path / "bad.toml"
    bad.write_text(f.read_text().replace("limit = 12", "").replace("TEST-RACE", "TEST-BAD"))
    with pytest.raises(ConfigError, match="a resource win needs limit"):
        RULES.configure({"content": str(bad), "map": "TEST-BAD"})
    g, found = random_game({"content": str(f), "map": "TEST-RACE"}, 2)
    assert found == []
    assert g.outcome is not None
    assert g.outcome["reason"] == "resource"
    (w,) = g.outcome["winners"]
    assert g.state.cards[w].resource >= 12


def test_sgs_arena_plays_muhq_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    run = sgs(
        "arena", "--game", "muhq", "--bots", "greedy,random", "--games", "4", "--seed", "3",
        "--workers", "1", "--out", str(out), "--quiet",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 4
    assert "greedy" in (out / "report.md").read_text()


def test_sgs_sim_starts_from_a_scenario_file() -> None:
    run = sgs(
        "sim", "--game", "muhq", "--scenario", str(HERE / "scenarios" / "map_house.toml"),
        "--games", "2", "--bots", "random,random", "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["games"] == 2


def test_the_quick_start_store_and_a_seeded_random_first_player() -> None:
    """Rules 3 and 20.1: without a draft each player's store is the set's 19-card quick-start
    store; gap G3: the first player is drawn with the game's seed unless an option names it."""
    firsts = set()
    for seed in range(8):
        g = Game(RULES, {}, seed)
        g.start()
        started = g.events[0].data
        assert [len(s) for s in started["stores"]] == [19, 19]
        assert started["stores"][0] == started["stores"][1]
        firsts.add(started["first_player"])
        turn = next(e for e in g.events if e.kind == "turn_started")
        assert turn.data["side"] == started["first_player"]
    assert firsts == {0, 1}
    g = Game(RULES, {"first_player": 1}, 0)
    g.start()
    assert g.events[0].data["first_player"] == 1


def test_every_name_a_data_file_may_use_has_its_settlement() -> None:
    """content.EFFECTS / TARGETED / KEYWORDS are what data files may name; effects.py must
    settle each of them (a spell or free action effect resolves, a passive one is read)."""
    from game_agent.games.muhq import effects
    from protocol.games.muhq import content

    assert set(effects.SPELLS) == content.TARGETED
    assert content.EFFECTS == effects.NAMES
    assert content.KEYWORDS == effects.KEYWORDS


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('free_actions = [{ cost = 1, effect = "fly" }]', "unknown free action effect 'fly'"),
        ('free_actions = [{ cost = -1, effect = "cure_poison" }]', "must be an integer from 0"),
        ('free_actions = [{ effect = "cure_poison" }]', "a free action is { cost, effect }"),
        ("free_actions = 3", "free_actions must be a list"),
    ],
)
def test_a_bad_free_action_is_refused(tmp_path: Path, line: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    text = (HERE / "content" / "ballista.toml").read_text()
    f.write_text(text.replace('free_actions = [{ cost = 2, effect = "damage_2_within_3" }]', line))
    with pytest.raises(ConfigError, match=re.escape(message)):
        RULES.configure({"content": str(f)})


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        (
            '[[stack]]\nseat = 1\nkind = "cast"\ncard = "PROV-09"\ntarget = 1\n',
            "not in seat 1's hand",
        ),
        ('[[stack]]\nseat = 0\nkind = "fly"\nperm = 1\n', "kind must be one of"),
        (
            '[[stack]]\nseat = 0\nkind = "attack"\nperm = 2\ntarget = 1\n',
            "not a permanent of seat 0",
        ),
    ],
)
def test_a_bad_action_stack_in_a_scenario_is_refused(
    tmp_path: Path, stack: str, message: str
) -> None:
    base = (HERE / "scenarios" / "stack_in_the_position.toml").read_text()
    head, _, _ = base.partition("[[stack]]")
    f = tmp_path / "s.toml"
    f.write_text(head + stack)
    with pytest.raises(ConfigError, match=re.escape(message)):
        RULES.configure(load_scenario(str(f)))
    f.write_text(head.replace('phase = "actions"', 'phase = "start"') + base[len(head) :])
    with pytest.raises(ConfigError, match="an action stack needs phase"):
        RULES.configure(load_scenario(str(f)))
