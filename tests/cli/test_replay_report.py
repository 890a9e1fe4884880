"""`sgs replay FILE` as users run it: a game report in sentences (turn headers, requests and
what was answered), as one seat saw it, limited to turns, as JSON lines, in Chinese names, and
the hand-over to the full-screen viewer."""

from __future__ import annotations

import itertools
import json
import re
import sys
import types
from pathlib import Path

import pytest
from sgs_process import sgs

from game_agent.engine import Decision, Event, RequestSpec
from replays import read_log
from sgs.cli import main
from sgs.runner import play

RAW = re.compile(r"[{}]|\bNone\b|[a-z]_[a-z]|\[\d")


@pytest.fixture(scope="module")
def sanguosha_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "s.sgslog"
    play("sanguosha", {"players": 4}, 21, ["random"], path)
    return path


@pytest.fixture(scope="module")
def harmony_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "h.sgslog"
    play("harmony", {}, 4, ["greedy", "random"], path)
    return path


def test_the_report_reads_as_sentences_with_turns_and_answers(sanguosha_log: Path) -> None:
    out = sgs("replay", str(sanguosha_log))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("# sanguosha (ruleset ") and "seed 21" in lines[0]
    assert any(re.fullmatch(r"== Turn 1 \(round 1\): seat \d \(.+\) ==", x) for x in lines)
    assert any(x.startswith("  ? seat ") and " is asked: " in x for x in lines)
    assert any(
        re.match(r"  > seat \d \(.+\) (plays|ends the play phase|discards)", x) for x in lines
    )
    assert "== Game over ==" in lines
    assert re.search(r"(win|wins|draw)[ .(]", lines[-1])
    assert any("equips " in x for x in lines)
    for line in lines[1:]:
        assert not RAW.search(line), line


def test_as_one_seat_saw_it_hides_the_others_cards(sanguosha_log: Path) -> None:
    out = sgs("replay", str(sanguosha_log), "--seat", "1")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "as seat 1 saw it" in text.splitlines()[0] and "seed" not in text.splitlines()[0]
    assert re.search(r"Seat 0 \(.+\) draws \d cards", text)  # a count, not the cards
    assert "? seat 1 is asked" in text and "? seat 0 " not in text
    assert "seen only by" not in text
    full = read_log(sanguosha_log)
    secret = next(
        e for e in full.events if e.kind == "draw" and e.seats == (0,) and e.data["cards"]
    )
    assert secret.data["cards"]  # seat 0 drew cards seat 1 never saw named
    spectator = sgs("replay", str(sanguosha_log), "--seat", "-1")
    assert spectator.returncode == 0 and "? seat" not in spectator.stdout


def test_from_to_keeps_those_turns(sanguosha_log: Path, harmony_log: Path) -> None:
    out = sgs("replay", str(sanguosha_log), "--from", "2", "--to", "3")
    assert out.returncode == 0, out.stderr
    heads = [x for x in out.stdout.splitlines() if x.startswith("== Turn")]
    assert [h.split()[2] for h in heads] == ["2", "3"]
    assert out.stdout.splitlines()[1].startswith("== Turn 2 ")
    rounds = sgs("replay", str(harmony_log), "--from", "2", "--to", "3")
    heads = [x for x in rounds.stdout.splitlines() if x.startswith("==")]
    assert heads == ["== Round 2 ==", "== Round 3 =="]
    assert re.search(r"> (South|North) places an? \w+ \w+ at [a-e]/[FMB]$", rounds.stdout, re.M)
    bad = sgs("replay", str(sanguosha_log), "--from", "3", "--to", "1")
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and not bad.stdout


def test_json_exports_every_record(sanguosha_log: Path) -> None:
    out = sgs("replay", str(sanguosha_log), "--json")
    assert out.returncode == 0, out.stderr
    items = [json.loads(x) for x in out.stdout.splitlines()]
    log = read_log(sanguosha_log)
    assert len(items) == len(log.records)
    for item, rec in zip(items, log.records, strict=True):
        if isinstance(rec, Event):
            assert item["type"] == "event" and item["kind"] == rec.kind
        elif isinstance(rec, RequestSpec):
            assert item["type"] == "request" and item["kind"] == rec.kind
            assert item["options"] == json.loads(json.dumps(rec.options))
        else:
            assert isinstance(rec, Decision)
            assert item == {
                "type": "decision",
                "seat": rec.seat,
                "id": rec.id,
                "choice": rec.choice,
                "timeout": rec.timeout,
            }
    seat = [
        json.loads(x)
        for x in sgs("replay", str(sanguosha_log), "--json", "--seat", "2").stdout.splitlines()
    ]
    assert {i["seat"] for i in seat if i["type"] != "event"} == {2}


def test_chinese_names(sanguosha_log: Path) -> None:
    out = sgs("replay", str(sanguosha_log), "--lang", "zh")
    assert out.returncode == 0, out.stderr
    assert "杀" in out.stdout or "闪" in out.stdout
    assert re.search(r"\d号位（[\u4e00-\u9fff]+）", out.stdout)  # seats and generals in Chinese  # noqa: RUF001


def test_the_whole_report_in_chinese_has_no_english_word_left(sanguosha_log: Path) -> None:
    """`sgs replay --lang zh`: every line is Chinese, beyond the header's ids (the game, the
    agents' names) and the card ranks; the seat's view too."""
    allowed = {"sanguosha", "random", "A", "J", "Q", "K"}
    for extra in ((), ("--seat", "1")):
        out = sgs("replay", str(sanguosha_log), "--lang", "zh", *extra)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        assert lines[0].startswith("# sanguosha（规则版本 ")  # noqa: RUF001
        assert "== 游戏结束 ==" in lines
        assert any(x.startswith("== 第1回合（第1轮）") for x in lines)  # noqa: RUF001
        left = {w for line in lines for w in re.findall(r"[A-Za-z]+", line)} - allowed
        assert left == set(), left
    english = sgs("replay", str(sanguosha_log)).stdout
    assert "== Game over ==" in english and not re.search(r"[\u4e00-\u9fff]号位", english)


def test_tui_hands_over_or_says_it_is_missing(
    sanguosha_log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "user_agent.tui.replay", None)  # the import fails
    assert main(["replay", str(sanguosha_log), "--tui"]) == 2
    assert capsys.readouterr().err == "error: the full-screen viewer is not installed\n"
    calls: list[tuple[str, int | None, str]] = []
    fake = types.ModuleType("user_agent.tui.replay")
    fake.main = lambda path, seat, lang: calls.append((path, seat, lang)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "user_agent.tui.replay", fake)
    assert main(["replay", str(sanguosha_log), "--tui", "--seat", "1", "--lang", "zh"]) == 0
    assert calls == [(str(sanguosha_log), 1, "zh")]


def test_an_event_that_only_repeats_the_decision_is_said_once(harmony_log: Path) -> None:
    """A placement is its decision line ("> South places …") and not the same sentence again."""
    lines = sgs("replay", str(harmony_log)).stdout.splitlines()
    decisions = 0
    for before, line in itertools.pairwise(lines):
        if before.lstrip().startswith(">"):
            decisions += 1
            said = before.strip()[1:].strip().rstrip(".").casefold()
            assert line.strip().rstrip(".").casefold() != said, line
    assert decisions >= 8
