# ruff: noqa: RUF001  (Chinese text: full-width punctuation is meant)
"""`sgs play --plain --lang zh` over a real served table (`sgs serve` and `sgs play` as
processes on free 127.0.0.1 ports): the greeting, help, requests, errors and the game's
sentences are Chinese, and no English word is left in what the console shows beyond the keys
a person types (`d`, `c`, `help` and the commands) and the card ranks."""

from __future__ import annotations

import os
import re
from pathlib import Path

from test_plain_console import WAIT, Person, Proc, serve, started  # noqa: F401

# the keys and commands a person types, the card ranks, the ids a server's Bye line keeps
TYPED = frozenset(
    {
        "d",
        "c",
        "help",
        "pass",  # the pass switch's command (typed as is, like help)
        "hand",
        "table",
        "card",
        "general",
        "quit",
        "q",
        "NAME",
        "snatch",
        "guan",
        "yu",
    }
)
RANKS = frozenset({"A", "J", "Q", "K"})
WORD = re.compile(r"[A-Za-z]+")


class ChinesePerson(Person):
    def __init__(self, procs: list[Proc], tmp: Path, endpoint: str, token: str) -> None:
        read, self.write_fd = os.pipe()
        args = ["play", "--connect", endpoint, "--seat", "0", "--token", token, "--plain"]
        self.proc = Proc([*args, "--lang", "zh"], tmp / "play.err", stdin=read)
        os.close(read)
        procs.append(self.proc)
        self.typed: list[str] = []


def test_the_plain_console_in_chinese(started: list[Proc], tmp_path: Path) -> None:  # noqa: F811
    endpoint, token, _ = serve(
        started, tmp_path, "--game", "sanguosha", "--players", "3", "--bots=-,random,random",
        "--seed", "3", "--option", "max_rounds=2",
    )  # fmt: skip
    person = ChinesePerson(started, tmp_path, endpoint, token)
    first = person.prompt()
    assert first is not None
    for typed in ("help", "hello", "99", "c", "card"):
        person.type(typed)
        assert person.prompt() is not None
    person.type("d")
    while person.prompt() is not None:
        person.type("d")
    person.close()
    assert person.proc.popen.wait(WAIT) == 0
    lines = person.proc.lines
    out = "\n".join(lines)
    Path(os.environ.get("SGS_ZH_CAPTURE", tmp_path / "capture.txt")).write_text(out + "\n")

    assert "你是0号位" in lines[0]  # the greeting
    assert "--- 你的决定 #" in out and "默认：" in out and "如何作答：" in out
    assert "如何作答：\n  * 指定角色的选项" in out  # `help`
    assert "! 请输入以空格分隔的数字、d、c 或命令" in out  # `hello`
    assert "! 没有第99项" in out  # `99`
    assert "! 此请求不能取消" in out  # `c` where it cannot be
    assert "! 请输入“card 名称”" in out  # `card` without a name
    assert "你是主公：请选择你的武将。" in out
    assert "登场（体力" in out and "0号位（曹操）" in out
    assert "=== 游戏结束：平局" in out
    left = {w for line in lines for w in WORD.findall(line) if w not in TYPED and w not in RANKS}
    assert left <= {"sanguosha", "Enter"}, left
