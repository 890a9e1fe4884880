"""At run time, a client never loads the game agent: in a fresh interpreter, importing any
`user_agent` module but a declared simulating bot's (`ClientGame.simulates`) puts no
`game_agent` module in `sys.modules`. This catches what the static graph cannot see (imports by
name at import time, a lazy attribute loaded on the way).

One subprocess: it loads the third-party libraries the client uses, then forks once per module,
and each child imports its module and reports the `game_agent` modules that came with it.
Today's offenders are allow-listed below, one module each with its reason; the test fails on a
new one and on a listed one that no longer loads the game agent (the list only shrinks).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import import_graph as ig

from user_agent.games import GAMES, client

# module -> why it still loads the game agent: the static arrow it reaches `game_agent` by
# (`via M -> N`: through the client module `user_agent.M`, which imports `game_agent.N`).
ALLOWED: dict[str, str] = {}

CHILD = r"""
import importlib, json, os, sys
modules, preload = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in preload:
    try:
        importlib.import_module(name)
    except Exception:
        pass
assert not any(m.split(".")[0] == "game_agent" for m in sys.modules), "preloaded game_agent"
report = {}
for name in modules:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            importlib.import_module(name)
            got = sorted(m for m in sys.modules if m.split(".")[0] == "game_agent")
        except BaseException as exc:
            got = [f"!{type(exc).__name__}: {exc}"]
        os.write(w, json.dumps(got).encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    report[name] = json.loads(b"".join(chunks))
print(json.dumps(report))
"""


def client_modules(tree: ig.Tree) -> list[str]:
    simulating = {m for name in GAMES if (c := client(name)) for m in c.simulates}
    return [m for m in sorted(tree.files) if ig._under(m, "user_agent") and m not in simulating]


def third_party(tree: ig.Tree, modules: list[str]) -> list[str]:
    """The libraries the client modules import (loaded once, before the forks)."""
    ours = set(ig.PACKAGES)
    names: set[str] = set()
    for module in modules:
        body = ast.parse(tree.files[module].read_text(encoding="utf-8"))
        for node in ast.walk(body):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in ours)


def loads_game_agent() -> dict[str, list[str]]:
    tree = ig.read_tree()
    modules = client_modules(tree)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(modules), json.dumps(third_party(tree, modules))],
        cwd=ig.REPO,
        env={**os.environ, "PYTHONPATH": str(ig.REPO)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, list[str]] = json.loads(done.stdout)
    assert set(report) == set(modules)
    broken = {m: got for m, got in report.items() if got and got[0].startswith("!")}
    assert not broken, f"client modules that do not import: {broken}"
    return {m: got for m, got in report.items() if got}


def test_no_client_module_loads_the_game_agent() -> None:
    found = loads_game_agent()
    new = {m: got[:3] for m, got in found.items() if m not in ALLOWED}
    gone = sorted(m for m in ALLOWED if m not in found)
    lines = [f"{m} loads {', '.join(got)}..." for m, got in sorted(new.items())]
    lines += [f"{m} no longer loads game_agent: delete its allow-list entry" for m in gone]
    assert not lines, "\n".join(lines)
