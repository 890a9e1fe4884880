"""The bounded TOML reader (`protocol.tomlfile`): size, depth and integer limits are
checked before tomllib recurses, and every refusal is a ConfigError naming the source."""

from __future__ import annotations

from pathlib import Path

import pytest

from game_agent.engine import (
    MAX_TOML_BYTES,
    MAX_TOML_DEPTH,
    ConfigError,
    TomlSyntaxError,
    parse_toml,
    read_toml,
)


def nested(depth: int) -> str:
    return "a = " + "[" * depth + "]" * depth + "\n"


def test_nesting_up_to_the_limit_is_read() -> None:
    doc = parse_toml(nested(MAX_TOML_DEPTH), "f.toml")
    inner = doc["a"]
    for _ in range(MAX_TOML_DEPTH - 1):
        inner = inner[0]
    assert inner == []


@pytest.mark.parametrize(
    "text",
    [
        nested(MAX_TOML_DEPTH + 1),
        nested(100_000),
        "a = " + "{b = " * 40 + "1" + "}" * 40,
        "x = [\n" * 33 + "]" * 33,
    ],
    ids=["arrays-33", "arrays-100000", "inline-tables-40", "multi-line-arrays"],
)
def test_deeper_brackets_are_refused_before_tomllib_recurses(text: str) -> None:
    with pytest.raises(ConfigError, match=r"^f\.toml: nested deeper than 32 levels \(at line \d+"):
        parse_toml(text, "f.toml")


def test_dotted_keys_and_headers_count_as_nesting_too() -> None:
    keys = ".".join(f"k{i}" for i in range(40))
    for text in (f"{keys} = 1", f"[{keys}]\nv = 1"):
        with pytest.raises(ConfigError, match=r"^f\.toml: nested deeper than 32 levels$"):
            parse_toml(text, "f.toml")
    assert parse_toml(".".join("k" * 31) + " = []", "f.toml")  # 31 tables and 1 array: 32


@pytest.mark.parametrize(
    "text",
    [
        'a = "' + "[" * 100 + '"',
        "a = '" + "{" * 100 + "'",
        'a = """\n' + "[" * 100 + '\n"""',
        "a = '''\n" + "[" * 100 + "'''",
        'a = """x""' + "[" * 100 + '"""',
        "# " + "[" * 100 + "\na = 1",
        '"[[[[" = 1',
        'a = "\\"' + "[" * 100 + '"',
    ],
)
def test_brackets_in_strings_and_comments_do_not_count(text: str) -> None:
    parse_toml(text, "f.toml")


def test_integers_must_fit_64_bits() -> None:
    assert parse_toml(f"a = [{-(1 << 63)}, {(1 << 64) - 1}]", "f")["a"][1] == (1 << 64) - 1
    for v in (-(1 << 63) - 1, 1 << 64, 10**30):
        with pytest.raises(ConfigError, match=f"^f: integer {v} is out of range"):
            parse_toml(f"[t]\nx = [{{ y = {v} }}]", "f")


def test_syntax_errors_are_a_toml_syntax_error_with_the_line() -> None:
    with pytest.raises(TomlSyntaxError, match=r"^f: not valid TOML: .*line 2"):
        parse_toml("a = 1\nb = ]\nc = 2", "f")
    with pytest.raises(TomlSyntaxError, match="not valid TOML"):
        parse_toml("a = " + "9" * 5000, "f")  # tomllib's int() would raise a bare ValueError


def test_size_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"a = 1\n" + b"#" * MAX_TOML_BYTES)
    with pytest.raises(ConfigError, match=r"big\.toml: \d+ bytes of TOML, more than .* 1 MiB"):
        read_toml(path)
    with pytest.raises(ConfigError, match="more than the limit of 1 MiB"):
        parse_toml("#" * (MAX_TOML_BYTES + 1), "text")
    path.write_bytes(b"a = 1\n" + b"#" * (MAX_TOML_BYTES - 6))
    assert read_toml(path) == {"a": 1}


def test_a_file_that_is_not_utf8_or_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'a = "\xe9"\n')
    with pytest.raises(ConfigError, match=r"latin1\.toml: not valid TOML: not UTF-8"):
        read_toml(path)
    with pytest.raises(OSError):
        read_toml(tmp_path / "missing.toml")


def test_every_bundled_toml_file_is_within_the_limits() -> None:
    root = Path(__file__).resolve().parent.parent.parent
    files = [*root.glob("game_agent/**/*.toml"), *root.glob("tests/**/*.toml")]
    assert len(files) > 50
    for path in files:
        read_toml(path)
