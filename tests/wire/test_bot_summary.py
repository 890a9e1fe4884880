"""What `sgs bot` says: a wrong token is named as the likely cause (exit 3), a played seat ends
with one line of what its game was (game, seat and who it was, outcome, how the bot answered),
and a lobby fleet with its games by outcome and by who its seats were. Real `sgs serve` and
`sgs bot` processes; the figures are checked against the table's log."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import PATIENT, Proc, Procs, Served

from protocol.records import view_for
from replays import read_log
from sgs.runner import play, winners_of
from user_agent.games.sanguosha.names import general_name, role_name
from user_agent.replay import report_hooks

SUMMARY = re.compile(
    r"played: (?P<game>\w+), seat (?P<seat>\d+)(?: \((?P<who>[^)]*)\))? as (?P<bot>\S+): "
    r"(?P<result>won|lost|draw|unfinished); (?P<decisions>\d+) requests answered, "
    r"(?P<defaults>\d+) defaults taken \((?P<errors>\d+) bot errors\), (?P<illegal>\d+) "
    r"illegal answers refused"
    r"(?:; record: (?P<record>.+))?$"
)


def seat_bot(procs: Procs, served: Served, *extra: str, token: str | None = None) -> Proc:
    args = ["bot", "--connect", served.endpoint, "--seat", "0", "--give-up", "30", *extra]
    return procs.start(args, SGS_TOKEN=token or served.tokens[0])


def summary(bot: Proc) -> re.Match[str]:
    lines = [line for line in bot.lines if line.startswith("played: ")]
    assert len(lines) == 1, bot.output()
    found = SUMMARY.match(lines[0])
    assert found is not None, lines[0]
    return found


def result_in_log(log_path: str, seat: int) -> tuple[str, int]:
    """(won/lost/draw, decisions of `seat`) from the table's log."""
    log = read_log(log_path)
    (over,) = [e for e in log.events if e.kind == "game_over"]
    winners = winners_of(over.data["outcome"])
    result = "draw" if not winners else ("won" if seat in winners else "lost")
    return result, sum(1 for d in log.decisions if d.seat == seat)


def test_a_wrong_token_is_named_first_and_exits_3(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--seed", "2", "--bots", "-,random")
    wrong = seat_bot(procs, served, token="0" * 32)
    assert wrong.wait() == 3, wrong.output()
    (failed,) = [r for r in wrong.stderr_records() if r.get("event") == "connection failed"]
    assert failed["code"] == "bad_server_proof"
    assert failed["reason"] == (
        "the token for seat 0 is not this table's (mistyped, or from another game?); or "
        f"{served.endpoint} is not the real table; nothing more was sent"
    )
    assert not any(line.startswith("played: ") for line in wrong.lines)  # never seated
    # The table is untouched: the right token still plays it.
    right = seat_bot(procs, served)
    assert right.wait() == 0, right.output()


def test_a_played_seat_ends_with_its_game_in_one_line(procs: Procs, tmp_path: Path) -> None:
    served = procs.serve("--game", "harmony", "--seed", "5", "--bots", "-,random")
    record = tmp_path / "seat0.jsonl"
    bot = seat_bot(procs, served, "--bot", "greedy", "--record", str(record))
    assert bot.wait() == 0, bot.output()
    served.proc.expect("result: game over")
    assert served.proc.wait() == 0, served.proc.output()
    s = summary(bot)
    result, decisions = result_in_log(served.log_path, 0)
    assert (s["game"], s["seat"], s["who"], s["bot"]) == ("harmony", "0", "south", "greedy")
    assert (s["result"], int(s["decisions"])) == (result, decisions)
    assert (s["defaults"], s["errors"], s["illegal"]) == ("0", "0", "0")
    assert s["record"] == str(record)


def test_sanguosha_says_the_seats_role_and_general(procs: Procs) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "5", "--seed", "9",
        "--bots", "-,random,random,random,random",
    )  # fmt: skip
    bot = seat_bot(procs, served, "--bot", "smart")
    assert bot.wait() == 0, bot.output()
    s = summary(bot)
    log = read_log(served.log_path)
    (role,) = [e.data["role"] for e in log.events if e.kind == "role" and e.data["seat"] == 0]
    (general,) = [
        e.data["general"] for e in log.events if e.kind == "general" and e.data["seat"] == 0
    ]
    assert s["who"] == f"{role_name(role)}, {general_name(general)}"
    result, decisions = result_in_log(served.log_path, 0)
    assert (s["result"], int(s["decisions"])) == (result, decisions)


def test_defaults_taken_are_counted(procs: Procs) -> None:
    served = procs.serve("--game", "harmony", "--seed", "6", "--bots", "-,random")
    bot = seat_bot(procs, served, "--bot", "test_fleet:Illegal")  # every answer out of range
    assert bot.wait() == 0, bot.output()
    s = summary(bot)
    _, decisions = result_in_log(served.log_path, 0)
    # Each request: two illegal answers, then the default.
    assert int(s["defaults"]) == decisions == int(s["decisions"]) > 0
    assert int(s["illegal"]) == 2 * decisions and s["errors"] == "0"


def test_a_fleet_sums_its_games_by_outcome_and_side(procs: Procs, tmp_path: Path) -> None:
    server = procs.start(["serve", "--lobby", "--log-dir", str(tmp_path / "logs")])
    endpoint = server.expect("lobby on ").removeprefix("lobby on ").split(";")[0]
    fleet = procs.start(
        ["bot", "--connect", endpoint, "--lobby", "--game", "harmony", "--seats", "2",
         "--games", "4", *PATIENT]
    )  # fmt: skip
    assert fleet.wait() == 0, fleet.output()
    (line,) = [x for x in fleet.lines if x.startswith("fleet: ")]
    found = re.search(
        r"^fleet: 4 games \((\d+) won\), .* s; (\d+) lost, (\d+) draws, 0 defaults taken; "
        r"as north (\d+) \((\d+) won\), south (\d+) \((\d+) won\)$",
        line,
    )
    assert found is not None, line
    won, lost, draws, north, north_won, south, south_won = map(int, found.groups())
    assert won + lost + draws == 4 == north + south
    assert north_won + south_won == won
    # The fleet held both seats of every table: each game has one side of each, and a winner
    # for each loser.
    assert north == south == 2 and won == lost


def test_sanguosha_1v1_names_the_seats_side() -> None:
    played = play("sanguosha", {"mode": "1v1"}, 4, ["random"])
    hooks = report_hooks("sanguosha")
    for seat in range(2):
        known: dict[str, str] = {}
        for ev in played.game.events:
            data = view_for(ev, seat)
            if data is not None:
                known.update(hooks.seat_identity(ev.kind, data, seat, known))
        (role,) = [e.data["role"] for e in played.game.events
                   if e.kind == "role" and e.data["seat"] == seat]  # fmt: skip
        assert known["role"] == {"lord": "warm side", "renegade": "cool side"}[role]
        assert known["general"]
