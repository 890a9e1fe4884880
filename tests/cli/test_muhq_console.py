"""muhq's game for people: the map grid and its legend from a folded event stream, the request
options in words, `sgs replay` of a simulated game (turn sections and the closing map), and the
line console (`sgs play --plain`) at a served muhq table, answered as its prompts appear."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_plain_console import RAW, REPO, WAIT, Person, Proc, serve

from protocol.choices import RequestSpec
from user_agent.games.muhq.board import MuhqTable
from user_agent.words.narrate import Narrator
from user_agent.words.requests import describe

MAP = "PROV-MAP-1"


def started(perms: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "players": 2, "map": MAP, "mode": "duel", "first_player": 0, "draft": False,
        "scenario": None, "round": 0, "resource": [3, 5], "stores": [["PROV-05"], []],
        "discards": [[], ["PROV-01"]], "upkeeps": [0, 0], "permanents": perms,
    }  # fmt: skip


def a_table(seat: int | None = 0) -> MuhqTable:
    """Kings on d1 and d7; seat 0's Spearman at c1 with a Militia boarded on seat 0's War Wagon
    at e3, an Iron Sword equipped to it; seat 1's Archer at c7, damaged, poisoned, tapped."""
    t = MuhqTable(seat)
    events: list[tuple[str, dict[str, Any]]] = [
        ("game_started", started([
            {"perm": 1, "card": "PROV-00", "owner": 0, "x": 3, "y": 0},
            {"perm": 2, "card": "PROV-00", "owner": 1, "x": 3, "y": 6, "damage": 1},
        ])),
        ("deck_set", {"side": 0, "count": 5}),
        ("deck_set", {"side": 1, "count": 5}),
        ("turn_started", {"turn": 1, "side": 0, "round": 1}),
        ("cards_drawn", {"side": 0, "cards": ["PROV-03", "PROV-08", "PROV-01"]}),
        ("cards_drawn", {"side": 1, "count": 3}),
        ("permanent_entered", {"perm": 3, "card": "PROV-03", "owner": 0, "x": 2, "y": 0,
                               "under": None, "durability": 0}),
        ("permanent_entered", {"perm": 4, "card": "PROV-07", "owner": 0, "x": 4, "y": 2,
                               "under": None, "durability": 0}),
        ("permanent_entered", {"perm": 5, "card": "PROV-01", "owner": 0, "x": 4, "y": 2,
                               "under": 4, "durability": 0}),
        ("permanent_entered", {"perm": 6, "card": "PROV-12", "owner": 0, "x": 4, "y": 2,
                               "under": 4, "durability": 2}),
        ("permanent_entered", {"perm": 7, "card": "PROV-04", "owner": 1, "x": 2, "y": 6,
                               "under": None, "durability": 0}),
        ("damage_dealt", {"perm": 7, "amount": 1, "source": "poison"}),
        ("token_changed", {"perm": 7, "token": "poison", "count": 2, "was": 0}),
        ("unit_tapped", {"perm": 7}),
    ]  # fmt: skip
    for kind, data in events:
        t.apply(kind, data)
    assert t.error is None, t.error
    return t


def test_the_grid_shows_terrain_and_permanents_top_row_first() -> None:
    t = a_table()
    grid = t.grid_lines()
    assert grid[0].split() == list("abcdefg")
    assert grid[1].split() == ["7", "F", ".", "Ar1", "Ki1", "S2", ".", "F"]
    assert grid[3].split() == ["5", "T", ".", ".", "=", ".", ".", "."]
    assert grid[4].split() == ["4", "~", "#", "#", "=", "#", "#", "~"]
    assert grid[5].split() == ["3", ".", ".", ".", "=", "WW0", ".", "T"]
    assert grid[6].split() == ["2", ".", ".", "H", "=", "H", ".", "."]
    assert grid[7].split() == ["1", "F", ".", "Sp0", "Ki0", "S1", ".", "F"]
    legend = "\n".join(t.legend_lines())
    assert "Ar1 Archer #7 at c7: seat 1, life 0/1, poison 2, tapped" in legend
    assert "Ki1 King #2 at d7: seat 1, life 3/4" in legend
    assert "Sp0 Spearman #3 at c1: seat 0, life 3/3" in legend
    assert "S1 spawn of seat 0" in legend and "# deep water" in legend
    sides = t.sides_lines()
    assert sides[0] == "seat 0 (you): resource 3, hand 3, deck 2, discard 0, store 1"
    assert sides[1] == "seat 1: resource 5, hand 3, deck 2, discard 1, store 0"
    assert sides[2] == "round 0, turn 1: seat 0's turn"


def test_a_stack_is_listed_under_the_permanent_it_stands_on() -> None:
    t = a_table()
    assert t.grid_lines()[5].split()[5] == "WW0"  # e3: the War Wagon, the bottom of the stack
    legend = t.legend_lines()
    i = legend.index("WW0 War Wagon #4 at e3: seat 0, life 4/4")
    assert legend[i + 1] == "    + crew: Militia #5: seat 0, life 2/2"
    assert legend[i + 2] == "    + equipment: Iron Sword #6: seat 0, durability 2"


def test_the_hand_shows_names_and_stats_and_a_spectator_sees_no_hand() -> None:
    hand = a_table().hand_lines()
    assert hand[0] == "your hand (3 cards, resource 3):"
    assert "  Spearman (unit, buy 3): life 3, move 2, attack 2 Range 1, upkeep 1" in hand
    assert any(line.startswith("  Firebolt (spell, buy 3)") for line in hand)
    assert hand[-1] == "your store: Knight (5)"
    assert a_table(None).hand_lines()[0].startswith("a spectator has no hand")
    assert MuhqTable(0).hand_lines() == ["no hand yet: the game has not started"]


def test_request_options_are_worded() -> None:
    t = a_table()
    options = [
        ["play", "PROV-03", 2, 0], ["play", "PROV-03", 4, 0, "PROV-12"],
        ["cast", "PROV-08", 7], ["select", 3], ["trade", "PROV-01", "PROV-02"], ["end"],
    ]  # fmt: skip
    w = describe("muhq", RequestSpec(0, 0, "action", "choice", options, 5, info={"resource": 3}), t)
    assert w.options == [
        "play Spearman at c1",
        "play Spearman at e1 with Iron Sword",
        "cast Firebolt on Archer #7 at c7",
        "activate Spearman #3 at c1",
        "trade Militia + Farmer for 1 resource",
        "end the action phase",
    ]
    assert w.title.startswith("Your action phase (3 resource)") and not w.generic
    unit = [["move", 2, 2], ["street", 3, 3], ["attack", 2], ["tap"]]
    w = describe("muhq", RequestSpec(1, 0, "unit_action", "choice", unit, 3,
                                     info={"perm": 3, "card": "PROV-03"}), t)  # fmt: skip
    assert w.title == "Spearman #3 at c1: what does it do?"
    assert w.options == [
        "move to c3", "street move to d4", "attack King #2 at d7", "tap (done with this unit)"
    ]  # fmt: skip
    w = describe("muhq", RequestSpec(2, 0, "buy", "choice", [["pass"], ["buy", "PROV-05"]], 0,
                                     info={"resource": 5}), t)  # fmt: skip
    assert w.options == ["buy nothing", "buy Knight (5)"]
    n = Narrator("muhq", 2)
    for kind, data in [("game_started", started([{"perm": 1, "card": "PROV-00", "owner": 0,
                                                  "x": 3, "y": 0}]))]:  # fmt: skip
        n.event(kind, data)
    req = RequestSpec(3, 0, "unit_action", "choice", [["move", 3, 1], ["tap"]], 1, info={"perm": 1})
    assert n.decision(req, 0) == "seat 0: move to d2"


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    out: list[Proc] = []
    yield out
    for p in out:
        p.kill()


def sgs(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sgs.cli", *args], cwd=REPO, capture_output=True, text=True,
        timeout=WAIT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_sgs_replay_of_a_simulated_muhq_game_has_turns_and_the_map(tmp_path: Path) -> None:
    sgs("sim", "--game", "muhq", "--games", "1", "--seed", "4", "--log-dir", str(tmp_path))
    (log,) = tmp_path.glob("*.sgslog")
    out = sgs("replay", str(log))
    turns = re.findall(r"^== Turn (\d+) \(round \d+\): seat [01] ==$", out, re.M)
    assert turns and [int(n) for n in turns] == list(range(1, len(turns) + 1))
    assert "== Game over ==" in out and "== Map at the end ==" in out
    tail = out[out.index("== Map at the end ==") :].split("\n")
    assert tail[1].split() == list("abcdefg")
    assert [line.split()[0] for line in tail[2:9]] == ["7", "6", "5", "4", "3", "2", "1"]
    assert tail[5].split()[1:] == ["~", "#", "#", "=", "#", "#", "~"]  # the river, row 4
    assert re.search(r"^  (Ki|Mi|Fa)[01] \w[\w ]* #\d+ at [a-g][1-7]: seat [01]", out, re.M)
    assert re.search(r"^  seat 0: resource \d+, hand \d+, deck \d+, discard \d+", out, re.M)
    assert "> seat 1: move to " in out or "> seat 0: move to " in out
    assert not re.search(r"PROV-\d", out[: out.index("== Map at the end ==")])  # names, not ids
    early = sgs("replay", str(log), "--to", "2", "--seat", "0")
    assert "== Map after turn 2 ==" in early and "== Turn 3 " not in early
    assert re.search(r"^  seat 0 \(you\): resource", early, re.M) is None  # a report, no "you"


def test_a_muhq_game_through_the_plain_console(procs: list[Proc], tmp_path: Path) -> None:
    endpoint, token, _log = serve(
        procs, tmp_path, "--game", "muhq", "--players", "2", "--bots=-,random", "--seed", "5",
        "--option", "max_rounds=4",
    )  # fmt: skip
    person = Person(procs, tmp_path, endpoint, token)
    block = person.prompt()
    assert block is not None
    for command in ("hand", "table", "help"):
        person.type(command)
        assert person.prompt() is not None
    moved = 0
    while block is not None:
        title = next((x for x in block if x.startswith("--- your decision #")), "")
        options = {m.group(2): m.group(1) for x in block if (m := re.match(r"^  (\d+)\) (.*)$", x))}
        move = next((k for k in options if k.startswith("move to ")), None)
        play = next((k for k in options if k.startswith("play ")), None)
        select = next((k for k in options if k.startswith("activate ")), None)
        if "what does it do?" in title and move and moved < 3:
            person.type(options[move])
            moved += 1
        elif "Your action phase" in title and play:
            person.type(options[play])
        elif "Your action phase" in title and select and moved < 3:
            person.type(options[select])
        else:
            person.type("d")
        block = person.prompt()
    person.close()
    assert person.proc.popen.wait(WAIT) == 0
    out = "\n".join(person.proc.lines)
    assert "your hand (" in out or "your hand is empty" in out  # `hand`
    assert "muhq's options are numbered and worded" in out  # `help`
    assert re.search(r"^  a   b   c   d   e   f   g$", out, re.M)  # `table`: the map
    assert re.search(r"^7 F +\. +\S+ +\S+ +\S+ +\. +F$", out, re.M)
    assert re.search(r"^4 ~ +# +# += +# +# +~$", out, re.M)
    assert re.search(r"^1 F +\. +S1 +Ki0 +S1 +\. +F$", out, re.M)  # before seat 0 has played
    assert re.search(r"^Ki0 King #1 at d1: seat 0, life 4/4$", out, re.M)
    assert re.search(r"^seat 0 \(you\): resource \d+, hand \d+, deck \d+, discard \d+", out, re.M)
    assert re.search(r"^  \d+\) end the action phase$", out, re.M)
    assert re.search(r"^  \d+\) play \w[\w ]* at [a-g][1-7]$", out, re.M)
    assert moved and re.search(r"^  \d+\) move to [a-g][1-7]$", out, re.M)
    assert re.search(r"^\w[\w ]* #\d+ moves from [a-g][1-7] to [a-g][1-7]\.$", out, re.M)
    assert re.search(r"^=== game over: ", out, re.M)
    assert "(the table cannot be drawn" not in out and "out of date" not in out
    for line in person.proc.lines:
        assert not RAW.search(line), line
