"""Shared fixtures, and the `surface` marker: which tests reach outside this process.

A test is `surface` when it starts a process (`subprocess`, `sys.executable`, `sgs_process`,
Ray), opens a socket (ZeroMQ, TCP, ipc) or drives a browser. `make check` runs the rest
(`-m "not surface"`); `make test` runs everything. Nothing is listed by hand:

1. a test under one of SURFACE_DIRS is surface (those suites run real `sgs` processes);
2. otherwise the test's source decides, read with `ast`: a test is surface when its function,
   one of its fixtures, or a module-level name either of them uses (followed through the
   module and through the tests' own helper modules, e.g. `sgs_process`, `arena_support`)
   imports a process or socket module, reads `sys.executable` or calls a process function;
3. a test may also say `@pytest.mark.surface` itself.

The rule is checked, not trusted: `pytest --surface-audit` (`make check AUDIT=1`) fails every
test not marked surface that starts a process or binds/connects a socket (ZeroMQ other than
inproc included) during its setup, call or teardown.
"""

from __future__ import annotations

import ast
import os
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent

pytest_plugins = ["watchdog"]  # a hung test ends its worker with every thread's stack

# Suites that exist to run the real thing: every test in them is surface.
SURFACE_DIRS = ("wire", "cli", "web")

# Importing one of these (at module level or in a function) makes its users surface.
SURFACE_MODULES = frozenset(
    {"subprocess", "socket", "socketserver", "multiprocessing", "zmq", "ray", "pexpect",
     "ptyprocess", "playwright", "selenium", "http.server", "urllib.request"}
)  # fmt: skip
# Attributes (or names imported from a module) that start a process; and the loaders of a file
# by its path, which the reading below cannot follow (so whoever uses one counts as surface).
SURFACE_ATTRS = frozenset(
    {"sys.executable", "os.fork", "os.forkpty", "os.system", "os.popen", "os.posix_spawn",
     "os.posix_spawnp", "os.execv", "os.execve", "os.execvp", "os.spawnv", "os.spawnl",
     "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell",
     "concurrent.futures.ProcessPoolExecutor",
     "importlib.util.spec_from_file_location", "runpy.run_path"}
)  # fmt: skip
IMPORTORSKIP = ("importorskip", "pytest.importorskip")


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """Make the test ruleset `toy` loadable by name (runner, verifier, player)."""
    from toy_game import RULESET, SCHEMA

    from game_agent.games import register, unregister
    from protocol.registry import register_schema

    register(RULESET)
    register_schema(SCHEMA)
    yield
    unregister(RULESET.name)


# --- the classification ----------------------------------------------------------------------


def _surface_module(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in SURFACE_MODULES)


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


class _Module:
    """One test, conftest or helper file: which of its top-level names reach the surface."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(), str(path))
        self.defs: dict[str, list[ast.AST]] = {}  # top-level name -> what binds it
        self.imports: dict[str, tuple[str, str | None]] = {}  # name -> (module, attribute)
        self._reasons: dict[str, str] | None = None
        self._bind(self.tree.body)

    def _bind(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.defs.setdefault(stmt.name, []).append(stmt)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for target in targets:
                    for node in ast.walk(target):
                        if isinstance(node, ast.Name):
                            self.defs.setdefault(node.id, []).append(stmt)
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    self.imports[alias.asname or alias.name.split(".")[0]] = (alias.name, None)
            elif isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                for alias in stmt.names:
                    self.imports[alias.asname or alias.name] = (stmt.module, alias.name)
            elif isinstance(stmt, ast.If | ast.Try | ast.With):
                self._bind(stmt.body)
                for extra in ("orelse", "finalbody"):
                    self._bind(getattr(stmt, extra, []))
                for handler in getattr(stmt, "handlers", []):
                    self._bind(handler.body)

    def seed(self, node: ast.AST) -> str | None:
        """Why `node` itself reaches the surface (not following names), or None."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Import):
                for alias in sub.names:
                    if _surface_module(alias.name):
                        return f"imports {alias.name}"
            elif isinstance(sub, ast.ImportFrom) and sub.module:
                if _surface_module(sub.module):
                    return f"imports from {sub.module}"
                for alias in sub.names:
                    if f"{sub.module}.{alias.name}" in SURFACE_ATTRS:
                        return f"imports {sub.module}.{alias.name}"
            elif isinstance(sub, ast.Attribute):
                dotted = _dotted(sub)
                if dotted in SURFACE_ATTRS:
                    return f"uses {dotted}"
            elif isinstance(sub, ast.Call) and _dotted(sub.func) in IMPORTORSKIP:
                arg = sub.args[0] if sub.args else None
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and _surface_module(arg.value)
                ):
                    return f"imports {arg.value}"
        return None

    def reasons(self) -> dict[str, str]:
        """Every top-level name that reaches the surface -> why (computed once, to a fixpoint)."""
        if self._reasons is not None:
            return self._reasons
        self._reasons = {}  # a helper importing this one back sees it as clean meanwhile
        reasons: dict[str, str] = {}
        uses: dict[str, set[str]] = {}
        known = set(self.defs) | set(self.imports)
        for name, (module, attr) in self.imports.items():
            if _surface_module(module) or f"{module}.{attr}" in SURFACE_ATTRS:
                reasons[name] = f"imports {module}" + (f".{attr}" if attr else "")
            elif (helper := self._helper(module)) is not None:
                theirs = helper.reasons()
                why = next(iter(theirs.values()), None) if attr is None else theirs.get(attr)
                if why is not None:
                    reasons[name] = f"{module}.{attr or '*'}: {why}"
        for name, nodes in self.defs.items():
            for node in nodes:
                if name not in reasons and (why := self.seed(node)) is not None:
                    reasons[name] = why
                uses.setdefault(name, set()).update(
                    sub.id
                    for sub in ast.walk(node)
                    if isinstance(sub, ast.Name) and sub.id in known and sub.id != name
                )
        changed = True
        while changed:
            changed = False
            for name, used in uses.items():
                if name in reasons:
                    continue
                for dep in sorted(used):
                    if dep in reasons:
                        reasons[name] = f"{dep}: {reasons[dep]}"
                        changed = True
                        break
        self._reasons = reasons
        return reasons

    def name_why(self, name: str) -> str | None:
        return self.reasons().get(name)

    def _helper(self, module: str) -> _Module | None:
        """The tests' own module `module` (imported from the test's folder or tests/)."""
        rel = Path(*module.split("."))
        for folder in (self.path.parent, TESTS):
            candidate = folder / rel.with_suffix(".py")
            if candidate.is_file() and candidate != self.path:
                return _parsed(candidate)
        return None


@cache
def _parsed(path: Path) -> _Module:
    return _Module(path)


def _function_why(func: Callable[..., Any]) -> str | None:
    code = getattr(func, "__code__", None)
    return None if code is None else _defined_why(code.co_filename, func.__name__)


@cache
def _defined_why(filename: str, name: str) -> str | None:
    path = Path(filename).resolve()
    if TESTS not in path.parents or not path.is_file():
        return None  # a plugin's fixture (tmp_path, monkeypatch, ...)
    return _parsed(path).name_why(name)


@cache
def _top_folder(filename: str) -> str:
    path = Path(filename).resolve()
    return path.relative_to(TESTS).parts[0] if TESTS in path.parents else ""


def _surface_reason(item: pytest.Item) -> str | None:
    if item.get_closest_marker("surface") is not None:
        return "marked"
    if (folder := _top_folder(str(item.path))) in SURFACE_DIRS:
        return f"in tests/{folder}"
    func = getattr(item, "function", None)
    if func is not None and (reason := _function_why(func)) is not None:
        return reason
    info = getattr(item, "_fixtureinfo", None)
    for name in getattr(item, "fixturenames", []):
        defs = info.name2fixturedefs.get(name, ()) if info is not None else ()
        for fixturedef in defs:
            if (reason := _function_why(fixturedef.func)) is not None:
                return f"fixture {name}: {reason}"
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--surface-audit",
        action="store_true",
        default=os.environ.get("SGS_SURFACE_AUDIT", "") not in ("", "0"),
        help="fail a test not marked `surface` that starts a process or opens a socket "
        "(also SGS_SURFACE_AUDIT=1)",
    )
    parser.addoption(
        "--surface-why",
        action="store_true",
        default=False,
        help="print why each collected test is (or is not) surface",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    why = config.getoption("--surface-why")
    for item in items:
        reason = _surface_reason(item)
        if reason is not None and reason != "marked":
            item.add_marker(pytest.mark.surface(reason=reason))
        if why:
            print(f"{'surface' if reason else 'fast   '} {item.nodeid}  {reason or ''}")


# --- the audit -------------------------------------------------------------------------------

_current: list[pytest.Item] = []  # the item whose setup, call or teardown runs now
_violations: dict[str, list[str]] = {}  # nodeid -> what it did
_outside: list[str] = []  # what happened while no test ran
_installed = threading.Event()


def _offence(what: str) -> None:
    item = _current[-1] if _current else None
    if item is not None and item.get_closest_marker("surface") is not None:
        return
    where = f"{what} (thread {threading.current_thread().name})"
    if item is None:
        _outside.append(where)
    else:
        _violations.setdefault(item.nodeid, []).append(where)


def _wrap(owner: Any, name: str, describe: Callable[..., str]) -> None:
    original = getattr(owner, name, None)
    if original is None:
        return

    def audited(*args: Any, **kwargs: Any) -> Any:
        offence = describe(*args, **kwargs)
        if offence:
            _offence(offence)
        return original(*args, **kwargs)

    audited.__wrapped__ = original  # type: ignore[attr-defined]
    setattr(owner, name, audited)


def _install_audit() -> None:
    """Record (and let through) every process start and socket bind/connect in this process."""
    if _installed.is_set():
        return
    _installed.set()

    def popen(_self: Any, args: Any, *rest: Any, **kwargs: Any) -> str:
        return f"subprocess.Popen({args!r})"

    _wrap(subprocess.Popen, "__init__", popen)
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
        _wrap(os, name, lambda *a, _n=name, **k: f"os.{_n}{a[:1]!r}")
    for name in ("bind", "connect", "connect_ex"):

        def sock(self: socket.socket, address: Any, _n: str = name) -> str:
            return f"socket.{_n}({address!r}) family {self.family.name}"

        _wrap(socket.socket, name, sock)
    try:
        import zmq
    except ImportError:  # pragma: no cover - zmq is a dependency
        return
    for name in ("bind", "connect"):

        def zsock(_self: Any, addr: Any, *_a: Any, _n: str = name, **_k: Any) -> str:
            text = addr.decode() if isinstance(addr, bytes) else str(addr)
            return "" if text.startswith("inproc://") else f"zmq {_n}({text!r})"

        _wrap(zmq.Socket, name, zsock)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    if item.config.getoption("--surface-audit"):
        _install_audit()
    _current.append(item)
    try:
        return (yield)
    finally:
        _current.pop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report: pytest.TestReport = yield
    found = _violations.pop(item.nodeid, None)
    if found and item.config.getoption("--surface-audit"):
        report.outcome = "failed"
        lines = "\n  ".join(found)
        report.longrepr = (
            f"surface audit: {item.nodeid} is not marked surface, yet in its {call.when} it\n"
            f"  {lines}\n(see the rule in tests/conftest.py)"
        )
    return report


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _outside and session.config.getoption("--surface-audit"):
        print("\nsurface audit: outside any test:\n  " + "\n  ".join(_outside[:20]))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
