"""The project's import graph, read from the source with `ast` (nothing is imported), and the
layer rules of docs/architecture.md as functions of it.

Every import counts: module level, inside a function, and under `if TYPE_CHECKING:`. An import
`from P import x` is an arrow to the module `P.x` when that is a file of the tree, else to `P`.
Running a package's `__init__.py` on the way to one of its modules is not an arrow (a package's
face re-exports its members; counting it would make every such package a circle).

The layers, lowest first (an import may run down or sideways within a layer, never up):

    1 protocol   2 game_agent.engine   3 game_agent.games   4 replays
    5 game_agent.server, user_agent (siblings: neither imports the other)   6 sgs

A game's package (`protocol.games.<g>`, `game_agent.games.<g>`, `user_agent.games.<g>`) never
imports another game's; the rules (`game_agent.games.<g>`) import only the engine's public API
(`game_agent.engine`), the protocol core, their own contract and `game_agent.games.manifest`.
`user_agent` imports `protocol`, the log (`replays`, not its re-execution) and itself; a bot that
simulates its game (declared in its `ClientGame.simulates`) may also import `game_agent.engine`
and its own game's rules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("protocol", "game_agent", "user_agent", "replays", "sgs")
SIDES = ("protocol", "game_agent", "user_agent")  # the packages that hold `games/<game>/`
# The one place per side that lists the games by name.
REGISTRIES = ("game_agent/games/__init__.py", "user_agent/games/__init__.py")


@dataclass(frozen=True)
class Import:
    src: str  # the importing module
    dst: str  # the imported module (a file of the tree)
    line: int


@dataclass
class Tree:
    files: dict[str, Path] = field(default_factory=dict)  # module -> file
    imports: list[Import] = field(default_factory=list)
    literals: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # module -> hits

    def rel(self, module: str) -> str:
        return self.files[module].relative_to(REPO).as_posix()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(tree: Tree, module: str) -> bool:
    return tree.files[module].name == "__init__.py"


def read_tree(root: Path = REPO) -> Tree:
    tree = Tree()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree.files[module_name(path)] = path
    for module, path in tree.files.items():
        body = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(body):
            tree.imports.extend(_arrows(tree, module, node))
    return tree


def _arrows(tree: Tree, module: str, node: ast.AST) -> Iterator[Import]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = _known(tree, alias.name)
            if target is not None:
                yield Import(module, target, node.lineno)
    elif isinstance(node, ast.ImportFrom):
        base = _absolute(tree, module, node)
        for alias in node.names:
            target = _known(tree, f"{base}.{alias.name}") if base else None
            if target is None or target != f"{base}.{alias.name}":
                target = _known(tree, base)
            if target is not None:
                yield Import(module, target, node.lineno)


def _absolute(tree: Tree, module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module if is_package(tree, module) else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _known(tree: Tree, name: str) -> str | None:
    """The longest prefix of `name` that is a module of the tree (None: not ours)."""
    while name:
        if name in tree.files:
            return name
        name = name.rpartition(".")[0]
    return None


# --- what a module is ---------------------------------------------------------------------------


def layer(module: str) -> int:
    top = module.split(".")[0]
    if top == "protocol":
        return 1
    if module == "game_agent" or _under(module, "game_agent.engine"):
        return 2
    if _under(module, "game_agent.games"):
        return 3
    if top == "replays":
        return 4
    if top == "user_agent" or _under(module, "game_agent.server"):
        return 5
    return 6  # sgs


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def game_of(module: str) -> str | None:
    """The game whose package holds `module` (`<side>.games.<game>...`), else None."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] in SIDES and parts[1] == "games" and parts[2] in GAME_DIRS:
        return parts[2]
    return None


def game_dirs(root: Path = REPO) -> frozenset[str]:
    """The game packages on disk: every `<side>/games/<name>/__init__.py`."""
    return frozenset(
        p.parent.name for side in SIDES for p in (root / side / "games").glob("*/__init__.py")
    )


GAME_DIRS = game_dirs()


# --- the rules ----------------------------------------------------------------------------------


def broken_rules(imp: Import, simulating: dict[str, str]) -> list[str]:
    """The rules the arrow `imp` breaks (empty: it is allowed). `simulating` maps a simulating
    bot's module to its game."""
    src, dst = imp.src, imp.dst
    out: list[str] = []
    if layer(src) < layer(dst):
        out.append(f"runs up from layer {layer(src)} to {layer(dst)}")
    g, h = game_of(src), game_of(dst)
    if g is not None and h is not None and g != h:
        out.append(f"the game {g} imports the game {h}")
    if g is not None and _under(src, "game_agent.games") and not _rules_may_import(g, dst):
        out.append("a ruleset imports beyond the engine's API, the protocol core, its contract")
    if _under(src, "user_agent"):
        if _under(dst, "game_agent"):
            own = simulating.get(src)
            if own is None:
                out.append("user_agent imports game_agent (not a declared simulating bot)")
            elif not (dst == "game_agent.engine" or _under(dst, f"game_agent.games.{own}")):
                out.append("a simulating bot imports beyond the engine's API and its ruleset")
        if _under(dst, "replays.reexecution"):
            out.append("user_agent imports the log's re-execution (it runs the rules)")
    top = src.split(".")[0]
    if top in ("protocol", "game_agent", "replays") and dst.split(".")[0] in ("user_agent", "sgs"):
        out.append(f"{top} imports {dst.split('.')[0]}")
    return out


def _rules_may_import(game: str, dst: str) -> bool:
    if dst == "game_agent.engine" or dst == "game_agent.games.manifest":
        return True
    if _under(dst, f"game_agent.games.{game}") or _under(dst, f"protocol.games.{game}"):
        return True
    return dst.split(".")[0] == "protocol" and game_of(dst) is None


def _is_registry(module: str) -> bool:
    return module in ("game_agent.games", "user_agent.games")


def violations(tree: Tree, simulating: dict[str, str]) -> dict[tuple[str, str], list[str]]:
    """(importing file, imported module) -> the rules that arrow breaks."""
    out: dict[tuple[str, str], list[str]] = {}
    for imp in tree.imports:
        broken = broken_rules(imp, simulating)
        if broken:
            key = (tree.rel(imp.src), imp.dst)
            out.setdefault(key, [])
            out[key].extend(b for b in broken if b not in out[key])
    return out


def circles(tree: Tree) -> list[frozenset[str]]:
    """The import circles: every strongly connected set of two or more files (Tarjan)."""
    graph: dict[str, set[str]] = {m: set() for m in tree.files}
    for imp in tree.imports:
        if imp.src != imp.dst:
            graph[imp.src].add(imp.dst)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:  # recursion depth is bounded by the longest import chain
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(frozenset(tree.rel(m) for m in part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def shared_files(tree: Tree) -> list[str]:
    """The modules of shared code: outside every `*/games/<game>/`, registries excluded."""
    return [m for m in sorted(tree.files) if game_of(m) is None and not _is_registry(m)]


def names_of_games(tree: Tree, module: str, games: frozenset[str]) -> list[tuple[int, str]]:
    """Where a shared module names a bundled game: a string literal equal to a game's name,
    or an import of a game's package."""
    body = ast.parse(tree.files[module].read_text(encoding="utf-8"))
    hits = [
        (node.lineno, repr(node.value))
        for node in ast.walk(body)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in games
    ]
    hits += [
        (i.line, f"import {i.dst}") for i in tree.imports if i.src == module and game_of(i.dst)
    ]
    return sorted(set(hits))
