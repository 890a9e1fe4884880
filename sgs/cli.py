"""`sgs`: every subcommand lives in `sgs/commands/<name>.py` with `add_parser` and `run`.

Errors the user can fix end the command with one line on stderr, `error: MESSAGE`, and exit 2:
a command raises `sgs.errors.UsageError`, and argparse's own complaints (an unknown option, a
missing argument) take the same form through `Parser.error`. Anything else that goes wrong is a
bug, and keeps its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

import sgs.commands
from sgs.errors import UsageError
from sgs.structured_logging import configure


class Parser(argparse.ArgumentParser):
    """argparse, reporting a bad command line as every other user error: one `error:` line
    (with where to read the usage) and exit 2. Subcommand parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"error: {message} (see `{self.prog} --help`)\n")
        raise SystemExit(2)


def add_logging_options(p: argparse.ArgumentParser, *, top: bool) -> None:
    """--log-level/--log-json, before the subcommand or after it. On a subcommand they default
    to SUPPRESS, so an unused one leaves the value given before the subcommand alone."""
    level_default: str | None = None if top else argparse.SUPPRESS
    json_default: bool | str = False if top else argparse.SUPPRESS
    p.add_argument(
        "--log-level",
        default=level_default,
        metavar="LEVEL",
        help="debug, info (default), warning, error",
    )
    p.add_argument(
        "--log-json", action="store_true", default=json_default, help="JSON log lines on stderr"
    )


def command_in(argv: Sequence[str]) -> str | None:
    """The subcommand an argument list names (None for `sgs --help` or none at all)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--log-level":
            skip = True
        elif arg in ("-h", "--help"):
            return None
        elif not arg.startswith("-"):
            return arg
    return None


def dash_values(argv: Sequence[str]) -> list[str]:
    """`--bots -,smart` as `--bots=-,smart`: argparse takes a word that starts with `-` for an
    option, so a list of bot specs whose first seat is open (`-`) would be refused ("expected
    one argument"). A word that starts with `-,` is never an option, so it is joined to the long
    option before it (any option: a flag given one is refused by argparse as before). A lone
    `-` argparse already reads as a value. Nothing after `--` is touched."""
    out: list[str] = []
    for i, arg in enumerate(argv):
        if arg == "--":
            return out + list(argv[i:])
        if out and arg.startswith("-,") and out[-1].startswith("--") and "=" not in out[-1]:
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given the command line, only the named subcommand's module is imported (a
    command starts faster without the others' imports), else every subcommand's."""
    parser = Parser(
        prog="sgs",
        description="An event-sourced game server: simulate, serve, join, watch and replay games.",
        epilog="Run `sgs COMMAND --help` for a command's options. Docs: README.md, docs/.",
    )
    add_logging_options(parser, top=True)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    names = sorted(info.name for info in pkgutil.iter_modules(sgs.commands.__path__))
    chosen = None if argv is None else command_in(argv)
    for name in [chosen] if chosen in names else names:
        module = importlib.import_module(f"sgs.commands.{name}")
        module.add_parser(sub)
    for command in sub.choices.values():
        add_logging_options(command, top=False)
    parser.set_defaults(commands=sub.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = dash_values(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args, extra = parser.parse_known_args(argv)
    if extra:  # named by the subcommand's parser, so the hint points at its --help
        args.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    configure(args.log_level, True if args.log_json else None)
    try:
        code: int = args.run(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:  # Ctrl-C where a command does not handle it: no traceback
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `sgs replay FILE | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
