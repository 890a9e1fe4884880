"""The layers of docs/architecture.md, checked on the import graph of the whole tree (every
import: module level, in a function, under `if TYPE_CHECKING:`; see `import_graph`).

Today's violations are held in the allow-lists below, one entry per file or arrow with its
reason. The test fails on a violation that is not listed AND on a listed one that is gone, so a
list can only shrink: when you fix one, delete its entry.
"""

from __future__ import annotations

import import_graph as ig
import pytest

from game_agent.games import GAMES as HOST_GAMES
from user_agent.games import GAMES as CLIENT_GAMES
from user_agent.games import client

# (importing file, imported module) -> why it is allowed for now.
ALLOWED_ARROWS: dict[tuple[str, str], str] = {}

# Import circles (the files of each) -> why allowed for now.
ALLOWED_CIRCLES: dict[frozenset[str], str] = {}

# Shared files (outside every `*/games/<game>/`, registries excepted) that name a bundled game,
# and how many times (string literals equal to a game's name, and imports of a game's package):
# the count must match exactly (lower it when you remove some).
ALLOWED_NAMING: dict[str, tuple[int, str]] = {}


@pytest.fixture(scope="module")
def tree() -> ig.Tree:
    return ig.read_tree()


def simulating_bots() -> dict[str, str]:
    """Each declared simulating module -> its game (from the client manifests)."""
    out: dict[str, str] = {}
    for name in CLIENT_GAMES:
        c = client(name)
        assert c is not None
        for module in c.simulates:
            out[module] = name
    return out


def check_listed(found: dict[str, str], allowed: dict[str, str], what: str) -> None:
    new = {k: v for k, v in found.items() if k not in allowed}
    gone = sorted(k for k in allowed if k not in found)
    lines = [f"new {what} (fix it; the allow-list only shrinks):"] if new else []
    lines += [f"  {k}: {v}" for k, v in sorted(new.items())]
    if gone:
        lines.append(f"{what} fixed: delete their allow-list entries:")
        lines += [f"  {k}" for k in gone]
    assert not lines, "\n".join(lines)


def test_the_games_are_the_same_on_disk_and_in_both_registries() -> None:
    assert set(HOST_GAMES) == set(CLIENT_GAMES) == ig.GAME_DIRS


def test_simulating_bots_are_their_games_bot_modules() -> None:
    for name in CLIENT_GAMES:
        c = client(name)
        assert c is not None
        bot_modules = {ref.partition(":")[0] for ref in c.bots.values()}
        for module in c.simulates:
            assert ig.game_of(module) == name, f"{name} declares {module}, not its own"
            assert module in bot_modules, f"{name}: {module} simulates but is no bot's module"
    assert simulating_bots(), "no simulating bot declared (harmony's greedy simulates)"


def test_no_import_runs_up_or_across_the_layers(tree: ig.Tree) -> None:
    found = {
        f"{src} -> {dst}": "; ".join(why)
        for (src, dst), why in ig.violations(tree, simulating_bots()).items()
    }
    allowed = {f"{src} -> {dst}": why for (src, dst), why in ALLOWED_ARROWS.items()}
    check_listed(found, allowed, "arrows against the layers")


def test_no_import_circle(tree: ig.Tree) -> None:
    found = {", ".join(sorted(c)): "circle" for c in ig.circles(tree)}
    allowed = {", ".join(sorted(c)): why for c, why in ALLOWED_CIRCLES.items()}
    check_listed(found, allowed, "import circles")


def test_shared_code_names_no_game(tree: ig.Tree, capsys: pytest.CaptureFixture[str]) -> None:
    games = frozenset(HOST_GAMES)
    counts: dict[str, int] = {}
    imports = 0
    for module in ig.shared_files(tree):
        hits = ig.names_of_games(tree, module, games)
        if hits:
            counts[tree.rel(module)] = len(hits)
            imports += sum(what.startswith("import ") for _line, what in hits)
    with capsys.disabled():
        print(
            f"\nshared code names a bundled game {sum(counts.values())} times in {len(counts)} "
            f"files ({sum(counts.values()) - imports} string literals, {imports} imports of a "
            "game's package; registries excepted)"
        )
    found = {f: f"{n} times" for f, n in counts.items()}
    allowed = {f: f"{n} times" for f, (n, _why) in ALLOWED_NAMING.items()}
    changed = [f for f in found if f in allowed and found[f] != allowed[f]]
    check_listed(found, allowed, "shared files naming a game")
    assert not changed, "update the counts: " + ", ".join(
        f"{f} now {found[f]} (listed {allowed[f]})" for f in changed
    )


# --- the rules can fail ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("src", "dst", "broken"),
    [
        ("protocol.codec", "game_agent.engine", "runs up"),
        ("game_agent.engine.game", "game_agent.games.harmony", "runs up"),
        ("game_agent.games.harmony.rules", "replays.reader", "runs up"),
        ("game_agent.games.harmony.rules", "game_agent.games.muhq.state", "imports the game"),
        ("game_agent.games.harmony.rules", "protocol.games.muhq.schema", "imports the game"),
        ("game_agent.games.harmony.rules", "game_agent.engine.game", "beyond the engine's API"),
        ("game_agent.games.harmony.rules", "game_agent.games", "beyond the engine's API"),
        ("replays.reader", "user_agent.bot", "replays imports user_agent"),
        ("game_agent.server.table", "user_agent.bot", "game_agent imports user_agent"),
        ("game_agent.server.table", "sgs.runner", "runs up"),
        ("user_agent.console", "game_agent.engine", "not a declared simulating bot"),
        ("user_agent.console", "replays.reexecution", "re-execution"),
        ("user_agent.console", "sgs.runner", "runs up"),
        ("user_agent.games.harmony.greedy", "game_agent.games.muhq", "beyond the engine's API"),
        ("user_agent.games.harmony.greedy", "game_agent.engine.game", "beyond the engine's API"),
        ("user_agent.games.harmony.view", "game_agent.games.harmony", "not a declared"),
        ("user_agent.games.harmony.view", "user_agent.games.muhq.view", "imports the game"),
    ],
)
def test_each_rule_catches_its_arrow(src: str, dst: str, broken: str) -> None:
    found = ig.broken_rules(ig.Import(src, dst, 1), simulating_bots())
    assert any(broken in why for why in found), found


@pytest.mark.parametrize(
    ("src", "dst"),
    [
        ("game_agent.games.harmony.rules", "game_agent.engine"),
        ("game_agent.games.harmony.rules", "protocol.games.harmony.schema"),
        ("game_agent.games.harmony", "game_agent.games.manifest"),
        ("replays.reexecution", "game_agent.games"),
        ("user_agent.games.harmony.greedy", "game_agent.games.harmony.attack"),
        ("user_agent.games.harmony.view", "protocol.games.harmony.schema"),
        ("user_agent.replay", "replays.reader"),
        ("game_agent.server.table", "replays.writer"),
        ("sgs.runner", "user_agent.bot"),
    ],
)
def test_allowed_arrows_pass(src: str, dst: str) -> None:
    assert ig.broken_rules(ig.Import(src, dst, 1), simulating_bots()) == []


def test_reading_sees_function_level_and_type_checking_imports(tree: ig.Tree) -> None:
    arrows = {(i.src, i.dst) for i in tree.imports}
    # replays/__init__.py imports reexecution under TYPE_CHECKING and in __getattr__
    assert ("replays", "replays.reexecution") in arrows
    assert ("replays.writer", "game_agent.engine") in arrows  # inside a function
