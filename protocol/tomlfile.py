"""The one TOML reader: every TOML file or text a ruleset or the command line reads (scenarios,
content files, `--option` values, `sgs serve --tables`, TOML texts kept in a config) goes
through `read_toml` or `parse_toml`, which bound what the text may cost before tomllib sees it.

- **Size.** At most `MAX_TOML_BYTES` (1 MiB; the bundled content and scenarios are a few KiB).
  A file is measured before it is read, and never read past the limit.
- **Depth.** At most `MAX_TOML_DEPTH` (32) tables and arrays inside one another. tomllib
  recurses once per nested array or inline table, so a 10 KB file of 5,000 brackets used to
  end in a `RecursionError`: the brackets and braces outside strings and comments are counted
  first (one regular expression over the text), and the parsed document is measured again
  (dotted keys and table headers nest too).
- **Integers.** In -2^63..2^64-1, what a log (msgpack) can hold; tomllib reads any size.

Every refusal is a `ConfigError` naming the source (`FILE: nested deeper than 32 levels (at
line 1)`); invalid TOML is a `TomlSyntaxError` (a `ConfigError` too) with tomllib's message
(`FILE: not valid TOML: ... (at line N, column M)`). The limits are listed in docs/wire.md,
"Limits of files and options".
"""

from __future__ import annotations

import os
import re
import tomllib
from typing import Any

from protocol.errors import ConfigError

MAX_TOML_BYTES = 1 << 20
MAX_TOML_DEPTH = 32
INT_MIN, INT_MAX = -(1 << 63), (1 << 64) - 1

# What may hold a bracket that opens or closes nothing: strings (multi-line ones first) and
# comments. Everything else a pattern matches is one bracket or brace.
_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"{3,5}'  # multi-line basic string (may end with 1-2 quotes)
    r"|'''(?:[^']|'(?!''))*'{3,5}"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[\[\]{}]",
    re.DOTALL,
)
_OPEN = frozenset("[{")
_CLOSE = frozenset("]}")


class TomlSyntaxError(ConfigError):
    """The text is not TOML (tomllib's own complaint). `sgs --option` then reads the value as a
    plain string; everywhere else it is refused like any other `ConfigError`."""


def _bracket_depth_problem(text: str) -> str | None:
    """Why the brackets of `text` nest too deep, or None. Counts `[`, `]`, `{` and `}` outside
    strings and comments: never less than the nesting tomllib's parser recurses through (an
    unterminated string only makes it count more)."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in _OPEN:
            depth += 1
            if depth > MAX_TOML_DEPTH:
                line = text.count("\n", 0, m.start()) + 1
                return f"nested deeper than {MAX_TOML_DEPTH} levels (at line {line})"
        elif c in _CLOSE:
            depth = max(depth - 1, 0)
    return None


def _document_problem(doc: dict[str, Any]) -> str | None:
    """Why the parsed document is out of bounds (too deep, an integer out of range), or None.
    Iterative: it never recurses, whatever the document."""
    level: list[Any] = [doc]
    for depth in range(MAX_TOML_DEPTH + 1):
        inner: list[Any] = []
        for value in level:
            for item in value.values() if type(value) is dict else value:
                t = type(item)
                if t is dict or t is list:
                    inner.append(item)
                elif t is int and not INT_MIN <= item <= INT_MAX:
                    return f"integer {item} is out of range ({INT_MIN} to {INT_MAX})"
        if not inner:
            return None
        if depth == MAX_TOML_DEPTH:
            break
        level = inner
    return f"nested deeper than {MAX_TOML_DEPTH} levels"


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML `text` within the limits above; `source` names it in every error."""
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TOML_BYTES:
        raise ConfigError(f"{source}: {size} bytes of TOML, more than the limit of 1 MiB")
    problem = _bracket_depth_problem(text)
    if problem is not None:
        raise ConfigError(f"{source}: {problem}")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlSyntaxError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:  # not reached after the count above; kept as the last guard
        raise ConfigError(f"{source}: nested deeper than {MAX_TOML_DEPTH} levels") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise TomlSyntaxError(f"{source}: not valid TOML: {exc}") from None
    problem = _document_problem(doc)
    if problem is not None:
        raise ConfigError(f"{source}: {problem}")
    return doc


def read_toml_text(path: str | os.PathLike[str]) -> str:
    """The text of a TOML file, UTF-8, at most `MAX_TOML_BYTES` (it is not read past that).
    An unreadable file raises `OSError` (callers say what they could not read); one too large
    or not UTF-8 raises `ConfigError`."""
    name = os.fspath(path)
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_TOML_BYTES:
            raise ConfigError(f"{name}: {size} bytes of TOML, more than the limit of 1 MiB")
        blob = f.read(MAX_TOML_BYTES + 1)  # a file that grew since fstat is cut here
    if len(blob) > MAX_TOML_BYTES:
        raise ConfigError(f"{name}: more than the limit of 1 MiB of TOML")
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{name}: not valid TOML: not UTF-8 text ({exc.reason})") from None


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """`parse_toml` of a file (see `read_toml_text` for what it raises)."""
    return parse_toml(read_toml_text(path), os.fspath(path))
